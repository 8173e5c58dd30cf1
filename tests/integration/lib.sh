# Sourced by the integration and CLI tests. ctest sets FASTLOAD, GEN_TRICKY,
# GEN_NODES, SCRATCH_SERVER_DIR (a running scratch server) and TEST_TMP.
# shellcheck shell=bash
set -euo pipefail

: "${FASTLOAD:?run through ctest}" "${SCRATCH_SERVER_DIR:?}" "${TEST_TMP:?}"
SOCKET=$SCRATCH_SERVER_DIR/mysql.sock
rm -rf "$TEST_TMP" && mkdir -p "$TEST_TMP"
FAILURES=0
CHECKS=0
# scripts/test.sh runs the tests with only the commands a fresh machine has after scripts/setup.sh: bash calls this
# for any other.
command_not_found_handle() {
  echo "fastload: the test called '$1', which neither a minimal Debian nor scripts/setup.sh installs: add its" \
    "package to setup.sh's list (and README's)" >&2
  return 127
}

sql() { mariadb --no-defaults --default-character-set=utf8mb4 -uroot -S "$SOCKET" --batch --skip-column-names "$@"; }
# The fastload to run: with FASTLOAD_FAULT set (a crash test), the test build that acts on it
# (tests/tools/fault_hook.cc).
fastload_binary() { if [[ -n ${FASTLOAD_FAULT:-} ]]; then echo "$FASTLOAD_FAULTS"; else echo "$FASTLOAD"; fi; }
fastload() { "$(fastload_binary)" --socket "$SOCKET" -u root "$@"; }

# fresh_db NAME: an empty database of that name.
fresh_db() { sql -e "DROP DATABASE IF EXISTS \`$1\`; CREATE DATABASE \`$1\` CHARACTER SET utf8mb4"; }

# From scripts/lib.sh (read in a subshell: that file cds): the table bench/gen-nodes writes rows for, NODES_DDL,
# and the table digests the benchmarks use too, digest_rows and digest_table (with digest_query).
eval "$(source "$(dirname "${BASH_SOURCE[0]}")/../../scripts/lib.sh" && declare -p NODES_DDL &&
  declare -f digest_rows digest_table digest_query)"
# checksum TABLE: TABLE's contents as one word, DIGEST/CHECKSUM (digest_table): equal for two tables only when
# they hold the same rows, every column's values (the digest), and the same CHECKSUM TABLE.
checksum() { digest_table "$1" sql; }
# json NAME: the first numeric field NAME of the JSON summary in OUT.
json() { grep -o "\"$1\":[0-9]*" <<<"$OUT" | head -1 | cut -d: -f2; }
# settle TABLE LEDGER: a killed fastload may have sent a COMMIT the server is
# still finishing; waits until two reads 0.1 s apart see the same counts.
settle() {
  local last="" now
  for _ in $(seq 100); do
    now=$(sql -e "SELECT (SELECT COUNT(*) FROM $1), (SELECT COUNT(*) FROM $2)" 2>/dev/null || echo none)
    [[ $now == "$last" ]] && return 0
    last=$now
    sleep 0.1
  done
}
count() { sql -e "SELECT COUNT(*) FROM $1"; }
# rows_digest TABLE [COLUMNS]: a digest of TABLE's rows (of COLUMNS, * unless given: invisible columns are not
# in *; digest_rows): two tables have the same only when they hold the same rows. Without the CHECKSUM TABLE
# that checksum adds, for a table whose CHECKSUM TABLE is not its own (a VIRTUAL generated column, digest_table)
# or that is no table (a view, a derived table).
rows_digest() { digest_rows "$1" "${2:-*}" sql; }

# reference DB TABLE FILE [CLAUSES]: what the server's own LOAD DATA INFILE makes of FILE
# into DB.TABLE (emptied first), with CLAUSES (format, IGNORE, column list, SET); prints its checksum.
reference() {
  sql -e "TRUNCATE \`$1\`.\`$2\`; LOAD DATA INFILE '$3' INTO TABLE \`$1\`.\`$2\` CHARACTER SET utf8mb4 ${4:-};
          SHOW WARNINGS;" >"$TEST_TMP/reference.warnings"
  [[ ! -s $TEST_TMP/reference.warnings ]] || { cat "$TEST_TMP/reference.warnings" >&2; fail "reference load of $3 warned"; }
  checksum "\`$1\`.\`$2\`"
}

# fresh_user USER PRIVILEGES [OPTIONS]: USER@localhost made anew, with CREATE USER's OPTIONS (a password, limits),
# granted PRIVILEGES (e.g. "ALL ON db.*").
fresh_user() {
  sql -e "DROP USER IF EXISTS '$1'@'localhost'; CREATE USER '$1'@'localhost' ${3:-}; GRANT $2 TO '$1'@'localhost'"
}

# nodes_db DB ROWS SEED [SQL]: a fresh database DB with the nodes table (or what SQL creates), ROWS
# generated rows in $TEST_TMP/nodes.tsv, and in `expected` the checksum of the server's own LOAD DATA INFILE
# of them (the table keeps those rows).
nodes_db() {
  fresh_db "$1"
  sql "$1" -e "${4:-$NODES_DDL}"
  "$GEN_NODES" "$2" --seed "$3" -o "$TEST_TMP/nodes.tsv"
  expected=$(reference "$1" nodes "$TEST_TMP/nodes.tsv")
}

fail() { echo "FAIL: $*" >&2; FAILURES=$((FAILURES + 1)); }
pass() { CHECKS=$((CHECKS + 1)); }
expect_eq() {  # expect_eq WHAT EXPECTED ACTUAL
  if [[ $2 == "$3" ]]; then pass; else fail "$1: expected '$2', got '$3'"; fi
}
expect_match() {  # expect_match WHAT REGEX TEXT
  if grep -Eq -- "$2" <<<"$3"; then pass; else fail "$1: no match for /$2/ in: $3"; fi
}

# capture COMMAND ARGS...: runs COMMAND, keeping its exit code in RC, stderr in ERR, stdout in OUT.
capture() {
  set +e
  OUT=$("$@" 2>"$TEST_TMP/stderr")
  RC=$?
  set -e
  ERR=$(cat "$TEST_TMP/stderr")
}
# run_fastload ARGS...: runs fastload, keeping its exit code in RC, stderr in ERR, stdout in OUT.
run_fastload() { capture fastload "$@"; }
# as_user USER ARGS...: run_fastload as USER instead of root (ARGS may give its -pPASSWORD).
as_user() { capture "$(fastload_binary)" --socket "$SOCKET" -u "$@"; }

# start_fastload ARGS...: fastload in the background (PID is the program's own, for kill), its stdout and
# stderr in $TEST_TMP/out and err; reap: waits for PID, then RC, OUT, ERR as run_fastload sets them.
start_fastload() {
  "$(fastload_binary)" --socket "$SOCKET" -u root "$@" >"$TEST_TMP/out" 2>"$TEST_TMP/err" &
  PID=$!
}
reap() {
  wait "$PID" && RC=0 || RC=$?
  OUT=$(cat "$TEST_TMP/out")
  ERR=$(cat "$TEST_TMP/err")
}
# paused_load CHUNK ACTION ARGS...: fastload ARGS paused (FASTLOAD_FAULT) before it sends chunk CHUNK while the
# shell code ACTION runs, then let go; RC, OUT, ERR as run_fastload sets them.
paused_load() {
  local chunk=$1 action=$2 gate=$TEST_TMP/gate
  shift 2
  rm -f "$gate" "$gate.paused"
  FASTLOAD_FAULT=before-send:$chunk:pause=$gate start_fastload "$@"
  for _ in $(seq 300); do [[ -e $gate.paused ]] && break; sleep 0.1; done
  eval "$action"
  touch "$gate"
  reap
}
# killed_after CHUNK ARGS...: fastload ARGS killed (FASTLOAD_FAULT) right after chunk CHUNK's COMMIT, its
# output dropped; KILLED: its exit code (137 when killed).
killed_after() {
  local chunk=$1
  shift
  set +e
  FASTLOAD_FAULT=after-commit:$chunk fastload "$@" >/dev/null 2>&1
  KILLED=$?
  set -e
}

# mode_layouts MODE WHOLE LAYOUT...: the --threads/--chunk-size layouts to try in MODE, one a line: WHOLE alone
# for the modes that send the whole file in one statement (server, bulk), else each LAYOUT.
mode_layouts() {
  local mode=$1 whole=$2
  shift 2
  if [[ $mode == server || $mode == bulk ]]; then echo "$whole"; else printf '%s\n' "$@"; fi
}
# small_chunks MODE: several chunks and workers, but nothing for the modes that send the whole file.
small_chunks() { mode_layouts "$1" "" "--threads 2 --chunk-size 2K"; }

# batch_layouts_match WHAT FILE TABLE WANT MODE...: FILE loaded into TABLE (emptied first) in each MODE, with small
# batches and chunks on 1 and on 2 threads and with the defaults (no --batch-rows in load mode): each must exit 0
# and leave the rows whose checksum is WANT.
batch_layouts_match() {
  local what=$1 file=$2 table=$3 want=$4 mode layout
  shift 4
  for mode in "$@"; do
    for layout in "--threads 1 --batch-rows 7 --chunk-size 4K" "--threads 2 --batch-rows 50 --chunk-size 16K" ""; do
      [[ $mode != load ]] || layout=${layout/--batch-rows [0-9]*/}
      sql -e "TRUNCATE $table"
      # shellcheck disable=SC2086
      run_fastload --mode $mode $layout "$file" "$table"
      expect_eq "$what, $mode $layout: exit code ($ERR)" 0 "$RC"
      expect_eq "$what, $mode $layout: the server's own load, row for row" "$want" "$(checksum "$table")"
    done
  done
}

# clear_load TABLE LEDGER: TABLE emptied and LEDGER dropped, for a --resume load from the start.
clear_load() { sql -e "TRUNCATE $1; DROP TABLE IF EXISTS $2"; }
# duplicate_ids TABLE: how many of TABLE's rows repeat another row's id.
duplicate_ids() { sql -e "SELECT COUNT(*) - COUNT(DISTINCT id) FROM $1"; }
# check_exact WHAT TABLE CHECKSUM ROWS: TABLE has CHECKSUM, ROWS rows and no id twice (three checks).
check_exact() {
  expect_eq "$1: checksum" "$3" "$(checksum "$2")"
  expect_eq "$1: count" "$4" "$(count "$2")"
  expect_eq "$1: no duplicate id" 0 "$(duplicate_ids "$2")"
}
# check_load WHAT TABLE ROWS CHECKSUM ARGS...: TABLE emptied, then fastload ARGS TABLE exits 0 leaving ROWS rows
# of CHECKSUM (three checks).
check_load() {
  local what=$1 table=$2 rows=$3 expected=$4
  shift 4
  sql -e "TRUNCATE $table"
  run_fastload "$@" "$table"
  expect_eq "$what: exit code ($ERR)" 0 "$RC"
  expect_eq "$what: checksum" "$expected" "$(checksum "$table")"
  expect_eq "$what: rows" "$rows" "$(count "$table")"
}

# definitions DB: (a restore's comparison) every table's and view's definition, the tables' AUTO_INCREMENT counters, the triggers.
definitions() {
  local t
  for t in $(sql -e "SELECT TABLE_NAME FROM information_schema.TABLES WHERE TABLE_SCHEMA = '$1' ORDER BY 1"); do
    sql --raw "$1" -e "SHOW CREATE TABLE \`$t\`" | cut -f2- | sed "s/\`$1\`/DB/g"
  done
  sql -e "SELECT TABLE_NAME, TABLE_TYPE, AUTO_INCREMENT FROM information_schema.TABLES WHERE TABLE_SCHEMA = '$1'
    ORDER BY 1"
  sql -e "SELECT TRIGGER_NAME, EVENT_OBJECT_TABLE, ACTION_STATEMENT, SQL_MODE, CHARACTER_SET_CLIENT
    FROM information_schema.TRIGGERS WHERE TRIGGER_SCHEMA = '$1' ORDER BY 1"
}

# routines DB [ROUTINE_COLUMNS [EVENT_COLUMNS]]: (a restore's comparison of routines and events) every procedure's,
# function's and event's SHOW CREATE (all columns) and information_schema's ROUTINES and EVENTS of DB, with the
# further columns of each that ROUTINE_COLUMNS and EVENT_COLUMNS name ("SQL_DATA_ACCESS, ROUTINE_DEFINITION").
# restored DB [...]: the same with the database's name as DB.
routines() {
  local kind name
  for kind in PROCEDURE FUNCTION; do
    for name in $(sql -e "SELECT ROUTINE_NAME FROM information_schema.ROUTINES WHERE ROUTINE_SCHEMA = '$1'
        AND ROUTINE_TYPE = '$kind' ORDER BY 1"); do
      sql --raw "$1" -e "SHOW CREATE $kind \`$name\`"
    done
  done
  for name in $(sql -e "SELECT EVENT_NAME FROM information_schema.EVENTS WHERE EVENT_SCHEMA = '$1' ORDER BY 1"); do
    sql --raw "$1" -e "SHOW CREATE EVENT \`$name\`"
  done
  sql -e "SELECT ROUTINE_NAME, ROUTINE_TYPE, DEFINER, SQL_MODE, CHARACTER_SET_CLIENT, COLLATION_CONNECTION,
      DATABASE_COLLATION, IS_DETERMINISTIC, SECURITY_TYPE, ROUTINE_COMMENT${2:+, $2} FROM information_schema.ROUTINES
      WHERE ROUTINE_SCHEMA = '$1' ORDER BY 1;
    SELECT EVENT_NAME, DEFINER, TIME_ZONE, EVENT_DEFINITION, SQL_MODE, STATUS, ON_COMPLETION, STARTS,
      INTERVAL_VALUE, INTERVAL_FIELD, EVENT_COMMENT, CHARACTER_SET_CLIENT, COLLATION_CONNECTION${3:+, $3}
      FROM information_schema.EVENTS WHERE EVENT_SCHEMA = '$1' ORDER BY 1"
}
restored() { routines "$@" | sed "s/\`$1\`/DB/g; s/\b$1\b/DB/g"; }

finish() {
  echo "$CHECKS checks passed, $FAILURES failed"
  [[ $FAILURES -eq 0 && $CHECKS -gt 0 ]]
}

# spider_cluster: three private servers on loopback (scripts/spider-cluster.sh), stopped when the test
# exits: a head with the Spider engine, on which fastload's SOCKET then points, and two shards it knows as the
# server definitions s1 and s2 (user spider, password SPIDER_PASSWORD). on NAME ARGS...: the mariadb client as
# root on the server in $TEST_TMP/NAME (head, s1, s2, or a private_server); restart_server NAME: kill -9 of its
# mariadbd, then a start on the same port.
SPIDER_PASSWORD=spider-Secret-7
spider_cluster() {
  trap '"$SOURCE_DIR"/scripts/spider-cluster.sh stop "$TEST_TMP"' EXIT
  "$SOURCE_DIR"/scripts/spider-cluster.sh start "$TEST_TMP" "$SPIDER_PASSWORD" --buffer-pool 64M \
    --log-file-size 48M >>"$TEST_TMP/server.log" 2>&1
  SOCKET=$TEST_TMP/head/mysql.sock
}
on() {
  local name=$1
  shift
  mariadb --no-defaults --default-character-set=utf8mb4 -uroot -S "$TEST_TMP/$name/mysql.sock" --batch \
    --skip-column-names "$@"
}
restart_server() { "$SOURCE_DIR"/scripts/spider-cluster.sh restart "$TEST_TMP" "$1" >>"$TEST_TMP/server.log" 2>&1; }
# private_server NAME [OPTIONS...]: a small server of the test's own in $TEST_TMP/NAME (scripts/server.sh start
# OPTIONS), which no other test uses, stopped when the test exits; `on NAME` is the client on it.
private_server() {
  PRIVATE_SERVER=$TEST_TMP/$1
  shift
  mkdir -p "$PRIVATE_SERVER-tmp"  # its own temporary directory: bootstraps run at once collide in /tmp
  TMPDIR=$PRIVATE_SERVER-tmp "$SOURCE_DIR/scripts/server.sh" start "$PRIVATE_SERVER" --buffer-pool 64M \
    --log-file-size 48M "$@" >/dev/null
  trap '"$SOURCE_DIR/scripts/server.sh" stop "$PRIVATE_SERVER"' EXIT
}
# shard_sums DB.TABLE: the checksum of DB.TABLE on s1 and on s2 (digest_table); empty_shards DB.TABLE: DB.TABLE
# emptied and DB's ledger dropped on both shards.
shard_sums() { echo "$(digest_table "$1" on s1) $(digest_table "$1" on s2)"; }
empty_shards() { local name; for name in s1 s2; do on $name -e "TRUNCATE $1; DROP TABLE IF EXISTS ${1%%.*}.fastload_ledger"; done; }

# replica_set [N]: a private primary with N replicas (1 unless given) on loopback (scripts/replication.sh),
# stopped when the test exits; fastload's SOCKET then points at the primary. `on primary`, `on r1`... is the
# client on each; replication ACTION ARGS... runs scripts/replication.sh's ACTION on them (stop-replica r1,
# start-replica r1, sync [SECONDS], slow r1 DB TABLE [MICROSECONDS]); replica_status NAME FIELD: one field of
# NAME's SHOW SLAVE STATUS (Slave_SQL_Running, Seconds_Behind_Master, Gtid_IO_Pos...).
replica_set() {
  at_exit '"$SOURCE_DIR"/scripts/replication.sh stop "$TEST_TMP"'
  replication start --replicas "${1:-1}" --buffer-pool 32M --log-file-size 48M ||
    { tail -n 30 "$TEST_TMP/server.log" >&2; fail "the replica set did not start"; finish; exit 1; }
  SOCKET=$TEST_TMP/primary/mysql.sock
}
replication() { "$SOURCE_DIR"/scripts/replication.sh "$1" "$TEST_TMP" "${@:2}" >>"$TEST_TMP/server.log" 2>&1; }
replica_status() {
  "$SOURCE_DIR"/scripts/replication.sh sql "$TEST_TMP" "$1" -e "SHOW SLAVE STATUS\G" | sed -n "s/^ *$2: //p"
}
# galera_cluster [N]: a private Galera cluster of N nodes (3 unless given) on loopback (scripts/galera.sh), all
# Synced, stopped when the test exits; `on node1`, `on node2`... is the client on each; galera ACTION ARGS... runs
# scripts/galera.sh's ACTION on them (slow node2 DB TABLE [MICROSECONDS]). galera_cluster_start [N] starts it in
# the background (it takes a while: the joiners' state transfers), galera_cluster_wait waits for it.
# The nodes live in a directory of their own under /tmp, which the user they run as (mysql, when the tests run as
# root) can reach wherever the clone is (a home directory of mode 700 is not), linked as $TEST_TMP/nodeI.
galera_cluster() { galera_cluster_start "$@"; galera_cluster_wait; }
galera() { "$SOURCE_DIR"/scripts/galera.sh "$1" "$GALERA_DIR" "${@:2}" >>"$TEST_TMP/server.log" 2>&1; }
galera_cluster_start() {
  local i
  GALERA_DIR=$(mktemp -d /tmp/fastload-galera.XXXXXX)
  chmod 755 "$GALERA_DIR"
  for ((i = 1; i <= ${1:-3}; i++)); do mkdir "$GALERA_DIR/node$i" && ln -sfn "$GALERA_DIR/node$i" "$TEST_TMP/node$i"; done
  "$SOURCE_DIR"/scripts/galera.sh start "$GALERA_DIR" --nodes "${1:-3}" --buffer-pool 32M --log-file-size 48M \
    >>"$TEST_TMP/galera.log" 2>&1 &
  GALERA_PID=$!
  at_exit 'while kill -0 "$GALERA_PID"; do sleep 0.2; done; "$SOURCE_DIR"/scripts/galera.sh stop "$GALERA_DIR";
    rm -rf "$GALERA_DIR"'
}
galera_cluster_wait() {
  wait "$GALERA_PID" || { cat "$TEST_TMP/galera.log" >&2; fail "the Galera cluster did not start"; finish; exit 1; }
}
# lag_sampler_start WRITER READER DB: a watcher of the test's own, apart from fastload's: every 0.1 s WRITER
# writes its clock into DB.lag_sample, and every 0.2 s READER's copy of it is read against the clock (one
# machine, one clock) into $TEST_TMP/lag.samples; lag_sampler_stop ends it and prints the most READER was
# behind, in seconds.
lag_sampler_start() {
  on "$1" -e "CREATE TABLE IF NOT EXISTS $3.lag_sample (id INT PRIMARY KEY, beat DATETIME(6) NOT NULL);
    REPLACE INTO $3.lag_sample VALUES (1, NOW(6))"
  for _ in $(seq 100); do [[ -n $(on "$2" -e "SELECT 1 FROM $3.lag_sample" 2>/dev/null) ]] && break; sleep 0.1; done
  # The client itself is the pipeline's last command (not a function), so that $! is the process to stop.
  yes "REPLACE INTO $3.lag_sample VALUES (1, NOW(6)); DO SLEEP(0.1);" | head -n 20000 |
    mariadb --no-defaults -uroot -S "$TEST_TMP/$1/mysql.sock" --batch &
  LAG_WRITER=$!
  yes "SELECT TIMESTAMPDIFF(MICROSECOND, beat, NOW(6)) / 1e6 FROM $3.lag_sample; DO SLEEP(0.2);" |
    head -n 10000 | mariadb --no-defaults -uroot -S "$TEST_TMP/$2/mysql.sock" --batch --skip-column-names \
    --unbuffered >"$TEST_TMP/lag.samples" &
  LAG_READER=$!
}
lag_sampler_stop() {
  kill "$LAG_WRITER" "$LAG_READER" 2>/dev/null
  wait "$LAG_WRITER" "$LAG_READER" 2>/dev/null
  sort -g "$TEST_TMP/lag.samples" | tail -n 1
}
# apply_seconds WRITER READER TABLE FILE: loads FILE into TABLE on WRITER (one LOAD DATA, one transaction) and
# prints the seconds READER then took to have all of TABLE's rows: a chunk's apply time there.
apply_seconds() {
  on "$1" --local-infile -e "LOAD DATA LOCAL INFILE '$4' INTO TABLE $3"
  local rows start
  rows=$(on "$1" -e "SELECT COUNT(*) FROM $3") start=$(date +%s.%N)
  for _ in $(seq 600); do [[ $(on "$2" -e "SELECT COUNT(*) FROM $3") == "$rows" ]] && break; sleep 0.02; done
  calc "$(date +%s.%N) - $start"
}
# since START: the seconds from START (an $EPOCHREALTIME) to now. at_most A B: whether A <= B.
since() { awk -v now="$EPOCHREALTIME" -v start="$1" 'BEGIN { printf "%.3f", now - start }'; }
at_most() { awk -v a="$1" -v b="$2" 'BEGIN { exit !(a <= b) }'; }
# signal_and_reap PID SIGNAL: sends SIGNAL to PID (a fastload writing $TEST_TMP/out and err) and waits for it;
# RC, OUT, ERR as run_fastload sets them, TAKEN the seconds from the signal to its end.
signal_and_reap() {
  local start=$EPOCHREALTIME
  kill -"$2" "$1"
  wait "$1" && RC=0 || RC=$?
  TAKEN=$(since "$start")
  OUT=$(cat "$TEST_TMP/out")
  ERR=$(cat "$TEST_TMP/err")
}
# calc EXPRESSION: EXPRESSION's value (awk's arithmetic; a comparison gives 1 or 0), e.g. calc "$lag <= 2 + $t".
calc() { awk "BEGIN { print $* }"; }
# at_exit COMMAND: runs the shell code COMMAND when the test exits, at the same time as the COMMANDs given before
# (all of them, where a new `trap ... EXIT` would replace the last).
AT_EXIT=()
at_exit() {
  AT_EXIT+=("$1")
  trap 'for command in "${AT_EXIT[@]}"; do eval "$command" >>"$TEST_TMP/server.log" 2>&1 & done; wait' EXIT
}

# start_fake_server NAME ARGS...: tests/tools/fake_server.cc on $TEST_TMP/NAME.sock, logging to LOG, with ARGS;
# SOCK, LOG and SERVER_PID are set once it listens.
start_fake_server() {
  LOG=$TEST_TMP/$1.log SOCK=$TEST_TMP/$1.sock
  "$FAKE_SERVER" "$SOCK" "$LOG" "${@:2}" &
  SERVER_PID=$!
  for _ in $(seq 100); do
    grep -q '^LISTENING' "$LOG" 2>/dev/null && return
    sleep 0.1
  done
  fail "$1: the fake server did not start"
}
stop_fake_server() {
  [[ -z ${SERVER_PID:-} ]] && return
  kill "$SERVER_PID" 2>/dev/null || true
  wait "$SERVER_PID" 2>/dev/null || true
  SERVER_PID=
}
