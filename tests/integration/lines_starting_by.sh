# --lines-starting-by (LOAD DATA's LINES STARTING BY): files whose rows are mixed with lines without the
# prefix, the prefix mid-line, escaped, inside fields and enclosures, header lines holding it, and a last line
# without terminator, in TSV and CSV, load in every mode, with 1 and 3 threads and chunk sizes small enough that
# boundaries fall everywhere, plain and gzip-compressed, to the same table as the server's own LOAD DATA INFILE
# ... LINES STARTING BY. A bad row is named by its line and byte, and its rejected copy keeps the prefix.
source "$(dirname "$0")/lib.sh"

DB=lines_starting_by_$$
fresh_db "$DB"
trap 'sql -e "DROP DATABASE IF EXISTS \`$DB\`"' EXIT
sql "$DB" -e "CREATE TABLE t (id int PRIMARY KEY, v varchar(200) CHARACTER SET utf8mb4, c int NULL) ENGINE=InnoDB"

# write_file DIALECT ROWS SEED: rows of ids 1..ROWS among lines the server skips, 2 header lines first.
write_file() {
  local dialect=$1 rows=$2 i v
  RANDOM=$3
  printf 'header xxx0\tnot a row\n# header 2\n'
  for ((i = 1; i <= rows; i++)); do
    case $((RANDOM % 8)) in
      0) printf 'a line without the prefix %d\n' "$i" ;;
      1) printf 'junk "quote \\\n' ;;                     # a quote and a backslash before the line end: no row either
      2) printf 'junk before it ' ;;                       # the prefix mid-line
      3) printf 'zz\\' ;;                                  # an escape right before the prefix does not hide it
      *) ;;
    esac
    case $((RANDOM % 4)) in
      0) v="plain $i" ;;
      1) v="holds xxx inside $i" ;;
      2) v="x$i" ;;
      *) v="" ;;
    esac
    if [[ $dialect == tsv ]]; then
      ((RANDOM % 5 == 0)) && v='two\'$'\n''lines xxx\'$'\t'"$i"  # an escaped LF and TAB inside the value
      printf 'xxx%d\t%s\t%d\n' "$i" "$v" "$((RANDOM % 100))"
    else
      ((RANDOM % 5 == 0)) && v='en,closed'$'\n''xxx ""'"$i"'""'  # a quoted LF, comma, prefix, doubled quotes
      printf 'xxx%d,"%s",%d\n' "$i" "$v" "$((RANDOM % 100))"
    fi
  done
  printf 'last line junk\nxxx%d' "$((rows + 1))"             # the last row without a line terminator
  if [[ $dialect == tsv ]]; then printf '\tlast\t7'; else printf ',"last",7'; fi
}

declare -A options clauses
options[tsv]="--lines-starting-by xxx"
options[csv]="--csv --lines-starting-by xxx"
clauses[tsv]="LINES STARTING BY 'xxx'"
clauses[csv]="FIELDS TERMINATED BY ',' OPTIONALLY ENCLOSED BY '\"' ESCAPED BY '' LINES STARTING BY 'xxx'"

# header_reference FILE CLAUSES: the server's own load of FILE after its 2 header lines; prints the checksum.
header_reference() { reference "$DB" t "$1" "$2 IGNORE 2 LINES"; }

# check LABEL FILE ROWS EXPECTED ARGS...
check() { check_load "$1" "$DB.t" "$3" "$4" --skip-rows 2 "${@:5}" "$2"; }

rows=150
for dialect in tsv csv; do
  file=$TEST_TMP/$dialect.txt
  write_file "$dialect" "$rows" 11 >"$file"
  expected=$(header_reference "$file" "${clauses[$dialect]}")
  expect_eq "$dialect: the reference loads every row" $((rows + 1)) "$(count "\`$DB\`.t")"
  read -r -a dialect_options <<<"${options[$dialect]}"
  for mode in load insert multirow row; do
    for threads in 1 3; do
      for size in 1 7 100 default; do
        args=(--mode "$mode" --threads "$threads" "${dialect_options[@]}")
        [[ $size != default ]] && args+=(--chunk-size "$size")
        check "$dialect, ${args[*]}" "$file" $((rows + 1)) "$expected" "${args[@]}"
      done
    done
  done
  for mode in server bulk; do
    check "$dialect, --mode $mode" "$file" $((rows + 1)) "$expected" --mode "$mode" "${dialect_options[@]}"
  done
  gzip -c "$file" >"$file.gz"
  for mode in load insert; do
    for size in 1 100; do
      check "$dialect, gzip, --mode $mode --chunk-size $size" "$file.gz" $((rows + 1)) "$expected" --mode "$mode" \
        --threads 3 --chunk-size "$size" "${dialect_options[@]}"
    done
  done
  check "$dialect, from a pipe" - $((rows + 1)) "$expected" --threads 3 --chunk-size 50 "${dialect_options[@]}" <"$file"
done

# A file of lines without the prefix only: the server reads no row, and neither does fastload.
printf 'no\nrows\nhere\n' >"$TEST_TMP/none.txt"
for mode in load insert; do
  check "no prefix anywhere, --mode $mode" "$TEST_TMP/none.txt" 0 "$(header_reference "$TEST_TMP/none.txt" "LINES STARTING BY 'xxx'")" \
    --mode "$mode" --chunk-size 3 --lines-starting-by xxx
done

# A prefix that is the field terminator: the row's fields begin after the first one, as for the server. An empty
# prefix is none.
printf 'h\nh\njunk,1,"a,b",3\n,2,"c",4\nno comma here\n' >"$TEST_TMP/comma.csv"
for size in 1 default; do
  args=(--csv --lines-starting-by , --threads 3)
  [[ $size != default ]] && args+=(--chunk-size "$size")
  check "the field terminator as prefix, ${args[*]}" "$TEST_TMP/comma.csv" 2 \
    "$(header_reference "$TEST_TMP/comma.csv" "FIELDS TERMINATED BY ',' OPTIONALLY ENCLOSED BY '\"' ESCAPED BY ''
      LINES STARTING BY ','")" "${args[@]}"
done
printf 'h\nh\n1\ta\t2\n' >"$TEST_TMP/plain.txt"
check "an empty prefix" "$TEST_TMP/plain.txt" 1 "$(header_reference "$TEST_TMP/plain.txt" "LINES STARTING BY ''")" \
  --lines-starting-by ''

# A bad value is named by its line (the 4th: junk lines count as lines) and the byte its prefix starts at; the
# rejects file keeps the row as the file has it, prefix included, without the junk before it.
printf '# header\nxxx1\ta\t1\njunk\nmore junk xxx2\tb\tnot a number\nxxx3\tc\t3\n' >"$TEST_TMP/bad.txt"
for mode in load insert multirow row; do
  sql -e "TRUNCATE \`$DB\`.t"
  run_fastload --mode "$mode" --skip-rows 1 --lines-starting-by xxx "$TEST_TMP/bad.txt" "$DB.t"
  expect_eq "a bad row, --mode $mode: exit code" 8 "$RC"
  expect_match "a bad row, --mode $mode: its line and byte" "bad\.txt:4 \(byte 33\)" "$ERR"
done
sql -e "TRUNCATE \`$DB\`.t"
run_fastload --max-errors 1 --rejects "$TEST_TMP/rejects.txt" --skip-rows 1 --lines-starting-by xxx \
  "$TEST_TMP/bad.txt" "$DB.t"
expect_eq "a bad row left out: exit code ($ERR)" 0 "$RC"
expect_eq "the rows loaded" 2 "$(count "\`$DB\`.t")"
expect_eq "the rejected row, with its prefix" "$(printf 'xxx2\tb\tnot a number')" "$(cat "$TEST_TMP/rejects.txt")"

# --resume: the prefix is part of the load's format in the ledger, as the other dialect options are; a rerun of
# the finished load loads nothing.
sql -e "TRUNCATE \`$DB\`.t"
for run in 1 2; do
  run_fastload --resume --skip-rows 2 --lines-starting-by xxx --chunk-size 100 "$TEST_TMP/tsv.txt" "$DB.t"
  expect_eq "--resume, run $run: exit code ($ERR)" 0 "$RC"
done
expect_match "--resume, run 2: nothing loaded again" "completely by an earlier --resume run .*nothing of them is loaded again" "$ERR"
expect_eq "--resume: the rows" $((rows + 1)) "$(count "\`$DB\`.t")"
expect_eq "--resume: the ledger's format names the prefix" 1 \
  "$(sql -e "SELECT COUNT(DISTINCT load_id) FROM \`$DB\`.fastload_ledger WHERE format LIKE 'tsv --lines-starting-by ''xxx'' --skip-rows 2;%'")"

# Prefixes fastload cannot split exactly are refused before anything is read.
run_fastload --lines-starting-by '\n>' "$TEST_TMP/bad.txt" "$DB.t"
expect_eq "a prefix holding the line terminator: exit code" 2 "$RC"
expect_match "its message" "^fastload: --lines-starting-by .* holds a byte of the line terminator" "$ERR"
run_fastload --lines-starting-by 'x\\' "$TEST_TMP/bad.txt" "$DB.t"
expect_eq "a prefix ending with the escape: exit code" 2 "$RC"
finish
