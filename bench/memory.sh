#!/usr/bin/env bash
# bench/memory.sh [ROWS=38000000] [VARIANT...]
#
# fastload's memory while it loads a big generated nodes file (38,000,000 rows: about 3 GB) into an empty
# nodes table on a scratch MariaDB (buffer pool 4G, redo log 2G). For each VARIANT, one load, during which
# /proc/PID/status of the fastload process is read every 50 ms; prints the peaks of its private (anonymous)
# memory (RssAnon: the heap, the stacks and the client library's buffers), of the file pages it maps
# (RssFile) and of its whole resident set (VmHWM, exact), and the wall time. A VARIANT is "fastload ARGS..."
# as in bench/variants.sh (@stdin: the file through a pipe; @zst, @gz: the file compressed by zstd, gzip -1);
# with ORDER=shuffled the rows are in a random order, so fastload sorts them (within --sort-memory SIZE, the
# bound on its private memory, plus 64M), e.g.
#   ORDER=shuffled bench/memory.sh 8000000 "fastload --threads 2 --sort-memory 64M" "fastload --threads 2" \
#     "fastload --threads 2 --sort-memory 64M @gz"
# by default
#   "fastload --threads 2" "fastload --threads 2 @stdin" "fastload --threads 2 @zst" "fastload --mode bulk"
set -euo pipefail
# shellcheck source=scripts/lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/../scripts/lib.sh"

rows=${1:-38000000}
[[ $rows =~ ^[1-9][0-9]*$ ]] || die "usage: $0 [ROWS=38000000] [VARIANT...]"
shift $(($# > 0 ? 1 : 0))
variants=("$@")
((${#variants[@]} > 0)) ||
  variants=("fastload --threads 2" "fastload --threads 2 @stdin" "fastload --threads 2 @zst" "fastload --mode bulk")

scripts/setup.sh
step "starting a scratch server (buffer pool 4G, redo log 2G)"
scratch_server --buffer-pool 4G --log-file-size 2G
sql -e "CREATE DATABASE bench"
file=$SCRATCH/nodes.tsv
step "generating $rows rows"
"$BUILD_DIR/bench/gen-nodes" "$rows" -o "$file"
# ORDER=shuffled: the rows in a random order (a fixed seed), which fastload sorts by the key before it loads.
if [[ ${ORDER:-inorder} == shuffled ]]; then
  shuffle_rows "$file" "$file.shuffled"
  mv "$file.shuffled" "$file"
fi
echo "$(stat -c %s "$file") bytes, ${ORDER:-inorder}"

# peaks PID: samples /proc/PID/status until PID ends; prints "RssAnon RssFile VmHWM" peaks in kB.
peaks() {
  local anon=0 mapped=0 hwm=0 key value _
  while [[ -r /proc/$1/status ]]; do
    while read -r key value _; do
      case $key in
        RssAnon:) ((value > anon)) && anon=$value ;;
        RssFile:) ((value > mapped)) && mapped=$value ;;
        VmHWM:) ((value > hwm)) && hwm=$value ;;
      esac
    done <"/proc/$1/status" 2>/dev/null || true
    sleep 0.05
  done
  echo "$anon $mapped $hwm"
}

printf '\n| variant | wall (s) | peak private memory (MB) | peak mapped file pages (MB) | peak resident set (MB) |\n'
printf '|---|---:|---:|---:|---:|\n'
for variant in "${variants[@]}"; do
  [[ $variant == fastload || $variant == "fastload "* ]] || die "unknown variant '$variant': \"fastload ARGS...\""
  read -r -a words <<<"${variant#fastload}"
  args=() input=$file
  for word in "${words[@]}"; do
    case $word in
      @stdin) input=- ;;
      @zst) [[ -f $file.zst ]] || zstd -q -T0 -c "$file" >"$file.zst"; input=$file.zst ;;
      @gz) [[ -f $file.gz ]] || gzip -1 -c "$file" >"$file.gz"; input=$file.gz ;;
      @*) die "unknown input variant $word: @stdin, @zst or @gz" ;;
      *) args+=("$word") ;;
    esac
  done
  sql bench -e "DROP TABLE IF EXISTS nodes; $NODES_DDL"
  start=$(date +%s.%N)
  if [[ $input == - ]]; then
    "$BUILD_DIR/fastload" "${args[@]}" --socket "$SOCKET" -u root - bench.nodes <"$file" >"$SCRATCH/out" 2>&1 &
  else
    "$BUILD_DIR/fastload" "${args[@]}" --socket "$SOCKET" -u root "$input" bench.nodes >"$SCRATCH/out" 2>&1 &
  fi
  pid=$!
  read -r anon mapped hwm < <(peaks "$pid")
  wait "$pid" || { cat "$SCRATCH/out" >&2; die "$variant failed"; }
  wall=$(awk -v s="$start" -v e="$(date +%s.%N)" 'BEGIN { printf "%.1f", e - s }')
  count=$(sql -N bench -e "SELECT COUNT(*) FROM nodes")
  [[ $count == "$rows" ]] || die "$variant loaded $count rows, expected $rows"
  awk -v v="$variant" -v w="$wall" -v a="$anon" -v m="$mapped" -v h="$hwm" \
    'BEGIN { printf "| %s | %s | %.1f | %.1f | %.1f |\n", v, w, a / 1024, m / 1024, h / 1024 }'
done
