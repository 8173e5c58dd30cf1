# SIGINT and SIGTERM mid-load: the chunks in flight are abandoned (the server
# rolls them back) unless they are committing, no new one starts, the summary
# is printed and fastload exits 11 within a second; the table holds exactly the
# rows reported committed, and a rerun with --resume finishes the job. A second
# signal kills at once (resume_kill.sh: --resume survives that).
source "$(dirname "$0")/lib.sh"

db=signals
table=$db.nodes
ledger=$db.fastload_ledger
file=$TEST_TMP/nodes.tsv
rows=500000
nodes_db $db $rows 5
command=(--threads 2 --chunk-size 512K --resume --json "$file" $table)
first_id=$(head -n 1 "$file" | cut -f1)

# wait_until WHAT QUERY MIN: polls until QUERY answers at least MIN (at most 30 s).
wait_until() {
  for _ in $(seq 600); do
    (($(sql -e "$2" 2>/dev/null || echo 0) >= $3)) && return 0
    kill -0 $PID 2>/dev/null || break
    sleep 0.05
  done
  fail "$1: '$2' never reached $3 while fastload ran"
}
# check_stopped WHAT SIGNAL_NUMBER RESUME: the run in RC/OUT/ERR stopped cleanly.
check_stopped() {
  local what=$1 number=$2 resume=$3
  expect_eq "$what: exit code: $ERR" 11 "$RC"
  expect_match "$what: message" "^fastload: .*nodes.tsv: stopped by signal $number: the chunks in flight were committed or abandoned" "$ERR"
  if [[ $resume == yes ]]; then
    expect_match "$what: rerun advice" "Run the same command again \\(with --resume\\) to load the rest" "$ERR"
  else
    expect_match "$what: no --resume advice" "Without --resume, nothing records what is loaded" "$ERR"
  fi
  expect_match "$what: text summary" "fastload: FAILED: committed [0-9]+ of $rows rows" "$ERR"
  expect_match "$what: json status" '^\{"status":"failed","exit_code":11,' "$OUT"
  local committed
  committed=$(json rows)
  expect_eq "$what: json rows = COUNT(*)" "$committed" "$(count $table)"
  ((committed > 0 && committed < rows)) && pass || fail "$what: $committed of $rows rows committed: not mid-load"
  expect_match "$what: chunks not started" '"state":"not loaded"' "$OUT"
  if grep -Eq '"state":"(failed|unknown|rejected)"' <<<"$OUT"; then fail "$what: a chunk failed: $OUT"; else pass; fi
  # The committed spans' rows add up to the rows reported.
  local span_rows
  span_rows=$(grep -o '"state":"committed"[^}]*' <<<"$OUT" | grep -o '"rows":[0-9]*' | cut -d: -f2 | awk '{ s += $1 } END { print s + 0 }')
  expect_eq "$what: committed spans' rows" "$committed" "${span_rows:-0}"
  if [[ $resume == yes ]]; then
    expect_eq "$what: ledger = table" "$committed $(json chunks_committed)" \
      "$(sql -e "SELECT COALESCE(SUM(chunk_rows), 0), COUNT(*) FROM $ledger" | tr '\t' ' ')"
  fi
}

# check_resumed WHAT: rerun with --resume: the reference table.
check_resumed() {
  local before
  before=$(count $table)
  run_fastload "${command[@]}"
  expect_eq "$1, rerun: exit code: $ERR" 0 "$RC"
  expect_eq "$1, rerun: checksum" "$expected" "$(checksum $table)"
  expect_eq "$1, rerun: count" $rows "$(count $table)"
  expect_eq "$1, rerun: rows_loaded_before" "$before" "$(json rows_loaded_before)"
  expect_eq "$1, rerun: rows + rows_loaded_before" $rows $(($(json rows) + $(json rows_loaded_before)))
}

# lock_first_row: another session holds the row lock chunk 0's first row needs, until unlock.
lock_first_row() {
  sql $db -e "BEGIN; INSERT INTO nodes (id) VALUES ($first_id); SELECT 'signals-locker', SLEEP(60); ROLLBACK" \
    >/dev/null 2>&1 &
  locker=$!
  for _ in $(seq 200); do
    [[ -n $(locker_id) ]] && return 0
    sleep 0.05
  done
  fail "the locker session did not start"
}
locker_id() { sql -e "SELECT ID FROM information_schema.PROCESSLIST WHERE INFO LIKE 'SELECT ''signals-locker''%'"; }
# unlock: ends the locker's session; the server rolls its INSERT back.
unlock() {
  sql -e "KILL $(locker_id)"
  wait $locker || true
}
# A locker left by a failed check must not hold its lock after the test.
trap 'id=$(locker_id 2>/dev/null || true); [[ -z $id ]] || sql -e "KILL $id" 2>/dev/null || true' EXIT

# 1. SIGINT and SIGTERM once a few chunks are committed.
for signal in INT TERM; do
  number=$(kill -l $signal)
  clear_load $table $ledger
  start_fastload "${command[@]}"
  wait_until "SIG$signal" "SELECT COUNT(*) FROM $ledger" 3
  kill -$signal $PID
  reap
  check_stopped "SIG$signal" "$number" yes
  check_resumed "SIG$signal"
done

# 2. The chunk in flight waits for a row lock while the signal comes: it is
# abandoned at once (no COMMIT was sent, so the server rolls it back) and
# fastload exits within a second, listing chunk 0 as not loaded.
clear_load $table $ledger
lock_first_row
start_fastload "${command[@]}"
wait_until "locked chunk" "SELECT COUNT(*) FROM $ledger" 2
signal_and_reap $PID TERM
at_most "$TAKEN" 1 && pass || fail "SIGTERM while chunk 0 waits for a lock: took $TAKEN s (at most 1)"
check_stopped "SIGTERM while chunk 0 waits for a lock" 15 yes
expect_match "chunk 0 in flight was abandoned" '"chunk_spans":\[\{"file":"[^"]*","state":"not loaded","first_chunk":0,' "$OUT"
unlock
settle $table $ledger
expect_eq "chunk 0 not committed after the lock went" 0 "$(sql -e "SELECT COUNT(*) FROM $ledger WHERE chunk = 0")"
expect_eq "abandoned chunk: ledger = table" "$(count $table)" \
  "$(sql -e "SELECT COALESCE(SUM(chunk_rows), 0) FROM $ledger")"
check_resumed "SIGTERM while chunk 0 waits for a lock"

# 3. A chunk into a table that cannot roll back is given time to end (cut, it
# would leave part of itself stored): the first signal waits for it, a second
# kills at once. The MyISAM table's trigger holds the chunk of the first row.
sql $db -e "DROP TABLE IF EXISTS plain; CREATE TABLE plain LIKE nodes; ALTER TABLE plain ENGINE=MyISAM;
  CREATE TRIGGER plain_slow BEFORE INSERT ON plain FOR EACH ROW SET @signals_slept = IF(NEW.id = $first_id, SLEEP(20), 0)"
start_fastload --threads 2 --chunk-size 512K --mode load "$file" $db.plain
# (The processlist shows the trigger's statement while it sleeps, not the LOAD DATA.)
sleeping() { sql -e "SELECT ID FROM information_schema.PROCESSLIST WHERE STATE = 'User sleep' AND INFO LIKE 'SET @signals\\_slept%'"; }
for _ in $(seq 200); do [[ -n $(sleeping) ]] && break; sleep 0.05; done
[[ -n $(sleeping) ]] && pass || fail "MyISAM: the trigger never held the chunk"
kill -INT $PID
sleep 0.5
kill -0 $PID 2>/dev/null && pass || fail "MyISAM: fastload did not wait for the chunk in flight after one SIGINT"
signal_and_reap $PID INT
at_most "$TAKEN" 0.5 && pass || fail "MyISAM: a second SIGINT took $TAKEN s to kill"
expect_eq "second SIGINT: killed by it" 130 "$RC"
sleeper=$(sleeping)
[[ -z $sleeper ]] || sql -e "KILL $sleeper"
sql $db -e "DROP TABLE plain"

# 4. Without --resume: exit 11 too, and the message says that nothing records the progress.
clear_load $table $ledger
start_fastload --threads 2 --chunk-size 512K --json "$file" $table
wait_until "without --resume" "SELECT COUNT(*) >= 20000 FROM $table" 1
kill -INT $PID
reap
check_stopped "SIGINT without --resume" 2 no
finish
