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
sql $src <<'SQL'
SET sql_mode = 'NO_AUTO_VALUE_ON_ZERO', time_zone = '+00:00';
CREATE TABLE shapes (id INT AUTO_INCREMENT PRIMARY KEY, a INT, v BIGINT AS (a * 2) VIRTUAL,
  s VARCHAR(20) AS (CONCAT('s', a)) STORED, hidden INT INVISIBLE DEFAULT 7, g GEOMETRY, p POINT, d DATE,
  dt DATETIME(3), ts TIMESTAMP(6) NULL, KEY (a), KEY (s));
INSERT INTO shapes (a, hidden, g, p, d, dt, ts) SELECT seq, seq % 5,
  ST_GeomFromText(CONCAT('LINESTRING(0 0, ', seq, ' ', -seq, ')')), POINT(seq / 3, seq),
  DATE('2020-02-29') + INTERVAL seq DAY, '1999-12-31 23:59:59.999' - INTERVAL seq SECOND,
  '2038-01-19 03:14:07.999999' - INTERVAL seq HOUR FROM seq_1_to_3000;
INSERT INTO shapes (id, a, hidden, d, dt) VALUES (0, 0, 0, '0000-00-00', '0000-00-00 00:00:00.000');
CREATE TABLE blobs (id INT PRIMARY KEY, b BLOB, vb VARBINARY(300), t TEXT, l VARCHAR(50) CHARACTER SET latin1,
  bt BIT(13), e ENUM('a', 'b,c', 'é'), st SET('x', 'y', 'z'), j JSON);
INSERT INTO blobs SELECT seq, UNHEX(REPEAT(LPAD(HEX(seq), 2, '0'), 3)),
  CONCAT(CHAR(seq), '\\', '''', '"', CHAR(0), '\n\r\t', CHAR(255 - seq)), CONCAT('😀é', seq, '\\"'''),
  CONCAT('ÿé', seq, '"'), seq * 31, ELT(1 + seq % 3, 'a', 'b,c', 'é'), seq % 8,
  JSON_OBJECT('k', seq, 's', CONCAT('"😀', seq)) FROM seq_0_to_255;
CREATE TABLE nokey (a INT, b VARCHAR(10), c TEXT CHARACTER SET latin1);
INSERT INTO nokey SELECT seq % 7, CONCAT('b', seq % 3), CONCAT('ÿé', seq) FROM seq_1_to_2000;
INSERT INTO nokey VALUES (NULL, NULL, NULL), (1, 'b1', 'ÿé1');
CREATE TABLE parent (id INT PRIMARY KEY, name VARCHAR(30) CHARACTER SET utf8mb4 COLLATE utf8mb4_bin UNIQUE);
INSERT INTO parent SELECT seq, CONCAT('p😀', seq) FROM seq_1_to_5000;
CREATE TABLE child (id INT PRIMARY KEY, parent_id INT NOT NULL, amount DECIMAL(12,4), KEY (parent_id),
  CONSTRAINT child_parent FOREIGN KEY (parent_id) REFERENCES parent (id));
INSERT INTO child SELECT seq, 1 + seq % 5000, seq / 7 FROM seq_1_to_20000;
CREATE TRIGGER child_amount BEFORE INSERT ON child FOR EACH ROW SET NEW.amount = NEW.amount + 1000;
CREATE TABLE empty_one (a INT PRIMARY KEY, b TEXT);
CREATE VIEW big_parents AS SELECT p.id, COUNT(*) AS children FROM parent p JOIN child c ON c.parent_id = p.id
  GROUP BY p.id;
CREATE VIEW over_view AS SELECT id FROM big_parents WHERE children > 3;
SQL
tables=$(sql -e "SELECT TABLE_NAME FROM information_schema.TABLES WHERE TABLE_SCHEMA = '$src'
  AND TABLE_TYPE = 'BASE TABLE' ORDER BY 1")

# definitions DB: every table's and view's definition, the tables' AUTO_INCREMENT counters, the triggers.
definitions() {
  local t
  for t in $(sql -e "SELECT TABLE_NAME FROM information_schema.TABLES WHERE TABLE_SCHEMA = '$1' ORDER BY 1"); do
    sql --raw "$1" -e "SHOW CREATE TABLE \`$t\`" | cut -f2- | sed "s/\`$1\`/DB/g"
  done
  sql -e "SELECT TABLE_NAME, TABLE_TYPE, AUTO_INCREMENT FROM information_schema.TABLES WHERE TABLE_SCHEMA = '$1'
    ORDER BY 1"
  sql -e "SELECT TRIGGER_NAME, EVENT_OBJECT_TABLE, ACTION_STATEMENT, SQL_MODE, CHARACTER_SET_CLIENT
    FROM information_schema.TRIGGERS WHERE TRIGGER_SCHEMA = '$1' ORDER BY 1"
}
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

# Refused before anything changes: a statement that is no dump's in a data file, a file mydumper does not write
# for a database's tables, data files of one table that disagree.
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
refused "routines' file" "^fastload: .*$src-schema-post\.sql: not a file mydumper writes" 2
rm -r "$bad" && cp -r "$TEST_TMP/dump1" "$bad"
sed 's/^INSERT INTO `nokey` VALUES/INSERT IGNORE INTO `nokey` VALUES/' "$bad/$src.nokey.sql" >"$bad/$src.nokey.00001.sql"
refused "chunks of another INSERT kind" "^fastload: .*$src\.nokey\.00001\.sql: its INSERT kind differs"
sql -e "DROP DATABASE $src; DROP DATABASE $ref; DROP DATABASE $dst; DROP DATABASE $own; DROP DATABASE mydumper_rst_ledger"
finish
