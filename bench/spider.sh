#!/usr/bin/env bash
# bench/spider.sh [ROWS=1000000] [RUNS=3]
#
# A Spider table HASH-partitioned over 2 shard servers, all three servers on this machine on loopback
# (scripts/spider-cluster.sh; buffer pool 1G, redo log 512M, innodb_flush_log_at_trx_commit=1 each), loaded
# with the generated nodes file (ROWS rows) by, in each of RUNS rounds:
#   head           one `mariadb --local-infile` LOAD DATA LOCAL into the Spider table on the head
#   direct         fastload --threads 2 into the same table: shard-direct
#   direct, 1 shard  fastload --threads 2 into a Spider table whose 2 partitions are both on shard s1
#   2 parts        two fastload processes at once, --part 1/2 and --part 2/2, --threads 1 each (as two hosts)
# Shard tables are emptied before each load and counted after it. Prints the median wall time of each,
# rows/s, rows/s per shard, and the time relative to the head path.
set -euo pipefail
# shellcheck source=scripts/lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/../scripts/lib.sh"

rows=${1:-1000000} runs=${2:-3}
[[ $rows =~ ^[1-9][0-9]*$ && $runs =~ ^[1-9][0-9]*$ ]] || die "usage: $0 [ROWS] [RUNS]"
scripts/setup.sh
CLUSTER=$(mktemp -d "${TMPDIR:-/tmp}/fastload-spider.XXXXXX")
trap '"$ROOT"/scripts/spider-cluster.sh stop "$CLUSTER" >/dev/null 2>&1 || true; rm -rf "$CLUSTER"' EXIT
step "starting a head and 2 shard servers (buffer pool 1G, redo log 512M each)"
"$ROOT"/scripts/spider-cluster.sh start "$CLUSTER" "bench-$RANDOM$RANDOM" --buffer-pool 1G --log-file-size 512M \
  >"$CLUSTER/start.log" 2>&1 || { cat "$CLUSTER/start.log" >&2; die "the cluster did not start"; }
on() { local name=$1; shift; "$ROOT"/scripts/server.sh sql "$CLUSTER/$name" --batch --skip-column-names "$@"; }
head_socket=$CLUSTER/head/mysql.sock

file=$CLUSTER/nodes.tsv
step "generating $rows rows"
"$BUILD_DIR/bench/gen-nodes" "$rows" -o "$file"
one=${NODES_DDL/CREATE TABLE nodes/CREATE TABLE one}
for name in s1 s2; do on $name -e "CREATE DATABASE n CHARACTER SET utf8mb4; USE n; $NODES_DDL; $one"; done
on head -e "CREATE DATABASE n CHARACTER SET utf8mb4; USE n;
  ${NODES_DDL/ENGINE=InnoDB/ENGINE=SPIDER} COMMENT='wrapper \"mysql\", table \"nodes\"'
    PARTITION BY HASH (id) (PARTITION p1 COMMENT 'srv \"s1\"', PARTITION p2 COMMENT 'srv \"s2\"');
  ${one/ENGINE=InnoDB/ENGINE=SPIDER} COMMENT='wrapper \"mysql\", table \"one\"'
    PARTITION BY HASH (id) (PARTITION p1 COMMENT 'srv \"s1\"', PARTITION p2 COMMENT 'srv \"s1\"')"

fastload=("$BUILD_DIR/fastload" --socket "$head_socket" -u root)
# run_variant NAME TABLE: one load of the file by NAME into n.TABLE, timed; appends "NAME seconds" to results.
run_variant() {
  local name=$1 table=$2 start end got
  for shard in s1 s2; do on $shard -e "TRUNCATE n.$table"; done
  start=$(date +%s.%N)
  case $name in
    head) mariadb --no-defaults --local-infile=1 -uroot -S "$head_socket" n \
            -e "LOAD DATA LOCAL INFILE '$file' INTO TABLE $table CHARACTER SET utf8mb4" ;;
    direct*) "${fastload[@]}" --threads 2 "$file" "n.$table" 2>"$CLUSTER/err" || { cat "$CLUSTER/err"; exit 1; } ;;
    "2 parts")
      "${fastload[@]}" --threads 1 --part 1/2 "$file" "n.$table" 2>"$CLUSTER/err1" & local first=$!
      "${fastload[@]}" --threads 1 --part 2/2 "$file" "n.$table" 2>"$CLUSTER/err2" || { cat "$CLUSTER/err2"; exit 1; }
      wait $first || { cat "$CLUSTER/err1"; exit 1; } ;;
  esac
  end=$(date +%s.%N)
  got=$(($(on s1 -e "SELECT COUNT(*) FROM n.$table") + $(on s2 -e "SELECT COUNT(*) FROM n.$table")))
  ((got == rows)) || die "$name loaded $got rows, expected $rows"
  printf '%s\t%s\n' "$name" "$(awk -v s="$start" -v e="$end" 'BEGIN { printf "%.2f", e - s }')" >>"$CLUSTER/results"
  printf 'round %s  %-16s %6.2f s\n' "$round" "$name" "$(tail -n1 "$CLUSTER/results" | cut -f2)"
}

step "loading $rows rows, $runs rounds"
for round in $(seq "$runs"); do
  run_variant head nodes
  run_variant direct nodes
  run_variant "direct, 1 shard" one
  run_variant "2 parts" nodes
done

printf '\n| strategy | median wall (s) | rows/s | rows/s per shard | time vs head |\n|---|---:|---:|---:|---:|\n'
awk -F'\t' -v rows="$rows" '
  { t[$1] = t[$1] " " $2; if (!($1 in seen)) { seen[$1] = 1; order[++n] = $1 } }
  function median(list,   a, k, i, j, x) {
    k = split(list, a, " ")
    for (i = 2; i <= k; i++) { x = a[i]; for (j = i - 1; j >= 1 && a[j] > x; j--) a[j + 1] = a[j]; a[j + 1] = x }
    return k % 2 ? a[(k + 1) / 2] : (a[k / 2] + a[k / 2 + 1]) / 2
  }
  END {
    head = median(t["head"])
    for (i = 1; i <= n; i++) {
      m = median(t[order[i]]); shards = order[i] ~ /1 shard/ ? 1 : 2
      printf "| %s | %.2f | %.0f | %.0f | %.3f |\n", order[i], m, rows / m, rows / m / shards, m / head
    }
  }' "$CLUSTER/results"
