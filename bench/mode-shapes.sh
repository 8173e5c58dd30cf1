#!/usr/bin/env bash
# bench/mode-shapes.sh [ROWS=500000] [RUNS=3] [SHAPE...]
#
# What each way of sending rows costs the server, per table shape: the measurement behind --mode auto
# (docs/design.md, "Choosing the mode"). On a scratch MariaDB (buffer pool 4G, redo log 2G,
# innodb_flush_log_at_trx_commit=1) each SHAPE's generated file of ROWS rows is loaded into a freshly created
# table by one `mariadb --local-infile=1 -e "LOAD DATA LOCAL INFILE ..."` statement and by fastload with each
# of MODES (default "load insert multirow"; FASTLOAD_ARGS are added, e.g. "--threads 1"), alternating, RUNS
# rounds. Prints per shape and way: server CPU-µs a row (mariadbd utime+stime during the load, from
# /proc/PID/stat), client CPU-µs a row, wall seconds, and the server CPU relative to the LOAD DATA
# statement's (medians). Every load's table must equal the LOAD DATA statement's (digest_table: its rows and
# CHECKSUM TABLE; else exit 1).
# FASTLOAD names another fastload binary (default: the build's, made by scripts/setup.sh); NO_SETUP=1 skips
# scripts/setup.sh (BUILD_DIR then holds bench/gen-nodes).
# SHAPEs (default all):
#   nodes    the reference experiment's nodes table (bench/gen-nodes)
#   indexed  nodes with two secondary indexes (changeset; uid, timestamp)
#   wide     three long text columns, about 360 bytes a row (bench/gen_shapes.py)
#   ints     20 SMALLINT and INT columns
#   blob     a BLOB of 100..500 random bytes, escaped
# e.g.  bench/mode-shapes.sh 500000 3
#       MODES="load insert auto" bench/mode-shapes.sh 300000 3 nodes ints
set -euo pipefail
# shellcheck source=scripts/lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/../scripts/lib.sh"

rows=${1:-500000} runs=${2:-3}
[[ $rows =~ ^[1-9][0-9]*$ && $runs =~ ^[1-9][0-9]*$ ]] || die "usage: $0 [ROWS=500000] [RUNS=3] [SHAPE...]"
shift $(($# < 2 ? $# : 2))
shapes=("$@")
((${#shapes[@]})) || shapes=(nodes indexed wide ints blob)
read -r -a modes <<<"${MODES:-load insert multirow}"
read -r -a extra <<<"${FASTLOAD_ARGS:-}"
ways=(LOAD-DATA "${modes[@]}")

[[ ${NO_SETUP:-0} == 1 ]] || scripts/setup.sh --target fastload gen-nodes >/dev/null
fastload=${FASTLOAD:-$BUILD_DIR/fastload}
step "starting a scratch server (buffer pool 4G, redo log 2G)"
scratch_server --buffer-pool 4G --log-file-size 2G
sql -e "CREATE DATABASE bench"

# shape SHAPE: its table (`table`), its CREATE TABLE (`ddl`) and its file, generated on first use.
shape() {
  file=$SCRATCH/$1.tsv
  case $1 in
    nodes|indexed)
      table=nodes ddl=$NODES_DDL
      [[ $1 == nodes ]] || ddl="$ddl; ALTER TABLE nodes ADD KEY changeset (changeset), ADD KEY uid_ts (uid, timestamp)"
      file=$SCRATCH/nodes.tsv
      [[ -f $file ]] || "$BUILD_DIR/bench/gen-nodes" "$rows" -o "$file" ;;
    wide|ints|blob)
      ddl=$(python3 bench/gen_shapes.py "$1" --ddl)
      table=$(awk '{ print $3 }' <<<"$ddl")
      [[ -f $file ]] || python3 bench/gen_shapes.py "$1" "$rows" -o "$file" ;;
    *) die "unknown shape '$1': nodes indexed wide ints blob" ;;
  esac
}

# load SHAPE WAY: one timed load into a fresh table; appends "SHAPE WAY wall client_ticks server_ticks".
load() {
  local TIMEFORMAT='%3R %3U %3S' before after wall user sys sum command
  if [[ $2 == LOAD-DATA ]]; then
    command=(mariadb --no-defaults --local-infile=1 -uroot -S "$SOCKET" bench
             -e "LOAD DATA LOCAL INFILE '$file' INTO TABLE $table CHARACTER SET utf8mb4")
  else
    command=("$fastload" --mode "$2" "${extra[@]}" --socket "$SOCKET" -u root "$file" "bench.$table")
  fi
  sql bench -e "DROP TABLE IF EXISTS $table; $ddl"
  before=$(server_cpu)
  { time "${command[@]}" >"$SCRATCH/out" 2>&1; } 2>"$SCRATCH/time" || { cat "$SCRATCH/out" >&2; die "$1 $2 failed"; }
  after=$(server_cpu)
  read -r wall user sys <"$SCRATCH/time"
  sum=$(digest_table "bench.$table" sql)
  if [[ $2 == LOAD-DATA ]]; then
    reference[$1]=${reference[$1]:-$sum}
  fi
  [[ $sum == "${reference[$1]}" ]] ||
    die "$1 --mode $2: the table's digest $sum, but the LOAD DATA statement's is ${reference[$1]}"
  echo "$1 $2 $wall $user $sys $(awk -v a="$after" -v b="$before" 'BEGIN { printf "%.2f", a - b }')" >>"$SCRATCH/results"
  printf 'round %d/%d  %-8s %-10s wall %7.2f s\n' "$round" "$runs" "$1" "$2" "$wall"
}

declare -A reference
step "generating $rows rows per shape"
for s in "${shapes[@]}"; do shape "$s"; echo "$s: $(stat -c %s "$file") bytes"; done
step "$runs rounds of ${#ways[@]} ways per shape, alternating"
for ((round = 1; round <= runs; round++)); do
  for s in "${shapes[@]}"; do
    shape "$s"
    for way in "${ways[@]}"; do load "$s" "$way"; done
  done
done

step "medians over $runs runs, $rows rows (fastload ${FASTLOAD_ARGS:-with its default --threads})"
awk -v rows="$rows" -v ways="${ways[*]}" -v shapes="${shapes[*]}" '
  function median(v, n,   i, j, t) {
    for (i = 2; i <= n; i++) for (j = i; j > 1 && v[j-1] > v[j]; j--) { t = v[j]; v[j] = v[j-1]; v[j-1] = t }
    return n % 2 ? v[(n + 1) / 2] : (v[n / 2] + v[n / 2 + 1]) / 2
  }
  { k = ++n[$1, $2]; wall[$1, $2, k] = $3; cli[$1, $2, k] = $4 + $5; srv[$1, $2, k] = $6 }
  END {
    printf "| shape | way | server CPU-µs/row | client CPU-µs/row | wall (s) | server CPU vs LOAD DATA |\n"
    printf "|---|---|---:|---:|---:|---:|\n"
    ns = split(shapes, S, " "); nw = split(ways, W, " ")
    for (a = 1; a <= ns; a++) for (b = 1; b <= nw; b++) {
      s = S[a]; w = W[b]; m = n[s, w]
      for (k = 1; k <= m; k++) { x[k] = wall[s, w, k]; c[k] = cli[s, w, k]; v[k] = srv[s, w, k] }
      X = median(x, m); C = median(c, m); V = median(v, m)
      if (b == 1) base = V
      printf "| %s | %s | %.2f | %.2f | %.2f | %.2f |\n", s, (w == "LOAD-DATA" ? "LOAD DATA LOCAL" : "--mode " w),
        V * 1e6 / rows, C * 1e6 / rows, X, V / base
    }
  }' "$SCRATCH/results"
