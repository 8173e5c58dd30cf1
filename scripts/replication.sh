#!/usr/bin/env bash
# A throwaway primary and its replicas on loopback, for tests and benchmarks: scratch servers (scripts/server.sh)
# under DIR, DIR/primary (binary log in ROW format, server_id 1, GTIDs) and DIR/r1..rN, each replicating from it
# over TCP on 127.0.0.1 as user repl (password REPL_PASSWORD below) with MASTER_USE_GTID=slave_pos, and listed by
# the primary's SHOW SLAVE HOSTS (report_host 127.0.0.1 and the replica's port).
#
#   scripts/replication.sh start DIR [--replicas N] [server.sh start options]   (N: 1 unless given)
#   scripts/replication.sh stop DIR
#   scripts/replication.sh sql DIR NAME [mariadb client args...]   (NAME: primary, r1, r2...; root on its socket)
#   scripts/replication.sh stop-replica DIR NAME | start-replica DIR NAME   (STOP SLAVE / START SLAVE on NAME)
#   scripts/replication.sh sync DIR [SECONDS]   (waits until every running replica has applied all the primary
#                                                logged; fails after SECONDS, 60 unless given)
#   scripts/replication.sh slow DIR NAME DB TABLE [MICROSECONDS]
#       NAME's applier then spends MICROSECONDS (50 unless given; 0 ends it) more on each row it inserts into
#       DB.TABLE (a trigger on NAME: scripts/scratch.sh slow_applier_sql). DB.TABLE must exist on the primary (it
#       is waited for on NAME); the table's next DROP removes the trigger.
set -euo pipefail

usage() { sed -n '2,17p' "$0" >&2; exit 2; }
[[ $# -ge 2 ]] || usage
action=$1 dir=$2
shift 2
here=$(dirname "$0")
# shellcheck source=scripts/scratch.sh
source "$here/scratch.sh"
REPL_PASSWORD=repl-Secret-7
on() { local name=$1; shift; "$here"/server.sh sql "$dir/$name" --batch --skip-column-names "$@"; }
# running NAME: whether NAME's SQL thread (its applier) runs.
running() { "$here"/server.sh sql "$dir/$1" -e "SHOW SLAVE STATUS\G" | grep -q 'Slave_SQL_Running: Yes'; }
replicas() { local d; for d in "$dir"/r[0-9]*/; do [[ -d $d ]] && basename "$d"; done; return 0; }

start() {
  local count=1 options=() pids=() pid i
  while [[ $# -gt 0 ]]; do
    case $1 in
      --replicas) count=$2; shift 2 ;;
      *) options+=("$1"); shift ;;
    esac
  done
  [[ $count =~ ^[0-9]+$ ]] || usage
  "$here"/server.sh start "$dir/primary" "${options[@]}" --set server_id=1 --set log_bin=binlog \
    --set binlog_format=ROW --set gtid_strict_mode=1 &
  pids+=($!)
  for ((i = 1; i <= count; i++)); do
    # relay_log named: its default name is the host's, which a host without /etc/hosts may not have.
    "$here"/server.sh start "$dir/r$i" "${options[@]}" --set server_id=$((i + 1)) --set report_host=127.0.0.1 \
      --set relay_log=relay-bin --set gtid_strict_mode=1 &
    pids+=($!)
  done
  for pid in "${pids[@]}"; do wait "$pid"; done
  on primary -e "CREATE USER IF NOT EXISTS repl@'127.0.0.1' IDENTIFIED BY '$REPL_PASSWORD';
                 GRANT REPLICATION SLAVE ON *.* TO repl@'127.0.0.1'"
  for ((i = 1; i <= count; i++)); do
    on "r$i" -e "STOP SLAVE; CHANGE MASTER TO MASTER_HOST='127.0.0.1', MASTER_PORT=$(cat "$dir/primary/port"),
                 MASTER_USER='repl', MASTER_PASSWORD='$REPL_PASSWORD', MASTER_USE_GTID=slave_pos,
                 MASTER_CONNECT_RETRY=1; START SLAVE"
  done
  sync 60
}

# sync SECONDS: MASTER_GTID_WAIT on each replica whose SQL thread runs, for the primary's binlog position.
sync() {
  local position name
  position=$(on primary -e "SELECT @@gtid_binlog_pos")
  for name in $(replicas); do
    running "$name" || continue
    if [[ $(on "$name" -e "SELECT MASTER_GTID_WAIT('$position', $1)") != 0 ]]; then
      echo "fastload: replica $name did not reach the primary's $position in $1 s; its status:" >&2
      "$here"/server.sh sql "$dir/$name" -e "SHOW SLAVE STATUS\G" | grep -E 'Running|Error|Gtid|Behind' >&2
      exit 1
    fi
  done
}

slow() {
  local name=$1 db=$2 table=$3 micros=${4:-50}
  [[ $micros =~ ^[0-9]+$ ]] || usage
  wait_for_table "on $name" "$db" "$table"
  # The applier reads slave_run_triggers_for_rbr when it starts.
  on "$name" -e "SET GLOBAL slave_run_triggers_for_rbr=YES"
  ! running "$name" || on "$name" -e "STOP SLAVE SQL_THREAD; START SLAVE SQL_THREAD"
  on "$name" -e "$(slow_applier_sql "$db" "$table" "$micros")"
}

case $action in
  start) start "$@" ;;
  stop) for name in primary $(replicas); do "$here"/server.sh stop "$dir/$name" & done; wait ;;
  sql) [[ $# -ge 1 ]] || usage; "$here"/server.sh sql "$dir/$1" "${@:2}" ;;
  stop-replica) [[ $# -eq 1 ]] || usage; on "$1" -e "STOP SLAVE" ;;
  start-replica) [[ $# -eq 1 ]] || usage; on "$1" -e "START SLAVE" ;;
  sync) sync "${1:-60}" ;;
  slow) [[ $# -ge 3 ]] || usage; slow "$@" ;;
  *) usage ;;
esac
