# --create over generated files: for each seed, a file whose columns mix what type inference must get right
# (leading zeros, integers at and past each type's bounds, big and signed decimals of a fixed scale, dates and
# datetimes with fractions, NULLs, empty strings, unicode, escapes, exponents, the one value that breaks a
# column's type in its last row); the table --create makes from it takes every row with no warning from the
# server's own strict LOAD DATA, stores what the server's LOAD DATA stores (checksum), and gives the
# file's bytes back value by value (SELECT ... INTO OUTFILE). Then an empty file and a header alone.
source "$(dirname "$0")/lib.sh"

db=create_vals
fresh_db $db

# generate SEED ROWS: the file on stdout; column 1 numbers the rows.
generate() {
  awk -v seed="$1" -v rows="$2" 'BEGIN {
    srand(seed)
    split("Zoë|日本語|nul\\0byte|back\\\\slash|x|ünï|  spaced|😀|end", words, "|")
    for (r = 1; r <= rows; r++) {
      last = r == rows
      code = sprintf("%0" (3 + int(rand() * 4)) "d", int(rand() * 999))           # leading zeros: text
      tiny = int(rand() * 256) - 128                                                # tinyint
      wide = (rand() < 0.5 ? "-" : "") int(rand() * 900000000) int(rand() * 900000000)  # bigint
      ubig = last ? "18446744073709551615" : int(rand() * 1000000000)               # bigint unsigned at its top
      huge = last ? "123456789012345678901234567890" : int(rand() * 1000000)        # past every integer: decimal
      price = sprintf("%s%d.%02d", rand() < 0.3 ? "-" : "", int(rand() * 10000000), int(rand() * 100))
      day = sprintf("%04d-%02d-%02d", 1000 + int(rand() * 9000), 1 + int(rand() * 12), 1 + int(rand() * 28))
      at = sprintf("%s %02d:%02d:%02d.%03d", day, int(rand() * 24), int(rand() * 60), int(rand() * 60), int(rand() * 1000))
      maybe = rand() < 0.2 ? "\\N" : int(rand() * 70000)                            # NULLs: nullable
      word = words[1 + int(rand() * 9)]
      blank = rand() < 0.1 ? "" : int(rand() * 100)                                  # an empty value: text
      sci = last ? "1e5" : int(rand() * 1000)                                       # an exponent: text
      printf "%d\t%s\t%d\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n", r, code, tiny, wide, ubig, huge, price, day,
        at, maybe, word, blank, sci
    }
  }'
}

for seed in 1 2 3; do
  file=$TEST_TMP/gen$seed.tsv
  generate $seed 3000 >"$file"
  run_fastload --threads 2 --chunk-size 32K --create "$file" $db.t$seed
  expect_eq "seed $seed: exit code ($ERR)" 0 "$RC"
  expect_eq "seed $seed: every row" 3000 "$(count $db.t$seed)"
  out=$TEST_TMP/out$seed.tsv
  sql -e "SELECT * INTO OUTFILE '$out' FROM $db.t$seed ORDER BY c1"
  expect_eq "seed $seed: every value back as the file says it" "$(md5sum <"$file")" "$(md5sum <"$out")"
  sql $db -e "CREATE TABLE ref$seed LIKE t$seed"
  warnings=$(sql $db -e "SET SESSION sql_mode = 'STRICT_ALL_TABLES'; LOAD DATA INFILE '$file' INTO TABLE ref$seed;
    SHOW COUNT(*) WARNINGS")
  expect_eq "seed $seed: the server's own LOAD DATA warns of nothing" 0 "$warnings"
  expect_eq "seed $seed: equal to the server's load" "$(checksum $db.ref$seed)" "$(checksum $db.t$seed)"
  types=$(sql -e "SELECT GROUP_CONCAT(COLUMN_TYPE ORDER BY ORDINAL_POSITION SEPARATOR ' ')
    FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = '$db' AND TABLE_NAME = 't$seed'")
  expect_match "seed $seed: the narrowest types that hold every value" \
    '^smallint\(6\) varchar\(6\) tinyint\(4\) bigint\(20\) bigint\(20\) unsigned decimal\(30,0\) decimal\(9,2\) date datetime\(3\) (mediumint|int)\([0-9]+\) varchar\([0-9]+\) varchar\(2\) varchar\(3\)$' \
    "$types"
done

# An empty file: nothing to infer from, refused before anything is created; a header alone names the columns.
: >"$TEST_TMP/empty.tsv"
run_fastload --create "$TEST_TMP/empty.tsv" $db.empty
expect_eq "empty: exit code" 3 "$RC"
expect_match "empty: said" "fastload: $TEST_TMP/empty.tsv: no rows and no header line" "$ERR"
expect_eq "empty: no table" 0 "$(sql -e "SELECT COUNT(*) FROM information_schema.TABLES WHERE TABLE_SCHEMA = '$db'
  AND TABLE_NAME = 'empty'")"
printf 'id\tname\n' >"$TEST_TMP/header.tsv"
run_fastload --create --skip-rows 1 "$TEST_TMP/header.tsv" $db.header
expect_eq "header alone: exit code ($ERR)" 0 "$RC"
expect_eq "header alone: its names" "id name" "$(sql -e "SELECT GROUP_CONCAT(COLUMN_NAME ORDER BY ORDINAL_POSITION
  SEPARATOR ' ') FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = '$db' AND TABLE_NAME = 'header'")"
expect_eq "header alone: no rows" 0 "$(count $db.header)"

sql -e "DROP DATABASE $db"
finish
