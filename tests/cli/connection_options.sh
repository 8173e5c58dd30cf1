# Connection options as the mysql client has them: option files ([client] and
# [fastload] groups, --defaults-file), TCP host and port, and TLS that is
# really negotiated and verified.
source "$(dirname "$0")/../integration/lib.sh"
# shellcheck source=scripts/scratch.sh
source "$SOURCE_DIR/scripts/scratch.sh"  # free_port

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
# expect_tcp_localhost WHAT: the last load went over TCP to localhost:PORT. Where `localhost` does not resolve
# (a root without /etc/hosts) no client can get there: then it must have failed naming localhost:PORT, not a socket.
LOCALHOST_RESOLVES=$(getent hosts localhost >/dev/null && echo yes || echo no)
expect_tcp_localhost() {
  if [[ $LOCALHOST_RESOLVES == yes ]]; then
    expect_eq "$1 ($ERR)" 0 "$RC"
  else
    expect_eq "$1, localhost unresolvable: cannot connect ($ERR)" 4 "$RC"
    expect_match "$1, localhost unresolvable: the host tried" "cannot connect to localhost:$PORT" "$ERR"
  fi
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

# As the mariadb client: -P on the command line means TCP, to localhost too, and -S a socket; the last of
# them (and --protocol) decides. A socket that does not exist shows which was used.
load "localhost and a port" -h localhost -P "$PORT" -u conn -pConn-pw9
expect_tcp_localhost "-h localhost -P PORT goes over TCP"
load "port after socket" -S "$TEST_TMP/no.sock" -h localhost -P "$PORT" -u conn -pConn-pw9
expect_tcp_localhost "-S NONE -h localhost -P PORT: TCP, -P came last"
load "socket after port" -h localhost -P "$PORT" -S "$TEST_TMP/no.sock" -u conn -pConn-pw9
expect_eq "-h localhost -P PORT -S NONE: the socket, -S came last" 4 "$RC"
expect_match "-S NONE: message" "cannot connect to socket .*no.sock" "$ERR"
load "protocol tcp" --protocol TCP -S "$TEST_TMP/no.sock" -h localhost -P "$PORT" -u conn -pConn-pw9
expect_tcp_localhost "--protocol TCP"
load "protocol socket" -h localhost -P "$PORT" --protocol socket -S "$SOCKET" -u conn -pConn-pw9
expect_eq "--protocol socket after -P ($ERR)" 0 "$RC"
load "protocol pipe" --protocol pipe -u conn -pConn-pw9
expect_eq "--protocol pipe is refused" 2 "$RC"
expect_match "--protocol pipe: message" "^fastload: --protocol: 'pipe' is not a protocol fastload speaks: give one of TCP, SOCKET" "$ERR"
# A port from an option file chooses nothing: with host localhost the socket is used, as by the client.
printf '[client]
port=%s
socket=%s
' "$PORT" "$TEST_TMP/no.sock" >"$TEST_TMP/port.cnf"
load "port from a file" --defaults-file "$TEST_TMP/port.cnf" -h localhost -u conn -pConn-pw9
expect_eq "[client] port with -h localhost: the socket" 4 "$RC"
load "port from a file, --protocol TCP" --defaults-file "$TEST_TMP/port.cnf" -h localhost --protocol TCP -u conn -pConn-pw9
expect_tcp_localhost "[client] port with --protocol TCP"
# A host from an option file that does not answer: the message names the host and port the library tried, not the
# socket a system-wide file names (Debian's [client-server] socket=/run/mysqld/mysqld.sock), which TCP never used.
closed=$(free_port)
printf '[client]\nhost=127.0.0.1\nport=%s\nsocket=%s\n' "$closed" "$TEST_TMP/no.sock" >"$TEST_TMP/host.cnf"
load "host from a file" --defaults-file "$TEST_TMP/host.cnf" -u conn -pConn-pw9
expect_eq "[client] host that does not answer" 4 "$RC"
expect_match "[client] host that does not answer: the host and port tried" \
  "^fastload: cannot connect to 127\.0\.0\.1:$closed: " "$ERR"
load "socket from a file, localhost" --defaults-file "$TEST_TMP/host.cnf" -h localhost -u conn -pConn-pw9
expect_match "[client] socket with -h localhost: the socket tried" "^fastload: cannot connect to socket .*no.sock" "$ERR"
finish
