# The password never shows in the process list, and -p alone does not take
# the next argument as the password.
source "$(dirname "$0")/../integration/lib.sh"

fresh_db secret
sql secret -e "CREATE TABLE t (id int PRIMARY KEY) ENGINE=InnoDB"
fresh_user loader "ALL ON secret.*" "IDENTIFIED BY 'Hunter2-secret'"
seq 1 1000 >"$TEST_TMP/ids.tsv"

# Hold a lock so fastload waits inside the load while we read its command line.
sql -e "LOCK TABLES secret.t WRITE; SELECT SLEEP(3)" >/dev/null &
locker=$!
sleep 0.5
"$FASTLOAD" --socket "$SOCKET" -u loader -pHunter2-secret "$TEST_TMP/ids.tsv" secret.t 2>"$TEST_TMP/err" &
pid=$!
sleep 1
cmdline=$(tr '\0' ' ' <"/proc/$pid/cmdline" || true)
wait "$locker"
wait "$pid" && rc=0 || rc=$?
expect_eq "load after the lock ($(cat "$TEST_TMP/err"))" 0 "$rc"
expect_match "fastload was running" "ids.tsv" "$cmdline"
if grep -q "Hunter2" <<<"$cmdline"; then fail "password visible in ps: $cmdline"; else pass; fi
if grep -q "Hunter2" "$TEST_TMP/err"; then fail "password in the output"; else pass; fi

# -p alone prompts; with no terminal it says so instead of taking FILE as the password.
set +e
ERR=$(setsid "$FASTLOAD" --socket "$SOCKET" -u loader -p "$TEST_TMP/ids.tsv" secret.t 2>&1 </dev/null)
RC=$?
set -e
expect_eq "-p without a terminal" 2 "$RC"
expect_match "-p message" "needs a terminal" "$ERR"
finish
