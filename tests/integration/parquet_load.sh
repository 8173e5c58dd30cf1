# Parquet files of two real writers (DuckDB and parquet-wasm, tests/tools/parquet_writers/write_cases.mjs: values
# at every type's limits, with NULLs, in every codec, encoding and page version they write), loaded into the table
# --print-schema makes of each, against the server's own LOAD DATA INFILE of the same rows as the writer's own
# reader read them (NAME.expected), in a session without strict mode whose warnings name the rows it converted:
# - with --accept-conversion all, fastload loads exactly the rows the server loaded without a warning (row by
#   row), and refuses exactly those it warned of, each named with its row;
# - by default it loads no other value than the server does, and what it refuses beyond the warned rows it refuses
#   as a conversion the server would make without a word (fraction digits cut, ...), saying so.
# Then nested columns as JSON (against parquet-cat's text and DuckDB's to_json), the refusals: a codec fastload
# does not read, Parquet from a pipe, a column the table
# lacks; and what --unknown-keys, --missing-keys, --columns and --create make of a file.
source "$(dirname "$0")/lib.sh"
source "$(dirname "$0")/remote_lib.sh"

db=parquet_$$
fresh_db "$db"
at_exit "sql -e 'DROP DATABASE IF EXISTS $db'"
modules=$("$SOURCE_DIR/scripts/parquet_writers.sh" install)
node "$SOURCE_DIR/tests/tools/parquet_writers/write_cases.mjs" "$modules" "$TEST_TMP/cases" >/dev/null

# columns_of TABLE: its columns, quoted, comma-separated (n, the reference's row number, left out).
columns_of() {
  sql -e "SELECT GROUP_CONCAT(CONCAT('\`', COLUMN_NAME, '\`') ORDER BY ORDINAL_POSITION) FROM information_schema.COLUMNS
          WHERE TABLE_SCHEMA = '$db' AND TABLE_NAME = '$1' AND COLUMN_NAME <> 'n'"
}

# check_file NAME: one case file against its reference.
check_file() {
  local name=$1 file=$TEST_TMP/cases/$1.parquet expected=$TEST_TMP/cases/$1.expected columns warned rows
  sql "$db" -e "DROP TABLE IF EXISTS t, ref; $("$FASTLOAD" --print-schema "$file" "$db.t");
    CREATE TABLE ref LIKE t; ALTER TABLE ref ADD n int AUTO_INCREMENT PRIMARY KEY"
  columns=$(columns_of t)
  # The reference: the rows as read, converted where the server warns (or notes: fraction digits cut beyond the
  # column's); then the rows it warned of left out.
  sql "$db" -e "SET sql_mode = '', max_error_count = 65535; LOAD DATA INFILE '$expected' INTO TABLE ref CHARACTER SET
                utf8mb4 IGNORE 1 LINES ($columns); SHOW WARNINGS" |
    grep -o 'at row [0-9]*' | cut -d' ' -f3 | sort -un >"$TEST_TMP/warned"
  warned=$(paste -sd, "$TEST_TMP/warned")
  [[ -z $warned ]] || sql "$db" -e "DELETE FROM ref WHERE n IN ($warned)"
  rows=$(count "$db.ref")
  run_fastload --accept-conversion all --max-errors 1000000 --rejects "$TEST_TMP/$name.rejects" "$file" "$db.t"
  expect_eq "$name, --accept-conversion all: exit code ($ERR)" 0 "$RC"
  expect_eq "$name, --accept-conversion all: the reference's rows, row by row" "$(rows_digest "$db.ref" "$columns")" \
    "$(rows_digest "$db.t" "$columns")"
  expect_eq "$name, --accept-conversion all: the warned rows refused" "$(paste -sd' ' "$TEST_TMP/warned")" \
    "$( (cut -f2 "$TEST_TMP/$name.rejects.reasons" 2>/dev/null || true) | sort -n | paste -sd' ')"
  sql -e "TRUNCATE $db.t"
  run_fastload --max-errors 1000000 --rejects "$TEST_TMP/$name.strict" "$file" "$db.t"
  expect_eq "$name: exit code ($ERR)" 0 "$RC"
  expect_eq "$name: every row loaded is the reference's" 0 "$(sql "$db" -e "SELECT COUNT(*) FROM t WHERE NOT EXISTS
    (SELECT 1 FROM ref WHERE $(sed 's/`\([^`]*\)`/ref.`\1` <=> t.`\1`/g; s/,/ AND /g' <<<"$columns"))")"
  expect_eq "$name: every row refused beyond the warned ones is a silent conversion" "" \
    "$(grep -vFf <(sed 's/^/\t/; s/$/\t/' "$TEST_TMP/warned") "$TEST_TMP/$name.strict.reasons" 2>/dev/null |
       grep -v 'accept-conversion' | head -3)"
}

# Each writer's files in several codecs, encodings and page versions (parquet_reader.sh reads every one of them).
for name in duckdb_v1_snappy duckdb_v2_zstd duckdb_small_dictionary wasm_plain_v1_uncompressed wasm_delta_v2_snappy \
  wasm_dictionary_v1_gzip wasm_fallback_v2_lz4_raw wasm_prefix_v1_gzip wasm_codec_brotli; do
  check_file "$name"
done

# Rejected rows written back as JSON lines (numbers and booleans as JSON's, the rest as strings) load into the
# same rows: every row of a file (60 rows of a writer's case, at its types' limits, but for nanoseconds, which a
# DATETIME(6) refuses) refused by a CHECK that no row passes, its rejects loaded into a table without it.
file=$TEST_TMP/rejected.parquet
node -e "
  const { createRequire } = require('node:module');
  const r = createRequire('$modules/x.js');
  (async () => {
    const db = await (await r('@duckdb/node-api').DuckDBInstance.create(':memory:')).connect();
    await db.run(\"COPY (SELECT * EXCLUDE (ts_ns) FROM read_parquet('$TEST_TMP/cases/duckdb_v1_snappy.parquet') LIMIT 60) TO '$file' (FORMAT parquet)\");
  })();"
schema=$("$FASTLOAD" --print-schema "$file" "$db.direct")
sql "$db" -e "DROP TABLE IF EXISTS direct, refused, back; $schema; CREATE TABLE refused LIKE direct;
  CREATE TABLE back LIKE direct; ALTER TABLE refused ADD CONSTRAINT none_pass CHECK (0)"
run_fastload --accept-conversion all --max-errors 1000000 "$file" "$db.direct"
expect_eq "rejects loaded back: the file's load, exit code ($ERR)" 0 "$RC"
run_fastload --accept-conversion all --max-errors 1000000 --rejects "$TEST_TMP/back.jsonl" "$file" "$db.refused"
expect_eq "rejects loaded back: every row refused, exit code ($ERR)" "0 0" "$RC $(count "$db.refused")"
expect_match "rejects loaded back: numbers as JSON numbers" '": -?[0-9]' "$(cat "$TEST_TMP/back.jsonl")"
expect_match "rejects loaded back: booleans as true and false" '": (true|false)' "$(cat "$TEST_TMP/back.jsonl")"
run_fastload --accept-conversion all --max-errors 1000000 "$TEST_TMP/back.jsonl" "$db.back"
expect_eq "rejects loaded back: exit code ($ERR)" 0 "$RC"
expect_eq "rejects loaded back: some rows" 1 "$(( $(count "$db.direct") > 10 ))"
expect_eq "rejects loaded back: the file's rows, row by row" "$(rows_digest "$db.direct")" "$(rows_digest "$db.back")"

# --resume: killed right after a chunk's COMMIT, then run again: the same rows as one run, none twice.
sql "$db" -e "CREATE TABLE once (id bigint PRIMARY KEY, flag boolean); CREATE TABLE resumed LIKE once"
big=$TEST_TMP/big.parquet
node -e "
  const { createRequire } = require('node:module');
  const r = createRequire('$modules/x.js');
  (async () => {
    const db = await (await r('@duckdb/node-api').DuckDBInstance.create(':memory:')).connect();
    await db.run(\"COPY (SELECT i AS id, i % 3 = 0 AS flag FROM range(200000) t(i)) TO '$big' (FORMAT parquet, ROW_GROUP_SIZE 20000)\");
  })();"
run_fastload --json "$big" "$db.once"
expect_eq "one run: exit code ($ERR)" 0 "$RC"
# Row groups are the chunks: 10 groups of 20,000 rows (about 180K of text each) make 10 chunks, not the 7 that
# 256K pieces of the text would, and 64K pieces never span two groups: 3 a group.
expect_eq "one run: a chunk a row group" 10 "$(json chunks_committed)"
for size in 256K:10 64K:30; do
  sql -e "TRUNCATE $db.once"
  run_fastload --json --threads 2 --chunk-size "${size%:*}" "$big" "$db.once"
  expect_eq "--chunk-size ${size%:*}: exit code ($ERR)" 0 "$RC"
  expect_eq "--chunk-size ${size%:*}: chunks end with row groups" "${size#*:}" "$(json chunks_committed)"
done
killed_after 2 --threads 2 --chunk-size 256K --resume "$big" "$db.resumed"
expect_eq "--resume: killed" 137 "$KILLED"
run_fastload --threads 2 --chunk-size 256K --resume --json "$big" "$db.resumed"
expect_eq "--resume: the rerun's exit code ($ERR)" 0 "$RC"
expect_match "--resume: chunks loaded before" '"chunks_loaded_before":[1-9]' "$OUT"
expect_eq "--resume: the rows of one run" "$(checksum "$db.once")" "$(checksum "$db.resumed")"
# A chunk a row group: each loaded before is a whole row group, passed over without being decoded again.
expect_eq "--resume: the row groups loaded before not read again" "$(json chunks_loaded_before)" "$(json chunks_not_read)"
expect_match "--resume: the summary says so" 'not read again: whole row groups passed over' "$ERR"
# Three chunks a row group: a group is passed over unread only when the ledger holds all three of its chunks; a
# group of which an earlier run loaded one or two is read, its chunks loaded before passed over as text is.
sql "$db" -e "CREATE TABLE resumed64 LIKE once"
killed_after 13 --threads 2 --chunk-size 64K --resume "$big" "$db.resumed64"
expect_eq "--resume, three chunks a group: killed" 137 "$KILLED"
settle "$db.resumed64" "$db.fastload_ledger"
whole=$(sql -e "SELECT COUNT(*) FROM (SELECT chunk DIV 3 AS g FROM $db.fastload_ledger WHERE target LIKE '%resumed64%'
                GROUP BY g HAVING COUNT(*) = 3) t")
expect_eq "--resume, three chunks a group: some groups whole in the ledger" 1 "$(( whole > 0 ))"
run_fastload --threads 2 --chunk-size 64K --resume --json "$big" "$db.resumed64"
expect_eq "--resume, three chunks a group: the rerun's exit code ($ERR)" 0 "$RC"
expect_eq "--resume, three chunks a group: the chunks of whole groups not read again" $(( whole * 3 )) "$(json chunks_not_read)"
expect_eq "--resume, three chunks a group: the rows of one run" "$(rows_digest "$db.once")" "$(rows_digest "$db.resumed64")"
# A row group with a row an earlier run left out is read again: the rerun's rejects file names that row too.
sql "$db" -e "CREATE TABLE resumed_rejects LIKE once; INSERT INTO resumed_rejects VALUES (123456, 1)"
killed_after 8 --threads 2 --chunk-size 256K --max-errors 10 --resume "$big" "$db.resumed_rejects"
expect_eq "--resume with a row left out: killed" 137 "$KILLED"
settle "$db.resumed_rejects" "$db.fastload_ledger"
run_fastload --threads 2 --chunk-size 256K --max-errors 10 --rejects "$TEST_TMP/resumed.rejects" --resume --json \
  "$big" "$db.resumed_rejects"
expect_eq "--resume with a row left out: the rerun's exit code ($ERR)" 0 "$RC"
expect_eq "--resume with a row left out: its group read again, the others not" \
  "$(( $(json chunks_loaded_before) - 1 ))" "$(json chunks_not_read)"
expect_match "--resume with a row left out: the earlier run's reject in the rerun's file" '"id": ?123456\b' \
  "$(cat "$TEST_TMP/resumed.rejects")"
expect_eq "--resume with a row left out: the other rows of one run" "$(rows_digest "$db.once")" \
  "$(rows_digest "$db.resumed_rejects")"

# A remote object: copied whole to --tmpdir (its footer comes last), then loaded as the file is.
http_start http "$TEST_TMP"
run_fastload --threads 2 --chunk-size 256K "$HTTP_URL/big.parquet" "$db.resumed"
expect_eq "an object over HTTP: exit code ($ERR)" 8 "$RC"
expect_match "an object over HTTP: a duplicate named with its row" 'big.parquet: row 1 \(row group 0\): .*Duplicate entry' "$ERR"
sql -e "TRUNCATE $db.resumed"
run_fastload --threads 2 --chunk-size 256K --json "$HTTP_URL/big.parquet" "$db.resumed"
expect_eq "an object over HTTP into an empty table: exit code ($ERR)" 0 "$RC"
expect_eq "an object over HTTP: the rows of the file" "$(rows_digest "$db.once")" "$(rows_digest "$db.resumed")"
# Its copy is timed as its own pass, after the table's checks (connect), before the map pass opens it.
expect_match "an object over HTTP: the copy timed as the fetch pass" \
  '"pass_seconds":\{"open":[0-9.]*,"connect":[0-9.]*,("[a-z]+":[0-9.]*,)*"fetch":[0-9.]*,"map":' "$OUT"
# A table that is not there fails with only the object's first bytes and footer read, nothing copied.
proxy_start proxy "$HTTP_URL"
run_fastload "$PROXY_URL/big.parquet" "$db.no_such_table"
expect_eq "an object into a missing table: exit code" 5 "$RC"
# (each read at most 64 KiB of the object, of more than 256 KiB)
expect_eq "an object into a missing table: its size" 1 "$(( $(stat -c %s "$big") > 262144 ))"
expect_eq "an object into a missing table: its first bytes and its footer read, no copy" "0" \
  "$(grep -o 'bytes=[0-9]*-[0-9]*' "$PROXY_DIR/requests.log" | tr '=-' '  ' | awk '$3 - $2 >= 65536 { n++ } END { print n + 0 }')"
expect_match "an object into a missing table: ranged reads" 'bytes=' "$(cat "$PROXY_DIR/requests.log")"

# A refused row is named by its row in the file and its row group (of 20,000 rows each, counted from 0 as Parquet's
# tools count them), here and in --json.
sql -e "TRUNCATE $db.resumed; INSERT INTO $db.resumed VALUES (123456, 1)"
run_fastload --threads 2 --json "$big" "$db.resumed"
expect_eq "a duplicate in row group 6: exit code" 8 "$RC"
expect_match "a duplicate in row group 6: its row and group" 'big.parquet: row 123457 \(row group 6\): .*Duplicate entry' "$ERR"
expect_match "a duplicate in row group 6: --json" '"line":123457,"byte":[0-9]+,"row_group":6,' "$OUT"

# Nested columns (lists, maps, structs, NULLs at every level) into the json columns --print-schema gives them:
# row by row the server's own LOAD DATA INFILE of parquet-cat's text of the file (its JSON compared with DuckDB's
# values by parquet_reader.sh), the rows whose values JSON cannot hold (NaN, infinity, bytes not UTF-8) refused,
# each named with its row; then JSON_EQUALS against DuckDB's own to_json() of each value, row by row.
nested=$TEST_TMP/cases/nested_duckdb_v2_zstd.parquet
sql "$db" -e "$("$FASTLOAD" --print-schema "$nested" "$db.nested"); CREATE TABLE nested_ref LIKE nested"
expect_eq "nested columns: their type" "json json json json json json json json" \
  "$(sql -e "SELECT GROUP_CONCAT(DATA_TYPE ORDER BY ORDINAL_POSITION SEPARATOR ' ') FROM information_schema.COLUMNS
             WHERE TABLE_SCHEMA = '$db' AND TABLE_NAME = 'nested' AND COLUMN_NAME <> 'id'" | sed 's/longtext/json/g')"
"$PARQUET_CAT" "$nested" | grep -v '^!refused: ' >"$TEST_TMP/nested.txt"
refused=$("$PARQUET_CAT" "$nested" | grep -c '^!refused: ')
reference "$db" nested_ref "$TEST_TMP/nested.txt" >/dev/null
run_fastload --max-errors 1000 --rejects "$TEST_TMP/nested.rejects" "$nested" "$db.nested"
expect_eq "nested columns: exit code ($ERR)" 0 "$RC"
expect_eq "nested columns: rows loaded" "$(( $(count "$db.nested_ref") ))" "$(count "$db.nested")"
expect_eq "nested columns: row by row the reference's" "$(rows_digest "$db.nested_ref")" "$(rows_digest "$db.nested")"
expect_eq "nested columns: the rows JSON cannot hold refused" "$refused" "$(wc -l <"$TEST_TMP/nested.rejects.reasons")"
expect_match "nested columns: a refusal names its row, row group and column" \
  'nested_duckdb_v2_zstd.parquet: row [0-9]+ \(row group [01]\): column (st\.f holds (nan|-inf)|bl\.list\.element holds bytes that are not UTF-8)' \
  "$ERR"
expect_match "nested columns: the reasons file names the row and the column" \
  $'nested_duckdb_v2_zstd.parquet\t[0-9]+\t[0-9]+\t0\tcolumn (st\\.f holds (nan|-inf)|bl\\.list\\.element holds bytes that are not UTF-8)' \
  "$(cat "$TEST_TMP/nested.rejects.reasons")"
# (text columns: DuckDB's to_json of a NaN or of bytes is no JSON the server takes)
sql "$db" -e "CREATE TABLE nested_duck (id bigint, li longtext, ls longtext, lli longtext, st longtext, m longtext,
  mi longtext, lst longtext, bl longtext)"
cat >"$TEST_TMP/nested_duck.js" <<EOF
const r = require('node:module').createRequire('$modules/x.js');
(async () => {
  const db = await (await r('@duckdb/node-api').DuckDBInstance.create(':memory:')).connect();
  await db.run(\`COPY (SELECT id, to_json(li), to_json(ls), to_json(lli), to_json(st), to_json(m), to_json(mi),
    to_json(lst), to_json(bl) FROM read_parquet('$nested')) TO '$TEST_TMP/nested_duck.tsv'
    (FORMAT csv, DELIMITER '\\t', HEADER false, QUOTE '', ESCAPE '', NULLSTR 'NULL')\`);
})();
EOF
node "$TEST_TMP/nested_duck.js"
sql "$db" -e "LOAD DATA INFILE '$TEST_TMP/nested_duck.tsv' INTO TABLE nested_duck CHARACTER SET utf8mb4 FIELDS ESCAPED BY ''"
# DuckDB's JSON differs from fastload's as text (its doubles' digits, a FLOAT widened to a double's digits (st.r,
# left out); a map of integer keys an object, bytes as
# \\x escapes): compared as JSON (JSON_EQUALS) where both give a value the same shape, for every row fastload loaded.
expect_eq "nested columns: each list, struct and text map JSON_EQUALS DuckDB's to_json" 0 "$(sql "$db" -e "
  SELECT COUNT(*) FROM nested n JOIN nested_duck d USING (id) WHERE NOT (
    (n.li <=> d.li OR JSON_EQUALS(n.li, d.li)) AND (n.ls <=> d.ls OR JSON_EQUALS(n.ls, d.ls)) AND
    (n.lli <=> d.lli OR JSON_EQUALS(n.lli, d.lli)) AND (n.lst <=> d.lst OR JSON_EQUALS(n.lst, d.lst)) AND
    (n.m <=> d.m OR JSON_EQUALS(n.m, d.m)) AND (n.st <=> d.st OR JSON_EQUALS(JSON_REMOVE(n.st, '$.r'), JSON_REMOVE(d.st, '$.r'))))")"
expect_eq "nested columns: every row loaded has DuckDB's row" "$(count "$db.nested")" \
  "$(sql "$db" -e "SELECT COUNT(*) FROM nested JOIN nested_duck USING (id)")"
expect_eq "nested columns: JSON_EQUALS tells values apart (rows whose li is not DuckDB's lli)" yes \
  "$(sql "$db" -e "SELECT IF(COUNT(*) > 100, 'yes', COUNT(*)) FROM nested n JOIN nested_duck d USING (id)
                   WHERE NOT JSON_EQUALS(n.li, d.lli)")"

# Refusals, each saying what to do.
sql "$db" -e "CREATE TABLE codec (i8 tinyint)"
run_fastload --unknown-keys ignore "$TEST_TMP/cases/refuse_codec_lz4.parquet" "$db.codec"
expect_eq "the Hadoop LZ4 codec: exit code" 3 "$RC"
expect_match "the Hadoop LZ4 codec: named" 'refuse_codec_lz4.parquet: .*LZ4' "$ERR"
capture bash -c "cat '$TEST_TMP/cases/duckdb_v1_snappy.parquet' | '$FASTLOAD' --socket '$SOCKET' -u root --format parquet - $db.codec"
expect_eq "Parquet from a pipe: exit code" 2 "$RC"
expect_match "Parquet from a pipe: what to do" 'is Parquet, which is read at its end first: fastload reads it from a file, not from a pipe; save it to a file first' "$ERR"

# Names: the file's columns fill the table's of their names, in any case and order; the rest as asked.
zstd=$TEST_TMP/cases/duckdb_v2_zstd.parquet
flag=$("$PARQUET_CAT" --schema "$zstd" | cut -f1 | grep -nx flag | cut -d: -f1)
flags=$("$PARQUET_CAT" "$zstd" | cut -f"$flag" | awk '$0 != "\\N" { n++; s += $0 } END { print NR, s, n }')
sql "$db" -e "CREATE TABLE few (ID bigint PRIMARY KEY, Flag boolean, extra varchar(10) DEFAULT 'dflt')"
run_fastload "$zstd" "$db.few"
expect_eq "a column the table lacks: exit code" 2 "$RC"
expect_match "a column the table lacks: what to do" 'its column `i8` is not a column of .*few: name what each of the file.s columns fills with --columns, or give --unknown-keys ignore' "$ERR"
run_fastload --unknown-keys ignore "$zstd" "$db.few"
expect_eq "--unknown-keys ignore: exit code ($ERR)" 0 "$RC"
expect_eq "--unknown-keys ignore: ids, flags and defaults" "$flags" \
  "$(sql "$db" -e "SELECT COUNT(*), SUM(Flag), COUNT(Flag) FROM few WHERE extra = 'dflt'" | tr '\t' ' ')"
sql -e "TRUNCATE $db.few"
run_fastload --columns id,@s --set 'extra = LEFT(@s, 10)' --unknown-keys ignore "$zstd" "$db.few"
expect_eq "--columns with a variable: exit code ($ERR)" 0 "$RC"
expect_eq "--columns with a variable: renamed" "$("$PARQUET_CAT" "$zstd" | cut -f"$("$PARQUET_CAT" --schema "$zstd" | cut -f1 | grep -nx s | cut -d: -f1)" |
  awk '$0 != "\\N" { n++ } END { print NR, n }')" "$(sql "$db" -e "SELECT COUNT(*), COUNT(extra) FROM few" | tr '\t' ' ')"
run_fastload --columns id,@nothing --unknown-keys ignore "$zstd" "$db.few"
expect_eq "a column the file lacks: exit code" 2 "$RC"
expect_match "a column the file lacks: what to do" 'the file has no column `nothing`, which the rows fill; name the file.s columns in --columns, or give --missing-keys null' "$ERR"

# --create: the file's own types, every row as the reference.
run_fastload --create "$TEST_TMP/cases/wasm_plain_v1_uncompressed.parquet" "$db.created"
expect_eq "--create: exit code ($ERR)" 8 "$RC"
expect_match "--create: a nanosecond the table cannot keep, named" 'keeps 6 fraction digits: the server would cut' "$ERR"
run_fastload --create --max-errors 100000 "$TEST_TMP/cases/wasm_plain_v1_uncompressed.parquet" "$db.created2"
expect_eq "--create --max-errors: exit code ($ERR)" 0 "$RC"
expect_eq "--create --max-errors: rows loaded" yes "$( (($(count "$db.created2") > 100)) && echo yes)"
expect_eq "--create: the file's types" "bigint(20) unsigned datetime(6) decimal(38,10)" \
  "$(sql -e "SELECT GROUP_CONCAT(COLUMN_TYPE ORDER BY ORDINAL_POSITION SEPARATOR ' ') FROM information_schema.COLUMNS
             WHERE TABLE_SCHEMA = '$db' AND TABLE_NAME = 'created2' AND COLUMN_NAME IN ('dec38', 'ts_ns', 'u64')")"

finish
