# A refused connection gets a hint that fits the refusal, with exit 4 (connect): the user's connection limit
# (1226, which names max_user_connections), a locked account (4151) and a server at its max_connections (1040, on
# a private server whose one connection is held); the other hints are unit-tested (tests/unit/server_errors_test.cc).
source "$(dirname "$0")/lib.sh"

db=connect_hints_$$
fresh_db $db
sql -e "CREATE TABLE $db.t (a int)"
printf '1\n2\n' >"$TEST_TMP/rows.tsv"
users=(hint_limit_$$ hint_locked_$$)
fresh_user "${users[0]}" "ALL ON $db.*" "WITH MAX_USER_CONNECTIONS 1"
fresh_user "${users[1]}" "ALL ON $db.*" "ACCOUNT LOCK"

as_user "${users[0]}" --threads 2 "$TEST_TMP/rows.tsv" $db.t
expect_eq "max_user_connections: exit code" 4 "$RC"
expect_match "max_user_connections: the hint" "error 1226\\); .*lower --threads" "$ERR"

as_user "${users[1]}" "$TEST_TMP/rows.tsv" $db.t
expect_eq "locked account: exit code" 4 "$RC"
expect_match "locked account: the hint" "error 4151\\); .*ACCOUNT UNLOCK" "$ERR"

expect_eq "nothing loaded" 0 "$(count $db.t)"

sql -e "DROP DATABASE $db"
for u in "${users[@]}"; do sql -e "DROP USER '$u'@'localhost'"; done

# Too many connections: a private server's max_connections (10, MariaDB's least) held by sleeping sessions;
# MariaDB keeps one more for a user with CONNECTION ADMIN (root, which checks), none for the user fastload runs as.
private_server busy --set max_connections=10
on busy -e "CREATE DATABASE $db; CREATE TABLE $db.t (a int);
            CREATE USER hint_busy@localhost; GRANT ALL ON $db.* TO hint_busy@localhost"
holders=()
for _ in $(seq 10); do
  on busy -e "SELECT 'hint-busy-holder', SLEEP(120)" >/dev/null 2>&1 &
  holders+=($!)
done
# Root's one extra session may still be closing from the last look (1040 then): asked again after a moment.
held() {
  local n
  for _ in $(seq 50); do
    n=$(on busy -e "SELECT COUNT(*) FROM information_schema.PROCESSLIST WHERE INFO LIKE 'SELECT ''hint-busy%'" \
      2>/dev/null) && { echo "$n"; return; }
    sleep 0.1
  done
  echo "none (the server refused every look)"
}
for _ in $(seq 100); do
  [[ $(held) == 10 ]] && break
  sleep 0.1
done
expect_eq "max_connections: every connection held" 10 "$(held)"
capture "$FASTLOAD" --socket "$PRIVATE_SERVER/mysql.sock" -u hint_busy "$TEST_TMP/rows.tsv" $db.t
expect_eq "max_connections: exit code: $ERR" 4 "$RC"
expect_match "max_connections: the hint" "error 1040\\); the server has max_connections sessions already: .*raise the server's max_connections" "$ERR"
if grep -q -- "--host" <<<"$ERR"; then fail "max_connections: points at --host: $ERR"; else pass; fi
kill "${holders[@]}" 2>/dev/null || true
wait "${holders[@]}" 2>/dev/null || true
finish
