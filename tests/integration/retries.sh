# Transient errors are retried: a chunk that waits for a row lock held by
# another session longer than innodb_lock_wait_timeout fails with 1205, is
# rolled back and tried again with backoff, and the load ends exact once the
# lock is gone. With --retries 0 the same wait fails the load (exit 9) with
# nothing of that chunk committed.
source "$(dirname "$0")/lib.sh"

fresh_db retry
sql retry -e "CREATE TABLE t (id int PRIMARY KEY, v varchar(20)) ENGINE=InnoDB; CREATE TABLE ref LIKE t"
file=$TEST_TMP/rows.tsv
for ((i = 1; i <= 20000; i++)); do printf '%d\tv%d\n' "$i" "$i"; done >"$file"
want=$(reference retry ref "$file")
sql -e "SET GLOBAL innodb_lock_wait_timeout = 1"
trap 'sql -e "SET GLOBAL innodb_lock_wait_timeout = DEFAULT"' EXIT

# lock_row SECONDS: holds id 15000 (uncommitted) for that long, in the background.
lock_row() {
  sql retry -e "BEGIN; INSERT INTO t VALUES (15000, 'locker'); SELECT SLEEP($1); ROLLBACK" >/dev/null &
  locker=$!
  sleep 0.3
}

for mode in load insert multirow; do
  sql -e "TRUNCATE retry.t"
  lock_row 2.5
  run_fastload --mode "$mode" --threads 2 --chunk-size 32K --json "$file" retry.t
  wait "$locker"
  expect_eq "--mode $mode: exit code after lock waits" 0 "$RC"
  expect_match "--mode $mode: retried" "Lock wait timeout exceeded.*error 1205.*trying the chunk again" "$ERR"
  expect_eq "--mode $mode: checksum" "$want" "$(checksum retry.t)"
done

sql -e "TRUNCATE retry.t"
lock_row 2.5
run_fastload --retries 0 --threads 1 --chunk-size 32K --json "$file" retry.t
wait "$locker"
expect_eq "--retries 0: exit code" 9 "$RC"
expect_match "--retries 0: message" "Lock wait timeout exceeded.*nothing of this chunk was committed" "$ERR"
committed=$(grep -o '"rows":[0-9]*' <<<"$OUT" | head -1 | cut -d: -f2)
expect_eq "--retries 0: only the committed chunks are in the table" "$committed" "$(count retry.t)"
expect_eq "--retries 0: nothing after the locked row" 0 "$(sql -e "SELECT COUNT(*) FROM retry.t WHERE id >= 15000")"
finish
