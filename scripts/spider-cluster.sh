#!/usr/bin/env bash
# A throwaway Spider cluster on loopback, for tests and benchmarks: three scratch servers (scripts/server.sh)
# under DIR, DIR/head with the Spider engine and DIR/s1, DIR/s2, which the head knows as the server
# definitions s1 and s2 (TCP, user spider with the password given, default database n).
#
#   scripts/spider-cluster.sh start DIR PASSWORD [server.sh start options]
#   scripts/spider-cluster.sh stop DIR
#   scripts/spider-cluster.sh restart DIR NAME    (kill -9 of NAME's mariadbd, then a start on its port)
set -euo pipefail

usage() { sed -n '2,9p' "$0" >&2; exit 2; }
[[ $# -ge 2 ]] || usage
action=$1 dir=$2
shift 2
here=$(dirname "$0")
on() { local name=$1; shift; "$here"/server.sh sql "$dir/$name" "$@"; }

start() {
  local password=$1 name pid
  shift
  local pids=()
  for name in head s1 s2; do
    "$here"/server.sh start "$dir/$name" "$@" &
    pids+=($!)
  done
  for pid in "${pids[@]}"; do wait "$pid"; done
  for name in s1 s2; do
    on $name -e "CREATE USER IF NOT EXISTS spider@'127.0.0.1' IDENTIFIED BY '$password';
                 GRANT ALL ON *.* TO spider@'127.0.0.1'"
    on head -e "CREATE OR REPLACE SERVER $name FOREIGN DATA WRAPPER mysql OPTIONS (HOST '127.0.0.1',
                PORT $(cat "$dir/$name/port"), USER 'spider', PASSWORD '$password', DATABASE 'n')"
  done
  on head -e "INSTALL SONAME 'ha_spider'" 2>/dev/null || true  # installed already on a restarted cluster
}

restart() {
  local pid
  pid=$(cat "$dir/$1/mysqld.pid")
  kill -9 "$pid"
  while kill -0 "$pid" 2>/dev/null; do sleep 0.05; done
  "$here"/server.sh start "$dir/$1"
}

case $action in
  start) [[ $# -ge 1 ]] || usage; start "$@" ;;
  stop) for name in head s1 s2; do "$here"/server.sh stop "$dir/$name" || true; done ;;
  restart) [[ $# -eq 1 ]] || usage; restart "$1" ;;
  *) usage ;;
esac
