# --on-duplicate: ignore and replace leave, in every mode, across chunks and
# threads, the table the server's own LOAD DATA INFILE ... IGNORE / REPLACE
# leaves; error (the default) still refuses a duplicate; a bad value is still
# refused with its line under every policy.
source "$(dirname "$0")/lib.sh"

fresh_db dup
sql dup -e "CREATE TABLE t (id int PRIMARY KEY, d decimal(5,2), s varchar(10)) ENGINE=InnoDB;
  CREATE TABLE ref LIKE t"

# starting_rows TABLE: ids 100-199 with values the file does not have.
starting_rows() {
  sql dup -e "TRUNCATE $1; INSERT INTO $1 WITH RECURSIVE n(i) AS (SELECT 100 UNION ALL SELECT i + 1 FROM n
    WHERE i < 199) SELECT i, 1, 'old' FROM n"
}

# make_file FILE AGAIN: ids 1-2500 in order (so 100-199 duplicate the starting rows); after every fifth
# row from id 600 on, id-500 again, about 7K earlier (another chunk at 2K): the same row when AGAIN is
# "same", else with other values.
make_file() {
  awk -v again="$2" 'BEGIN {
    for (i = 1; i <= 2500; i++) {
      printf "%d\t%d.25\tr%d\n", i, i % 900, i
      if (i >= 600 && i % 5 == 0) {
        j = i - 500
        if (again == "same") printf "%d\t%d.25\tr%d\n", j, j % 900, j
        else printf "%d\t%d.50\tagain%d\n", j, j % 900, i
      }
    }
  }' >"$1"
}
make_file "$TEST_TMP/same.tsv" same
make_file "$TEST_TMP/again.tsv" other

# expected POLICY FILE: the checksum after the server's own LOAD DATA INFILE ... POLICY of FILE into
# the starting rows, and the rows it skipped (ignore) or replaced (replace: a row replaced by the same
# values may not count) as its affected rows tell.
expected() {
  local affected rows
  starting_rows ref
  affected=$(sql -e "LOAD DATA INFILE '$2' ${1^^} INTO TABLE dup.ref CHARACTER SET utf8mb4; SELECT ROW_COUNT()")
  rows=$(wc -l <"$2")
  echo "$(checksum dup.ref) $([[ $1 == ignore ]] && echo $((rows - affected)) || echo $((affected - rows)))"
}

# check LABEL POLICY FILE ARGS...: fastload --on-duplicate POLICY ARGS FILE into the starting rows gives
# the server's table.
check() {
  local label=$1 policy=$2 file=$3 want counted
  shift 3
  read -r want counted <<<"$(expected "$policy" "$file")"
  starting_rows t
  run_fastload --json --on-duplicate "$policy" "$@" "$file" dup.t
  expect_eq "$label: exit code ($ERR)" 0 "$RC"
  expect_eq "$label: checksum" "$want" "$(checksum dup.t)"
  local field=duplicates_skipped
  [[ $policy == replace ]] && field=rows_replaced
  expect_match "$label: summary" "\"$field\":$counted," "$OUT"
}

modes=("load" "insert" "insert --no-array-binding" "multirow" "row" "server")
for mode in "${modes[@]}"; do
  read -ra args <<<"--mode $mode"
  parallel=(--threads 2 --chunk-size 2K) serial=(--threads 1 --chunk-size 2K)
  [[ $mode == server ]] && parallel=() serial=()
  for policy in ignore replace; do
    # The first row of a key stays under ignore and the last one under replace, as with LOAD DATA, on one
    # thread and across chunks loaded in parallel alike (tests/integration/duplicate_winners.sh tries more).
    check "$mode, $policy, threads 2" "$policy" "$TEST_TMP/same.tsv" "${args[@]}" "${parallel[@]}"
    check "$mode, $policy, other values, threads 1" "$policy" "$TEST_TMP/again.tsv" "${args[@]}" "${serial[@]}"
    check "$mode, $policy, other values, threads 2" "$policy" "$TEST_TMP/again.tsv" "${args[@]}" "${parallel[@]}"
  done

  # error, the default: the first duplicate refuses its chunk.
  for policy in "" error; do
    starting_rows t
    run_fastload ${policy:+--on-duplicate $policy} "${args[@]}" "${parallel[@]}" "$TEST_TMP/same.tsv" dup.t
    expect_eq "$mode, on-duplicate '$policy': exit code" 8 "$RC"
    expect_match "$mode, on-duplicate '$policy': names the duplicate" "same\\.tsv:[0-9]+ .*Duplicate entry" "$ERR"
  done

  # A bad value is refused with its line whatever the policy; under ignore, the chunk's duplicates are
  # not reported as problems.
  awk 'NR == 1234 { print "9999\tabc\tbad"; next } { print }' "$TEST_TMP/same.tsv" >"$TEST_TMP/bad.tsv"
  byte=$(head -n 1233 "$TEST_TMP/bad.tsv" | wc -c)
  for policy in ignore replace; do
    starting_rows t
    run_fastload --on-duplicate "$policy" "${args[@]}" "${parallel[@]}" "$TEST_TMP/bad.tsv" dup.t
    expect_eq "$mode, $policy, bad decimal: exit code" 8 "$RC"
    expect_match "$mode, $policy, bad decimal: names line and byte" "bad\\.tsv:1234 \\(byte $byte\\): Incorrect decimal" "$ERR"
    if [[ $policy == ignore && $ERR == *"Duplicate entry"* ]]; then fail "$mode, ignore: duplicates reported: $ERR"
    else pass; fi
  done
done

# More duplicates in one chunk than the server keeps warnings of (max_error_count, at most 65535): --mode
# load cuts its statements so each skipped row is still matched with its duplicate-key warning; --mode
# server, one statement for the whole file, refuses what it cannot check.
seq 1 70000 | awk '{ printf "%d\t1.25\tr%d\n", $1, $1 }' >"$TEST_TMP/many.tsv"
sql -e "TRUNCATE dup.t; LOAD DATA INFILE '$TEST_TMP/many.tsv' INTO TABLE dup.t"
want=$(checksum dup.t)
run_fastload --on-duplicate ignore --mode load --threads 1 --chunk-size 64M "$TEST_TMP/many.tsv" dup.t
expect_eq "70000 duplicates in one chunk, load: exit code ($ERR)" 0 "$RC"
expect_eq "70000 duplicates in one chunk, load: table unchanged" "$want" "$(checksum dup.t)"
run_fastload --on-duplicate ignore --mode server "$TEST_TMP/many.tsv" dup.t
expect_eq "70000 duplicates, server: exit code" 8 "$RC"
expect_match "70000 duplicates, server: says why" "cannot show that every skipped row had a duplicate key" "$ERR"
finish
