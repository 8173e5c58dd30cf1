# Differential test of restoring an SQL dump (fastload DUMP.sql DB): a database of many shapes (every numeric type
# at its limits, DECIMAL(65,30), temporal types with fractions and zero dates, BIT, ENUM/SET, JSON, GEOMETRY, BLOBs
# of any bytes, utf8mb4 4-byte and latin1 text, generated and INVISIBLE columns, no primary key, a foreign key, an
# AUTO_INCREMENT id 0, a trigger and a view) is dumped by the real mariadb-dump under several of its options; one
# copy is restored by `mariadb db < dump.sql`, one by fastload (threads, chunk sizes and modes varying by round);
# the two must hold the same rows (digest_table: every column, invisible ones too), the same table definitions,
# triggers and views.
source "$(dirname "$0")/lib.sh"

src=sqldump_rst_src ref=sqldump_rst_ref dst=sqldump_rst_dst
fresh_db $src
python3 "$SOURCE_DIR/tests/tools/gen_literal_tables.py" 11 120 | sql $src
sql $src <"$SOURCE_DIR/tests/tools/restore_shapes.sql"
tables=$(sql -e "SELECT TABLE_NAME FROM information_schema.TABLES WHERE TABLE_SCHEMA = '$src'
  AND TABLE_TYPE = 'BASE TABLE' ORDER BY 1")


# Each round: mariadb-dump's options | fastload's.
rounds=(
  "|--threads 2"
  "--hex-blob|--threads 3 --chunk-size 16K"
  "--skip-extended-insert|--threads 2 --chunk-size 4K --mode load"
  "--complete-insert --hex-blob|--threads 1"
  "--insert-ignore --net-buffer-length=8192|--threads 2 --chunk-size 8K --mode insert"
  "--replace|--threads 2 --chunk-size 4K --mode load"
  "--skip-tz-utc|--threads 2 --chunk-size 32K"
  "--default-character-set=latin1|--threads 2 --chunk-size 8K"
  "--default-character-set=latin1 --complete-insert --order-by-primary|--threads 3 --chunk-size 2K --mode multirow"
)
n=0
for round in "${rounds[@]}"; do
  IFS='|' read -r options loading <<<"$round"
  n=$((n + 1))
  what="dump $n ($options; fastload $loading)"
  dump=$TEST_TMP/dump$n.sql
  # shellcheck disable=SC2086  # options, one a word
  mariadb-dump --no-defaults -uroot -S "$SOCKET" $options $src >"$dump"
  fresh_db $ref
  sql $ref <"$dump"
  fresh_db $dst
  # shellcheck disable=SC2086
  run_fastload $loading "$dump" $dst
  expect_eq "$what: exit code ($ERR)" 0 "$RC"
  for t in $tables; do
    expected=$(digest_rows "$ref.\`$t\`" "*$( [[ $t == shapes ]] && echo ', hidden')" sql)
    expect_eq "$what: $t row by row" "$expected" "$(digest_rows "$dst.\`$t\`" "*$( [[ $t == shapes ]] && echo ', hidden')" sql)"
  done
  expect_eq "$what: definitions, counters, triggers" "$(definitions $ref)" "$(definitions $dst)"
  expect_eq "$what: a view over a view" "$(sql -e "SELECT COUNT(*) FROM $ref.over_view")" \
    "$(sql -e "SELECT COUNT(*) FROM $dst.over_view")"
done
expect_match "rows restored at all" '^[1-9]' "$(count "$dst.child")"

# A compressed dump (gzip of several members, as pigz writes, and zstd): the same rows.
fresh_db $ref
sql $ref <"$TEST_TMP/dump1.sql"
split -n l/3 "$TEST_TMP/dump1.sql" "$TEST_TMP/member."
for m in "$TEST_TMP"/member.*; do gzip -c "$m"; done >"$TEST_TMP/dump.sql.gz"
zstd -q -c "$TEST_TMP/dump1.sql" >"$TEST_TMP/dump.sql.zst"
for packed in dump.sql.gz dump.sql.zst; do
  fresh_db $dst
  run_fastload --threads 2 --chunk-size 8K "$TEST_TMP/$packed" $dst
  expect_eq "$packed: exit code ($ERR)" 0 "$RC"
  for t in $tables; do
    columns='*'
    [[ $t != shapes ]] || columns='*, hidden'
    expect_eq "$packed: $t row by row" "$(digest_rows "$ref.\`$t\`" "$columns" sql)" \
      "$(digest_rows "$dst.\`$t\`" "$columns" sql)"
  done
done

# Progress counts each table's INSERTs once: the restore ends at 100%, its bytes those of the INSERTs.
fresh_db $dst
run_fastload --progress-json --threads 2 "$TEST_TMP/dump1.sql" $dst
last=$(grep '"state":"done"' <<<"$OUT" | tail -1)
total=$(grep -o '"bytes_total":[0-9]*' <<<"$last" | cut -d: -f2)
expect_eq "progress: all read" "\"bytes_read\":$total" "$(grep -o '"bytes_read":[0-9]*' <<<"$last")"
expect_eq "progress: the INSERTs' bytes, less than the dump" 1 "$((total > 0 && total < $(stat -c %s "$TEST_TMP/dump1.sql")))"

# Killed after a chunk's COMMIT (its tables created, some rows in, indexes deferred), then run again with
# --resume: every row once, the definitions, triggers and views whole, nothing of fastload's left in the
# database (the ledger, which --resume keeps, in a database of its own).
ledger=sqldump_rst_ledger
fresh_db $ref
sql $ref <"$TEST_TMP/dump1.sql"
for chunk in 2 9; do
  what="killed after chunk $chunk, resumed"
  fresh_db $dst
  fresh_db $ledger
  killed_after $chunk --resume --ledger $ledger.fastload_ledger --threads 2 --chunk-size 4K "$TEST_TMP/dump1.sql" $dst
  expect_eq "$what: killed" 137 "$KILLED"
  expect_match "$what: killed with some rows in" '^[0-9]+$' "$(count "$dst.child")"
  run_fastload --resume --ledger $ledger.fastload_ledger --threads 2 --chunk-size 4K "$TEST_TMP/dump1.sql" $dst
  expect_match "$what: rows loaded before" 'rows were loaded before by an earlier --resume run' "$ERR"
  expect_eq "$what: exit code ($ERR)" 0 "$RC"
  for t in $tables; do
    columns='*'
    [[ $t != shapes ]] || columns='*, hidden'  # an invisible column, which * leaves out
    expect_eq "$what: $t row by row" "$(digest_rows "$ref.\`$t\`" "$columns" sql)" \
      "$(digest_rows "$dst.\`$t\`" "$columns" sql)"
  done
  expect_eq "$what: definitions, counters, triggers" "$(definitions $ref)" "$(definitions $dst)"
done
sql -e "DROP DATABASE $ledger"
finish
