# --max-load and --critical-load against the server's own status (Threads_connected, which the test moves by
# holding connections open): a load that starts while the server is over --max-load waits, says why in
# --progress-json, and completes exactly once it is under again; --critical-load passed mid-load stops it
# cleanly (exit 15, the chunks in flight finished) and --resume completes it exactly. Also the options that
# need replicas: --max-lag on a server that lists none, --replica without --max-lag.
source "$(dirname "$0")/lib.sh"

db=throttle_load
fresh_db $db
sql $db -e "$NODES_DDL; CREATE TABLE ref LIKE nodes"
"$GEN_NODES" 60000 --seed 5 -o "$TEST_TMP/nodes.tsv"
want=$(reference $db ref "$TEST_TMP/nodes.tsv")
connected() { sql -e "SHOW GLOBAL STATUS LIKE 'Threads_connected'" | cut -f2; }
# hold SECONDS N: N connections held open for SECONDS, in the background.
hold() { local i; for ((i = 0; i < $2; i++)); do sql -e "SELECT SLEEP($1)" >/dev/null & done; }

# Over --max-load from the start: the workers wait, then load once the connections are gone. (The limits leave
# room for the connections of the tests ctest runs beside this one.)
limit=$(($(connected) + 20))
hold 3 30
for _ in $(seq 50); do (($(connected) > limit)) && break; sleep 0.1; done
run_fastload --threads 2 --max-load "Threads_connected=$limit" --progress-json "$TEST_TMP/nodes.tsv" $db.nodes
wait
expect_eq "max-load: exit code ($ERR)" 0 "$RC"
expect_eq "max-load: the table" "$want" "$(checksum $db.nodes)"
expect_match "max-load: paused, saying why" \
  '"paused":true,"why":"Threads_connected is [0-9]+ \(--max-load Threads_connected='$limit'\)"' "$OUT"
expect_match "max-load: the summary's pause" "throttled: paused [1-9][0-9.]* s \(first: Threads_connected is" "$ERR"

# Over --critical-load mid-load: stopped cleanly, resumed exactly.
sql -e "TRUNCATE $db.nodes"
limit=$(($(connected) + 20))
start_fastload --threads 2 --chunk-size 64K --max-rate 1M --resume --critical-load "Threads_connected=$limit" \
  "$TEST_TMP/nodes.tsv" $db.nodes
for _ in $(seq 100); do (($(count $db.nodes) > 0)) && break; sleep 0.1; done
hold 5 30
reap
wait
expect_eq "critical-load: exit code ($ERR)" 15 "$RC"
expect_match "critical-load: why, and what to do" \
  "--critical-load: Threads_connected is [0-9]+ \(--critical-load Threads_connected=$limit\): the chunks in flight were finished.*--resume" "$ERR"
partial=$(count $db.nodes)
expect_eq "critical-load: part of the rows committed" 1 "$((partial > 0 && partial < 60000))"
run_fastload --threads 2 --chunk-size 64K --resume "$TEST_TMP/nodes.tsv" $db.nodes
expect_eq "critical-load: resumed ($ERR)" 0 "$RC"
expect_eq "critical-load: the table after the resume" "$want" "$(checksum $db.nodes)"

# The options that need replicas.
run_fastload --max-lag 2 "$TEST_TMP/nodes.tsv" $db.nodes
expect_eq "no replica listed: exit code" 2 "$RC"
expect_match "no replica listed: what to do" "the server lists no replica .*--replica" "$ERR"
run_fastload --replica "r1=127.0.0.1:1" "$TEST_TMP/nodes.tsv" $db.nodes
expect_eq "--replica alone: exit code" 2 "$RC"

sql -e "DROP DATABASE $db"
finish
