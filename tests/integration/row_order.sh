# Row order: a file out of the table's key order loads, sorted by the key, to the table the server's own
# LOAD DATA INFILE of the same file makes, in every mode that sends rows, in memory and spilled to --tmpdir:
# shuffled nodes, UUID keys in a case-insensitive collation, a composite key whose fields come in another
# order, duplicates under each --on-duplicate (file order kept for equal keys), AUTO_INCREMENT. Rejected
# rows are named by their lines in the file; a killed sorted load resumes exactly; temp files never have a name.
source "$(dirname "$0")/lib.sh"

db=roworder
fresh_db $db
sql $db -e "$NODES_DDL"
shuffle() { shuf --random-source=<(yes "$2") "$1"; }

"$GEN_NODES" 40000 --seed 3 -o "$TEST_TMP/inorder.tsv"
shuffle "$TEST_TMP/inorder.tsv" 1 >"$TEST_TMP/shuffled.tsv"
expected=$(reference $db nodes "$TEST_TMP/shuffled.tsv")

# sorted_json: the first file's "sorted" in the --json summary in OUT.
sorted_json() { grep -o '"row_order":\[{"file":"[^"]*","sorted":[a-z]*' <<<"$OUT" | grep -o '[a-z]*$'; }

for mode in load insert multirow; do
  for layout in "--threads 2 --chunk-size 64K" "--threads 1"; do
    # shellcheck disable=SC2086
    check_load "shuffled nodes, --mode $mode $layout" $db.nodes 40000 "$expected" --json --mode $mode $layout \
      "$TEST_TMP/shuffled.tsv"
    expect_eq "shuffled nodes, --mode $mode $layout: sorted" true "$(sorted_json)"
  done
done
expect_match "the summary says what the sort did" "sorted by PRIMARY \(id\): [0-9]+ of 40000 rows were out of key order" "$ERR"
check_load "shuffled nodes, --no-sort" $db.nodes 40000 "$expected" --json --no-sort "$TEST_TMP/shuffled.tsv"
expect_eq "--no-sort: not sorted" false "$(sorted_json)"
check_load "nodes in key order" $db.nodes 40000 "$expected" --json -v "$TEST_TMP/inorder.tsv"
expect_eq "in key order: not sorted" false "$(sorted_json)"
expect_match "--verbose says why not" "not sorted by PRIMARY \(id\): in key order" "$ERR"

# Spilled: records beyond --sort-memory go to unnamed files in --tmpdir, which stays empty.
"$GEN_NODES" 300000 --seed 4 -o "$TEST_TMP/big.tsv"
shuffle "$TEST_TMP/big.tsv" 2 >"$TEST_TMP/big-shuffled.tsv"
big_expected=$(reference $db nodes "$TEST_TMP/big-shuffled.tsv")
mkdir -p "$TEST_TMP/sorttmp"
check_load "spilled sort" $db.nodes 300000 "$big_expected" --json --sort-memory 16M --tmpdir "$TEST_TMP/sorttmp" \
  --threads 2 "$TEST_TMP/big-shuffled.tsv"
expect_match "spilled sort: spilled bytes" '"spilled_bytes":[1-9]' "$OUT"
expect_eq "spilled sort: --tmpdir left empty" "" "$(ls -A "$TEST_TMP/sorttmp")"
run_fastload --sort-memory 16M --tmpdir "$TEST_TMP/missing" "$TEST_TMP/big-shuffled.tsv" $db.nodes
expect_eq "a missing --tmpdir when the sort spills: exit 13" 13 "$RC"
expect_match "a missing --tmpdir: the message names --tmpdir" "fastload: cannot create a temporary file in .*--tmpdir" "$ERR"

# UUID keys in a case-insensitive collation, in upper and lower case.
sql $db -e "CREATE TABLE uuids (id char(36) COLLATE utf8mb4_general_ci PRIMARY KEY, n int)"
awk 'BEGIN { srand(5); for (i = 0; i < 20000; i++) { u = ""
       for (j = 0; j < 32; j++) { u = u sprintf("%x", int(rand() * 16)); if (j == 7 || j == 11 || j == 15 || j == 19) u = u "-" }
       if (i % 2) u = toupper(u); printf "%s\t%d\n", u, i } }' >"$TEST_TMP/uuids.tsv"
uuid_expected=$(reference $db uuids "$TEST_TMP/uuids.tsv")
for mode in load insert; do
  check_load "UUID keys, --mode $mode" $db.uuids 20000 "$uuid_expected" --json --mode $mode --threads 2 \
    --chunk-size 32K "$TEST_TMP/uuids.tsv"
  expect_eq "UUID keys, --mode $mode: sorted" true "$(sorted_json)"
done

# A composite key (binary text, then an integer) whose fields come last and first in the file.
sql $db -e "CREATE TABLE pairs (k int, v varchar(10), name varchar(20) COLLATE utf8mb4_bin, PRIMARY KEY (name, k))"
awk 'BEGIN { srand(6); for (i = 0; i < 20000; i++) printf "%d\tv%d\t%s\n", i % 97, i, substr("aAbBcC", 1 + int(rand() * 6), 1 + int(rand() * 3)) i }' \
  >"$TEST_TMP/pairs.tsv"
pairs_expected=$(reference $db pairs "$TEST_TMP/pairs.tsv")
check_load "composite key" $db.pairs 20000 "$pairs_expected" --json --threads 2 --chunk-size 16K "$TEST_TMP/pairs.tsv"
expect_eq "composite key: sorted" true "$(sorted_json)"
expect_match "composite key: by both columns" '"key":"PRIMARY \(name, k\)"' "$OUT"

# Duplicate keys differing in case and trailing spaces: equal keys keep their file order, so ignore keeps
# the first in the file and replace the last, as one LOAD DATA does.
sql $db -e "CREATE TABLE names (name varchar(20) COLLATE utf8mb4_general_ci PRIMARY KEY, n int)"
awk 'BEGIN { srand(7); for (i = 0; i < 12000; i++) { s = sprintf("name%d", int(rand() * 3000))
       if (rand() < 0.5) s = toupper(s); if (rand() < 0.3) s = s " "; printf "%s\t%d\n", s, i } }' >"$TEST_TMP/names.tsv"
for policy in ignore replace; do
  keyword=$(tr a-z A-Z <<<"$policy")
  sql $db -e "TRUNCATE names; LOAD DATA INFILE '$TEST_TMP/names.tsv' $keyword INTO TABLE names CHARACTER SET utf8mb4"
  names_expected=$(checksum $db.names)
  names_rows=$(count $db.names)
  for mode in load insert; do
    check_load "duplicates, --on-duplicate $policy, --mode $mode" $db.names "$names_rows" "$names_expected" --json \
      --on-duplicate $policy --mode $mode --threads 2 --chunk-size 4K "$TEST_TMP/names.tsv"
    expect_eq "duplicates, $policy, $mode: sorted" true "$(sorted_json)"
  done
done
sql $db -e "TRUNCATE names"
run_fastload --threads 2 --chunk-size 4K "$TEST_TMP/names.tsv" $db.names
expect_eq "duplicates under --on-duplicate error: refused" 8 "$RC"

# AUTO_INCREMENT: ids the file gives are sorted by; ids fastload numbers keep the file's order.
sql $db -e "CREATE TABLE auto (id int AUTO_INCREMENT PRIMARY KEY, v varchar(10), w int)"
awk 'BEGIN { srand(8); for (i = 0; i < 5000; i++) printf "%d\tv%d\t%d\n", 1 + (i * 7919) % 5000, i, int(rand() * 100) }' \
  >"$TEST_TMP/auto.tsv"
auto_expected=$(reference $db auto "$TEST_TMP/auto.tsv")
check_load "AUTO_INCREMENT ids in the file" $db.auto 5000 "$auto_expected" --json --threads 2 --chunk-size 8K \
  "$TEST_TMP/auto.tsv"
expect_eq "AUTO_INCREMENT ids in the file: sorted" true "$(sorted_json)"
cut -f2,3 "$TEST_TMP/auto.tsv" >"$TEST_TMP/auto-noid.tsv"
sql $db -e "TRUNCATE auto; LOAD DATA INFILE '$TEST_TMP/auto-noid.tsv' INTO TABLE auto (v, w)"
noid_expected=$(checksum $db.auto)
check_load "AUTO_INCREMENT ids numbered" $db.auto 5000 "$noid_expected" --json -v --columns v,w --threads 2 \
  --chunk-size 8K "$TEST_TMP/auto-noid.tsv"
expect_match "numbered ids: not sorted, and why" "not sorted: AUTO_INCREMENT ids are numbered in file order" "$ERR"

# A rejected row is named by its line and byte in the file, in the rejects file too.
awk -v OFS='\t' -F'\t' 'NR == 7777 { $2 = "north" } { print }' "$TEST_TMP/shuffled.tsv" >"$TEST_TMP/bad.tsv"
byte=$(head -7776 "$TEST_TMP/bad.tsv" | wc -c)
rm -f "$TEST_TMP/rejects.tsv" "$TEST_TMP/rejects.tsv.reasons"
sql -e "TRUNCATE $db.nodes"
run_fastload --threads 2 --chunk-size 64K --max-errors 1 --rejects "$TEST_TMP/rejects.tsv" "$TEST_TMP/bad.tsv" $db.nodes
expect_eq "one bad row: exit code ($ERR)" 0 "$RC"
expect_match "the bad row's line and byte" "rejected .*bad.tsv:7777 \(byte $byte\)" "$ERR"
expect_eq "rejects file: the row" "$(sed -n 7777p "$TEST_TMP/bad.tsv")" "$(cat "$TEST_TMP/rejects.tsv")"
expect_match "reasons: line and byte" "^[^	]*bad.tsv	7777	$byte	" "$(cat "$TEST_TMP/rejects.tsv.reasons")"

# A sorted load killed after a COMMIT resumes exactly; --no-sort cannot resume it.
ledger=$db.fastload_ledger
clear_load $db.nodes $ledger
killed_after 3 --resume --threads 2 --chunk-size 64K "$TEST_TMP/shuffled.tsv" $db.nodes
expect_eq "killed after chunk 3's COMMIT" 137 "$KILLED"
run_fastload --resume --no-sort --threads 2 --chunk-size 64K "$TEST_TMP/shuffled.tsv" $db.nodes
expect_eq "resumed with --no-sort: refused" 12 "$RC"
run_fastload --resume --json --threads 2 --chunk-size 64K "$TEST_TMP/shuffled.tsv" $db.nodes
expect_eq "resumed: exit code ($ERR)" 0 "$RC"
check_exact "resumed sorted load" $db.nodes "$expected" 40000
expect_match "resumed: chunks loaded before" '"chunks_loaded_before":[1-9]' "$OUT"

# While a spilling sort's load runs, and after it is killed, --tmpdir holds no name.
clear_load $db.nodes $ledger
rm -f "$TEST_TMP/gate" "$TEST_TMP/gate.paused"
FASTLOAD_FAULT=before-send:2:pause=$TEST_TMP/gate start_fastload --sort-memory 16M --tmpdir "$TEST_TMP/sorttmp" \
  "$TEST_TMP/big-shuffled.tsv" $db.nodes
for _ in $(seq 300); do [[ -e $TEST_TMP/gate.paused ]] && break; sleep 0.1; done
expect_eq "paused mid-load: --tmpdir holds no name" "" "$(ls -A "$TEST_TMP/sorttmp")"
expect_match "paused mid-load: the spill file is open, unnamed" "sorttmp/#[0-9]+ \(deleted\)|sorttmp/fastload-" \
  "$(ls -l /proc/"$PID"/fd 2>/dev/null)"
kill -9 "$PID"
wait "$PID" 2>/dev/null || true
expect_eq "killed: --tmpdir holds no name" "" "$(ls -A "$TEST_TMP/sorttmp")"

finish
