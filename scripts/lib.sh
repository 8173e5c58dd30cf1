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

# digest_rows TABLE COLUMNS CLIENT...: a digest of TABLE's rows (of COLUMNS: * for its visible columns, or any
# select list; TABLE may be a derived table, "(SELECT ...) AS x") as CLIENT... reads them (a command that runs
# the mariadb client with the arguments it is given, e.g. sql or `on r1`): each row one line (the client escapes
# tabs, line ends and backslashes) followed by which of its values are NULL (the client prints NULL as it prints
# the string 'NULL'), the lines sorted bytewise, then sha256. Two tables have the same digest only when they hold
# the same rows, each as many times: CHECKSUM TABLE adds up one checksum a row, and differences can cancel (two
# loads of one file, every row different, gave one CHECKSUM TABLE). Prints nothing when TABLE cannot be read.
digest_rows() {
  local table=$1 columns=$2 first tabs names=() nulls=() i
  shift 2
  # The number of columns: the tabs in one row that ends with an extra column (a value's tabs print as \t).
  first=$(digest_query "SELECT $columns, 1 FROM $table LIMIT 1" "$@") || return
  tabs=${first//[!$'\t']/}
  for ((i = 1; i <= ${#tabs}; i++)); do names+=("c$i"); nulls+=("c$i IS NULL"); done
  local IFS=,
  if ((${#names[@]} == 0)); then  # no row
    digest_query "SELECT $columns FROM $table" "$@"
  else
    digest_query "WITH digest_rows (${names[*]}) AS (SELECT $columns FROM $table)
      SELECT *, CONCAT(${nulls[*]}) FROM digest_rows" "$@"
  fi | LC_ALL=C sort | sha256sum | cut -c1-32
}
# digest_table TABLE CLIENT...: TABLE's contents as one word, DIGEST/CHECKSUM: digest_rows of every column,
# invisible ones too (the strong check), then its CHECKSUM TABLE (a second check). MariaDB 10.11's CHECKSUM TABLE
# of a table with a VIRTUAL generated column can differ between two tables of the same rows, and between two
# reads of one table: compare digest_rows alone for such a table.
digest_table() {
  local table=$1 digest sum name columns=""
  shift
  # SHOW COLUMNS prints each name escaped as the client prints values (\\, \t, \n), which %b reads back.
  while IFS=$'\t' read -r name _; do
    printf -v name '%b' "$name"
    columns+="${columns:+, }\`${name//\`/\`\`}\`"
  done < <(digest_query "SHOW COLUMNS FROM $table" "$@")
  digest=$(digest_rows "$table" "${columns:-*}" "$@")
  sum=$(digest_query "CHECKSUM TABLE $table" "$@" | cut -f2)
  echo "$digest/$sum"
}
# digest_query SQL CLIENT...: SQL's result as the digests read it, in a session the server's globals do not
# change: every row (sql_select_limit), no time limit, TIMESTAMPs in UTC, no sql_mode.
digest_query() {
  local sql=$1
  shift
  "$@" --batch --skip-column-names -e "SET sql_select_limit = 18446744073709551615, max_statement_time = 0,
    time_zone = '+00:00', sql_mode = ''; $sql"
}

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
