# Every --mode loads the tricky files and the nodes shape to the same table as
# the server's own LOAD DATA INFILE.
source "$(dirname "$0")/lib.sh"

fresh_db modes
sql modes -e "CREATE TABLE tricky (id int PRIMARY KEY, a varchar(200) CHARACTER SET utf8mb4,
  b text CHARACTER SET utf8mb4, c int NULL) ENGINE=InnoDB;
  $NODES_DDL"

# check TABLE FILE ROWS LABEL ARGS...: loads FILE with ARGS and compares with the server's own load.
check() {
  local table=$1 file=$2 rows=$3 label=$4 expected
  shift 4
  expected=$(reference modes "$table" "$file")
  sql -e "TRUNCATE modes.$table"
  run_fastload --json "$@" "$file" "modes.$table"
  expect_eq "$label: exit code ($ERR)" 0 "$RC"
  expect_eq "$label: checksum" "$expected" "$(checksum "modes.$table")"
  expect_eq "$label: rows" "$rows" "$(count "modes.$table")"
}

"$GEN_TRICKY" 3000 --seed 11 -o "$TEST_TMP/tricky.tsv"
"$GEN_TRICKY" 3000 --seed 12 --no-final-lf -o "$TEST_TMP/tricky-nolf.tsv"
"$GEN_NODES" 50000 --seed 5 -o "$TEST_TMP/nodes.tsv"
for mode in insert multirow row server; do
  threads_sizes="1:64M 2:4K 3:100000"
  [[ $mode == server ]] && threads_sizes="server"
  for ts in $threads_sizes; do
    args=(--mode "$mode")
    [[ $ts != server ]] && args+=(--threads "${ts%%:*}" --chunk-size "${ts##*:}")
    check tricky "$TEST_TMP/tricky.tsv" 3000 "tricky, ${args[*]}" "${args[@]}"
    check tricky "$TEST_TMP/tricky-nolf.tsv" 3000 "tricky without final LF, ${args[*]}" "${args[@]}"
    [[ $mode == row ]] && continue  # 50,000 single-row INSERTs add nothing the tricky rows do not
    check nodes "$TEST_TMP/nodes.tsv" 50000 "nodes, ${args[*]}" "${args[@]}"
  done
done
check nodes "$TEST_TMP/nodes.tsv" 50000 "nodes, insert without array binding" --mode insert --no-array-binding
check tricky "$TEST_TMP/tricky.tsv" 3000 "tricky, insert without array binding, 7-row batches" \
  --mode insert --no-array-binding --batch-rows 7 --chunk-size 16K
check tricky "$TEST_TMP/tricky.tsv" 3000 "tricky, multirow, 5-row statements" --mode multirow --batch-rows 5
expect_match "the summary names array binding" '"method":"prepared INSERT, MariaDB array binding' \
  "$(run_fastload --json --mode insert "$TEST_TMP/tricky.tsv" modes.tricky; echo "$OUT")"

# Like LOAD DATA, every mode ignores one empty field after the last column, and refuses two.
sql modes -e "CREATE TABLE three (id int PRIMARY KEY, d int, s varchar(10)) ENGINE=InnoDB"
printf '1\t2\tz\t\n2\t3\ty\t' >"$TEST_TMP/trailing-tab.tsv"
printf '1\t2\tz\t\t\n' >"$TEST_TMP/two-trailing-tabs.tsv"
for mode in load insert multirow row server; do
  sql -e "TRUNCATE modes.three"
  run_fastload --mode "$mode" "$TEST_TMP/trailing-tab.tsv" modes.three
  expect_eq "one trailing empty field, --mode $mode ($ERR)" "0 2" "$RC $(count modes.three)"
  run_fastload --mode "$mode" "$TEST_TMP/two-trailing-tabs.tsv" modes.three
  expect_eq "two trailing empty fields, --mode $mode" 8 "$RC"
done

# Options that mean nothing in a mode are refused.
run_fastload --mode server --threads 4 "$TEST_TMP/nodes.tsv" modes.nodes
expect_eq "server mode with --threads" 2 "$RC"
run_fastload --mode load --batch-rows 10 "$TEST_TMP/nodes.tsv" modes.nodes
expect_eq "load mode with --batch-rows" 2 "$RC"
run_fastload --mode fast "$TEST_TMP/nodes.tsv" modes.nodes
expect_eq "unknown mode" 2 "$RC"
expect_match "unknown mode message" "^fastload: .*--mode" "$ERR"
finish
