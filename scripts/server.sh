#!/usr/bin/env bash
# A throwaway MariaDB server on a unix socket under DIR, for the demo, tests and
# benchmarks. Never touches a system server.
#
#   scripts/server.sh start DIR [--buffer-pool SIZE] [--log-file-size SIZE] [--user NAME] [--set VAR=VALUE ...]
#   scripts/server.sh stop DIR
#   scripts/server.sh sql DIR [mariadb client args...]   (root over the socket)
#
# After start, DIR/mysql.sock is the socket, DIR/port the TCP port (127.0.0.1)
# and DIR/ca.pem the CA of the server's TLS certificate. --user: the system user the server runs as (default
# the one running this script; another needs root), who then owns DIR (DIR's parents must let that user through).
set -euo pipefail

usage() { sed -n '2,11p' "$0" >&2; exit 2; }
# mariadbd is in /usr/sbin, which a user other than root does not have on PATH on Debian.
PATH=$PATH:/usr/sbin:/sbin
[[ $# -ge 2 ]] || usage
action=$1 dir=$2
shift 2

# utf8mb4 whatever the locale (the client otherwise takes its character set from it: latin1 in a POSIX one).
client() { mariadb --no-defaults --default-character-set=utf8mb4 -uroot -S "$dir/mysql.sock" "$@"; }

# shellcheck source=scripts/scratch.sh
source "$(dirname "$0")/scratch.sh"

# A throwaway CA and a server certificate for 127.0.0.1/localhost, so tests can
# use TLS with --ssl-mode VERIFY_CA --ssl-ca DIR/ca.pem.
make_certificates() {
  [[ -f $dir/server-cert.pem ]] && return 0
  openssl req -x509 -newkey rsa:2048 -nodes -days 3650 -subj "/CN=fastload scratch CA" \
    -keyout "$dir/ca-key.pem" -out "$dir/ca.pem" >/dev/null 2>&1
  openssl req -newkey rsa:2048 -nodes -subj "/CN=localhost" \
    -keyout "$dir/server-key.pem" -out "$dir/server.csr" >/dev/null 2>&1
  printf 'subjectAltName=DNS:localhost,IP:127.0.0.1\n' >"$dir/san.ext"
  openssl x509 -req -in "$dir/server.csr" -CA "$dir/ca.pem" -CAkey "$dir/ca-key.pem" -CAcreateserial \
    -days 3650 -extfile "$dir/san.ext" -out "$dir/server-cert.pem" >/dev/null 2>&1
}

start() {
  local buffer_pool=256M log_file_size=256M user extra=()
  user=$(id -un)
  while [[ $# -gt 0 ]]; do
    case $1 in
      --buffer-pool) buffer_pool=$2; shift 2 ;;
      --log-file-size) log_file_size=$2; shift 2 ;;
      --user) user=$2; shift 2 ;;
      --set) extra+=("$2"); shift 2 ;;
      *) usage ;;
    esac
  done
  mkdir -p "$dir"
  dir=$(cd "$dir" && pwd)
  if [[ -S $dir/mysql.sock ]] && client -e 'select 1' >/dev/null 2>&1; then
    echo "fastload: a scratch server already runs on $dir/mysql.sock" >&2; return 0
  fi
  # A tmpdir of its own: a server starting deletes the temporary tables it finds in its tmpdir, other servers' too.
  mkdir -p "$dir/tmp"
  make_certificates
  if [[ $user != "$(id -un)" ]]; then
    chown -R "$user" "$dir"
    runuser -u "$user" -- test -w "$dir" ||
      { echo "fastload: user $user cannot write $dir: its parent directories must let $user through" >&2; exit 1; }
  fi
  if [[ ! -d $dir/data/mysql ]]; then
    # --force: where the host cannot resolve its own name (no /etc/hosts: minimal images, chroots, containers)
    # mariadb-install-db stops otherwise; the scratch server's users are root@localhost over the socket, so the
    # grant rows it would write for the host name are not needed.
    mariadb-install-db --no-defaults --force --datadir="$dir/data" --tmpdir="$dir/tmp" --user="$user" \
      --auth-root-authentication-method=normal >"$dir/install.log" 2>&1 ||
      { cat "$dir/install.log" >&2; exit 1; }
  fi
  local port
  # A restarted server keeps its port while it is free: clients (and Spider's server definitions) name it.
  if [[ -f $dir/port ]] && ! (exec 3<>"/dev/tcp/127.0.0.1/$(cat "$dir/port")") 2>/dev/null; then
    port=$(cat "$dir/port")
  else
    # shellcheck disable=SC2046  # one port a word
    port=$(free_port $(ports_beside "$dir"))
  fi
  echo "$port" >"$dir/port"
  {
    echo "[mysqld]"
    echo "datadir=$dir/data"
    echo "tmpdir=$dir/tmp"
    echo "socket=$dir/mysql.sock"
    echo "pid-file=$dir/mysqld.pid"
    echo "port=$port"
    echo "bind-address=127.0.0.1"
    echo "user=$user"
    echo "log_error=$dir/error.log"
    echo "local_infile=1"
    echo "secure_file_priv="
    echo "skip-log-bin"
    echo "character-set-server=utf8mb4"
    echo "collation-server=utf8mb4_general_ci"
    echo "innodb_buffer_pool_size=$buffer_pool"
    echo "innodb_log_file_size=$log_file_size"
    echo "innodb_flush_log_at_trx_commit=1"
    echo "innodb_doublewrite=0"
    echo "ssl_ca=$dir/ca.pem"
    echo "ssl_cert=$dir/server-cert.pem"
    echo "ssl_key=$dir/server-key.pem"
    for line in "${extra[@]}"; do echo "$line"; done
  } >"$dir/my.cnf"
  # What mariadbd says before its error log is open (a missing program, a bad option) goes to DIR/mariadbd.out.
  setsid mariadbd --defaults-file="$dir/my.cnf" >"$dir/mariadbd.out" 2>&1 < /dev/null &
  for _ in $(seq 300); do
    if client -e 'select 1' >/dev/null 2>&1; then return 0; fi
    sleep 0.2
  done
  echo "fastload: the scratch server did not start; its log:" >&2
  tail -n 30 "$dir/mariadbd.out" "$dir/error.log" >&2 || true
  exit 1
}

stop() {
  [[ -f $dir/mysqld.pid ]] || return 0
  local pid
  pid=$(cat "$dir/mysqld.pid")
  client -e 'shutdown' >/dev/null 2>&1 || kill "$pid" 2>/dev/null || true
  for _ in $(seq 300); do
    kill -0 "$pid" 2>/dev/null || return 0
    sleep 0.2
  done
  kill -9 "$pid" 2>/dev/null || true
}

case $action in
  start) start "$@" ;;
  stop) stop ;;
  sql) client "$@" ;;
  *) usage ;;
esac
