#!/usr/bin/env bash
# bench/local-infile-vs-fastload.sh [ROWS=4000000] [RUNS=5]
#
# On a scratch MariaDB (4G buffer pool, 2G redo log, innodb_flush_log_at_trx_commit=1), loads the same
# generated nodes file RUNS times each way, alternating, into a freshly created empty table:
#   (a) one statement: mariadb --local-infile=1 -e "LOAD DATA LOCAL INFILE ..."
#   (b) fastload --threads 2
# and reports wall time, the client's CPU (user+sys) and the server's CPU (mariadbd utime+stime
# from /proc) for each run, then the medians. Writes nothing outside its temporary directory.
set -euo pipefail
# shellcheck source=scripts/lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/../scripts/lib.sh"

rows=${1:-4000000} runs=${2:-5}
[[ $rows =~ ^[1-9][0-9]*$ && $runs =~ ^[1-9][0-9]*$ ]] || die "usage: $0 [ROWS=4000000] [RUNS=5]"

scripts/setup.sh
step "starting a scratch server (buffer pool 4G, redo log 2G)"
scratch_server --buffer-pool 4G --log-file-size 2G
server_pid=$(cat "$SCRATCH/mysqld.pid")
sql -e "CREATE DATABASE bench"

file=$SCRATCH/nodes.tsv
step "generating $rows rows"
"$BUILD_DIR/bench/gen-nodes" "$rows" -o "$file"
echo "$(stat -c %s "$file") bytes"

# CPU seconds the server has used so far (utime + stime; the command name may hold spaces).
server_cpu() {
  local stat fields
  read -r stat <"/proc/$server_pid/stat" || die "the scratch server (pid $server_pid) is gone"
  read -r -a fields <<<"${stat##*) }"  # fields[0] is field 3 (state): utime is 14, stime 15
  awk -v t=$((fields[11] + fields[12])) -v hz="$(getconf CLK_TCK)" 'BEGIN { printf "%.2f", t / hz }'
}

# run NAME COMMAND...: loads into an empty bench.nodes with COMMAND, prints one line, appends
# "NAME wall client_cpu server_cpu" to $SCRATCH/results.
run() {
  local name=$1 TIMEFORMAT='%3R %3U %3S' before after wall user sys count
  shift
  sql bench -e "DROP TABLE IF EXISTS nodes; $NODES_DDL"
  before=$(server_cpu)
  { time "$@" >"$SCRATCH/out" 2>&1; } 2>"$SCRATCH/time" || { cat "$SCRATCH/out" >&2; die "$name failed"; }
  after=$(server_cpu)
  read -r wall user sys <"$SCRATCH/time"
  count=$(sql -N bench -e "SELECT COUNT(*) FROM nodes")
  [[ $count == "$rows" ]] || die "$name loaded $count rows, expected $rows"
  awk -v n="$name" -v w="$wall" -v u="$user" -v s="$sys" -v b="$before" -v a="$after" \
    'BEGIN { printf "%s %.3f %.3f %.2f\n", n, w, u + s, a - b }' | tee -a "$SCRATCH/results" |
    awk -v r="$i/$runs" '{ printf "run %-5s %-15s wall %7.2f s   client CPU %6.2f s   server CPU %6.2f s\n", r, $1, $2, $3, $4 }'
}

step "$runs runs each, alternating"
for ((i = 1; i <= runs; i++)); do
  run local-infile mariadb --no-defaults --local-infile=1 -uroot -S "$SOCKET" bench \
    -e "LOAD DATA LOCAL INFILE '$file' INTO TABLE nodes CHARACTER SET utf8mb4"
  run fastload "$BUILD_DIR/fastload" --threads 2 --socket "$SOCKET" -u root "$file" bench.nodes
done

step "medians over $runs runs"
awk '
  function median(v, n,   i, j, t) {  # sorts v[1..n]
    for (i = 2; i <= n; i++) for (j = i; j > 1 && v[j-1] > v[j]; j--) { t = v[j]; v[j] = v[j-1]; v[j-1] = t }
    return n % 2 ? v[(n + 1) / 2] : (v[n / 2] + v[n / 2 + 1]) / 2
  }
  { k = ++n[$1]; wall[$1, k] = $2; cpu[$1, k] = $3; srv[$1, k] = $4 }
  END {
    split("local-infile fastload", modes)
    for (i = 1; i <= 2; i++) {
      m = modes[i]
      for (k = 1; k <= n[m]; k++) { w[k] = wall[m, k]; c[k] = cpu[m, k]; s[k] = srv[m, k] }
      W[m] = median(w, n[m]); C[m] = median(c, n[m]); S[m] = median(s, n[m])
      printf "%-15s wall %7.2f s   client CPU %6.2f s   server CPU %6.2f s   client/server CPU %5.1f%%\n", \
        m, W[m], C[m], S[m], 100 * C[m] / S[m]
    }
    printf "fastload --threads 2 / single LOAD DATA LOCAL wall time: %.2f\n", W["fastload"] / W["local-infile"]
    printf "fastload client CPU: %.1f%% of the server CPU during its runs\n", 100 * C["fastload"] / S["fastload"]
  }' "$SCRATCH/results"
