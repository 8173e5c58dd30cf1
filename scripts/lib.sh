# Sourced by scripts/*.sh and bench/*.sh: repository paths, messages, a scratch server.
# shellcheck shell=bash disable=SC2034  # NODES_DDL, SOCKET: used by the sourcing scripts

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
# BUILD_DIR may be relative to where the script was started; make it absolute before any cd.
BUILD_DIR=$(realpath -m "${BUILD_DIR:-$ROOT/build}")
export BUILD_DIR
cd "$ROOT" || exit
# The server's programs (mariadbd) are in /usr/sbin, which a user other than root does not have on PATH on Debian.
[[ :$PATH: == *:/usr/sbin:* ]] || PATH=$PATH:/usr/sbin:/sbin

die() { echo "fastload: $*" >&2; exit 1; }
step() { printf '\n== %s\n' "$*"; }

# The nodes table of an OpenStreetMap export: the benchmarks' reference table.
NODES_DDL="CREATE TABLE nodes (id bigint PRIMARY KEY, lat decimal(9,7), lon decimal(10,7), version int,
  timestamp timestamp, changeset bigint, uid bigint, user varchar(255)) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4"

# scratch_server [server.sh start options]: starts a throwaway MariaDB in a new temporary directory
# SCRATCH; at exit (also on failure or Ctrl-C) stops it and removes the directory.
# shellcheck disable=SC2120  # the options are optional
scratch_server() {
  SCRATCH=$(mktemp -d "${TMPDIR:-/tmp}/fastload.XXXXXX")
  trap '"$ROOT"/scripts/server.sh stop "$SCRATCH" >/dev/null 2>&1 || true; rm -rf "$SCRATCH"' EXIT
  trap 'exit 130' INT
  trap 'exit 143' TERM
  "$ROOT"/scripts/server.sh start "$SCRATCH" "$@"
  SOCKET=$SCRATCH/mysql.sock
}

sql() { "$ROOT"/scripts/server.sh sql "$SCRATCH" "$@"; }

# shuffle_rows IN OUT: IN's lines in a random order, the same every time (a fixed seed), with no long sorted run
# left anywhere (a stream is judged by its first chunk).
shuffle_rows() {
  awk 'BEGIN { srand(42) } { printf "%.9f\t%s\n", rand(), $0 }' "$1" | LC_ALL=C sort -S 1G -t$'\t' -k1,1 |
    cut -f2- >"$2"
}

# server_cpu: CPU seconds the scratch server (SCRATCH's mysqld.pid) has used so far, utime + stime (the command
# name in /proc/PID/stat may hold spaces).
server_cpu() {
  local stat fields pid
  pid=$(cat "$SCRATCH/mysqld.pid")
  read -r stat <"/proc/$pid/stat" || die "the scratch server (pid $pid) is gone"
  read -r -a fields <<<"${stat##*) }"  # fields[0] is field 3 (state): utime is 14, stime 15
  awk -v t=$((fields[11] + fields[12])) -v hz="$(getconf CLK_TCK)" 'BEGIN { printf "%.2f", t / hz }'
}
