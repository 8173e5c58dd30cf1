# Every failure the user can meet before the load has its own exit code
# (docs/exit-codes.md) and a message that starts with "fastload:" and says
# what to do.
source "$(dirname "$0")/../integration/lib.sh"

fresh_db codes
sql codes -e "CREATE TABLE t (id int PRIMARY KEY, v varchar(20)) ENGINE=InnoDB"
good=$TEST_TMP/good.tsv
printf '1\ta\n2\tb\n' >"$good"

run_fastload "$good"
expect_eq "missing DB.TABLE" 2 "$RC"
run_fastload --chunk-size 12Q "$good" codes.t
expect_eq "bad size" 2 "$RC"
expect_match "bad size message" "^fastload: --chunk-size '12Q' is not a size" "$ERR"
# A negative number is refused, never wrapped to 2^64 - 1 (which skipped every row and exited 0).
for option in --skip-rows --threads --max-errors --retries; do
  run_fastload "$option" -1 "$good" codes.t
  expect_eq "$option -1" 2 "$RC"
  expect_match "$option -1 message" "^fastload: $option: '-1' is not a whole number" "$ERR"
done
# A value of a fixed set by its name only: a number was taken as the enum's (--mode 3 meant row mode).
run_fastload --mode 3 "$good" codes.t
expect_eq "--mode 3" 2 "$RC"
expect_match "--mode 3 message" "^fastload: --mode: '3' is not a mode: give one of auto, load, insert, multirow, row, server, bulk" "$ERR"
run_fastload --on-duplicate 2 "$good" codes.t
expect_eq "--on-duplicate 2" 2 "$RC"
capture "$FASTLOAD" -?
expect_eq "-? is --help" "$("$FASTLOAD" --help)" "$OUT"
run_fastload --charset gb18030 "$good" codes.t
expect_eq "unsplittable charset" 2 "$RC"
run_fastload "$good" codes.
expect_eq "target ending in a dot" 2 "$RC"
expect_match "target ending in a dot: message" "^fastload: 'codes.' is neither DB.TABLE nor a database's name" "$ERR"
# A database alone: the file loads into the table named after it (good), which codes lacks.
run_fastload "$good" codes
expect_eq "target without a dot: the table named after the file is missing" 5 "$RC"
expect_match "target without a dot: message" "codes.good" "$ERR"

run_fastload "$TEST_TMP/nope.tsv" codes.t
expect_eq "missing file" 3 "$RC"
expect_match "missing file message" "^fastload: .*nope.tsv: cannot open: No such file" "$ERR"
run_fastload "$TEST_TMP" codes.t
expect_eq "directory" 3 "$RC"

set +e
ERR=$("$FASTLOAD" --socket "$TEST_TMP/no.sock" -u root "$good" codes.t 2>&1)
RC=$?
set -e
expect_eq "cannot connect" 4 "$RC"
expect_match "cannot connect message" "^fastload: cannot connect to socket .*no.sock" "$ERR"

run_fastload "$good" codes.missing
expect_eq "missing table" 5 "$RC"
expect_match "missing table message" "table codes.missing does not exist" "$ERR"
run_fastload "$good" nosuchdb.t
expect_eq "missing database" 5 "$RC"

fresh_user reader "SELECT ON codes.*" "IDENTIFIED BY 'S3cret-pw'"
set +e
ERR=$("$FASTLOAD" --socket "$SOCKET" -u reader -pS3cret-pw "$good" codes.t 2>&1)
RC=$?
set -e
expect_eq "no INSERT privilege" 7 "$RC"
expect_match "privilege message" "may not load into codes.t.*GRANT INSERT" "$ERR"
set +e
ERR=$("$FASTLOAD" --socket "$SOCKET" -u reader --password=wrong "$good" codes.t 2>&1)
RC=$?
set -e
expect_eq "wrong password" 4 "$RC"

# Workers connect before the first chunk: one refused connection loads nothing.
fresh_user few "ALL ON codes.*" "IDENTIFIED BY 'Few-pw3' WITH MAX_USER_CONNECTIONS 2"
seq 1 3000 | sed 's/$/\tv/' >"$TEST_TMP/many.tsv"
sql -e "TRUNCATE codes.t"
set +e
ERR=$("$FASTLOAD" --socket "$SOCKET" -u few -pFew-pw3 --threads 2 --chunk-size 1K "$TEST_TMP/many.tsv" codes.t 2>&1)
RC=$?
set -e
expect_eq "a worker cannot connect" 4 "$RC"
expect_match "worker connect message" "max_user_connections" "$ERR"
expect_match "summary: nothing loaded" "not loaded chunks 0-" "$ERR"
expect_eq "a worker cannot connect: nothing committed" 0 "$(count codes.t)"

# An explicit --mode load keeps LOAD DATA's refusal (--mode auto takes the INSERT path: tests/integration/auto_mode.sh).
sql -e "SET GLOBAL local_infile = 0"
run_fastload --mode load "$good" codes.t
sql -e "SET GLOBAL local_infile = 1"
expect_eq "local_infile disabled" 6 "$RC"
expect_match "local_infile message" "local_infile=1" "$ERR"

: >"$TEST_TMP/empty.tsv"
run_fastload --json "$TEST_TMP/empty.tsv" codes.t
expect_eq "empty file succeeds" 0 "$RC"
expect_match "empty file loads nothing" '"rows":0,' "$OUT"

printf '3\tc' >"$TEST_TMP/no-final-lf.tsv"
run_fastload "$TEST_TMP/no-final-lf.tsv" codes.t
expect_eq "last row without LF: exit code" 0 "$RC"
expect_eq "last row without LF: loaded" c "$(sql -e "SELECT v FROM codes.t WHERE id = 3")"

# Every message fastload printed in this test starts with "fastload:".
run_fastload --threads 0 "$good" codes.t
expect_eq "zero threads" 2 "$RC"
expect_match "message prefix" "^fastload: " "$ERR"
finish
