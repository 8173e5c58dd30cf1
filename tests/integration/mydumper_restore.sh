# Differential test of restoring a mydumper directory (fastload DIR [DB]): a database of many shapes (every numeric
# type at its limits, DECIMAL(65,30), temporal types with fractions and zero dates, BIT, ENUM/SET, JSON, GEOMETRY,
# BLOBs of all 256 bytes, utf8mb4 4-byte and latin1 text, generated and INVISIBLE columns, no primary key, a
# foreign key, an AUTO_INCREMENT id 0, an empty table, a trigger, a view over a view) is dumped by the real mydumper under several of its
# options (chunked, compressed, --complete-insert, --insert-ignore); one copy is restored by myloader, one by fastload
# (threads, chunk sizes and modes varying by round); the two must hold the same rows (digest_rows: every column,
# invisible ones too), the same table definitions, counters, triggers and views. Then the directory's own database,
# made from its DB-schema-create.sql when fastload is given no DB, a killed restore resumed, schemas and rows dumped
# apart, and what fastload refuses in a directory.
source "$(dirname "$0")/lib.sh"

src=mydumper_rst_src ref=mydumper_rst_ref dst=mydumper_rst_dst own=mydumper_rst_own
fresh_db $src
python3 "$SOURCE_DIR/tests/tools/gen_literal_tables.py" 7 150 | sql $src
sql $src <"$SOURCE_DIR/tests/tools/restore_shapes.sql"
tables=$(sql -e "SELECT TABLE_NAME FROM information_schema.TABLES WHERE TABLE_SCHEMA = '$src'
  AND TABLE_TYPE = 'BASE TABLE' ORDER BY 1")

# same_database WHAT REFERENCE RESTORED: every table row by row, the definitions, the views' rows.
same_database() {
  local t columns
  for t in $tables; do
    columns='*'
    if [[ $t == shapes ]]; then columns+=', hidden'; fi
    expect_eq "$1: $t row by row" "$(digest_rows "$2.\`$t\`" "$columns" sql)" "$(digest_rows "$3.\`$t\`" "$columns" sql)"
  done
  expect_eq "$1: definitions, counters, triggers" "$(definitions "$2")" "$(definitions "$3")"
  expect_eq "$1: a view over a view" "$(rows_digest "$2.over_view")" "$(rows_digest "$3.over_view")"
}
mydump() { mydumper -S "$SOCKET" -u root -B $src --threads 2 --verbose 1 "$@"; }

# Each round: mydumper's options | fastload's.
rounds=(
  "--triggers|--threads 2"
  "--triggers --rows 700|--threads 3 --chunk-size 16K"
  "--triggers --rows 1000 --compress|--threads 2 --chunk-size 4K --mode load"
  "--triggers --complete-insert --statement-size 20000|--threads 1"
  "--triggers --compress --build-empty-files|--threads 2 --chunk-size 8K --mode insert"
  "--insert-ignore --rows 5000|--threads 2 --chunk-size 32K --mode multirow"
)
n=0
for round in "${rounds[@]}"; do
  IFS='|' read -r options loading <<<"$round"
  n=$((n + 1))
  what="dump $n ($options; fastload $loading)"
  dir=$TEST_TMP/dump$n
  # shellcheck disable=SC2086  # options, one a word
  mydump $options -o "$dir"
  fresh_db $ref
  myloader -S "$SOCKET" -u root --threads 2 -d "$dir" -B $ref
  fresh_db $dst
  # shellcheck disable=SC2086
  run_fastload $loading "$dir" $dst
  expect_eq "$what: exit code ($ERR)" 0 "$RC"
  same_database "$what" $ref $dst
done
expect_match "a chunked dump's files" '\.00001\.sql\.gz$' "$(ls "$TEST_TMP"/dump3/*.sql.gz)"
expect_match "rows restored at all" '^[1-9]' "$(count "$dst.child")"

# A restore killed after a chunk's COMMIT, then run again with --resume: the chunked, compressed dump of round 3
# ends as myloader's restore of it.
fresh_db $ref
myloader -S "$SOCKET" -u root --threads 2 -d "$TEST_TMP/dump3" -B $ref
fresh_db $dst
fresh_db mydumper_rst_ledger  # the ledger outside the restored database, which must hold the dump's tables only
resume=(--resume --ledger mydumper_rst_ledger.ledger --threads 2 --chunk-size 8K "$TEST_TMP/dump3" $dst)
killed_after 2 "${resume[@]}"
expect_eq "killed restore: killed" 137 "$KILLED"
run_fastload "${resume[@]}"
expect_eq "resumed restore: exit code ($ERR)" 0 "$RC"
expect_match "resumed restore: an earlier run's rows kept" "rows were loaded before by an earlier --resume run" "$ERR"
same_database "resumed restore" $ref $dst

# Schemas and rows dumped apart (--no-data, then --no-schemas: data files alone): the rows restore into the
# tables the first restore made (its trigger fires on them, as for myloader).
mydump --triggers --no-data -o "$TEST_TMP/schemas"
mydump --no-schemas --rows 3000 -o "$TEST_TMP/rows"
fresh_db $ref
myloader -S "$SOCKET" -u root -d "$TEST_TMP/schemas" -B $ref
myloader -S "$SOCKET" -u root -d "$TEST_TMP/rows" -B $ref
fresh_db $dst
run_fastload "$TEST_TMP/schemas" $dst
expect_eq "schemas alone: exit code ($ERR)" 0 "$RC"
run_fastload --threads 2 "$TEST_TMP/rows" $dst
expect_eq "rows alone: exit code ($ERR)" 0 "$RC"
same_database "schemas, then rows" $ref $dst

# Without DB: the directory's own database, made from its DB-schema-create.sql (the dump of round 2 renamed).
own_dir=$TEST_TMP/own
mkdir "$own_dir"
for f in "$TEST_TMP"/dump2/*; do
  cp "$f" "$own_dir/$(basename "$f" | sed "s/^$src/$own/")"
done
sed -i "s/\`$src\`/\`$own\`/" "$own_dir/$own-schema-create.sql"
sql -e "DROP DATABASE IF EXISTS $own"
run_fastload --threads 2 "$own_dir"
expect_eq "own database: exit code ($ERR)" 0 "$RC"
fresh_db $ref
myloader -S "$SOCKET" -u root --threads 2 -d "$TEST_TMP/dump2" -B $ref
same_database "own database" $ref $own
expect_eq "own database: its CREATE DATABASE" "$(sql -e "SHOW CREATE DATABASE $src" | cut -f2 | sed "s/$src/DB/")" \
  "$(sql -e "SHOW CREATE DATABASE $own" | cut -f2 | sed "s/$own/DB/")"

# Refused before anything changes: a statement that is no dump's in a data file or in DB-schema-post.sql (the
# routines' file: tests/integration/mydumper_routines.sh), data files of one table that disagree.
bad=$TEST_TMP/bad
refused() {  # refused WHAT REGEX: fastload of $bad into a fresh $dst fails with REGEX, leaving $dst empty
  fresh_db $dst
  run_fastload "$bad" $dst
  expect_eq "$1: exit code ($ERR)" "${3:-3}" "$RC"
  expect_match "$1: message" "$2" "$ERR"
  expect_eq "$1: nothing changed" 0 "$(sql -e "SELECT COUNT(*) FROM information_schema.TABLES WHERE TABLE_SCHEMA = '$dst'")"
}
cp -r "$TEST_TMP/dump1" "$bad"
echo "GRANT ALL ON *.* TO 'x'@'%';" >>"$bad/$src.nokey.sql"
refused "a GRANT in a data file" "^fastload: .*$src\.nokey\.sql:[0-9]+: .*GRANT"
rm -r "$bad" && cp -r "$TEST_TMP/dump1" "$bad"
echo "SELECT 1;" >"$bad/$src-schema-post.sql"
refused "a SELECT in the routines' file" "^fastload: .*$src-schema-post\.sql:1: a SELECT .*restore the directory with myloader"
rm -r "$bad" && cp -r "$TEST_TMP/dump1" "$bad"
sed 's/^INSERT INTO `nokey` VALUES/INSERT IGNORE INTO `nokey` VALUES/' "$bad/$src.nokey.sql" >"$bad/$src.nokey.00001.sql"
refused "chunks of another INSERT kind" "^fastload: .*$src\.nokey\.00001\.sql: its INSERT kind differs"
sql -e "DROP DATABASE $src; DROP DATABASE $ref; DROP DATABASE $dst; DROP DATABASE $own; DROP DATABASE mydumper_rst_ledger"
finish
