# --max-rate: one limit for all workers together. A load of N bytes at RATE bytes a second takes at
# least about N / RATE (three threads do not get three times the rate), in every mode, and still
# loads the server's own table. The upper bound is generous: it only catches a gross over-throttle
# (the INSERT modes send more bytes than the file holds, so they take longer).
source "$(dirname "$0")/lib.sh"

db=max_rate
nodes_db $db 30000 8
size=$(stat -c %s "$TEST_TMP/nodes.tsv")
rate=1048576  # 1M
least=$(awk -v n="$size" -v r="$rate" 'BEGIN { printf "%.2f", 0.8 * n / r }')
most=$(awk -v n="$size" -v r="$rate" 'BEGIN { printf "%.2f", 4 * n / r + 10 }')

for mode in load insert multirow; do
  sql $db -e "TRUNCATE nodes"
  start=$(date +%s.%N)
  run_fastload --max-rate 1M --mode $mode --threads 3 --chunk-size 256K "$TEST_TMP/nodes.tsv" $db.nodes
  took=$(awk -v a="$start" -v b="$(date +%s.%N)" 'BEGIN { printf "%.2f", b - a }')
  echo "--mode $mode: $size bytes at $rate bytes/s took $took s (at least $least, at most $most)"
  expect_eq "--mode $mode: exit code ($ERR)" 0 "$RC"
  expect_eq "--mode $mode: checksum" "$expected" "$(checksum $db.nodes)"
  awk -v t="$took" -v l="$least" 'BEGIN { exit !(t >= l) }' && pass ||
    fail "--mode $mode: took $took s, less than $least s: the rate was not kept"
  awk -v t="$took" -v m="$most" 'BEGIN { exit !(t <= m) }' && pass ||
    fail "--mode $mode: took $took s, more than $most s"
done

# Options that mean nothing are refused.
run_fastload --max-rate 1M --mode server --threads 1 "$TEST_TMP/nodes.tsv" $db.nodes
expect_eq "--mode server: refused" 2 "$RC"
expect_match "--mode server: why" "^fastload: --max-rate: --mode server sends no rows" "$ERR"
run_fastload --max-rate 0 "$TEST_TMP/nodes.tsv" $db.nodes
expect_eq "--max-rate 0: refused" 2 "$RC"

finish
