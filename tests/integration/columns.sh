# --columns and --set: in every mode the table ends up as the server's own
# LOAD DATA INFILE of the same file with the same column list and SET clause
# leaves it (checksum), for files with more fields than the table needs,
# columns in another order, defaults, constants, column references, '@x' in
# literals, variables read twice, NULL and empty fields, CSV and short rows. A
# bad value an expression makes fails the load with its line; bad usage exits 2.
source "$(dirname "$0")/lib.sh"

fresh_db cols
sql cols -e "CREATE TABLE t (id int PRIMARY KEY, a varchar(80), b decimal(8,2), c varchar(120), d int DEFAULT 42,
  e varchar(40) DEFAULT 'dflt') ENGINE=InnoDB DEFAULT CHARSET=utf8mb4"

# gen ROWS FORMAT: five fields a row (id, junk, a decimal, a text, a small number) in MySQL's text format
# (tsv) or as --csv reads it (csv). The decimal has one digit after the point (stored as x.y0, so an
# expression reading the column sees what was stored, not the field); the text holds quotes, an escaped
# tab or a quoted comma, an escaped line end in every 97th row, '@x', non-ASCII letters; NULL and empty
# fields in between.
gen() {
  awk -v n="$1" -v format="$2" 'BEGIN {
    for (i = 1; i <= n; i++) {
      null = format == "csv" ? "NULL" : "\\N"
      b = i % 17 == 0 ? null : sprintf("%d.%d", (i * 37) % 100000, i % 10)
      if (format == "csv") x = sprintf("\"héllo %d, it'\''s \"\"q\"\" @x\"", i)
      else x = sprintf("héllo %d it'\''s \"q\"\\\tthere @x%s", i, i % 97 == 0 ? "\\\nnext" : "")
      if (i % 11 == 0) x = null
      if (i % 13 == 0) x = ""
      sep = format == "csv" ? "," : "\t"
      printf "%d%sjunk%d%s%s%s%s%s%d\n", i, sep, i, sep, b, sep, x, sep, i % 50
    }
  }'
}
tsv=$TEST_TMP/wide.tsv csv=$TEST_TMP/wide.csv
gen 3000 tsv >"$tsv"
gen 3000 csv >"$csv"
CSV_CLAUSES="FIELDS TERMINATED BY ',' OPTIONALLY ENCLOSED BY '\"' ESCAPED BY '' LINES TERMINATED BY '\\n'"
DEFAULT_MODES=("--mode load" "--mode insert" "--mode multirow" "--mode row")

# reference_rows FILE CLAUSES: the server's LOAD DATA INFILE of FILE into cols.t (emptied first) with CLAUSES (format,
# column list, SET); prints its checksum and row count.
reference_rows() { echo "$(reference cols t "$1" "$2") $(count cols.t)"; }

# check LABEL FILE CLAUSES ARGS...: fastload FILE with ARGS, in each of MODES (default: load, insert,
# multirow, row, each on 2 threads and 16K chunks), must leave cols.t as the reference does.
check() {
  local label=$1 file=$2 expected mode modes=("${MODES[@]}")
  ((${#modes[@]} > 0)) || modes=("${DEFAULT_MODES[@]}")
  expected=$(reference_rows "$file" "$3")
  shift 3
  [[ ${expected#* } -gt 0 ]] && pass || fail "$label: the reference loaded no rows"
  for mode in "${modes[@]}"; do
    read -r -a mode_args <<<"$mode"
    [[ $mode == *server* ]] || mode_args+=(--threads 2 --chunk-size 16K)
    sql -e "TRUNCATE cols.t"
    run_fastload "${mode_args[@]}" "$@" "$file" cols.t
    expect_eq "$label, $mode: exit code ($ERR)" 0 "$RC"
    expect_eq "$label, $mode: checksum and rows" "$expected" "$(checksum cols.t) $(count cols.t)"
  done
}

MODES=("${DEFAULT_MODES[@]}" "--mode server" "--mode insert --no-array-binding --batch-rows 7"
       "--mode insert --atomic")
check "skipped fields, a variable through UPPER" "$tsv" "(id, @skip, b, @x, @y) SET c = UPPER(@x)" \
  --columns id,@skip,b,@x,@y --set "c = UPPER(@x)"
MODES=()
check "columns in another order, c left to its default" "$tsv" "(id, e, b, a, d)" --columns id,e,b,a,d
check "a constant, '@x' in literals, NULL and empty fields" "$tsv" \
  "(id, @skip, b, @x, @y) SET e = 'const', c = CONCAT('@x=', COALESCE(@x, 'null'), \" @y\", '[', @y, ']')" \
  --columns id,@skip,b,@x,@y --set "e = 'const'" \
  --set "c = CONCAT('@x=', COALESCE(@x, 'null'), \" @y\", '[', @y, ']')"
check "expressions reading plain columns as stored" "$tsv" \
  "(id, @skip, b, @x, @y) SET a = CONCAT(b, '/', id), d = @y * 2 + id" \
  --columns id,@skip,b,@x,@y --set "a = CONCAT(b, '/', id)" --set "d = @y * 2 + id"
check "a variable read twice holds its last field" "$tsv" "(id, @v, b, @v, @y) SET c = @v" \
  --columns id,@v,b,@v,@y --set "c = @v"
check "--csv" "$csv" "$CSV_CLAUSES (id, @skip, b, @x, @y) SET c = @x, a = UPPER(@skip)" \
  --csv --columns id,@skip,b,@x,@y --set "c = @x" --set "a = UPPER(@skip)"

# Rows short of fields only where --columns has variables load, the variables NULL, as in LOAD DATA.
printf '1\tj\t1.5\tabc\t3\n2\tj\t2.5\tdef\n3\tj\t3.5\n4\tj\t4.5\tghi\t4\t\n' >"$TEST_TMP/short.tsv"
check "short rows missing variables only" "$TEST_TMP/short.tsv" \
  "(id, @skip, b, @x, @y) SET c = COALESCE(@x, 'none'), d = COALESCE(@y, -1)" \
  --columns id,@skip,b,@x,@y --set "c = COALESCE(@x, 'none')" --set "d = COALESCE(@y, -1)"
# ... but a row short of a column's field, or with a field too many, is refused with its line.
printf '1\tj\t1.5\tabc\t3\n2\tj\n' >"$TEST_TMP/short-column.tsv"
printf '1\tj\t1.5\tabc\t3\n2\tj\t2.5\tdef\t4\textra\n' >"$TEST_TMP/long.tsv"
for mode in load insert multirow row server; do
  for file in short-column long; do
    sql -e "TRUNCATE cols.t"
    run_fastload --mode "$mode" --columns id,@skip,b,@x,@y --set "c = @x" "$TEST_TMP/$file.tsv" cols.t
    expect_eq "$file.tsv, --mode $mode: refused" "8 0" "$RC $(count cols.t)"
    expect_match "$file.tsv, --mode $mode: names line 2" "$file\\.tsv:2 " "$ERR"
  done
done

# A bad value an expression makes (strict) fails the load, naming its line.
line=$(grep -n "^777	" "$tsv" | cut -d: -f1)
for mode in load insert multirow row server; do
  layout=(--threads 2 --chunk-size 16K)
  [[ $mode == server ]] && layout=()
  sql -e "TRUNCATE cols.t"
  run_fastload --mode "$mode" "${layout[@]}" --columns id,@skip,b,@x,@y --set "d = IF(id = 777, 'bad', @y)" \
    "$tsv" cols.t
  expect_eq "a bad value from an expression, --mode $mode: exit code ($ERR)" 8 "$RC"
  expect_match "a bad value from an expression, --mode $mode: names line $line" "wide\\.tsv:$line " "$ERR"
  sql -e "TRUNCATE cols.t"
  run_fastload --mode "$mode" "${layout[@]}" --columns id,@skip,b,@x,@y --set "d = 10 / (id - 777)" "$tsv" cols.t
  expect_eq "a division by 0 in an expression, --mode $mode: exit code ($ERR)" 8 "$RC"
  expect_match "a division by 0 in an expression, --mode $mode: names line $line" "wide\\.tsv:$line " "$ERR"
done

# Bad usage: exit 2 before anything is loaded, saying what is wrong.
usage() {  # usage LABEL PATTERN ARGS...
  local label=$1 pattern=$2
  shift 2
  sql -e "TRUNCATE cols.t"
  run_fastload "$@" "$tsv" cols.t
  expect_eq "$label: exit code" "2 0" "$RC $(count cols.t)"
  expect_match "$label: message" "^fastload: .*$pattern" "$ERR"
}
usage "an unknown column in --columns" "no column \`nope\`" --columns id,@skip,nope,@x,@y
usage "an unknown column in --set" "no column \`zz\`" --columns id,@skip,b,@x,@y --set "zz = @x"
usage "--set without '='" "COLUMN = EXPRESSION" --columns id,@skip,b,@x,@y --set "c UPPER(@x)"
usage "a column twice in --columns" "column b twice" --columns id,b,b,@x,@y
usage "a --set column also in --columns" "c is in --columns too" --columns id,@skip,b,c,@y --set "c = @y"
usage "--set without --columns" "without --columns" --set "c = 'x'"
usage "two '=' at the top of --set" "parentheses" --columns id,@skip,b,@x,@y --set "c = @x = 'y'"
for mode in load insert multirow row; do
  usage "an expression the server cannot read, --mode $mode" "--set: the server refuses the expression" \
    --mode "$mode" --columns id,@skip,b,@x,@y --set "c = UPPER(@x"
  usage "an unknown function, --mode $mode" "--set: the server refuses" \
    --mode "$mode" --columns id,@skip,b,@x,@y --set "c = NO_SUCH_FUNCTION(@x)"
done
finish
