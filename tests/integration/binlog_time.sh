# The server's clock is left alone: every statement of a load is logged at the time it ran, so a replica that
# keeps up looks as if it keeps up. Against a real primary and a replica slowed for the loaded table, a load
# stretched over several seconds and throttled by --max-lag: the replica's Seconds_Behind_Master (sampled with
# the test's own heartbeat lag) stays within 2 s of that heartbeat's, the binary log's events for the table are
# dated across the load's whole length, and the rows still get one time for the whole load (the column's DEFAULT
# CURRENT_TIMESTAMP(6) and NOW(6) in --set), within the load's start and end.
source "$(dirname "$0")/lib.sh"

replica_set 1
on primary -e "CREATE DATABASE t CHARACTER SET utf8mb4"
on primary t -e "$NODES_DDL; ALTER TABLE nodes ADD COLUMN loaded TIMESTAMP(6) NOT NULL DEFAULT CURRENT_TIMESTAMP(6),
  ADD COLUMN noted DATETIME(6) NULL"
"$GEN_NODES" 20000 --seed 29 -o "$TEST_TMP/nodes.tsv"
replication sync
replication slow r1 t nodes 800

# seconds_behind_start: samples r1's Seconds_Behind_Master every 0.2 s into $TEST_TMP/sbm.samples until stopped.
seconds_behind_start() {
  while :; do
    replica_status r1 Seconds_Behind_Master >>"$TEST_TMP/sbm.samples"
    sleep 0.2
  done &
  SBM_SAMPLER=$!
}

lag_sampler_start primary r1 t
seconds_behind_start
started=$(on primary -e "SELECT NOW(6)")
# --max-rate stretches the load to about 10 s, longer than the lag it may have; the replica applies a row in
# 0.8 ms, more slowly than the load sends them, so --max-lag holds the load back.
run_fastload --threads 2 --chunk-size 64K --max-lag 2 --max-rate 150K --columns id,lat,lon,version,timestamp,changeset,uid,user \
  --set 'noted = NOW(6)' --json "$TEST_TMP/nodes.tsv" t.nodes
ended=$(on primary -e "SELECT NOW(6)")
heartbeat=$(lag_sampler_stop)
kill "$SBM_SAMPLER" && wait "$SBM_SAMPLER" 2>/dev/null || true
expect_eq "exit code ($ERR)" 0 "$RC"
seconds=$(on primary -e "SELECT TIMESTAMPDIFF(MICROSECOND, '$started', '$ended') / 1e6")
behind=$(grep -E '^[0-9]+$' "$TEST_TMP/sbm.samples" | sort -n | tail -n 1)
expect_eq "the load ran at least 5 s ($seconds s), long enough to tell" 1 "$(calc "$seconds >= 5")"
expect_match "Seconds_Behind_Master was sampled" "^[0-9]+$" "${behind:-}"
expect_eq "highest Seconds_Behind_Master ${behind:-} s within 2 s of the highest heartbeat lag $heartbeat s" 1 \
  "$(calc "${behind:-999} <= $heartbeat + 2")"
reported=$(grep -o '"highest_lag":[0-9.]*' <<<"$OUT" | head -1 | cut -d: -f2)
echo "load $seconds s; highest lag: heartbeat $heartbeat s, fastload's ${reported:-none} s, Seconds_Behind_Master ${behind:-none} s"
expect_match "fastload reports the highest lag" "^[0-9.]+$" "${reported:-}"
expect_eq "highest Seconds_Behind_Master ${behind:-} s within 2 s of the lag fastload reports, ${reported:-} s" 1 \
  "$(calc "${behind:-999} <= ${reported:-0} + 2")"

# The binary log dates the table's events across the load: the first and the last at least the load's length
# less 2 s apart (a pinned timestamp dated them all at its start).
binlog_span() {
  local file
  for file in "$TEST_TMP"/primary/data/binlog.[0-9]*; do
    mariadb-binlog --no-defaults "$file"
  done | awk '/^#[0-9]{6} +[0-9:]+ server id/ { stamp = $1 " " $2 } /Table_map: `t`.`nodes`/ { print stamp }' |
    sed 's/^#//' | sort -u | sed -n '1p;$p' | while read -r day clock; do
      date -d "20${day:0:2}-${day:2:2}-${day:4:2} $clock" +%s
    done | paste -sd' ' | awk '{ print $2 - $1 }'
}
span=$(binlog_span)
echo "the table's binary-log events span $span s"
expect_eq "binary-log events span $span s of the load's $seconds s" 1 "$(calc "${span:-0} >= $seconds - 2")"

# One time for the rows, the run's, read at its start.
expect_eq "one DEFAULT CURRENT_TIMESTAMP(6) and one NOW(6) for the load, and the same" "20000 1 1 1" \
  "$(on primary t -e "SELECT COUNT(*), COUNT(DISTINCT loaded), COUNT(DISTINCT noted), MIN(loaded = noted) FROM nodes" |
    tr '\t' ' ')"
expect_eq "the rows' time is within the load" 1 \
  "$(on primary t -e "SELECT MIN(noted) BETWEEN '$started' AND '$ended' FROM nodes")"
replication sync 120
expect_eq "the replica's table is the primary's" "$(digest_table t.nodes on primary)" "$(digest_table t.nodes on r1)"
finish
