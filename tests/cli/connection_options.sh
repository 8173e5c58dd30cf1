# Connection options as the mysql client has them: option files ([client] and
# [fastload] groups, --defaults-file), TCP host and port, and TLS that is
# really negotiated and verified.
source "$(dirname "$0")/../integration/lib.sh"

PORT=$(cat "$SCRATCH_SERVER_DIR/port")
CA=$SCRATCH_SERVER_DIR/ca.pem
fresh_db conn
sql conn -e "CREATE TABLE t (id int PRIMARY KEY, v varchar(5)) ENGINE=InnoDB"
fresh_user conn "ALL ON conn.*" "IDENTIFIED BY 'Conn-pw9'"
printf '1\ta\n2\tb\n' >"$TEST_TMP/two.tsv"

# load NAME ARGS...: loads two.tsv into an empty conn.t with "$FASTLOAD" ARGS (no default socket or user).
load() {
  local name=$1
  shift
  sql -e "TRUNCATE conn.t"
  set +e
  ERR=$("$FASTLOAD" "$@" "$TEST_TMP/two.tsv" conn.t 2>&1)
  RC=$?
  set -e
}
ssl_accepts() { sql -e "SHOW GLOBAL STATUS LIKE 'Ssl_accepts'" | cut -f2; }

printf '[client]\nuser=conn\npassword=Conn-pw9\n[fastload]\nsocket=%s\n' "$SOCKET" >"$TEST_TMP/my.cnf"
load "defaults file" --defaults-file "$TEST_TMP/my.cnf"
expect_eq "--defaults-file with [client] and [fastload] groups ($ERR)" 0 "$RC"
expect_eq "--defaults-file: rows" 2 "$(count conn.t)"

load "tcp" -h 127.0.0.1 -P "$PORT" -u conn -pConn-pw9
expect_eq "TCP host and port ($ERR)" 0 "$RC"

before=$(ssl_accepts)
load "tls" -h 127.0.0.1 -P "$PORT" -u conn -pConn-pw9 --ssl-mode VERIFY_IDENTITY --ssl-ca "$CA"
expect_eq "TLS VERIFY_IDENTITY with the server's CA ($ERR)" 0 "$RC"
expect_eq "TLS VERIFY_IDENTITY: rows" 2 "$(count conn.t)"
[[ $(ssl_accepts) -gt $before ]] && pass || fail "the server accepted no TLS connection"

openssl req -x509 -newkey rsa:2048 -nodes -days 1 -subj "/CN=some other CA" \
  -keyout "$TEST_TMP/other-key.pem" -out "$TEST_TMP/other-ca.pem" >/dev/null 2>&1
load "tls, wrong CA" -h 127.0.0.1 -P "$PORT" -u conn -pConn-pw9 --ssl-mode VERIFY_CA --ssl-ca "$TEST_TMP/other-ca.pem"
expect_eq "TLS with a CA that did not sign the server's certificate" 4 "$RC"
expect_eq "nothing loaded over an unverified connection" 0 "$(count conn.t)"

load "no tls" -h 127.0.0.1 -P "$PORT" -u conn -pConn-pw9 --ssl-mode DISABLED
expect_eq "--ssl-mode DISABLED ($ERR)" 0 "$RC"
finish
