# Files the server's own LOAD DATA INFILE loads exactly, without a warning, load exactly in every mode (auto,
# load, insert, multirow, row, server), on one thread and on three with small chunks, against the reference of
# one LOAD DATA INFILE of the same file into a fresh table (rows_digest): NULL and 0 in an AUTO_INCREMENT column
# the file gives (docs/design.md#auto-increment-ids), with NO_AUTO_VALUE_ON_ZERO too; bytes that are no UTF-8
# into BLOB and VARBINARY columns with --charset utf8 and utf8mb3; a trigger that raises a warning of its own
# (SIGNAL SQLSTATE '01000'); rows under the server's max_allowed_packet = 1024. What stays refused says why
# with its line: a NULL id in a compressed file, a row longer than any statement, a backslash under the
# server's NO_BACKSLASH_ESCAPES without --fields-escaped-by (docs/design.md#dialects). The test sets globals
# and restores them however it ends (it runs serially: "SET GLOBAL").
source "$(dirname "$0")/lib.sh"

db=over_refusals
fresh_db $db
old_mode=$(sql -e "SELECT @@GLOBAL.sql_mode")
old_packet=$(sql -e "SELECT @@GLOBAL.max_allowed_packet")
restore() { sql -e "SET GLOBAL sql_mode = '$old_mode', max_allowed_packet = $old_packet"; }
trap 'restore; sql -e "DROP DATABASE IF EXISTS $db"' EXIT

modes="auto load insert multirow row server"

# make TABLE SQL: TABLE dropped and made by SQL, in which @T names it.
make() { sql $db -e "DROP TABLE IF EXISTS $1; ${2//@T/$1}"; }

# same_as_server WHAT SQL FILE CHARSET [ARGS...]: tables ref and t made by SQL (@T names each); ref loaded by one
# LOAD DATA INFILE of FILE in CHARSET, which must warn of nothing; then t, made anew for each mode and layout, by
# fastload --charset CHARSET ARGS FILE holds ref's rows.
same_as_server() {
  local what=$1 ddl=$2 file=$3 charset=$4 mode layout expected warnings
  shift 4
  make ref "$ddl"
  warnings=$(sql $db -e "LOAD DATA INFILE '$file' INTO TABLE ref CHARACTER SET $charset; SHOW WARNINGS")
  expect_eq "$what: the server's LOAD DATA warns of nothing" "" "$warnings"
  expected=$(rows_digest $db.ref)
  for mode in $modes; do
    while read -r layout; do
      make t "$ddl"
      # shellcheck disable=SC2086
      run_fastload --mode $mode $layout --charset "$charset" "$@" "$file" $db.t
      expect_eq "$what, --mode $mode $layout: exit code ($ERR)" 0 "$RC"
      expect_eq "$what, --mode $mode $layout: the server's rows" "$expected" "$(rows_digest $db.t)"
    done < <(mode_layouts $mode "" "--threads 1" "--threads 3 --chunk-size 1K")
  done
}

# 1. NULL and 0 in the AUTO_INCREMENT column: the ids one LOAD DATA makes up, in file order, whatever the chunks.
# Given ids jump ahead (10 * the line), the rows between them take the next ones; a run of made-up ids first.
ids_file=$TEST_TMP/ids.tsv
awk 'BEGIN { for (i = 1; i <= 1500; i++) { id = i <= 4 || i % 3 == 0 ? "\\N" : i % 5 == 0 ? "0" : 10 * i
                                           printf "%s\tname %d\t%d\n", id, i, i } }' >"$ids_file"
auto_table="CREATE TABLE @T (id int AUTO_INCREMENT PRIMARY KEY, name varchar(20), v int) ENGINE=InnoDB
            AUTO_INCREMENT=7"
same_as_server "NULL and 0 ids" "$auto_table" "$ids_file" utf8mb4
same_as_server "NULL and 0 ids, --columns" "$auto_table" "$ids_file" utf8mb4 --columns id,name,v
sql -e "SET GLOBAL sql_mode = CONCAT(@@GLOBAL.sql_mode, ',NO_AUTO_VALUE_ON_ZERO')"
awk '$1 != "0"' "$ids_file" >"$TEST_TMP/ids_no_zero.tsv"
printf '0\tzero\t0\n' >>"$TEST_TMP/ids_no_zero.tsv"
same_as_server "NULL ids, 0 under NO_AUTO_VALUE_ON_ZERO" "$auto_table" "$TEST_TMP/ids_no_zero.tsv" utf8mb4
restore
# --atomic, and a --resume run killed after a COMMIT then finished by the rerun: the same ids (the first cursor
# is in the ledger; the killed run had moved the table's counter).
make ref "$auto_table"
sql $db -e "LOAD DATA INFILE '$ids_file' INTO TABLE ref"
expected=$(rows_digest $db.ref)
make t "$auto_table"
run_fastload --atomic --threads 3 --chunk-size 1K "$ids_file" $db.t
expect_eq "NULL ids, --atomic: exit code ($ERR)" 0 "$RC"
expect_eq "NULL ids, --atomic: the server's rows" "$expected" "$(rows_digest $db.t)"
head -n 700 "$ids_file" >"$TEST_TMP/ids1.tsv"
tail -n +701 "$ids_file" >"$TEST_TMP/ids2.tsv"
make t "$auto_table"
run_fastload --threads 3 --chunk-size 1K "$TEST_TMP/ids1.tsv" "$TEST_TMP/ids2.tsv" $db.t
expect_eq "NULL ids, two FILEs: exit code ($ERR)" 0 "$RC"
expect_eq "NULL ids, two FILEs: the rows of one LOAD DATA of both" "$expected" "$(rows_digest $db.t)"
# Rows left out (--max-errors) keep the cursor their place gives: the others get the ids of the whole file.
awk -F'\t' -v OFS='\t' 'NR == 9 || NR == 600 { $3 = "x" } { print }' "$ids_file" >"$TEST_TMP/ids_bad.tsv"
sql $db -e "DELETE FROM ref WHERE name IN ('name 9', 'name 600')"
for mode in load insert multirow; do
  make t "$auto_table"
  run_fastload --mode $mode --threads 3 --chunk-size 1K --max-errors 2 "$TEST_TMP/ids_bad.tsv" $db.t
  expect_eq "NULL ids, rows left out, --mode $mode: exit code ($ERR)" 0 "$RC"
  expect_eq "NULL ids, rows left out, --mode $mode: the others' ids" "$(rows_digest $db.ref)" "$(rows_digest $db.t)"
done
for mode in insert load; do
  make t "$auto_table"
  sql -e "DROP TABLE IF EXISTS $db.fastload_ledger"
  FASTLOAD_FAULT=after-commit:4 run_fastload --resume --mode $mode --threads 2 --chunk-size 1K "$ids_file" $db.t
  expect_match "NULL ids, --mode $mode killed after a COMMIT: the run died" '^(1[0-9][0-9]|[1-9])$' "$RC"
  run_fastload --resume --mode $mode --threads 2 --chunk-size 1K "$ids_file" $db.t
  expect_eq "NULL ids, --mode $mode resumed: exit code ($ERR)" 0 "$RC"
  expect_eq "NULL ids, --mode $mode resumed: the server's rows" "$expected" "$(rows_digest $db.t)"
done

# A compressed file is read only as it loads (--no-sort: not written to --tmpdir for a sort): its NULL id is
# refused with its line, saying what loads it.
gzip -c "$ids_file" >"$TEST_TMP/ids.tsv.gz"
make t "$auto_table"
run_fastload --mode insert --no-sort "$TEST_TMP/ids.tsv.gz" $db.t
expect_eq "NULL id in a stream: exit code" 8 "$RC"
expect_match "NULL id in a stream: the line and why" \
  'ids.tsv.gz:1 \(byte 0\): NULL or 0 in the AUTO_INCREMENT column `id` has the server make up an id.*compressed' "$ERR"
expect_eq "NULL id in a stream: nothing stored" 0 "$(count $db.t)"

# 2. Bytes that are no UTF-8 into binary columns: stored as they are, as LOAD DATA stores them.
printf '1\t\xff\xfe\x80a\t\xc3\x28\\\\\tplain\n2\t\\N\t\x00\xff\tmore\n3\t\x27\x22\xe2\x82\t\xe2\tx\n' >"$TEST_TMP/bytes.tsv"
binary_table="CREATE TABLE @T (id int, b blob, vb varbinary(20), t varchar(10)) ENGINE=InnoDB CHARSET=utf8mb3"
for charset in utf8 utf8mb3; do
  same_as_server "non-UTF-8 bytes into BLOB and VARBINARY, --charset $charset" "$binary_table" \
    "$TEST_TMP/bytes.tsv" $charset
done

# 3. A trigger whose SIGNAL raises a warning (SQLSTATE 01000): the server stores the row, and so does fastload.
trigger_table="CREATE TABLE @T (id int PRIMARY KEY, v varchar(10)) ENGINE=InnoDB;
  CREATE TRIGGER @T_warns BEFORE INSERT ON @T FOR EACH ROW SIGNAL SQLSTATE '01000' SET MESSAGE_TEXT = 'the trigger warns'"
printf '1\twarn\n2\tquiet\n3\twarn\n' >"$TEST_TMP/trigger.tsv"
same_as_server "a trigger's warning" "$trigger_table" "$TEST_TMP/trigger.tsv" utf8mb4
make t "$trigger_table"
run_fastload --mode insert "$TEST_TMP/trigger.tsv" $db.t
expect_match "a trigger's warning, --mode insert: said, with its cause" \
  "^fastload: the server counted 3 warnings for 3 rows it stored but listed none .*a trigger's SIGNAL SQLSTATE '01...'" \
  "$ERR"

# 4. Rows under max_allowed_packet = 1024: statements of fewer rows; a row no statement holds is refused.
sql -e "SET GLOBAL max_allowed_packet = 1024"
awk 'BEGIN { for (i = 1; i <= 300; i++) printf "%d\t%s\n", i, substr("abcdefghijklmnopqrstuvwxyz0123456789abcdefgh", 1, 40 + i % 4) }' \
  >"$TEST_TMP/packet.tsv"
packet_table="CREATE TABLE @T (id int PRIMARY KEY, v varchar(2000)) ENGINE=InnoDB"
same_as_server "48-byte rows under max_allowed_packet 1024" "$packet_table" "$TEST_TMP/packet.tsv" utf8mb4
{ printf '1\tshort\n2\tshort\n3\t'; head -c 1500 /dev/zero | tr '\0' x; printf '\n'; } >"$TEST_TMP/long_row.tsv"
for mode in multirow row; do
  make t "$packet_table"
  run_fastload --mode $mode "$TEST_TMP/long_row.tsv" $db.t
  expect_eq "a row longer than any statement, --mode $mode: exit code" 8 "$RC"
  expect_match "a row longer than any statement, --mode $mode: the line and the setting" \
    'long_row.tsv:3 \(byte 16\): the row needs [0-9]+ bytes in a statement of its own, more than the 1022 the server.s max_allowed_packet lets through' \
    "$ERR"
done
restore

# 5. The server's NO_BACKSLASH_ESCAPES: its LOAD DATA reads no escape (\N is two characters). A file with a
# backslash is refused unless --fields-escaped-by says which reading is meant; each reading is the server's
# with that ESCAPED BY; a file without one loads as it is.
printf '1\t\\N\n2\ta\\tb\n3\tplain\n' >"$TEST_TMP/backslash.tsv"
printf '1\tno\n2\tbackslash\n' >"$TEST_TMP/no_backslash.tsv"
escape_table="CREATE TABLE @T (id int PRIMARY KEY, v varchar(10)) ENGINE=InnoDB"
sql -e "SET GLOBAL sql_mode = CONCAT(@@GLOBAL.sql_mode, ',NO_BACKSLASH_ESCAPES')"
for mode in $modes; do
  make t "$escape_table"
  run_fastload --mode $mode "$TEST_TMP/backslash.tsv" $db.t
  expect_eq "NO_BACKSLASH_ESCAPES, --mode $mode: exit code" 2 "$RC"
  expect_match "NO_BACKSLASH_ESCAPES, --mode $mode: the line, the server's reading, the option" \
    "backslash.tsv:1 \\(byte 2\\): the server's sql_mode has NO_BACKSLASH_ESCAPES.*--fields-escaped-by ''" "$ERR"
  expect_eq "NO_BACKSLASH_ESCAPES, --mode $mode: nothing stored" 0 "$(count $db.t)"
done
same_as_server "NO_BACKSLASH_ESCAPES, --fields-escaped-by ''" "$escape_table" "$TEST_TMP/backslash.tsv" utf8mb4 \
  --fields-escaped-by ''
same_as_server "NO_BACKSLASH_ESCAPES, a file without a backslash" "$escape_table" "$TEST_TMP/no_backslash.tsv" utf8mb4
restore
same_as_server "--fields-escaped-by '\\\\' reads the escapes" "$escape_table" "$TEST_TMP/backslash.tsv" utf8mb4 \
  --fields-escaped-by '\\'

finish
