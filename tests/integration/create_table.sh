# --create and --print-schema: a table made for a file from every value of it (src/schema/), checked against
# the server: the file loads into it with no warning, and every value comes back as the file says it
# (SELECT ... INTO OUTFILE gives the file's bytes again); a header names the columns; a DB run creates the
# tables its files lack; --print-schema connects to nothing.
source "$(dirname "$0")/lib.sh"

db=create_tbl
fresh_db $db
file=$TEST_TMP/items.tsv
{
  printf 'id\tzip\tbig\tprice\tday\tat\tclock\tname\tnote\n'
  printf '1\t00123\t18446744073709551615\t1.50\t2024-02-29\t2024-02-29 10:00:00.125\t-838:59:59\tZoë\t\\N\n'
  printf '2\t99999\t0\t-0.25\t2023-12-31\t1999-01-01 00:00:00.000\t00:00:01\täb\t\n'
  printf '300\t01000\t12345678901234567890\t10.00\t1000-01-01\t2038-01-19 03:14:07.999\t12:00:00\t日本\tx\n'
  printf -- '-7\t0\t5\t0.00\t9999-12-31\t2024-01-01 00:00:00.000\t23:59:59\t\\N\t\\\\\n'
} >"$file"

capture "$FASTLOAD" --skip-rows 1 --print-schema "$file" $db.items
expect_eq "print: exit code ($ERR)" 0 "$RC"
expect_match "print: leading zeros kept as text" '`zip` varchar\(5\) NOT NULL' "$OUT"
expect_match "print: beyond bigint" '`big` (bigint unsigned|decimal\(20,0\)) NOT NULL' "$OUT"
expect_match "print: a signed small integer" '`id` smallint NOT NULL' "$OUT"
expect_match "print: NULLs make it nullable" '`name` varchar\(3\),' "$OUT"
expect_match "print: datetime precision" '`at` datetime\(3\) NOT NULL' "$OUT"
expect_eq "print: nothing created" 0 "$(sql -e "SELECT COUNT(*) FROM information_schema.TABLES WHERE TABLE_SCHEMA = '$db'")"

run_fastload --skip-rows 1 --create "$file" $db.items
expect_eq "create: exit code ($ERR)" 0 "$RC"
expect_eq "create: rows" 4 "$(count $db.items)"
out=$TEST_TMP/out.tsv
sql -e "SELECT * INTO OUTFILE '$out' FROM $db.items ORDER BY id"
expect_eq "create: every value back as the file says it" "$(tail -n +2 "$file" | sort -n)" "$(sort -n "$out")"
sql $db -e "CREATE TABLE ref LIKE items"
warnings=$(sql $db -e "SET SESSION sql_mode = 'STRICT_ALL_TABLES'; LOAD DATA INFILE '$file' INTO TABLE ref
  IGNORE 1 LINES; SHOW COUNT(*) WARNINGS")
expect_eq "create: the server's own LOAD DATA warns of nothing" 0 "$warnings"
expect_eq "create: equal to the server's load" "$(checksum $db.ref)" "$(checksum $db.items)"

# A table that exists is not touched by --create (no key was invented: the rows load again).
definition() { sql $db -e "SHOW CREATE TABLE items" | cut -f2-; }
before=$(definition)
run_fastload --skip-rows 1 --create "$file" $db.items
expect_eq "exists: exit code ($ERR)" 0 "$RC"
expect_eq "exists: its definition" "$before" "$(definition)"
expect_eq "exists: rows added" 8 "$(count $db.items)"

# A DB run: the file without a table gets one, the table that exists loads as it is.
sql $db -e "DROP TABLE ref"
cp "$file" "$TEST_TMP/more.tsv"
sql -e "TRUNCATE $db.items"
run_fastload --skip-rows 1 --create "$file" "$TEST_TMP/more.tsv" $db
expect_eq "db run: exit code ($ERR)" 0 "$RC"
expect_match "db run: said" "fastload: $db.more: loaded 4 rows .*created from $TEST_TMP/more.tsv" "$ERR"
expect_eq "db run: the same table" "$(checksum $db.items)" "$(checksum $db.more)"

# Without --create, a missing table stops the run before any row is sent.
sql -e "DROP TABLE $db.more; TRUNCATE $db.items"
run_fastload --skip-rows 1 "$file" "$TEST_TMP/more.tsv" $db
expect_eq "no --create: exit code" 5 "$RC"
expect_eq "no --create: nothing loaded" 0 "$(count $db.items)"
run_fastload --create --dry-run "$file" $db
expect_eq "--create --dry-run: refused" 2 "$RC"

# A UTF-16 file: its names and values read in its charset (as the load reads them), not as raw bytes.
printf 'id\tnom\n1\tcafé\n2\t日本\n' | iconv -f UTF-8 -t UTF-16LE >"$TEST_TMP/utf16.tsv"
run_fastload --skip-rows 1 --charset utf16le --create "$TEST_TMP/utf16.tsv" $db.wide
expect_eq "utf16: exit code ($ERR)" 0 "$RC"
expect_eq "utf16: the header's names" "id nom" "$(sql -e "SELECT GROUP_CONCAT(COLUMN_NAME ORDER BY ORDINAL_POSITION
  SEPARATOR ' ') FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = '$db' AND TABLE_NAME = 'wide'")"
expect_eq "utf16: the values" "$(printf '1\tcafé\n2\t日本')" "$(sql -e "SELECT * FROM $db.wide ORDER BY id")"

# Names the server takes for one (its case folding): the later renamed, the file loaded.
printf 'ạ\tẠ\tǅ\tǆ\tａ\tＡ\n1\t2\t3\t4\t5\t6\n' >"$TEST_TMP/folded.tsv"
run_fastload --skip-rows 1 --create "$TEST_TMP/folded.tsv" $db.folded
expect_eq "folded names: exit code ($ERR)" 0 "$RC"
expect_eq "folded names: every value loaded" "1 2 3 4 5 6" "$(sql -e "SELECT * FROM $db.folded" | xargs)"
expect_eq "folded names: six columns" 6 "$(sql -e "SELECT COUNT(*) FROM information_schema.COLUMNS
  WHERE TABLE_SCHEMA = '$db' AND TABLE_NAME = 'folded'")"

# A table --create made, whose rows are then refused before any is committed: dropped again, said so.
printf 'a\tb\n1\tx\n2\n' >"$TEST_TMP/short.tsv"
run_fastload --skip-rows 1 --create "$TEST_TMP/short.tsv" $db.short
expect_eq "refused rows: exit code ($ERR)" 8 "$RC"
expect_match "refused rows: said" "$db.short was created by this run \(from $TEST_TMP/short.tsv\) and nothing was committed into it: it was dropped again" "$ERR"
expect_eq "refused rows: the table is gone" 0 "$(sql -e "SELECT COUNT(*) FROM information_schema.TABLES
  WHERE TABLE_SCHEMA = '$db' AND TABLE_NAME = 'short'")"

sql -e "DROP DATABASE $db"
finish
