# The nodes shape of the reference experiment loads to the same table as the
# server's own LOAD DATA INFILE.
source "$(dirname "$0")/lib.sh"

file=$TEST_TMP/nodes.tsv
nodes_db nodes 200000 7
for run in "2 64M" "2 1M" "8 256K" "3 100000"; do
  read -r threads size <<<"$run"
  sql -e "TRUNCATE nodes.nodes"
  run_fastload --threads "$threads" --chunk-size "$size" --json "$file" nodes.nodes
  expect_eq "exit code ($threads threads, chunk $size): $ERR" 0 "$RC"
  expect_eq "checksum ($threads threads, chunk $size)" "$expected" "$(checksum nodes.nodes)"
  expect_match "json" '"status":"ok".*"rows":200000,.*"durable":true' "$OUT"
done
finish
