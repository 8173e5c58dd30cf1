#!/usr/bin/env bash
# A throwaway MariaDB Galera cluster on loopback, for tests and benchmarks: N scratch servers (scripts/server.sh)
# under DIR, DIR/node1..nodeN, each with ports of its own (SQL, group communication, IST, SST), run as user
# mysql when started by root (as root, the rsync state transfer's daemon drops to nobody and cannot write the
# datadir), else as the user who starts them; node1
# bootstraps the cluster (--wsrep-new-cluster), the others join it with an rsync state transfer.
#
#   scripts/galera.sh start DIR [--nodes N] [server.sh start options]   (N: 3 unless given)
#   scripts/galera.sh stop DIR
#   scripts/galera.sh sql DIR NAME [mariadb client args...]   (NAME: node1, node2...; root on its socket)
#   scripts/galera.sh slow DIR NAME DB TABLE [MICROSECONDS]
#       NAME's applier then spends MICROSECONDS (50 unless given; 0 ends it) more on each row it applies into
#       DB.TABLE (a trigger on NAME alone: scripts/scratch.sh slow_applier_sql); its receive queue then grows
#       under a load into another node, until flow control pauses the cluster.
#
# start returns once every node is Synced in a cluster of N. DIR's parents must let user mysql through.
set -euo pipefail

usage() { sed -n '2,16p' "$0" >&2; exit 2; }
[[ $# -ge 2 ]] || usage
action=$1 dir=$2
shift 2
here=$(dirname "$0")
# shellcheck source=scripts/scratch.sh
source "$here/scratch.sh"
on() { local name=$1; shift; "$here"/server.sh sql "$dir/$name" --batch --skip-column-names "$@"; }
nodes() { local d; for d in "$dir"/node[0-9]*/; do [[ -d $d ]] && basename "$d"; done; return 0; }

# choose_ports COUNT: DIR/nodeI/port (the SQL port, which server.sh keeps) and DIR/nodeI/galera-ports (group
# communication, IST and SST), all distinct; a restarted cluster keeps the ports it has.
choose_ports() {
  local taken=() i node
  for ((i = 1; i <= $1; i++)); do
    node=$dir/node$i
    mkdir -p "$node"
    [[ -f $node/galera-ports ]] || {
      # shellcheck disable=SC2046  # one port a word
      for _ in 1 2 3 4; do taken+=("$(free_port "${taken[@]}" $(ports_beside "$node"))"); done
      echo "${taken[-4]}" >"$node/port"
      echo "${taken[@]: -3}" >"$node/galera-ports"
    }
  done
}

# start_node I ADDRESS [server.sh start options]: nodeI in the cluster of ADDRESS (gcomm://...).
start_node() {
  local name=node$1 node=$dir/node$1 address=$2 gcomm ist sst
  shift 2
  read -r gcomm ist sst <"$node/galera-ports"
  # ssl-mode DISABLED: the rsync state transfer would otherwise follow the server's TLS certificate and want
  # stunnel; it reads the option from [mysqld] too, where loose- keeps mariadbd from refusing an option it lacks.
  # wsrep_node_incoming_address: wsrep_incoming_addresses then lists every node's SQL port (AUTO otherwise).
  "$here"/server.sh start "$node" --user "$(if ((EUID == 0)); then echo mysql; else id -un; fi)" --set wsrep_on=ON \
    --set wsrep_provider=/usr/lib/galera/libgalera_smm.so --set wsrep_cluster_name=fastload \
    --set "wsrep_cluster_address=$address" --set "wsrep_node_name=$name" \
    --set "wsrep_node_address=127.0.0.1:$gcomm" --set "wsrep_sst_receive_address=127.0.0.1:$sst" \
    --set "wsrep_node_incoming_address=127.0.0.1:$(cat "$node/port")" \
    --set "wsrep_provider_options=\"gmcast.listen_addr=tcp://127.0.0.1:$gcomm;ist.recv_addr=127.0.0.1:$ist;gcache.size=64M\"" \
    --set wsrep_sst_method=rsync --set loose-ssl-mode=DISABLED \
    --set binlog_format=ROW --set innodb_autoinc_lock_mode=2 "$@"
}

# synced COUNT: whether every node is Synced in a cluster of COUNT.
synced() {
  local name
  for name in $(nodes); do
    [[ $(on "$name" -e "SELECT GROUP_CONCAT(VARIABLE_VALUE ORDER BY VARIABLE_NAME) FROM
      information_schema.GLOBAL_STATUS WHERE VARIABLE_NAME IN ('wsrep_cluster_size', 'wsrep_local_state_comment')" \
      2>/dev/null) == "$1,Synced" ]] || return 1
  done
}

start() {
  local count=3 options=() address="" pids=() pid i
  while [[ $# -gt 0 ]]; do
    case $1 in
      --nodes) count=$2; shift 2 ;;
      *) options+=("$1"); shift ;;
    esac
  done
  [[ $count =~ ^[1-9][0-9]*$ ]] || usage
  choose_ports "$count"
  for ((i = 1; i <= count; i++)); do address+=${address:+,}127.0.0.1:$(cut -d' ' -f1 "$dir/node$i/galera-ports"); done
  start_node 1 "gcomm://$address" "${options[@]}" --set wsrep-new-cluster
  # The joiners at once: the donor serves one state transfer at a time, the other joiner retries each second.
  # Their data comes whole from the donor: an empty data/mysql tells server.sh not to install a datadir first.
  for ((i = 2; i <= count; i++)); do
    mkdir -p "$dir/node$i/data/mysql"
    start_node "$i" "gcomm://$address" "${options[@]}" &
    pids+=($!)
  done
  for pid in "${pids[@]}"; do wait "$pid"; done
  for _ in $(seq 300); do
    synced "$count" && return 0
    sleep 0.2
  done
  echo "fastload: the Galera cluster in $dir did not reach $count Synced nodes; node1's log:" >&2
  tail -n 30 "$dir/node1/error.log" >&2
  exit 1
}

# The joiners first, node1 last: the last node to leave is the one safe to bootstrap the cluster again.
stop() {
  local name
  for name in $(nodes | grep -vx node1); do "$here"/server.sh stop "$dir/$name" & done
  wait
  "$here"/server.sh stop "$dir/node1"
}

slow() {
  local name=$1 db=$2 table=$3 micros=${4:-50}
  [[ $micros =~ ^[0-9]+$ ]] || usage
  wait_for_table "on $name" "$db" "$table"
  # wsrep_on=OFF: the trigger stays on NAME instead of replicating to every node.
  on "$name" -e "SET GLOBAL slave_run_triggers_for_rbr=YES; SET SESSION wsrep_on=OFF;
    $(slow_applier_sql "$db" "$table" "$micros")"
}

case $action in
  start) start "$@" ;;
  stop) stop ;;
  sql) [[ $# -ge 1 ]] || usage; "$here"/server.sh sql "$dir/$1" "${@:2}" ;;
  slow) [[ $# -ge 3 ]] || usage; slow "$@" ;;
  *) usage ;;
esac
