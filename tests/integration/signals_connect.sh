# SIGTERM and SIGINT end the run within a second before the load too: while connecting to a server that accepts
# the connection and never answers (a unix socket: tests/tools/fake_server.cc; TCP: a listener of the test's own),
# with --connect-timeout 30; while the mode's test statement waits for a table another session holds with LOCK
# TABLES ... WRITE; while --max-rate holds a chunk back (the chunk in flight is then abandoned); while a worker
# waits to try its chunk again after its server went away; and while a pipe that goes silent is read, during the
# load and before it (a stream's first chunk). Each ends with exit 11 and a fastload: message saying the signal.
source "$(dirname "$0")/lib.sh"
: "${FAKE_SERVER:?run through ctest}"

db=signals_connect
printf '1\tone\n2\ttwo\n' >"$TEST_TMP/rows.tsv"

SERVER_PID= LISTENER= locker=
locker_id() { sql -e "SELECT ID FROM information_schema.PROCESSLIST WHERE INFO LIKE 'SELECT ''signals-connect-locker''%'"; }
cleanup() {
  stop_fake_server
  [[ -z $LISTENER ]] || kill "$LISTENER" 2>/dev/null || true
  local id
  id=$(locker_id 2>/dev/null || true)
  [[ -z $id ]] || sql -e "KILL $id" 2>/dev/null || true
  sql -e "DROP DATABASE IF EXISTS $db" 2>/dev/null || true
}
trap cleanup EXIT


# signalled WHAT SIGNAL READY ARGS...: fastload ARGS in the background; once the shell code READY succeeds (at most
# 10 s), SIGNAL; then RC, OUT, ERR and TAKEN (the seconds from the signal to its exit). A hang past 20 s is killed.
signalled() {
  local what=$1 signal=$2 ready=$3 pid
  shift 3
  "$FASTLOAD" "$@" >"$TEST_TMP/out" 2>"$TEST_TMP/err" &
  pid=$!
  (for _ in $(seq 200); do kill -0 $pid 2>/dev/null || exit 0; sleep 0.1; done; kill -9 $pid) >/dev/null 2>&1 &
  for _ in $(seq 100); do
    eval "$ready" && break
    sleep 0.1
  done
  eval "$ready" && pass || fail "$what: never got to the wait the test signals in"
  kill -0 $pid 2>/dev/null && pass || fail "$what: ended before the signal: $(cat "$TEST_TMP/err")"
  signal_and_reap $pid "$signal"
}
# stopped WHAT SIGNAL MESSAGE: the run in RC/ERR/TAKEN ended within a second, with exit 11 and a line
# "fastload: MESSAGE" (N in MESSAGE: the signal's number).
stopped() {
  expect_eq "$1: exit code: $ERR" 11 "$RC"
  if at_most "$TAKEN" 1.0; then pass; else fail "$1: took $TAKEN s after SIG$2, more than 1 s"; fi
  expect_match "$1: says the signal" "^fastload: ${3//N/$(kill -l "$2")}" "$ERR"
}

# (1) A unix socket that accepts and never greets.
start_fake_server silent --hang connect
for signal in TERM INT; do
  signalled "silent socket, SIG$signal" $signal 'sleep 0.5' --socket "$SOCK" -u root --connect-timeout 30 \
    --json "$TEST_TMP/rows.tsv" $db.t
  stopped "silent socket, SIG$signal" $signal "stopped by signal N while connecting to socket .*silent.sock, which had not answered"
  expect_match "silent socket, SIG$signal: json summary" '"exit_code":11' "$OUT"
done
stop_fake_server

# (2) TCP: a listener that accepts and never answers.
python3 -c '
import socket, sys
s = socket.socket(); s.bind(("127.0.0.1", 0)); s.listen(16)
print(s.getsockname()[1], flush=True)
held = []
while True:
    held.append(s.accept()[0])
' >"$TEST_TMP/port" &
LISTENER=$!
for _ in $(seq 100); do [[ -s $TEST_TMP/port ]] && break; sleep 0.1; done
port=$(cat "$TEST_TMP/port")
for signal in TERM INT; do
  signalled "silent TCP, SIG$signal" $signal 'sleep 0.5' -h 127.0.0.1 -P "$port" -u root --connect-timeout 30 \
    "$TEST_TMP/rows.tsv" $db.t
  stopped "silent TCP, SIG$signal" $signal "stopped by signal N while connecting to 127.0.0.1:$port, which had not answered"
done
kill "$LISTENER" 2>/dev/null || true
LISTENER=

# (3) The mode's test statement waits for the table another session holds (LOCK TABLES ... WRITE).
fresh_db $db
sql -e "CREATE TABLE $db.t (id int PRIMARY KEY, v varchar(10)) ENGINE=InnoDB"
sql $db -e "LOCK TABLES t WRITE; SELECT 'signals-connect-locker', SLEEP(60)" >/dev/null 2>&1 &
locker=$!
for _ in $(seq 100); do [[ -n $(locker_id) ]] && break; sleep 0.1; done
waiting="[[ -n \$(sql -e \"SELECT ID FROM information_schema.PROCESSLIST WHERE STATE LIKE 'Waiting for table%'\") ]]"
for signal in TERM INT; do
  signalled "table locked, SIG$signal" $signal "$waiting" --socket "$SOCKET" -u root --mode load --json \
    "$TEST_TMP/rows.tsv" $db.t
  stopped "table locked, SIG$signal" $signal "stopped by signal N: the server had not answered a statement, so its connection was cut"
  expect_match "table locked, SIG$signal: json summary" '"exit_code":11' "$OUT"
done
sql -e "KILL $(locker_id)"
wait $locker || true
expect_eq "table locked: nothing loaded" 0 "$(count $db.t)"

# (4) --max-rate holds the chunk in flight back: after the signal it is abandoned at once (no COMMIT was sent).
for ((i = 1; i <= 40000; i++)); do printf '%d\trow %d\n' "$i" "$i"; done >"$TEST_TMP/big.tsv"
signalled "throttled, SIGTERM" TERM 'sleep 1' --socket "$SOCKET" -u root --mode load --max-rate 40K \
  --chunk-size 256K --json "$TEST_TMP/big.tsv" $db.t
stopped "throttled, SIGTERM" TERM ".*big.tsv: stopped by signal N: the chunks in flight were committed or abandoned"
expect_match "throttled: the chunk in flight is listed as not loaded" '"state":"not loaded","first_chunk":0,' "$OUT"
expect_eq "throttled: the rows reported are the table's" "$(json rows)" "$(count $db.t)"
expect_eq "throttled: nothing committed" 0 "$(count $db.t)"

# (5) The server is killed mid-load: the worker backs off between its attempts to reconnect (up to 8 s each).
private_server gone
trap 'cleanup; "$SOURCE_DIR/scripts/server.sh" stop "$PRIVATE_SERVER"' EXIT
on gone -e "CREATE DATABASE $db; CREATE TABLE $db.t (id int PRIMARY KEY, v varchar(20)) ENGINE=InnoDB"
# killed_while_loading: once rows are in, the server is killed and 2.5 s pass (the worker backing off meanwhile).
killed=no
killed_while_loading() {
  [[ $killed == yes ]] && return 0
  (($(on gone -e "SELECT COUNT(*) FROM $db.t" 2>/dev/null || echo 0) > 0)) || return 1
  kill -9 "$(cat "$PRIVATE_SERVER/mysqld.pid")"
  killed=yes
  sleep 2.5
}
signalled "backing off, SIGTERM" TERM killed_while_loading --socket "$PRIVATE_SERVER/mysql.sock" -u root --mode load \
  --threads 1 --max-rate 100K --chunk-size 64K --retries 10 "$TEST_TMP/big.tsv" $db.t
stopped "backing off, SIGTERM" TERM ".*big.tsv: chunk [0-9]+ .*stopped by signal N before it was tried again"
expect_match "backing off: it was retrying" "trying (the chunk )?again" "$ERR"

# (6) A named pipe that goes silent: after its first rows are loaded, and before a first chunk is complete.
fresh_db $db
sql -e "CREATE TABLE $db.t (id int PRIMARY KEY, v varchar(20)) ENGINE=InnoDB"
mkfifo "$TEST_TMP/pipe"
(cat "$TEST_TMP/big.tsv"; touch "$TEST_TMP/written"; sleep 30) >"$TEST_TMP/pipe" &
writer=$!
at_exit "kill $writer 2>/dev/null || true"
# gone_silent: the writer has written all it will, rows are in, and no more come for half a second (on a busy
# machine the rows may still be arriving when the first are in: then the stop is not the silent pipe's).
gone_silent() {
  [[ -e $TEST_TMP/written ]] || return 1
  local before
  before=$(count $db.t)
  ((before > 0)) || return 1
  sleep 0.5
  [[ $(count $db.t) == "$before" ]]
}
signalled "silent pipe mid-load, SIGTERM" TERM gone_silent --socket "$SOCKET" -u root \
  --chunk-size 64K --json "$TEST_TMP/pipe" $db.t
stopped "silent pipe mid-load, SIGTERM" TERM ".*pipe: stopped by signal N while waiting for its bytes after byte [0-9]+"
expect_eq "silent pipe mid-load: the rows reported are the table's" "$(json rows)" "$(count $db.t)"
kill $writer 2>/dev/null || true
(head -n 10 "$TEST_TMP/big.tsv"; sleep 30) >"$TEST_TMP/pipe" &
writer=$!
at_exit "kill $writer 2>/dev/null || true"
signalled "silent pipe, first chunk, SIGINT" INT 'sleep 1' --socket "$SOCKET" -u root "$TEST_TMP/pipe" $db.t
stopped "silent pipe, first chunk, SIGINT" INT ".*pipe: stopped by signal N while waiting for its bytes after byte [0-9]+"
kill $writer 2>/dev/null || true

finish
