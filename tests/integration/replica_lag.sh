# --max-lag against a real primary and replica (scripts/replication.sh) whose applier is slowed for the loaded
# table: the load pauses for the replica (the summary says so and how far behind it was), the lag a watcher of
# the test's own samples stays within the limit plus one chunk's apply time, the load completes, and the
# replica's table equals the primary's once it catches up; the heartbeat table is gone after the load; a replica
# stopped before the load, or in the middle of it, holds the load back (saying it is not replicating) until it is
# started again; a replica named with --replica that cannot be reached is refused before anything is loaded.
source "$(dirname "$0")/lib.sh"

replica_set 1
on primary -e "CREATE DATABASE t CHARACTER SET utf8mb4"
on primary t -e "$NODES_DDL"
"$GEN_NODES" 20000 --seed 23 -o "$TEST_TMP/nodes.tsv"
replication sync
replication slow r1 t nodes 50

head -c 262144 "$TEST_TMP/nodes.tsv" | sed '$d' >"$TEST_TMP/one-chunk.tsv"
chunk_apply=$(apply_seconds primary r1 t.nodes "$TEST_TMP/one-chunk.tsv")
on primary -e "TRUNCATE t.nodes"
replication sync
lag_sampler_start primary r1 t
run_fastload --threads 2 --chunk-size 256K --max-lag 1 --json "$TEST_TMP/nodes.tsv" t.nodes
sampled=$(lag_sampler_stop)
echo "max-lag: the highest sampled lag $sampled s; one chunk applies in $chunk_apply s"
expect_eq "max-lag: exit code ($ERR)" 0 "$RC"
expect_match "max-lag: lag sampled" "^[0-9.]+$" "$sampled"
expect_eq "max-lag: highest sampled lag $sampled s <= 1 s + one chunk's apply time $chunk_apply s + 0.2 s" 1 \
  "$(calc "$sampled <= 1 + $chunk_apply + 0.2")"
expect_match "max-lag: the replica held the load back" "throttled: paused [0-9.]+ s \(first: replica 127.0.0.1:" "$ERR"
expect_match "max-lag: the highest lag in --json" '"highest_lag":[0-9]+\.[0-9]+' "$OUT"
replication sync 120
expect_eq "max-lag: the replica's table is the primary's" "$(digest_table t.nodes on primary)" \
  "$(digest_table t.nodes on r1)"
expect_eq "max-lag: the heartbeat table is gone" "" "$(on primary -e "SHOW TABLES FROM t LIKE 'fastload_heartbeat'")"
expect_eq "max-lag: the heartbeat table is gone from the replica" "" \
  "$(on r1 -e "SHOW TABLES FROM t LIKE 'fastload_heartbeat'")"

# A stopped replica holds the load back, and says so, until it replicates again.
on primary -e "TRUNCATE t.nodes"
replication sync
replication stop-replica r1
start_fastload --threads 2 --chunk-size 256K --max-lag 1 --progress-json "$TEST_TMP/nodes.tsv" t.nodes
sleep 2
expect_eq "stopped replica: nothing loaded while it is stopped" 0 "$(on primary -e "SELECT COUNT(*) FROM t.nodes")"
replication start-replica r1
reap
expect_eq "stopped replica: exit code once it runs ($ERR)" 0 "$RC"
expect_match "stopped replica: why it waited" '"paused":true,"why":"replica 127.0.0.1:[0-9]+ is not replicating' "$OUT"
expect_eq "stopped replica: every row" 20000 "$(on primary -e "SELECT COUNT(*) FROM t.nodes")"

# A replica stopped mid-load: the chunks in flight finish, no other starts until it replicates again. (--max-rate
# stretches the load to about 10 s, so that it is stopped in the middle.)
on primary -e "TRUNCATE t.nodes"
replication sync
start_fastload --threads 2 --chunk-size 128K --max-lag 1 --max-rate 300K --progress-json "$TEST_TMP/nodes.tsv" \
  t.nodes
for _ in $(seq 200); do (($(on primary -e "SELECT COUNT(*) FROM t.nodes") > 0)) && break; sleep 0.05; done
replication stop-replica r1
sleep 2.5  # the chunks in flight (two sharing 300K a second: up to 1.6 s) commit
held=$(on primary -e "SELECT COUNT(*) FROM t.nodes")
sleep 2
expect_eq "stopped mid-load: nothing more loaded while it is stopped" "$held" \
  "$(on primary -e "SELECT COUNT(*) FROM t.nodes")"
expect_eq "stopped mid-load: part of the rows were loaded before" 1 "$((held > 0 && held < 20000))"
replication start-replica r1
reap
expect_eq "stopped mid-load: exit code once it runs ($ERR)" 0 "$RC"
expect_match "stopped mid-load: why it waited" '"paused":true,"why":"replica 127.0.0.1:[0-9]+ is not replicating' \
  "$OUT"
replication sync 120
expect_eq "stopped mid-load: the replica's table is the primary's" \
  "$(digest_table t.nodes on primary)" "$(digest_table t.nodes on r1)"
expect_eq "stopped mid-load: every row" 20000 "$(on primary -e "SELECT COUNT(*) FROM t.nodes")"

# A named replica that cannot be reached: refused before the load.
on primary -e "TRUNCATE t.nodes"
run_fastload --max-lag 1 --replica "nowhere=127.0.0.1:1" "$TEST_TMP/nodes.tsv" t.nodes
expect_eq "unreachable replica: exit code" 4 "$RC"
expect_match "unreachable replica: named" "--max-lag: replica nowhere: " "$ERR"
expect_eq "unreachable replica: nothing loaded" 0 "$(on primary -e "SELECT COUNT(*) FROM t.nodes")"
finish
