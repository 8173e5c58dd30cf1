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

sql -e "DROP DATABASE $db"
finish
