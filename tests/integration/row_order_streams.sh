# Row order of streams: a compressed file or a pipe is judged by its first chunk; out of the table's key
# order, its content is written to an unnamed file in --tmpdir, mapped, and sorted as a file is, to the table
# the server's own LOAD DATA INFILE of the same rows makes. In key order, it streams as before. Rejected rows
# keep their lines and bytes in the stream's content; a killed sorted load of a compressed file resumes
# exactly; a pipe still cannot resume; --tmpdir never holds a name.
source "$(dirname "$0")/lib.sh"

db=roworderstreams
fresh_db $db
sql $db -e "$NODES_DDL"
# A shuffle that leaves no long sorted run at the start (a stream is judged by its first chunk).
shuffle() { awk -v seed="$2" 'BEGIN { srand(seed) } { printf "%.9f\t%s\n", rand(), $0 }' "$1" | sort -k1,1 | cut -f2-; }

"$GEN_NODES" 40000 --seed 13 -o "$TEST_TMP/inorder.tsv"
shuffle "$TEST_TMP/inorder.tsv" 1 >"$TEST_TMP/shuffled.tsv"
expected=$(reference $db nodes "$TEST_TMP/shuffled.tsv")
gzip -1 -c "$TEST_TMP/shuffled.tsv" >"$TEST_TMP/shuffled.tsv.gz"
zstd -q -1 -c "$TEST_TMP/shuffled.tsv" >"$TEST_TMP/shuffled.tsv.zst"
gzip -1 -c "$TEST_TMP/inorder.tsv" >"$TEST_TMP/inorder.tsv.gz"
mkdir -p "$TEST_TMP/sorttmp"

# sorted_json: the first file's "sorted" in the --json summary in OUT.
sorted_json() { grep -o '"row_order":\[{"file":"[^"]*","sorted":[a-z]*' <<<"$OUT" | grep -o '[a-z]*$'; }

for file in shuffled.tsv.gz shuffled.tsv.zst; do
  for mode in load insert; do
    check_load "$file, --mode $mode" $db.nodes 40000 "$expected" --json --mode $mode --threads 2 --chunk-size 64K \
      --tmpdir "$TEST_TMP/sorttmp" "$TEST_TMP/$file"
    expect_eq "$file, --mode $mode: sorted" true "$(sorted_json)"
    expect_match "$file, --mode $mode: its content spooled" "\"spooled_bytes\":$(wc -c <"$TEST_TMP/shuffled.tsv")," "$OUT"
  done
done
expect_match "the summary says the stream was written to --tmpdir" \
  "sorted by PRIMARY \(id\): [0-9]+ of 40000 rows .*a stream: its 3\.[0-9] MB were written to --tmpdir first" "$ERR"
expect_eq "after the loads: --tmpdir left empty" "" "$(ls -A "$TEST_TMP/sorttmp")"

check_load "a pipe, out of order" $db.nodes 40000 "$expected" --json --threads 2 --chunk-size 64K - \
  <"$TEST_TMP/shuffled.tsv"
expect_eq "a pipe, out of order: sorted" true "$(sorted_json)"
expect_match "a pipe: named standard input" '"row_order":\[\{"file":"standard input"' "$OUT"
check_load "a pipe of gzip data" $db.nodes 40000 "$expected" --json --threads 1 - <"$TEST_TMP/shuffled.tsv.gz"
expect_eq "a pipe of gzip data: sorted" true "$(sorted_json)"

# Two files in one run, a plain one and a compressed one, each sorted within what the other leaves of
# --sort-memory (16M: the first one's order stays for the load).
head -20000 "$TEST_TMP/shuffled.tsv" >"$TEST_TMP/first-half.tsv"
tail -n +20001 "$TEST_TMP/shuffled.tsv" | gzip -1 >"$TEST_TMP/second-half.tsv.gz"
check_load "a plain and a gzip file, both out of order" $db.nodes 40000 "$expected" --json --sort-memory 16M \
  --threads 2 --chunk-size 32K "$TEST_TMP/first-half.tsv" "$TEST_TMP/second-half.tsv.gz"
expect_eq "two files: both sorted" 2 "$(grep -o '"sorted":true' <<<"$OUT" | wc -l)"

check_load "gzip in key order" $db.nodes 40000 "$expected" --json -v --chunk-size 64K "$TEST_TMP/inorder.tsv.gz"
expect_eq "gzip in key order: not sorted" false "$(sorted_json)"
expect_match "gzip in key order: --verbose says why" "not sorted by PRIMARY \(id\): its first chunk is in key order" \
  "$ERR"
expect_match "gzip in key order: nothing spooled" '"spooled_bytes":0,' "$OUT"
check_load "gzip, --no-sort" $db.nodes 40000 "$expected" --json --no-sort "$TEST_TMP/shuffled.tsv.gz"
expect_eq "gzip, --no-sort: not sorted" false "$(sorted_json)"

run_fastload --tmpdir "$TEST_TMP/missing" "$TEST_TMP/shuffled.tsv.gz" $db.nodes
expect_eq "a missing --tmpdir for an unsorted stream: exit 13" 13 "$RC"
expect_match "a missing --tmpdir: the message says what to do" "fastload: cannot create a temporary file in .*--tmpdir" \
  "$ERR"
run_fastload --dry-run -v "$TEST_TMP/shuffled.tsv.gz" $db.nodes
expect_eq "--dry-run of an unsorted stream: exit code ($ERR)" 0 "$RC"
expect_match "--dry-run: what the load would do" "its first chunk is out of key order: the load would sort it" "$ERR"

# A rejected row is named by its line and byte in the stream's content.
awk -v OFS='\t' -F'\t' 'NR == 7777 { $2 = "north" } { print }' "$TEST_TMP/shuffled.tsv" >"$TEST_TMP/bad.tsv"
gzip -1 -c "$TEST_TMP/bad.tsv" >"$TEST_TMP/bad.tsv.gz"
byte=$(head -7776 "$TEST_TMP/bad.tsv" | wc -c)
rm -f "$TEST_TMP/rejects.tsv" "$TEST_TMP/rejects.tsv.reasons"
sql -e "TRUNCATE $db.nodes"
run_fastload --threads 2 --chunk-size 64K --max-errors 1 --rejects "$TEST_TMP/rejects.tsv" "$TEST_TMP/bad.tsv.gz" \
  $db.nodes
expect_eq "one bad row in gzip data: exit code ($ERR)" 0 "$RC"
expect_match "the bad row's line and byte" "rejected .*bad.tsv.gz:7777 \(byte $byte\)" "$ERR"
expect_eq "rejects file: the row" "$(sed -n 7777p "$TEST_TMP/bad.tsv")" "$(cat "$TEST_TMP/rejects.tsv")"
expect_eq "the other rows loaded" 39999 "$(count $db.nodes)"

# A sorted load of gzip data killed after a COMMIT resumes exactly; a pipe cannot resume.
ledger=$db.fastload_ledger
clear_load $db.nodes $ledger
killed_after 3 --resume --threads 2 --chunk-size 64K "$TEST_TMP/shuffled.tsv.gz" $db.nodes
expect_eq "killed after chunk 3's COMMIT" 137 "$KILLED"
run_fastload --resume --json --threads 2 --chunk-size 64K "$TEST_TMP/shuffled.tsv.gz" $db.nodes
expect_eq "resumed: exit code ($ERR)" 0 "$RC"
check_exact "resumed sorted load of gzip data" $db.nodes "$expected" 40000
expect_match "resumed: chunks loaded before" '"chunks_loaded_before":[1-9]' "$OUT"
run_fastload --resume - $db.nodes <"$TEST_TMP/shuffled.tsv"
expect_eq "--resume of a pipe: refused" 12 "$RC"
expect_match "--resume of a pipe: says why" "standard input: --resume needs a file" "$ERR"

finish
