#!/usr/bin/env bash
# bench/variants.sh ROWS RUNS VARIANT...
#
# Loads the same generated nodes file (ROWS rows) into an empty nodes table on a scratch MariaDB (buffer
# pool 4G, redo log 2G, innodb_flush_log_at_trx_commit=1) once per VARIANT per round, RUNS rounds (every
# other one in reverse order), and prints for each variant the median wall time, the client's CPU
# (user+sys) and the server's CPU (mariadbd utime+stime during the run), and its wall time relative to the
# first variant. A VARIANT is either
#   local-infile             one `mariadb --local-infile=1 -e "LOAD DATA LOCAL INFILE ..."` statement
#   import                   mariadb-import --local --use-threads=2 over the file split in two beforehand
#   "fastload ARGS..."       fastload with ARGS (socket, user, file and table are added); among ARGS,
#                            @gz @zst @lz4 @bz2 @xz load the file compressed so (compressed once, before
#                            the runs, by the usual tool at its default level), and @stdin through a pipe
#   "fastload=PATH ARGS..."  the same with the binary at PATH (another build, to compare two versions in one run)
#                            Remote inputs: @http reads the file (compressed too) from nginx over loopback
#                            (scripts/http_server.sh), @s3 from an S3 server (s3rver, scripts/s3_server.sh), and
#                            @curl pipes it from nginx (`curl -s URL | fastload -`); with @paced, nginx serves
#                            @http and @curl at most 8 MB/s a connection (as a distant server does), e.g.
#       bench/variants.sh 2000000 3 "fastload --threads 2" "fastload --threads 2 @http" \
#         "fastload --threads 2 @curl" "fastload --threads 2 @s3"
#       bench/variants.sh 2000000 3 "fastload --threads 2 @http @paced" "fastload --threads 2 @curl @paced"
#                            Typed inputs: @jsonl loads the rows as JSON lines, @parquet and @parquet-zstd as Parquet
#                            (snappy, zstd), written by DuckDB with the columns' types (bench/typed_copies.mjs), e.g.
#       bench/variants.sh 2000000 3 "fastload --threads 2" "fastload --threads 2 @parquet" \
#         "fastload --threads 2 @parquet-zstd" "fastload --threads 2 @jsonl" "fastload --threads 2 --mode insert"
# e.g.  bench/variants.sh 4000000 5 local-infile "fastload --threads 2"
#       bench/variants.sh 1000000 5 "fastload --mode insert --batch-rows 250" "fastload --mode insert"
#       bench/variants.sh 2000000 5 "fastload --threads 2" "fastload --threads 2 @zst"
# With INDEXED=1 in the environment the table has the two secondary indexes of the classic experiment
# (changeset; uid, timestamp), e.g.
#       INDEXED=1 bench/variants.sh 2000000 3 local-infile "fastload --threads 2" "fastload --threads 2 --defer-indexes"
# With AUTOINC=1 it has an INVISIBLE AUTO_INCREMENT column the file leaves out (ids in file order), e.g.
#       AUTOINC=1 bench/variants.sh 1000000 3 local-infile "fastload --threads 2" "fastload --threads 2 --mode insert"
# With DUPLICATES=PERCENT that share of the rows repeat the id of a random row before them (their other values
# differ), and ON_DUPLICATE=ignore|replace gives local-infile's keyword (bench/duplicates.sh runs these).
# Row order (bench/row-order.sh runs these): BUFFER_POOL=SIZE sets the buffer pool (default 4G); ORDER=shuffled
# shuffles the file's rows (a fixed seed), and among a fastload variant's ARGS @inorder then loads the same rows
# in key order, @gnusort pipes them through GNU sort first (`sort -S 512M --parallel=2 | fastload -`); KEY=uuid
# makes the primary key a UUID (char(36), utf8mb4_general_ci) in place of the numeric id, e.g.
#       BUFFER_POOL=128M ORDER=shuffled bench/variants.sh 2000000 3 "fastload --threads 2 @inorder" \
#         "fastload --threads 2" "fastload --threads 2 @gnusort"
set -euo pipefail
# shellcheck source=scripts/lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/../scripts/lib.sh"

(($# >= 3)) && [[ $1 =~ ^[1-9][0-9]*$ && $2 =~ ^[1-9][0-9]*$ ]] || die "usage: $0 ROWS RUNS VARIANT..."
rows=$1 runs=$2
shift 2
variants=("$@")

scripts/setup.sh
buffer_pool=${BUFFER_POOL:-4G}
step "starting a scratch server (buffer pool $buffer_pool, redo log 2G)"
scratch_server --buffer-pool "$buffer_pool" --log-file-size 2G
sql -e "CREATE DATABASE bench"
file=$SCRATCH/nodes.tsv
step "generating $rows rows"
"$BUILD_DIR/bench/gen-nodes" "$rows" -o "$file"
ddl=$NODES_DDL
sort_key=(-k1,1n)
if [[ ${KEY:-id} == uuid ]]; then  # the id replaced by a random UUID, in key order (as the index compares them)
  ddl=${NODES_DDL/id bigint PRIMARY KEY/id char(36) COLLATE utf8mb4_general_ci PRIMARY KEY}
  sort_key=(-k1,1)
  awk -F'\t' -v OFS='\t' 'BEGIN { srand(17) } { u = ""
    for (j = 0; j < 32; j++) { u = u sprintf("%x", int(rand() * 16)); if (j == 7 || j == 11 || j == 15 || j == 19) u = u "-" }
    $1 = u; print }' "$file" | LC_ALL=C sort -t$'\t' -k1,1 -S 512M >"$file.uuid"
  mv "$file.uuid" "$file"
fi
expected=$rows
if [[ -n ${DUPLICATES:-} ]]; then  # that percent of the rows take the id of a random row before them
  awk -F'\t' -v OFS='\t' -v p="$DUPLICATES" 'BEGIN { srand(23) }
    { if (NR > 1 && rand() * 100 < p) $1 = id[int(rand() * (NR - 1)) + 1]; id[NR] = $1; print }' "$file" >"$file.dup"
  mv "$file.dup" "$file"
  expected=$(cut -f1 "$file" | sort -u | wc -l)
fi
if [[ ${ORDER:-inorder} == shuffled ]]; then
  mv "$file" "$file.inorder"
  shuffle_rows "$file.inorder" "$file"
fi
echo "$(stat -c %s "$file") bytes, ${ORDER:-inorder}, key ${KEY:-id}"


indexes=""
[[ ${INDEXED:-0} == 1 ]] && indexes="ALTER TABLE nodes ADD KEY changeset (changeset), ADD KEY uid_ts (uid, timestamp)"
# AUTOINC=1: an INVISIBLE AUTO_INCREMENT column the file leaves out, numbered by the load in file order.
[[ ${AUTOINC:-0} == 1 ]] && indexes="${indexes:+$indexes; }ALTER TABLE nodes ADD COLUMN seq bigint NOT NULL
  AUTO_INCREMENT INVISIBLE, ADD UNIQUE KEY seq (seq)"

# compressed EXT: the file compressed by the tool for EXT (gz zst lz4 bz2 xz), made on first use.
compressed() {
  local tool
  case $1 in
    gz) tool=gzip ;; zst) tool=zstd ;; lz4) tool=lz4 ;; bz2) tool=bzip2 ;; xz) tool=xz ;;
    *) die "unknown compression @$1: @gz @zst @lz4 @bz2 @xz" ;;
  esac
  [[ -f $file.$1 ]] || "$tool" -q -c "$file" >"$file.$1"
  echo "$file.$1"
}

# typed KIND: the rows as JSON lines (jsonl) or Parquet (parquet: snappy, parquet-zstd), made on first use.
typed() {
  local modules
  if [[ ! -f $file.jsonl ]]; then
    modules=$(scripts/parquet_writers.sh install)
    node bench/typed_copies.mjs "$modules" "$file" || die "DuckDB could not write the typed copies"
  fi
  case $1 in
    jsonl) echo "$file.jsonl" ;; parquet) echo "$file.snappy.parquet" ;; parquet-zstd) echo "$file.zstd.parquet" ;;
  esac
}

# serve KIND: the file's directory served over HTTP (nginx) or S3 (s3rver, bucket "bench"), started once; the
# servers stop with the scratch server's directory.
serve() {
  if [[ $1 == http && ! -f $SCRATCH/http/http_port ]]; then
    scripts/http_server.sh start "$SCRATCH/http" "$SCRATCH" >/dev/null
    trap '"$ROOT"/scripts/http_server.sh stop "$SCRATCH/http" >/dev/null 2>&1 || true
          "$ROOT"/scripts/s3_server.sh stop "$SCRATCH/s3" >/dev/null 2>&1 || true
          "$ROOT"/scripts/server.sh stop "$SCRATCH" >/dev/null 2>&1 || true; rm -rf "$SCRATCH"' EXIT
  elif [[ $1 == s3 && ! -f $SCRATCH/s3/endpoint ]]; then
    serve http  # (sets the trap that stops both)
    scripts/s3_server.sh start "$SCRATCH/s3" >/dev/null
    scripts/s3_server.sh mkbucket "$SCRATCH/s3" bench >/dev/null
  fi
}

# remote_input KIND INPUT [PREFIX]: INPUT's URL when served as KIND (uploaded to the S3 server on first use);
# PREFIX: an nginx location it is served under (/paced).
remote_input() {
  local name=${2#"$SCRATCH"/} prefix=${3:-}
  serve "$1"
  if [[ $1 == s3 ]]; then
    [[ -f $SCRATCH/s3/put.$name ]] || { scripts/s3_server.sh put "$SCRATCH/s3" bench "$name" "$2" >/dev/null; : >"$SCRATCH/s3/put.$name"; }
    echo "s3://bench/$name"
  else
    echo "http://127.0.0.1:$(cat "$SCRATCH/http/http_port")$prefix/$name"
  fi
}

# command_of VARIANT: the command line that runs it, into the array `command`.
command_of() {
  if [[ $1 == local-infile ]]; then
    command=(mariadb --no-defaults --local-infile=1 -uroot -S "$SOCKET" bench
             -e "LOAD DATA LOCAL INFILE '$file' ${ON_DUPLICATE:+${ON_DUPLICATE^^}} INTO TABLE nodes CHARACTER SET utf8mb4")
  elif [[ $1 == import ]]; then
    # mariadb-import names the table after the file name up to its first dot.
    [[ -f $SCRATCH/parts/nodes.part00.tsv ]] ||
      { mkdir -p "$SCRATCH/parts" && split -n l/2 -d --additional-suffix=.tsv "$file" "$SCRATCH/parts/nodes.part"; }
    command=(mariadb-import --no-defaults -uroot -S "$SOCKET" --local --use-threads=2
             --default-character-set=utf8mb4 bench "$SCRATCH"/parts/nodes.part0{0,1}.tsv)
  elif [[ $1 =~ ^fastload(=([^ ]+))?( |$) ]]; then
    local args=() arg input=$file remote="" paced=""
    read -r -a args <<<"${1#"${BASH_REMATCH[0]}"}"
    command=("${BASH_REMATCH[2]:-$BUILD_DIR/fastload}")
    for arg in "${args[@]}"; do
      case $arg in
        @stdin) input=- ;;
        @inorder) input=$file.inorder ;;
        @gnusort) input=@gnusort ;;
        @http | @s3 | @curl) remote=${arg#@} ;;
        @paced) paced=/paced ;;
        @jsonl | @parquet | @parquet-zstd) input=$(typed "${arg#@}") ;;
        @*) input=$(compressed "${arg#@}") ;;
        *) command+=("$arg") ;;
      esac
    done
    if [[ $input == @gnusort ]]; then
      command+=(--socket "$SOCKET" -u root - bench.nodes)
      command=(sh -c 'LC_ALL=C sort -t "$(printf "\t")" "$0" -S 512M --parallel=2 "$1" | { shift; "$@"; }'
               "${sort_key[@]}" "$file" "${command[@]}")
      return
    fi
    [[ -z $remote ]] || serve "${remote/curl/http}"  # here, not in a $( ), so that its trap is this shell's
    if [[ $remote == curl ]]; then
      command+=(--socket "$SOCKET" -u root - bench.nodes)
      command=(sh -c 'curl -sf "$0" | "$@"' "$(remote_input http "$input" "$paced")" "${command[@]}")
      return
    fi
    [[ $remote == s3 ]] && command=(env AWS_ACCESS_KEY_ID="$(cat "$SCRATCH/s3/access_key")"
      AWS_SECRET_ACCESS_KEY="$(cat "$SCRATCH/s3/secret_key")" "${command[@]}" --s3-endpoint "$(cat "$SCRATCH/s3/endpoint")")
    [[ -z $paced || $remote == http ]] || die "@paced is for @http and @curl"
    [[ -n $remote ]] && input=$(remote_input "$remote" "$input" "$paced")
    command+=(--socket "$SOCKET" -u root "$input" bench.nodes)
    [[ $input != - ]] || command=(sh -c '"$@" <"$0"' "$file" "${command[@]}")
  else
    die "unknown variant '$1': local-infile, import, \"fastload ARGS...\" or \"fastload=PATH ARGS...\""
  fi
}

# run INDEX: one timed load of variant INDEX into an empty table; appends "INDEX wall client server".
run() {
  local TIMEFORMAT='%3R %3U %3S' before after wall user sys count command
  command_of "${variants[$1]}"
  sql bench -e "DROP TABLE IF EXISTS nodes, fastload_ledger; $ddl; $indexes"  # --resume keeps a ledger
  before=$(server_cpu)
  { time "${command[@]}" >"$SCRATCH/out" 2>&1; } 2>"$SCRATCH/time" || { cat "$SCRATCH/out" >&2; die "${variants[$1]} failed"; }
  after=$(server_cpu)
  read -r wall user sys <"$SCRATCH/time"
  count=$(sql -N bench -e "SELECT COUNT(*) FROM nodes")
  [[ $count == "$expected" ]] || die "${variants[$1]} loaded $count rows, expected $expected"
  awk -v i="$1" -v w="$wall" -v u="$user" -v s="$sys" -v b="$before" -v a="$after" \
    'BEGIN { printf "%d %.3f %.3f %.2f\n", i, w, u + s, a - b }' >>"$SCRATCH/results"
  printf 'run %d/%d  %-50s wall %7.2f s\n' "$round" "$runs" "${variants[$1]}" "$wall"
}

for variant in "${variants[@]}"; do command_of "$variant"; done  # compressed copies before any timing
step "$runs rounds of ${#variants[@]} variants, alternating (every other round in reverse order)"
# A load leaves the server work (pages to flush, purge) that the next load pays for: reversing the order
# every other round keeps one variant from always following the same other.
for ((round = 1; round <= runs; round++)); do
  order=("${!variants[@]}")
  ((round % 2 == 0)) && for ((i = 0; i < ${#variants[@]}; i++)); do order[i]=$((${#variants[@]} - 1 - i)); done
  for i in "${order[@]}"; do run "$i"; done
done

step "medians over $runs runs"
printf '%s\n' "${variants[@]}" >"$SCRATCH/names"
awk '
  function median(v, n,   i, j, t) {
    for (i = 2; i <= n; i++) for (j = i; j > 1 && v[j-1] > v[j]; j--) { t = v[j]; v[j] = v[j-1]; v[j-1] = t }
    return n % 2 ? v[(n + 1) / 2] : (v[n / 2] + v[n / 2 + 1]) / 2
  }
  FNR == NR { name[NR - 1] = $0; count = NR; next }
  { k = ++n[$1]; wall[$1, k] = $2; cpu[$1, k] = $3; srv[$1, k] = $4 }
  END {
    printf "| variant | median wall (s) | client CPU (s) | server CPU (s) | client/server CPU | wall vs first |\n"
    printf "|---|---:|---:|---:|---:|---:|\n"
    for (i = 0; i < count; i++) {
      for (k = 1; k <= n[i]; k++) { w[k] = wall[i, k]; c[k] = cpu[i, k]; s[k] = srv[i, k] }
      W[i] = median(w, n[i]); C = median(c, n[i]); S = median(s, n[i])
      printf "| %s | %.2f | %.2f | %.2f | %.1f%% | %.2f |\n", name[i], W[i], C, S, 100 * C / S, W[i] / W[0]
    }
  }' "$SCRATCH/names" "$SCRATCH/results"
