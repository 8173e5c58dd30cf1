# A password never shows: attached (-pSECRET, --password=SECRET) it is blanked in /proc/PID/cmdline while the load
# runs and is in none of stderr, stdout, --log-file and --json; given apart (-p SECRET, --password SECRET: the
# mysql client's rule makes SECRET the next argument, a FILE or DB.TABLE) the run is refused before anything runs,
# without printing it (docs/design.md#passwords). An existing file after -p is still a FILE.
source "$(dirname "$0")/lib.sh"

db=secrets
secret="Hush-$$-pW0rd"
user=secrets_$$
fresh_db $db
sql -e "CREATE TABLE $db.t (id int PRIMARY KEY, v varchar(20)) ENGINE=InnoDB"
fresh_user $user "ALL ON $db.*" "IDENTIFIED BY '$secret'"
trap 'sql -e "DROP DATABASE IF EXISTS $db; DROP USER IF EXISTS '"'$user'@'localhost'"'" 2>/dev/null || true' EXIT
rows=$TEST_TMP/rows.tsv
for ((i = 1; i <= 30000; i++)); do printf '%d\trow %d\n' "$i" "$i"; done >"$rows"
log=$TEST_TMP/fastload.log

# run_as ARGS...: fastload as the user with ARGS and a fresh --log-file; RC, OUT, ERR.
run_as() {
  rm -f "$log"
  capture "$FASTLOAD" --socket "$SOCKET" -u $user --log-file "$log" "$@"
}
# unseen WHAT: the secret is in none of stderr, stdout (--json) and the log file.
unseen() {
  if grep -qF -- "$secret" <<<"$ERR$OUT"; then fail "$1: the password is in the output: $ERR $OUT"; else pass; fi
  if [[ -f $log ]] && grep -qF -- "$secret" "$log"; then fail "$1: the password is in --log-file"; else pass; fi
}

# 1. Given apart, wherever it lands among the arguments: refused (exit 2), not printed.
apart=("-p $secret $rows $db.t" "--password $secret $rows $db.t" "$rows $db.t -p $secret" "$rows -p $secret $db.t"
       "--json -p $secret --verbose $rows $db.t")
for args in "${apart[@]}"; do
  what="given apart (${args//$secret/SECRET})"
  # shellcheck disable=SC2086  # the words of ARGS
  run_as --json $args
  expect_eq "$what: exit code: $ERR" 2 "$RC"
  expect_match "$what: says why" "^fastload: the argument after (-p|--password) names no file; it may be a password given apart, so it is neither used nor printed" "$ERR"
  unseen "$what"
done
expect_eq "given apart: nothing loaded" 0 "$(count $db.t)"

# 2. An existing file right after -p is a FILE: -p alone asks for the password (here with no terminal to ask on).
capture setsid -w "$FASTLOAD" --socket "$SOCKET" -u $user -p "$rows" $db.t
expect_eq "a file after -p: exit code: $ERR" 2 "$RC"
expect_match "a file after -p: the prompt needs a terminal" "^fastload: -p without a value needs a terminal" "$ERR"

# 3. Attached, in both spellings: the load runs (held back by --max-rate) with the password blanked in its
# argv; SIGTERM ends it, and nothing it printed or logged holds the password.
for spelling in "-p$secret" "--password=$secret"; do
  what="attached (${spelling//$secret/SECRET})"
  sql -e "TRUNCATE $db.t"
  rm -f "$log"
  "$FASTLOAD" --socket "$SOCKET" -u $user "$spelling" --log-file "$log" --json --verbose --max-rate 50K \
    --chunk-size 64K --threads 1 "$rows" $db.t >"$TEST_TMP/out" 2>"$TEST_TMP/err" &
  pid=$!
  for _ in $(seq 100); do (($(count $db.t) > 0)) && break; sleep 0.1; done
  cmdline=$(tr '\0' ' ' </proc/$pid/cmdline 2>/dev/null || true)
  expect_match "$what: the load is running" "$db.t" "$cmdline"
  if grep -qF -- "$secret" <<<"$cmdline"; then fail "$what: the password is in /proc/PID/cmdline: $cmdline"; else pass; fi
  expect_match "$what: blanked in argv" "(-p|--password=)x{${#secret}} " "$cmdline"
  kill -TERM $pid
  wait $pid && RC=0 || RC=$?
  OUT=$(cat "$TEST_TMP/out") ERR=$(cat "$TEST_TMP/err")
  expect_eq "$what: stopped by the signal: $ERR" 11 "$RC"
  unseen "$what"
done

# 4. A whole load with the password attached, and a wrong one that holds it: nothing shows it.
sql -e "TRUNCATE $db.t"
run_as "-p$secret" --json --verbose "$rows" $db.t
expect_eq "a whole load: exit code: $ERR" 0 "$RC"
expect_eq "a whole load: rows" 30000 "$(count $db.t)"
unseen "a whole load"
run_as "--password=${secret}x" --json "$rows" $db.t
expect_eq "a wrong password: exit code: $ERR" 4 "$RC"
unseen "a wrong password"
finish
