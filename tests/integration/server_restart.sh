# The server crashes (kill -9 of mariadbd) mid-load and comes back: fastload
# either rides through with its retries (exit 0) or fails cleanly (exit 9 or 4);
# either way the table holds exactly the chunks its ledger records, and a
# rerun with --resume ends with the reference table, with and without a key.
# Uses a private server: the shared one must not crash under other tests.
source "$(dirname "$0")/lib.sh"

srv=$TEST_TMP/srv
server() { "$SOURCE_DIR"/scripts/server.sh "$1" "$srv" >>"$TEST_TMP/server.log" 2>&1; }
trap 'server stop || true' EXIT
server start
SOCKET=$srv/mysql.sock

db=restart
fresh_db $db
ddl=$NODES_DDL
sql $db -e "$ddl; ${ddl/CREATE TABLE nodes/CREATE TABLE nodes_nokey}; ALTER TABLE nodes_nokey DROP PRIMARY KEY"
ledger=$db.fastload_ledger
file=$TEST_TMP/nodes.tsv
rows=200000
"$GEN_NODES" $rows --seed 9 -o "$file"
declare -A expected
for table in nodes nodes_nokey; do expected[$table]=$(reference $db $table "$file"); done

# crash_server DOWN_SECONDS: kill -9 of mariadbd, DOWN_SECONDS without a server, a restart (with crash recovery).
crash_server() {
  local pid
  pid=$(cat "$srv/mysqld.pid")
  pgrep -f "$srv/my.cnf" | grep -qx "$pid" && pass || fail "pid file $pid is not the private server's mariadbd"
  kill -9 "$pid"
  while kill -0 "$pid" 2>/dev/null; do sleep 0.05; done
  sleep "$1"
  local start=$SECONDS
  server start
  echo "server restarted in $((SECONDS - start)) s"
}

# check_consistent WHAT TABLE: the table holds exactly the ledger's chunks, no id twice.
check_consistent() {
  local got
  got=$(sql -e "START TRANSACTION WITH CONSISTENT SNAPSHOT; SELECT COUNT(*) FROM $db.$2;
                SELECT COALESCE(SUM(chunk_rows), 0) FROM $ledger WHERE chunk >= 0; COMMIT" | tr '\n' ' ')
  read -r table_rows ledger_rows <<<"$got"
  expect_eq "$1: table rows = rows of the chunks in the ledger" "$ledger_rows" "$table_rows"
  expect_eq "$1: no duplicate id" 0 "$(duplicate_ids $db.$2)"
}
# exact WHAT TABLE: the table is the reference, without a duplicate id.
exact() { check_exact "$1" $db.$2 "${expected[$2]}" $rows; }

# crash_during_load TABLE DOWN_SECONDS [FASTLOAD ARGS...]: the crash once a few
# chunks are committed; then the rerun, when needed. FIRST_RC: the exit code of the crashed run.
crash_during_load() {
  local table=$1 down=$2 what="$1, server down $2 s"
  shift 2
  clear_load $db.$table $ledger
  start_fastload --threads 2 --chunk-size 384K --resume --json "$@" "$file" $db.$table
  for _ in $(seq 600); do
    (($(sql -e "SELECT COUNT(*) FROM $ledger" 2>/dev/null || echo 0) >= 3)) && break
    sleep 0.05
  done
  local started
  started=$(sql -e "SELECT COUNT(*) FROM $ledger")
  ((started >= 3)) && pass || fail "$what: the load did not commit 3 chunks before the crash"
  crash_server "$down"
  reap
  FIRST_RC=$RC
  echo "$what: fastload exit $RC; its stderr:"
  sed 's/^/    /' <<<"$ERR" | head -n 16
  [[ $RC == 0 || $RC == 9 || $RC == 4 ]] && pass || fail "$what: exit code $RC (0, 9 or 4 expected): $ERR"
  check_consistent "$what" $table
  if [[ $RC == 0 ]]; then
    exact "$what, rode through" $table
    expect_match "$what, rode through: json ok" '"status":"ok"' "$OUT"
    expect_match "$what, rode through: retried" "trying (the chunk )?again" "$ERR"
    expect_eq "$what, rode through: rows" $rows $(($(json rows) + $(json rows_loaded_before)))
  else
    expect_match "$what: json failed" '"status":"failed"' "$OUT"
    local before
    before=$(count $db.$table)
    run_fastload --threads 2 --chunk-size 384K --resume --json "$file" $db.$table
    expect_eq "$what, rerun: exit code: $ERR" 0 "$RC"
    exact "$what, rerun" $table
    expect_eq "$what, rerun: rows_loaded_before" "$before" "$(json rows_loaded_before)"
    expect_eq "$what, rerun: rows + rows_loaded_before" $rows $(($(json rows) + $(json rows_loaded_before)))
  fi
}

# A short crash: the retries (0.25 s doubling, 5 of them) outlast it.
for table in nodes nodes_nokey; do crash_during_load $table 1; done
# Down longer than --retries 2 waits: fastload gives up (exit 9 or 4), --resume finishes.
for table in nodes nodes_nokey; do
  crash_during_load $table 4 --retries 2
  [[ $FIRST_RC != 0 ]] && pass || fail "$table: exit 0 although the server was down longer than 2 retries"
done
finish
