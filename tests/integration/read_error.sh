# A read error in the middle of a chunk (the file truncated under the mapping
# while the chunk streams) rolls the chunk back: nothing of it is committed,
# although the client library still sends the server an end-of-file.
source "$(dirname "$0")/lib.sh"

fresh_db readerr
sql readerr -e "CREATE TABLE t (id int PRIMARY KEY, v varchar(200)) ENGINE=InnoDB"
file=$TEST_TMP/big.tsv
pad=$(printf '%0150d' 0)
for ((i = 1; i <= 150000; i++)); do printf '%d\t%s\n' "$i" "$pad"; done >"$file"

# Hold row 1 so the server stops reading the chunk at its first row: the client
# then stalls with most of the chunk unsent, and the file is cut under it.
sql readerr -e "BEGIN; INSERT INTO t VALUES (1, 'lock'); SELECT SLEEP(4); ROLLBACK" >/dev/null &
locker=$!
sleep 0.5
"$FASTLOAD" --socket "$SOCKET" -u root --threads 1 --chunk-size 64M --json "$file" readerr.t \
  >"$TEST_TMP/out" 2>"$TEST_TMP/err" &
loader=$!
sleep 2
truncate -s 1000 "$file"
wait "$locker"
wait "$loader" && rc=0 || rc=$?
ERR=$(cat "$TEST_TMP/err")
expect_eq "exit code: input error" 3 "$rc"
expect_match "message" "^fastload: .*big.tsv: chunk 0 .*reading the input failed.*nothing of this chunk was committed" "$ERR"
expect_eq "nothing committed" 0 "$(count readerr.t)"
expect_match "json: chunk failed" '"state":"failed"' "$(cat "$TEST_TMP/out")"
finish
