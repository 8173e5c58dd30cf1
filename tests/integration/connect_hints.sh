# A refused connection gets a hint that fits the refusal, with exit 4 (connect): the user's connection limit
# (1226, which names max_user_connections) and a locked account (4151); the other hints are unit-tested
# (tests/unit/server_errors_test.cc).
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
finish
