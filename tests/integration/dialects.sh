# Files in other dialects (CSV with quoted separators, doubled quotes, LFs and
# CR LFs inside quotes, empty fields, NULLs and a header line; TSV with CR LF
# line ends; a two-byte field terminator; enclosures with backslash escapes)
# load in every mode, thread count and chunk size to the same table as the
# server's own LOAD DATA INFILE with the same clauses and IGNORE 1 LINES.
source "$(dirname "$0")/lib.sh"

fresh_db dialects
sql dialects -e "CREATE TABLE t (id int PRIMARY KEY, a varchar(200) CHARACTER SET utf8mb4,
  b text CHARACTER SET utf8mb4, c int NULL) ENGINE=InnoDB"

# Each dialect: a name, fastload's options, and the clauses written out by hand for the server.
names=(csv csv-crlf tsv-crlf pipes enclosed-escaped)
options=("--csv" "--csv --lines-terminated-by=\\r\\n" "--lines-terminated-by=\\r\\n" "--fields-terminated-by=||"
         "--fields-terminated-by=, --fields-enclosed-by=\"")
clauses=("FIELDS TERMINATED BY ',' OPTIONALLY ENCLOSED BY '\"' ESCAPED BY '' LINES TERMINATED BY '\\n'"
         "FIELDS TERMINATED BY ',' OPTIONALLY ENCLOSED BY '\"' ESCAPED BY '' LINES TERMINATED BY '\\r\\n'"
         "FIELDS TERMINATED BY '\\t' ESCAPED BY '\\\\' LINES TERMINATED BY '\\r\\n'"
         "FIELDS TERMINATED BY '||' ESCAPED BY '\\\\' LINES TERMINATED BY '\\n'"
         "FIELDS TERMINATED BY ',' ENCLOSED BY '\"' ESCAPED BY '\\\\' LINES TERMINATED BY '\\n'")

# header_reference FILE CLAUSE: the server's own load of FILE, after its header line; prints the checksum.
header_reference() { reference dialects t "$1" "$2 IGNORE 1 LINES"; }

# check LABEL FILE ROWS EXPECTED ARGS...: loads FILE (header skipped) and compares with the reference.
check() { check_load "$1" dialects.t "$3" "$4" --json --skip-rows 1 "${@:5}" "$2"; }

for k in "${!names[@]}"; do
  read -r -a dialect <<<"${options[$k]}"
  small=$TEST_TMP/${names[$k]}.txt big=$TEST_TMP/${names[$k]}-big.txt
  "$GEN_DIALECT" 300 --seed "$k" --header --no-final-lf "${dialect[@]}" -o "$small"
  "$GEN_DIALECT" 20000 --seed "$k" --header "${dialect[@]}" -o "$big"
  expected_big=$(header_reference "$big" "${clauses[$k]}")
  expected=$(header_reference "$small" "${clauses[$k]}")
  expect_eq "${names[$k]}: the reference loads every row" 300 "$(count dialects.t)"
  for mode in load insert multirow; do
    for threads in 1 2 3 8; do
      for size in 7 1K default; do
        args=(--mode "$mode" --threads "$threads" "${dialect[@]}")
        [[ $size != default ]] && args+=(--chunk-size "$size")
        check "${names[$k]}, ${args[*]}" "$small" 300 "$expected" "${args[@]}"
      done
    done
    check "${names[$k]}, 20000 rows, --mode $mode" "$big" 20000 "$expected_big" --mode "$mode" --threads 3 \
      --chunk-size 64K "${dialect[@]}"
  done
  check "${names[$k]}, --mode server" "$small" 300 "$expected" --mode server "${dialect[@]}"
  check "${names[$k]}, 20000 rows, --mode server" "$big" 20000 "$expected_big" --mode server "${dialect[@]}"
done

# A header line holding a quoted line end: skipped as IGNORE 1 LINES skips it, up to its first LF.
printf '"id\nx",a,b,c\n1,"a,b",,7\n' >"$TEST_TMP/header.csv"
sql -e "TRUNCATE dialects.t"
run_fastload --csv --skip-rows 1 "$TEST_TMP/header.csv" dialects.t
expect_eq "a quoted LF in the header: refused like the server's row 1 (x\",a,b,c)" 8 "$RC"
expect_match "the refusal names line 2" "header.csv:2 " "$ERR"

# Impossible dialects are refused before anything is read, saying what to do.
run_fastload --fields-terminated-by '' "$small" dialects.t
expect_eq "an empty field terminator" 2 "$RC"
expect_match "its message" "^fastload: .*fixed-width" "$ERR"
run_fastload --csv --fields-terminated-by '\n' "$small" dialects.t
expect_eq "a field terminator that is the line terminator" 2 "$RC"
finish
