# A 3-node Galera cluster on loopback (scripts/galera.sh) whose node2 applies the loaded table slowly:
# - a load into node1 of small chunks, which at full speed (2 clients' LOAD DATA of the same pieces) makes node2
#   ask for flow control, holds itself back instead: node2 never asks, the summary says why the load waited,
#   and every node's table equals the source after;
# - --max-lag 2 watches the other nodes: the lag a watcher of the test's own samples stays within the limit plus
#   one chunk's apply time;
# - wsrep_max_ws_rows and wsrep_max_ws_size: chunks cut to fit (a file and a pipe), where one LOAD DATA of the
#   file is refused by the cluster; a --chunk-size that cannot fit is refused before anything is loaded.
source "$(dirname "$0")/lib.sh"

galera_cluster 3
SOCKET=$TEST_TMP/node1/mysql.sock
on node1 -e "CREATE DATABASE g CHARACTER SET utf8mb4"
on node1 g -e "$NODES_DDL"
"$GEN_NODES" 60000 --seed 31 -o "$TEST_TMP/nodes.tsv"
on node1 -e "CREATE TABLE g.source LIKE g.nodes; LOAD DATA LOCAL INFILE '$TEST_TMP/nodes.tsv'
  INTO TABLE g.source" --local-infile
source_sum=$(digest_table g.source on node1)
galera slow node2 g nodes 100

# every_node_equal WHAT: after node2 and node3 have applied everything, each node's g.nodes is the file's.
every_node_equal() {
  local name
  for name in node2 node3; do
    for _ in $(seq 600); do [[ $(on $name -e "SELECT COUNT(*) FROM g.nodes") == 60000 ]] && break; sleep 0.1; done
  done
  for name in node1 node2 node3; do
    expect_eq "$1: $name's table is the file's" "$source_sum" "$(digest_table g.nodes on $name)"
  done
}
flow_control_asked() { on node2 -e "SHOW STATUS LIKE 'wsrep_flow_control_sent'" | cut -f2; }
empty_nodes() {
  on node1 -e "TRUNCATE g.nodes"
  for _ in $(seq 100); do [[ $(on node2 -e "SELECT COUNT(*) FROM g.nodes") == 0 ]] && break; sleep 0.1; done
  on node2 -e "FLUSH STATUS"
}

# At full speed: 64K pieces loaded by 2 clients at once make node2's queue pass flow control's limit (28).
split -C 64K "$TEST_TMP/nodes.tsv" "$TEST_TMP/piece."
empty_nodes
ls "$TEST_TMP"/piece.* | xargs -P 2 -I{} mariadb --no-defaults -uroot -S "$SOCKET" --local-infile \
  -e "LOAD DATA LOCAL INFILE '{}' INTO TABLE g.nodes"
expect_match "full speed: node2 asked for flow control" "^[1-9][0-9]*$" "$(flow_control_asked)"
every_node_equal "full speed"

empty_nodes
run_fastload --threads 2 --chunk-size 64K --json "$TEST_TMP/nodes.tsv" g.nodes
expect_eq "flow: exit code ($ERR)" 0 "$RC"
expect_match "flow: the load waited for node2's queue" \
  "throttled: paused [0-9.]+ s \(first: Galera .*write-sets to apply.* \(flow control at 28\)\)" \
  "$ERR"
expect_eq "flow: node2 never asked for flow control" 0 "$(flow_control_asked)"
expect_match "flow: node2's queue stayed under the limit" "^([0-9]|1[0-9]|2[0-7])$" \
  "$(on node2 -e "SHOW STATUS LIKE 'wsrep_local_recv_queue_max'" | cut -f2)"
every_node_equal "flow"

# --max-lag 2: the lag as the test's own watcher sees it, against the limit plus one chunk's apply time.
empty_nodes
head -c 65536 "$TEST_TMP/nodes.tsv" | sed '$d' >"$TEST_TMP/one-chunk.tsv"
chunk_apply=$(apply_seconds node1 node2 g.nodes "$TEST_TMP/one-chunk.tsv")
empty_nodes
lag_sampler_start node1 node2 g
run_fastload --threads 2 --chunk-size 64K --max-lag 2 --json "$TEST_TMP/nodes.tsv" g.nodes
sampled=$(lag_sampler_stop)
echo "max-lag: the highest sampled lag $sampled s; one chunk applies in $chunk_apply s"
expect_eq "max-lag: exit code ($ERR)" 0 "$RC"
expect_match "max-lag: watched the other nodes" "the replicas were at most [0-9.]+ s behind" "$ERR"
expect_match "max-lag: lag sampled" "^[0-9.]+$" "$sampled"
expect_eq "max-lag: highest sampled lag $sampled s <= 2 s + one chunk's apply time $chunk_apply s + 0.2 s" 1 \
  "$(calc "$sampled <= 2 + $chunk_apply + 0.2")"
every_node_equal "max-lag"
galera slow node2 g nodes 0

# Write-set limits (node1's own, as a node's wsrep_max_ws_* are): one LOAD DATA of the file is refused; fastload
# cuts chunks that fit, from a file and from a pipe.
on node1 -e "SET GLOBAL wsrep_max_ws_rows = 4000"
empty_nodes
expect_match "ws rows: one LOAD DATA refused" "wsrep_max_ws_rows exceeded" \
  "$(on node1 --local-infile -e "LOAD DATA LOCAL INFILE '$TEST_TMP/nodes.tsv' INTO TABLE g.nodes" 2>&1)"
run_fastload --threads 2 --json "$TEST_TMP/nodes.tsv" g.nodes
expect_eq "ws rows: exit code ($ERR)" 0 "$RC"
expect_match "ws rows: at least 15 chunks" '"chunks":([2-9][0-9]|1[5-9])' "$OUT"
every_node_equal "ws rows"
empty_nodes
capture fastload --threads 2 - g.nodes <"$TEST_TMP/nodes.tsv"
expect_eq "ws rows, pipe: exit code ($ERR)" 0 "$RC"
every_node_equal "ws rows, pipe"
empty_nodes
run_fastload --chunk-size 1M "$TEST_TMP/nodes.tsv" g.nodes
expect_eq "ws rows, --chunk-size 1M: refused" 2 "$RC"
expect_match "ws rows, --chunk-size 1M: says why" "nodes.tsv: line 1: a chunk of [0-9]+ rows is one Galera write-set, and the cluster takes none over wsrep_max_ws_rows \(4000\)" "$ERR"
expect_eq "ws rows, --chunk-size 1M: nothing loaded" 0 "$(on node1 -e "SELECT COUNT(*) FROM g.nodes")"
on node1 -e "SET GLOBAL wsrep_max_ws_rows = 0; SET GLOBAL wsrep_max_ws_size = 1048576"
run_fastload --threads 2 --json "$TEST_TMP/nodes.tsv" g.nodes
expect_eq "ws size: exit code ($ERR)" 0 "$RC"
expect_match "ws size: chunks of 128K at most" '"chunks":([3-9][0-9]|[1-9][0-9][0-9]+)' "$OUT"
every_node_equal "ws size"
# Short rows make a write-set far longer than their text: a chunk the size check lets by is refused by the
# cluster, and the message says what to do; without --chunk-size the chunks fit.
seq 1 130000 >"$TEST_TMP/ints.tsv"
on node1 -e "CREATE TABLE g.ints (id INT PRIMARY KEY)"
run_fastload --chunk-size 1000000 "$TEST_TMP/ints.tsv" g.ints
expect_eq "ws size, short rows, --chunk-size: exit code" 9 "$RC"
expect_match "ws size, short rows, --chunk-size: says why" \
  "Maximum writeset size exceeded \(error 1105\): a chunk is one Galera write-set.*smaller --chunk-size" "$ERR"
run_fastload --threads 2 "$TEST_TMP/ints.tsv" g.ints
expect_eq "ws size, short rows: exit code ($ERR)" 0 "$RC"
expect_eq "ws size, short rows: every row" 130000 "$(on node1 -e "SELECT COUNT(*) FROM g.ints")"
finish
