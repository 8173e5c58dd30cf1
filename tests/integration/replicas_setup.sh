# The replicated servers the replica tests stand on. scripts/replication.sh: a primary with two replicas
# listed by SHOW SLAVE HOSTS, where a row written on the primary and a fastload run arrive on each replica; a
# stopped replica stays stopped and catches up when started; `slow` makes a replica's applier slower by a
# known time a row. scripts/galera.sh: three Synced nodes, where a fastload run into node 1 is the same table
# on nodes 2 and 3.
source "$(dirname "$0")/lib.sh"

# arrives NAME QUERY EXPECTED: whether NAME's answer to QUERY becomes EXPECTED within 10 s.
arrives() {
  for _ in $(seq 100); do
    [[ $(on "$1" -e "$2" 2>/dev/null) == "$3" ]] && return 0
    sleep 0.1
  done
  return 1
}
milliseconds() { echo $(($(date +%s%N) / 1000000)); }

galera_cluster_start 3
replica_set 2
"$GEN_NODES" 20000 --seed 19 -o "$TEST_TMP/nodes.tsv"
expect_eq "SHOW SLAVE HOSTS lists each replica" "$(sed 's/^/127.0.0.1:/' "$TEST_TMP"/r[12]/port | sort | xargs)" \
  "$(on primary -e "SHOW SLAVE HOSTS" | awk '{ print $2 ":" $3 }' | sort | xargs)"
on primary -e "CREATE DATABASE t CHARACTER SET utf8mb4; CREATE TABLE t.t (id int PRIMARY KEY, v varchar(10));
  INSERT INTO t.t VALUES (1, 'one')"
for name in r1 r2; do
  arrives $name "SELECT v FROM t.t WHERE id = 1" one && pass || fail "the primary's row did not reach $name"
done

replication stop-replica r1
expect_eq "stop-replica stops the applier" No "$(replica_status r1 Slave_SQL_Running)"
on primary -e "INSERT INTO t.t VALUES (2, 'two')"
arrives r2 "SELECT COUNT(*) FROM t.t" 2 && pass || fail "the row did not reach the running replica r2"
expect_eq "the stopped replica does not apply" 1 "$(on r1 -e "SELECT COUNT(*) FROM t.t")"
replication start-replica r1
arrives r1 "SELECT COUNT(*) FROM t.t" 2 && pass || fail "r1 did not catch up after start-replica"
expect_eq "start-replica starts the applier" Yes "$(replica_status r1 Slave_SQL_Running)"

# fastload into the primary: after sync, each replica's table is the primary's.
on primary t -e "$NODES_DDL"
run_fastload --threads 2 "$TEST_TMP/nodes.tsv" t.nodes
expect_eq "fastload into the primary ($ERR)" 0 "$RC"
replication sync 60 && pass || fail "the replicas did not catch up with the fastload run"
for name in r1 r2; do
  expect_eq "$name's nodes table" "$(digest_table t.nodes on primary)" "$(digest_table t.nodes on $name)"
done

# slow: 500 rows at 2 ms more a row take r1 at least 1 s more; r2, not slowed, applies them first.
replication slow r1 t t 2000
on primary t -e "INSERT INTO t.t SELECT seq, 'x' FROM seq_10_to_509"
start=$(milliseconds)
arrives r2 "SELECT COUNT(*) FROM t.t" 502 && pass || fail "r2 did not get the 500 rows"
expect_eq "the slowed replica is still applying when r2 has the rows" 1 \
  "$(on r1 -e "SELECT COUNT(*) < 502 FROM t.t")"
replication sync 60 && pass || fail "the slowed replica did not catch up"
expect_eq "the slowed replica took 1 s or more" 1 $(($(milliseconds) - start >= 1000))
expect_eq "the slowed replica's rows" 502 "$(on r1 -e "SELECT COUNT(*) FROM t.t")"

galera_cluster_wait
for name in node1 node2 node3; do
  expect_eq "$name in the cluster" "3 Synced" "$(on $name -e "SELECT VARIABLE_VALUE FROM
    information_schema.GLOBAL_STATUS WHERE VARIABLE_NAME IN ('wsrep_cluster_size', 'wsrep_local_state_comment')
    ORDER BY VARIABLE_NAME" | tr '\n' ' ' | sed 's/ $//')"
done
on node1 -e "CREATE DATABASE g CHARACTER SET utf8mb4"
on node1 g -e "$NODES_DDL"
capture "$FASTLOAD" --socket "$TEST_TMP/node1/mysql.sock" -u root --threads 2 "$TEST_TMP/nodes.tsv" g.nodes
expect_eq "fastload into Galera node 1 ($ERR)" 0 "$RC"
expected=$(digest_table g.nodes on node1)
expect_eq "node 1's rows" 20000 "$(on node1 -e "SELECT COUNT(*) FROM g.nodes")"
for name in node2 node3; do
  # wsrep_sync_wait=1: each read waits until the node has applied all the cluster committed before it.
  expect_eq "$name's nodes table" "$expected" \
    "$(digest_table g.nodes on $name --init-command="SET wsrep_sync_wait=1")"
done
finish
