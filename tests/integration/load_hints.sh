# A statement of the load that the server fails (not a row's data) gets a hint that fits the failure: the
# server's max_statement_time cutting a chunk that waits for a row another session locked, and a KILL QUERY of
# the load's statement. Each run fails (exit 9) with the server's error, the hint, and leaves no row of the file.
source "$(dirname "$0")/lib.sh"

db=load_hints
user=load_hints_$$
fresh_db $db
sql $db -e "CREATE TABLE t (id int PRIMARY KEY, v int) ENGINE=InnoDB"
seq 1 2000 | awk '{ print $1 "\t" $1 }' >"$TEST_TMP/rows.tsv"
sql -e "DROP USER IF EXISTS '$user'@'localhost'; CREATE USER '$user'@'localhost' WITH MAX_STATEMENT_TIME 1;
        GRANT ALL ON $db.* TO '$user'@'localhost'"
holder= holds=0
cleanup() {
  [[ -z $holder ]] || release_row
  sql -e "DROP USER IF EXISTS '$user'@'localhost'; DROP DATABASE IF EXISTS $db" || true
}
trap cleanup EXIT

# hold_row ID: a session of the test's own inserts row ID and keeps its transaction open; release_row KILLs it
# (the server rolls the row back at once).
# Each holder writes a file of its own: the background shell may open (and empty) it after the first look, which
# would otherwise read the previous holder's id.
hold_row() {
  holds=$((holds + 1))
  local out=$TEST_TMP/holder.$holds.out
  mariadb --no-defaults -uroot -S "$SOCKET" --batch --skip-column-names --unbuffered \
    -e "BEGIN; INSERT INTO $db.t VALUES ($1, 0); SELECT CONNECTION_ID(); DO SLEEP(60)" >"$out" 2>&1 &
  holder=$!
  for _ in $(seq 200); do
    holder_id=$(head -n 1 "$out" 2>/dev/null)
    [[ -z $holder_id ]] || return 0
    sleep 0.05
  done
  fail "the holding session did not start"
}
release_row() { sql -e "KILL $holder_id" || true; wait "$holder" 2>/dev/null || true; holder=; }

for mode in load insert; do
  hold_row 1500
  as_user "$user" --mode $mode --threads 1 "$TEST_TMP/rows.tsv" $db.t
  release_row
  expect_eq "max_statement_time, --mode $mode: exit ($ERR)" 9 "$RC"
  expect_match "max_statement_time, --mode $mode: the server's error" "\\(error 1969\\): the server's max_statement_time" "$ERR"
  expect_match "max_statement_time, --mode $mode: what to do" "give a smaller --chunk-size, or raise the limit" "$ERR"
  expect_eq "max_statement_time, --mode $mode: no row left" 0 "$(count $db.t)"
done

# KILL QUERY of the statement waiting for the row: it is not tried again.
for mode in load insert; do
  hold_row 1500
  start_fastload --mode $mode --threads 1 --chunk-size 1M "$TEST_TMP/rows.tsv" $db.t
  for _ in $(seq 200); do
    id=$(sql -e "SELECT ID FROM information_schema.PROCESSLIST WHERE DB = '$db' AND TIME >= 1 AND
                 (INFO LIKE 'INSERT INTO%' OR INFO LIKE 'LOAD DATA%') LIMIT 1")
    [[ -z $id ]] || break
    sleep 0.05
  done
  [[ -n $id ]] && sql -e "KILL QUERY $id" || fail "KILL, --mode $mode: the load never waited for the row"
  reap
  release_row
  expect_eq "KILL, --mode $mode: exit ($ERR)" 9 "$RC"
  expect_match "KILL, --mode $mode: what happened" "\\(error 1317\\): another session KILLed the load's statement" "$ERR"
  expect_eq "KILL, --mode $mode: no row left" 0 "$(count $db.t)"
done
finish
