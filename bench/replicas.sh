#!/usr/bin/env bash
# bench/replicas.sh [ROWS=200000] [RUNS=3] [US=100] [RATES=0.8x,0.9x,1x,1.1x]
#
# A load into a replicated primary whose replica applies slower than the primary loads: what --max-lag costs and
# what it holds, against the same load paced by --max-rate tuned by hand. A primary and one replica on loopback
# (scripts/replication.sh, default sizes) in a temporary directory; the replica's applier spends US microseconds
# more on each row of the nodes table (`replication.sh slow`). ROWS generated nodes rows are loaded with
# fastload --threads 2 by each variant:
#   none            no throttle
#   --max-lag 2     the replica at most 2 s behind
#   --max-rate R    for each of RATES: bytes a second (K/M/G), or Nx: N times the replica's apply rate in
#                   --max-rate's own bytes, measured first by two loads: one unthrottled (rows over the time until
#                   the replica had applied them all) and one paced by --max-rate (its bytes a row: the rate
#                   times the load's time)
#   $VARIANTS       more, separated by ";", e.g. VARIANTS="--max-lag 2 --chunk-size 512K"
# in each of RUNS rounds (every other round in reverse order). RATE_OPTIONS are added to each --max-rate variant
# (e.g. "--chunk-size 512K": a hand-tuner may cut the chunks too, which a replica applies whole). Before each
# load the table is emptied on the primary and the replica has applied that; after it, the replica's table must
# equal the primary's (digest_table: its rows and CHECKSUM TABLE).
# The lag is measured independently of fastload: a session on the primary sets a heartbeat row to NOW(6) every
# 0.1 s and the replica's copy is compared with the replica's NOW(6) every 0.2 s (one machine: one clock).
# Prints per variant: the median load time (fastload's run), the median time until the replica had applied the
# whole load (from the load's start), rows/s over that time (the throughput of a replicated load), the highest
# lag sampled in any round; then whether --max-lag 2 held the lag at most 3 s and its throughput relative to the
# fastest --max-rate variant whose lag stayed at most 3 s in every round (the target: at least 0.9).
# FASTLOAD names another fastload binary (default: the build's); NO_SETUP=1 skips scripts/setup.sh (BUILD_DIR
# then holds fastload and bench/gen-nodes). Results: docs/replicas.md ("Measured").
set -euo pipefail
# shellcheck source=scripts/lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/../scripts/lib.sh"

rows=${1:-200000} runs=${2:-3} us=${3:-100} rates=${4:-0.8x,0.9x,1x,1.1x}
[[ $rows =~ ^[1-9][0-9]*$ && $runs =~ ^[1-9][0-9]*$ && $us =~ ^[0-9]+$ ]] ||
  die "usage: $0 [ROWS=200000] [RUNS=3] [US=100] [RATES=0.8x,0.9x,1x,1.1x]"
[[ ${NO_SETUP:-0} == 1 ]] || scripts/setup.sh --target fastload gen-nodes >/dev/null
fastload=${FASTLOAD:-$BUILD_DIR/fastload}
R=$ROOT/scripts/replication.sh
DIR=$(mktemp -d "${TMPDIR:-/tmp}/fastload-replicas.XXXXXX")
stop_sampler() { [[ ! -e $DIR/sampling ]] || { rm -f "$DIR/sampling"; wait; }; }
trap 'stop_sampler; "$R" stop "$DIR" >/dev/null 2>&1 || true; rm -rf "$DIR"' EXIT
trap 'exit 130' INT
trap 'exit 143' TERM
on() { local name=$1; shift; "$ROOT"/scripts/server.sh sql "$DIR/$name" --batch --skip-column-names "$@"; }
now() { date +%s.%N; }

step "starting a primary and a replica (scripts/replication.sh)"
"$R" start "$DIR" >"$DIR/start.log" 2>&1 || { cat "$DIR/start.log" >&2; die "the servers did not start"; }
on primary -e "CREATE DATABASE n CHARACTER SET utf8mb4; USE n; $NODES_DDL;
  CREATE DATABASE bench; CREATE TABLE bench.heartbeat (id int PRIMARY KEY, ts datetime(6)) ENGINE=InnoDB;
  INSERT INTO bench.heartbeat VALUES (1, NOW(6))"
"$R" slow "$DIR" r1 n nodes "$us"
"$R" sync "$DIR"
file=$DIR/nodes.tsv
step "generating $rows rows; the replica's applier spends $us us more a row"
"$BUILD_DIR/bench/gen-nodes" "$rows" -o "$file"
sum() { digest_table n.nodes on "$1"; }

# start_sampler: the heartbeat writer on the primary (every 0.1 s) and the reader on the replica (every 0.2 s,
# "replica-clock lag-seconds" a line into DIR/samples); stop_sampler ends both (their clients see end of input).
start_sampler() {
  touch "$DIR/sampling"
  while [[ -e $DIR/sampling ]]; do echo "UPDATE bench.heartbeat SET ts = NOW(6) WHERE id = 1;"; sleep 0.1; done |
    on primary &
  while [[ -e $DIR/sampling ]]; do
    echo "SELECT UNIX_TIMESTAMP(NOW(6)), TIMESTAMPDIFF(MICROSECOND, ts, NOW(6)) / 1e6 FROM bench.heartbeat;"
    sleep 0.2
  done | on r1 >"$DIR/samples" &
}

# load NAME [fastload options]: one load into the empty table, the replica caught up before it; sets
# load_s (fastload's run), caught_s (until the replica applied it all, from the start) and lag_s (highest
# sampled).
load() {
  local name=$1 start end caught position
  shift
  on primary -e "TRUNCATE n.nodes"
  "$R" sync "$DIR" 600
  start_sampler
  start=$(now)
  "$fastload" --socket "$DIR/primary/mysql.sock" -u root --threads 2 "$@" "$file" n.nodes >"$DIR/out" 2>&1 ||
    { cat "$DIR/out" >&2; die "$name: fastload failed"; }
  end=$(now)
  position=$(on primary -e "SELECT @@gtid_binlog_pos")
  [[ $(on r1 -e "SELECT MASTER_GTID_WAIT('$position', 600)") == 0 ]] || die "$name: the replica did not catch up"
  caught=$(now)
  stop_sampler
  [[ $(sum r1) == "$(sum primary)" ]] ||
    die "$name: the replica's table differs from the primary's (digest_table)"
  read -r load_s caught_s lag_s < <(awk -v s="$start" -v e="$end" -v c="$caught" \
    '$2 > m { m = $2 } END { printf "%.2f %.2f %.2f\n", e - s, c - s, m }' "$DIR/samples")
}

step "the replica's apply rate: one unthrottled load, then one paced by --max-rate"
load calibration
row_rate=$(awk -v r="$rows" -v t="$caught_s" 'BEGIN { printf "%d", r / t }')
echo "unthrottled: load $load_s s, the replica had applied it $caught_s s after the start: $row_rate rows/s"
# A rate that makes the load itself take about as long as the replica did: the load's time is the pacing's.
paced=$(awk -v b="$(stat -c %s "$file")" -v t="$caught_s" 'BEGIN { printf "%d", 2 * b / t }')
unpaced_s=$load_s
load calibration --max-rate "$paced"
row_bytes=$(awk -v r="$paced" -v t="$load_s" -v n="$rows" 'BEGIN { printf "%.1f", r * t / n }')
apply_rate=$(awk -v r="$row_rate" -v b="$row_bytes" 'BEGIN { printf "%d", r * b }')
echo "--max-rate $paced: load $load_s s: --max-rate counts about $row_bytes bytes a row;" \
  "the replica's apply rate is about $apply_rate of them a second"
awk -v p="$load_s" -v u="$unpaced_s" 'BEGIN { exit !(p < 2 * u) }' &&
  echo "fastload: warning: the paced load was not much slower than the unthrottled one:" \
    "the bytes a row are overstated" >&2

variants=("none" "--max-lag 2")
IFS=, read -r -a rate_list <<<"$rates"
for rate in "${rate_list[@]}"; do
  [[ $rate == *x ]] && rate=$(awk -v f="${rate%x}" -v r="$apply_rate" 'BEGIN { printf "%d", f * r }')
  variants+=("--max-rate $rate${RATE_OPTIONS:+ $RATE_OPTIONS}")
done
IFS=';' read -r -a more <<<"${VARIANTS:-}"
variants+=("${more[@]}")

step "$runs rounds of ${#variants[@]} loads, alternating (every other round in reverse order)"
: >"$DIR/results"
for ((round = 1; round <= runs; round++)); do
  order=("${!variants[@]}")
  ((round % 2)) || mapfile -t order < <(printf '%s\n' "${order[@]}" | tac)
  for i in "${order[@]}"; do
    v=${variants[$i]}
    read -r -a options <<<"${v/none/}"
    load "$v" "${options[@]}"
    printf '%d\t%s\t%s\t%s\n' "$i" "$load_s" "$caught_s" "$lag_s" >>"$DIR/results"
    printf 'round %d/%d  %-22s load %6.2f s, replica done %6.2f s, highest lag %5.2f s (tables equal)\n' \
      "$round" "$runs" "$v" "$load_s" "$caught_s" "$lag_s"
    if [[ $v == --max-lag* ]]; then
      [[ $v != "--max-lag 2" ]] || cp "$DIR/out" "$DIR/max-lag.out"
      awk 'NR == 1 { t0 = $1 } $1 - t0 >= n { printf "%s%.1f", n ? " " : "lag each second: ", $2; n++ }
           END { print "" }' "$DIR/samples"
    fi
  done
done

step "medians over $runs rounds ($rows rows, replica slowed by $us us a row, fastload --threads 2)"
echo "| variant | load (s) | replica done (s) | rows/s | highest lag (s) |"
echo "|---|---:|---:|---:|---:|"
awk -F'\t' -v names="$(printf '%s\t' "${variants[@]}")" -v rows="$rows" '
  BEGIN { k = split(names, name, "\t") - 1 }
  { n[$1]++; load[$1] = load[$1] " " $2; done_[$1] = done_[$1] " " $3; if ($4 > lag[$1]) lag[$1] = $4 }
  function median(list,   a, m, i, j, x) {
    m = split(list, a, " ")
    for (i = 2; i <= m; i++) { x = a[i]; for (j = i - 1; j >= 1 && a[j] > x; j--) a[j + 1] = a[j]; a[j + 1] = x }
    return m % 2 ? a[(m + 1) / 2] : (a[m / 2] + a[m / 2 + 1]) / 2
  }
  END {
    for (i = 0; i < k; i++) {
      d = median(done_[i]); speed[i] = rows / d
      printf "| %s | %.2f | %.2f | %.0f | %.2f |\n", name[i + 1], median(load[i]), d, speed[i], lag[i]
      if (name[i + 1] ~ /^--max-rate/ && lag[i] <= 3 && (best == "" || speed[i] > speed[best])) best = i
    }
    printf "\n--max-lag 2: highest lag %.2f s: %s\n", lag[1], lag[1] <= 3 ? "at most 3 s (holds)" : "over 3 s (FAILS)"
    if (best == "") {
      print "no --max-rate held the lag at most 3 s in every round: no hand-tuned rate to compare with"
      exit
    }
    r = speed[1] / speed[best]
    printf "throughput: --max-lag 2 %.0f rows/s, %s (the fastest rate that held the lag <= 3 s) %.0f rows/s: " \
      "%.2fx (target >= 0.9: %s)\n", speed[1], name[best + 1], speed[best], r, r >= 0.9 ? "holds" : "FAILS"
  }' "$DIR/results"
step "fastload's own account of its last --max-lag 2 load"
grep -E 'throttled|loaded' "$DIR/max-lag.out" || cat "$DIR/max-lag.out"
