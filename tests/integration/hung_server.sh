# A server that accepts and never answers: --connect-timeout ends the run with exit 4 (connect) promptly. A server
# that stops answering in the middle of the run: SIGTERM ends the run with exit 11 and the summary, a check's
# statement cut within a second, the chunks' LOAD DATA after the grace (a signal while connecting:
# signals_connect.sh).
# Runs against tests/tools/fake_server.cc, not the scratch server.
source "$(dirname "$0")/lib.sh"
: "${FAKE_SERVER:?run through ctest}"

for ((i = 1; i <= 2000; i++)); do printf '%d\trow %d\n' "$i" "$i"; done >"$TEST_TMP/rows.tsv"

SERVER_PID=
trap stop_fake_server EXIT
trap 'exit 1' INT TERM


# run_timed ARGS...: fastload ARGS rows.tsv db.t on SOCK (at most 60 s: a hang is RC 124); RC, ERR, OUT, SECONDS_TAKEN.
run_timed() {
  local start=$EPOCHREALTIME
  capture timeout 60 "$FASTLOAD" --socket "$SOCK" -u root "$@" "$TEST_TMP/rows.tsv" db.t
  SECONDS_TAKEN=$(since "$start")
}
expect_within() {  # expect_within WHAT LIMIT: SECONDS_TAKEN <= LIMIT
  if at_most "$SECONDS_TAKEN" "$2"; then pass; else fail "$1: took $SECONDS_TAKEN s, more than $2"; fi
}

# (1) Accepted, never greeted: the connect timeout ends it, as a connect failure.
start_fake_server silent --hang connect
run_timed --connect-timeout 2
expect_eq "no greeting: exit code: $ERR" 4 "$RC"
expect_match "no greeting: says it cannot connect and what bounds the wait" \
  '^fastload: cannot connect to socket .*--connect-timeout' "$ERR"
expect_within "no greeting: prompt" 6
if at_most 1.8 "$SECONDS_TAKEN"; then pass; else fail "no greeting: gave up after $SECONDS_TAKEN s, before the 2 s"; fi
stop_fake_server

# signal_when WHAT PATTERN SIGNAL ARGS...: fastload ARGS in the background; once the log shows PATTERN (the
# server holds a statement unanswered) and a second passed, SIGNAL; RC, ERR, OUT and SECONDS_TAKEN (from the signal).
signal_when() {
  local what=$1 pattern=$2 signal=$3 pid
  shift 3
  "$FASTLOAD" --socket "$SOCK" -u root "$@" "$TEST_TMP/rows.tsv" db.t >"$TEST_TMP/out" 2>"$TEST_TMP/err" &
  pid=$!
  # A hang fails the test instead of stalling it; the watchdog ends with fastload.
  (for _ in $(seq 600); do kill -0 $pid 2>/dev/null || exit 0; sleep 0.1; done; kill -9 $pid) >/dev/null 2>&1 &
  for _ in $(seq 100); do
    grep -q "$pattern" "$LOG" && break
    sleep 0.1
  done
  expect_match "$what: the server held a statement" "$pattern" "$(cat "$LOG")"
  sleep 1
  expect_eq "$what: still running before the signal" 0 "$(kill -0 $pid 2>/dev/null; echo $?)"
  signal_and_reap $pid "$signal"
  SECONDS_TAKEN=$TAKEN
}

# (2) Greeted, then silent: the control session's first statement never returns.
start_fake_server mute --hang handshake
signal_when "mute server, SIGTERM" '^HUNG: ' TERM --json
expect_eq "mute server, SIGTERM: exit code: $ERR" 11 "$RC"
expect_within "mute server, SIGTERM: ended" 1
expect_match "mute server, SIGTERM: says why" \
  'fastload: stopped by signal 15: the server had not answered a statement, so its connection was cut' "$ERR"
expect_match "mute server, SIGTERM: summary" '"exit_code":11' "$OUT"
stop_fake_server

# (3) The chunks' LOAD DATA never answered, in every worker: SIGINT and SIGTERM end the run at once, chunks
# abandoned and not loaded.
for signal in INT TERM; do
  start_fake_server "stuck-$signal" --hang load
  signal_when "stuck load, SIG$signal" '^HUNG: LOAD DATA' $signal --threads 2 --chunk-size 4K --json
  expect_eq "stuck load, SIG$signal: exit code: $ERR" 11 "$RC"
  expect_within "stuck load, SIG$signal: ended" 1
  expect_match "stuck load, SIG$signal: says the chunks were abandoned" \
    'fastload: .*rows.tsv: stopped by signal [0-9]+: the chunks in flight were committed or abandoned' "$ERR"
  expect_match "stuck load, SIG$signal: chunks listed as not loaded" '"state":"not loaded"' "$OUT"
  expect_match "stuck load, SIG$signal: summary" '"exit_code":11' "$OUT"
  expect_eq "stuck load, SIG$signal: nothing committed" 0 "$(OUT=$(cat "$TEST_TMP/out") json rows)"
  stop_fake_server
done

finish
