#!/usr/bin/env bash
# bench/compare.sh [ROWS=2000000] [SAMPLE=200000] [RUNS=1]
#
# Loads the same generated nodes file (bench/gen_nodes.cc) into a scratch MariaDB (buffer pool 4G,
# redo log 2G, innodb_flush_log_at_trx_commit=1, doublewrite off, binlog off) every way we know:
#   - fastload --mode load|insert|multirow, --threads 1 and 2; --mode auto (the default: the mode that
#     costs this table's server least) --threads 2; --mode server --threads 1                 (full file)
#   - one `mariadb --local-infile=1 -e "LOAD DATA LOCAL INFILE ..."` statement               (full file)
#   - mariadb-import --local --use-threads=2 over the file split in 2 (split -n l/2)         (full file)
#   - myloader -t 2 over a mydumper dump of the table                                       (full file)
#   - pt-fifo-split --lines N feeding one LOAD DATA LOCAL per N lines                        (full file)
#   - fastload --mode load --threads 2, then --mode row --threads 1 and 2                    (SAMPLE file)
#   - into the table with the classic experiment's two secondary indexes (changeset; uid, timestamp):
#     one LOAD DATA LOCAL statement, fastload --mode load and auto --threads 2 (also with --defer-indexes),
#     fastload --mode bulk                                                                  (full file)
#   - Python MySQLdb (bench/python_insert.py): row-by-row INSERT, executemany 100 rows a call (SAMPLE file)
# SAMPLE file = the first SAMPLE rows of the full file (head -n). Every load goes into a freshly
# created empty nodes table, is timed until the command returns (each strategy commits, so that is
# crash-safe) and is checked with COUNT(*). Each strategy runs RUNS times, one of each per round.
# A strategy whose tool is missing or that fails is reported and marked "failed"; the script goes
# on, then exits 1. Writes its section of docs/benchmarks.md (between two marker comments; the rest of the
# file is kept) and docs/benchmarks.png (gnuplot).
#
# Environment: PT_FIFO_LINES (rows per pt-fifo-split chunk, default 100000), DUMP_ROWS (mydumper
# --rows, rows per dump file, default ROWS/16), PYTHON (default /usr/bin/python3, where Debian's
# python3-mysqldb lives). scripts/setup.sh --bench installs the tools (mydumper, percona-toolkit,
# python3-mysqldb, gnuplot-nox).
set -euo pipefail
# shellcheck source=scripts/lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/../scripts/lib.sh"

rows=${1:-2000000} sample=${2:-200000} runs=${3:-1}
[[ $rows =~ ^[1-9][0-9]*$ && $sample =~ ^[1-9][0-9]*$ && $runs =~ ^[1-9][0-9]*$ ]] ||
  die "usage: $0 [ROWS=2000000] [SAMPLE=200000] [RUNS=1]"
((sample <= rows)) || die "SAMPLE ($sample) must not be larger than ROWS ($rows)"

PT_FIFO_LINES=${PT_FIFO_LINES:-100000}
DUMP_ROWS=${DUMP_ROWS:-$(((rows + 15) / 16))}  # about 16 dump files, so myloader's 2 threads share the work
PYTHON=${PYTHON:-/usr/bin/python3}
REFERENCE="fastload --mode load --threads 2"  # the ratios' denominator, on the full file
INDEXED_REFERENCE="mariadb LOAD DATA LOCAL, one statement"  # the indexed strategies' denominator
OUT_MD=$ROOT/docs/benchmarks.md OUT_PNG=$ROOT/docs/benchmarks.png
BEGIN_MARK='<!-- bench/compare.sh writes from here -->' END_MARK='<!-- bench/compare.sh writes up to here -->'

declare -A PACKAGE=([mariadb]=mariadb-client [mariadb-import]=mariadb-client [mydumper]=mydumper
  [myloader]=mydumper [pt-fifo-split]=percona-toolkit [gnuplot]=gnuplot-nox [split]=coreutils
  [python3]="python3 and python3-mysqldb")

# need TOOL: true when TOOL can be run; otherwise says which Debian package has it.
need() {
  command -v "$1" >/dev/null 2>&1 && return 0
  echo "fastload: $1 not found (Debian package: ${PACKAGE[$(basename "$1")]:-unknown})" >&2
  return 1
}

# ---- preparation (not timed) ----

make_files() {
  step "generating $rows rows, and the first $sample of them as the sample"
  full=$SCRATCH/nodes.tsv sample_file=$SCRATCH/sample/nodes.tsv
  mkdir -p "$SCRATCH/sample" "$SCRATCH/parts" "$SCRATCH/logs"
  "$BUILD_DIR/bench/gen-nodes" "$rows" -o "$full"
  head -n "$sample" "$full" >"$sample_file"
  echo "full $(stat -c %s "$full") bytes, sample $(stat -c %s "$sample_file") bytes"
  # mariadb-import names the table after the file name up to its first dot: nodes.part00.tsv -> nodes.
  if need split && split -n l/2 -d --additional-suffix=.tsv "$full" "$SCRATCH/parts/nodes.part"; then
    parts=("$SCRATCH"/parts/nodes.part*.tsv)
  else
    echo "fastload: could not split the file for mariadb-import" >&2
    parts=()
  fi
}

# The dump myloader restores: the table loaded once by fastload, dumped without its schema (-m), so
# myloader loads into the table created like every other strategy's.
make_dump() {
  step "dumping the table with mydumper (--rows $DUMP_ROWS) for myloader"
  dump=$SCRATCH/dump
  recreate_table || return 0
  "$BUILD_DIR/fastload" --socket "$SOCKET" -u root "$full" bench.nodes >/dev/null ||
    { echo "fastload: loading the table to dump failed; myloader will fail" >&2; return 0; }
  need mydumper || return 0
  mydumper -u root -S "$SOCKET" -B bench -T nodes -o "$dump" -r "$DUMP_ROWS" -m -t 2 -v 1 ||
    echo "fastload: mydumper failed; myloader will fail" >&2
  if compgen -G "$dump/bench.nodes.*.sql" >/dev/null; then
    echo "$(find "$dump" -name 'bench.nodes.*.sql' | wc -l) dump files, $(du -sb "$dump" | cut -f1) bytes"
  else
    echo "fastload: mydumper wrote no data files; myloader will fail" >&2
  fi
}

# commas N: 1234567 -> 1,234,567
commas() { sed ':a; s/\B[0-9]\{3\}\>/,&/; ta' <<<"$1"; }

INDEXES="ALTER TABLE nodes ADD KEY changeset (changeset), ADD KEY uid_ts (uid, timestamp)"
indexed=0  # 1 while the strategies load the table with INDEXES
recreate_table() { sql bench -e "DROP TABLE IF EXISTS nodes; $NODES_DDL; $( ((indexed)) && echo "$INDEXES")"; }

# ---- the strategies that are more than one command ----

# pt_fifo_load FILE: pt-fifo-split serves FILE PT_FIFO_LINES lines at a time through a fifo; one
# LOAD DATA LOCAL (autocommit) per chunk until pt-fifo-split exits. (The documented recipe polls
# /tmp/pt-fifo-split with [ -e ]; we use our own fifo path and wait on pt-fifo-split's pid, which
# cannot end early between two chunks, when the fifo is briefly absent.)
pt_fifo_load() {
  local fifo=$SCRATCH/pt-fifo-split pid chunks=0
  need pt-fifo-split || return 1
  pt-fifo-split --force --fifo "$fifo" --lines "$PT_FIFO_LINES" "$1" &
  pid=$!
  while kill -0 "$pid" 2>/dev/null; do
    if [[ -p $fifo ]]; then
      mariadb --no-defaults -uroot -S "$SOCKET" --local-infile=1 bench \
        -e "LOAD DATA LOCAL INFILE '$fifo' INTO TABLE nodes CHARACTER SET utf8mb4" ||
        { kill "$pid" 2>/dev/null; wait "$pid" 2>/dev/null; echo "fastload: LOAD DATA from the fifo failed"; return 1; }
      chunks=$((chunks + 1))
    else
      sleep 0.005
    fi
  done
  wait "$pid" || { echo "fastload: pt-fifo-split failed"; return 1; }
  echo "$chunks chunks"
}

# ---- running and recording ----

# run_strategy NAME FILE ROWS COMMAND...: loads FILE into an empty bench.nodes with COMMAND, timed
# until COMMAND returns, checks that the table has ROWS rows, and appends to $results
# "NAME<TAB>full|sample<TAB>ROWS<TAB>seconds or failed<TAB>why".
run_strategy() {
  local name=$1 file=$2 want=$3 kind=full TIMEFORMAT=%3R log='' wall got rc msg
  shift 3
  [[ $file == "$full" ]] || kind=sample
  ((indexed == 0)) || kind=indexed
  printf 'round %s/%s  %-42s %-6s ' "$round" "$runs" "$name" "$kind"
  if ! msg=$(need "$1" 2>&1); then
    record_failure "${msg#fastload: }"; return 0
  fi
  log=$SCRATCH/logs/$(tr -c 'a-zA-Z0-9\n' _ <<<"$name.$kind.$round")
  recreate_table >"$log" 2>&1 || { record_failure "could not recreate the table"; return 0; }
  if { time "$@" >"$log" 2>&1; } 2>"$SCRATCH/time"; then
    wall=$(tail -n 1 "$SCRATCH/time")
  else
    rc=$?
    record_failure "exit $rc: $(grep -v '^[[:space:]]*$' "$log" | tail -n 1 | cut -c1-160)"
    return 0
  fi
  got=$(sql -N bench -e "SELECT COUNT(*) FROM nodes") || got="?"
  if [[ $got != "$want" ]]; then
    record_failure "loaded $got rows, expected $want"; return 0
  fi
  printf '%s\t%s\t%s\t%s\t\n' "$name" "$kind" "$want" "$wall" >>"$results"
  awk -v w="$wall" -v n="$want" 'BEGIN { printf "%8.2f s %12.0f rows/s\n", w, n / w }'
}

# record_failure WHY (inside run_strategy): says so loudly and records it.
record_failure() {
  echo "FAILED"
  echo "fastload: $name ($kind file) failed: $1" >&2
  [[ -s ${log:-} ]] && sed 's/^/    | /' "$log" | tail -n 8 >&2
  printf '%s\t%s\t%s\tfailed\t%s\n' "$name" "$kind" "$want" "${1//$'\t'/ }" >>"$results"
}

# fastload_strategy MODE THREADS FILE ROWS [OPTION...]
fastload_strategy() {
  local mode=$1 threads=$2 file=$3 want=$4
  shift 4
  run_strategy "fastload --mode $mode --threads $threads${*:+ $*}" "$file" "$want" \
    "$BUILD_DIR/fastload" --mode "$mode" --threads "$threads" "$@" --socket "$SOCKET" -u root "$file" bench.nodes
}

local_infile_strategy() {
  run_strategy "mariadb LOAD DATA LOCAL, one statement" "$full" "$rows" \
    mariadb --no-defaults -uroot -S "$SOCKET" --local-infile=1 bench \
    -e "LOAD DATA LOCAL INFILE '$full' INTO TABLE nodes CHARACTER SET utf8mb4"
}

one_round() {
  local threads mode
  for threads in 1 2; do
    for mode in load insert multirow; do fastload_strategy "$mode" "$threads" "$full" "$rows"; done
  done
  fastload_strategy auto 2 "$full" "$rows"
  fastload_strategy server 1 "$full" "$rows"
  fastload_strategy bulk 1 "$full" "$rows"
  local_infile_strategy
  run_strategy "mariadb-import --local --use-threads=2" "$full" "$rows" \
    mariadb-import --no-defaults -uroot -S "$SOCKET" --local --use-threads=2 \
    --default-character-set=utf8mb4 bench "${parts[@]}"
  run_strategy "myloader -t 2 (mydumper dump)" "$full" "$rows" \
    myloader -u root -S "$SOCKET" -d "$dump" -t 2 -v 1
  run_strategy "pt-fifo-split + LOAD DATA LOCAL" "$full" "$rows" pt_fifo_load "$full"
  fastload_strategy load 2 "$sample_file" "$sample"
  for threads in 1 2; do fastload_strategy row "$threads" "$sample_file" "$sample"; done
  run_strategy "Python MySQLdb, INSERT per row" "$sample_file" "$sample" \
    "$PYTHON" "$ROOT/bench/python_insert.py" row "$sample_file" --socket "$SOCKET"
  run_strategy "Python MySQLdb, executemany 100" "$sample_file" "$sample" \
    "$PYTHON" "$ROOT/bench/python_insert.py" many "$sample_file" --socket "$SOCKET" --batch 100
  indexed=1
  local_infile_strategy
  fastload_strategy load 2 "$full" "$rows"
  fastload_strategy auto 2 "$full" "$rows"
  fastload_strategy load 2 "$full" "$rows" --defer-indexes
  fastload_strategy bulk 1 "$full" "$rows"
  indexed=0
}

# ---- the report ----

# summarize: from $results, the markdown table rows ($SCRATCH/table.md), the failures
# ($SCRATCH/failures.md) and the chart's data ($SCRATCH/chart.tsv).
summarize() {
  awk -F'\t' -v ref="$REFERENCE" -v idxref="$INDEXED_REFERENCE" -v table="$SCRATCH/table.md" -v fails="$SCRATCH/failures.md" \
    -v chart="$SCRATCH/chart.tsv" '
    function commas(x,   s, out) {
      s = sprintf("%.0f", x); out = ""
      while (length(s) > 3) { out = "," substr(s, length(s) - 2) out; s = substr(s, 1, length(s) - 3) }
      return s out
    }
    function median(k,   i, j, t, n, v) {
      n = ns[k]; for (i = 1; i <= n; i++) v[i] = secs[k, i]
      for (i = 2; i <= n; i++) for (j = i; j > 1 && v[j-1] > v[j]; j--) { t = v[j]; v[j] = v[j-1]; v[j-1] = t }
      return n % 2 ? v[(n + 1) / 2] : (v[n / 2] + v[n / 2 + 1]) / 2
    }
    {
      k = $1 "\t" $2
      if (!(k in seen)) { seen[k] = 1; order[++nk] = k; name[k] = $1; kind[k] = $2; nrows[k] = $3 }
      if ($4 ~ /^[0-9.]+$/) { secs[k, ++ns[k]] = $4; runs[k] = runs[k] (runs[k] == "" ? "" : ", ") sprintf("%.2f", $4) }
      else if (!(k in bad)) { bad[k] = $4; why[k] = $5 }
    }
    END {
      for (i = 1; i <= nk; i++) {
        k = order[i]
        if (!(k in bad)) { med[k] = median(k); rate[k] = nrows[k] / med[k] }
      }
      refk = ref "\tfull"; refrate = (refk in rate) ? rate[refk] : 0
      idxk = idxref "\tindexed"; idxrate = (idxk in rate) ? rate[idxk] : 0
      for (i = 1; i <= nk; i++) {
        k = order[i]; label = name[k] (kind[k] == "sample" ? " (sample)" : kind[k] == "indexed" ? " (2 indexes)" : "")
        if (k in bad) {
          printf "| %s | %s | %s | %s | | | |\n", name[k], kind[k], commas(nrows[k]), bad[k] > table
          printf "- %s (%s file): %s\n", name[k], kind[k], why[k] > fails
          printf "%s\t0\t3\t%s\n", label, bad[k] > chart
          continue
        }
        base = kind[k] == "indexed" ? idxrate : refrate
        ratio = base ? sprintf("%.2f", base / rate[k]) : "n/a"
        printf "| %s | %s | %s | %.2f | %s | %s | %s |\n", name[k], kind[k], commas(nrows[k]), med[k], runs[k],
          commas(rate[k]), ratio > table
        printf "%s\t%.0f\t%d\t%s rows/s\n", label, rate[k], (name[k] ~ /^fastload/ ? 1 : 2), commas(rate[k]) > chart
      }
    }' "$results"
  touch "$SCRATCH/failures.md"
}

draw_chart() {
  need gnuplot || { echo "fastload: no chart drawn" >&2; return 0; }
  gnuplot -e "data='$SCRATCH/chart.tsv'; out='$OUT_PNG'; title='Loading $(commas "$rows") nodes rows, crash-safe; (sample) = only the first $(commas "$sample") rows. MariaDB $server_version, $(nproc) cores'" \
    "$ROOT/bench/chart.gnuplot" || echo "fastload: gnuplot failed; no chart" >&2
}

server_setting() { sql -N -e "SELECT $1"; }

write_report() {
  local bp log_size flush dblwr binlog cpu mem versions
  bp=$(server_setting '@@innodb_buffer_pool_size DIV 1048576') log_size=$(server_setting '@@innodb_log_file_size DIV 1048576')
  flush=$(server_setting @@innodb_flush_log_at_trx_commit) dblwr=$(server_setting @@innodb_doublewrite)
  binlog=$(server_setting @@log_bin)
  cpu=$(lscpu 2>/dev/null | sed -n 's/^Model name: *//p' | head -n 1)
  mem=$(awk '/MemTotal/ { printf "%.0f GiB", $2 / 1048576 }' /proc/meminfo)
  versions="$("$BUILD_DIR/fastload" --version 2>&1 | head -n 1)"
  local tool
  for tool in mariadb-import mydumper pt-fifo-split; do
    versions+="; $( (command -v "$tool" >/dev/null && "$tool" --version 2>&1 | head -n 1) || echo "$tool: missing")"
  done
  versions+="; python MySQLdb $("$PYTHON" -c 'import MySQLdb; print(MySQLdb.__version__)' 2>/dev/null || echo missing)"
  {
    cat <<EOF
## fastload's modes and the tools users run today

    bench/compare.sh $rows $sample $runs

Measured $(date -u +%Y-%m-%d) on $(nproc) cores ($cpu), $mem RAM; a scratch MariaDB $server_version (Debian
package) on the same machine, over its unix socket: buffer pool ${bp}M, redo log ${log_size}M,
innodb_flush_log_at_trx_commit=$flush, doublewrite $( ((dblwr)) && echo on || echo off), binlog $( ((binlog)) && echo on || echo off).
Tools: $versions.

The nodes table of the reference experiment, generated by \`bench/gen_nodes.cc\` (seed 1): the full file has
$(commas "$rows") rows ($(commas "$(stat -c %s "$full")") bytes); the sample file is its first $(commas "$sample") rows ($(commas "$(stat -c %s "$sample_file")") bytes), for the
slow strategies.
Each load goes into a freshly created empty table and is timed until the command returns: each strategy commits,
so with innodb_flush_log_at_trx_commit=1 that is crash-safe. Afterwards COUNT(*) must equal the file's rows.
$runs run(s) of each strategy, one of each per round; seconds is the median.

| strategy | file | rows | seconds | per run (s) | rows/s | time per row vs $REFERENCE |
|---|---|---:|---:|---|---:|---:|
EOF
    cat "$SCRATCH/table.md"
    cat <<EOF

![rows/s per strategy](benchmarks.png)

Notes:
- The last column is (rows/s of \`$REFERENCE\` on the full file) / (this strategy's rows/s): 2.00 means
  twice as slow. Strategies on the sample file are compared with that same full-file rate, not with a load of
  the sample; \`$REFERENCE\` on the sample file is listed too, for a like-for-like comparison.
- File "indexed": the full file into the table with two secondary indexes (\`$INDEXES\`, before the load);
  those rows' last column is against \`$INDEXED_REFERENCE\` into that same table. \`--defer-indexes\` drops them
  for the load and re-creates them in one ALTER TABLE (timed: it is part of the command); \`--mode bulk\` is one
  session and one transaction on MariaDB's empty-table bulk path (docs/design.md, "Bulk mode").
- mariadb-import: the file was split once before the runs (\`split -n l/2\`, into nodes.part00.tsv and
  nodes.part01.tsv: mariadb-import names the table after the file name up to its first dot); the time is
  the load only, not the split. It runs one LOAD DATA LOCAL per file, autocommit, 2 at a time.
- myloader: the dump was made once, untimed, from the table loaded by fastload (\`mydumper -m -r $DUMP_ROWS
  -t 2\`: no schema file, so myloader loads into the empty table created for it like for every other
  strategy; multi-row INSERTs of about 1 MB; myloader commits every 1,000 statements and at the end of a file).
- pt-fifo-split: \`pt-fifo-split --lines $PT_FIFO_LINES\` and one \`LOAD DATA LOCAL INFILE\` of the fifo per chunk,
  autocommit, in turn (not in parallel: that is how the recipe works).
- Python: bench/python_insert.py with MySQLdb, one transaction committed at the end. executemany with 100 rows a
  call: MySQLdb rewrites \`INSERT ... VALUES (%s, ...)\` into one 100-row INSERT per call.
- fastload modes: load = LOAD DATA LOCAL streamed per chunk; insert = prepared INSERTs over the binary
  protocol (MariaDB array binding, 1,000 rows an execution); multirow = text multi-row INSERTs of up to 1 MiB;
  row = one INSERT per row; server = one server-side LOAD DATA INFILE of the file; bulk = the whole file in one
  LOAD DATA LOCAL and one transaction, unique_checks and foreign_key_checks off.
- The machine is shared and noisy: only ratios taken in the same run mean much.
EOF
    if [[ -s $SCRATCH/failures.md ]]; then
      printf '\nFailed or skipped in this run:\n'
      cat "$SCRATCH/failures.md"
    fi
  } >"$SCRATCH/section.md"
  splice_section "$SCRATCH/section.md"
}

# splice_section FILE: FILE replaces what is between the markers in $OUT_MD (appended when they are missing).
splice_section() {
  [[ -f $OUT_MD ]] || : >"$OUT_MD"
  if ! grep -qF -- "$BEGIN_MARK" "$OUT_MD"; then printf '\n%s\n%s\n' "$BEGIN_MARK" "$END_MARK" >>"$OUT_MD"; fi
  awk -v begin="$BEGIN_MARK" -v end="$END_MARK" -v section="$1" '
    $0 == begin { print; while ((getline line < section) > 0) print line; skipping = 1; next }
    $0 == end { skipping = 0 }
    !skipping' "$OUT_MD" >"$OUT_MD.new"
  mv "$OUT_MD.new" "$OUT_MD"
}

# ---- main ----

scripts/setup.sh --bench

step "starting a scratch server (buffer pool 4G, redo log 2G)"
scratch_server --buffer-pool 4G --log-file-size 2G
sql -e "CREATE DATABASE bench CHARACTER SET utf8mb4"
server_version=$(sql -N -e "SELECT VERSION()" | sed 's/-.*//')
results=$SCRATCH/results
: >"$results"
make_files
make_dump

for ((round = 1; round <= runs; round++)); do
  step "round $round of $runs"
  one_round
done

step "report"
summarize
draw_chart
write_report
sed -n '/^| strategy/,/^$/p' "$SCRATCH/section.md"
echo "wrote $OUT_MD and $OUT_PNG"
if grep -q $'\tfailed\t' "$results"; then
  die "some strategies failed: $(awk -F'\t' '$4 == "failed" { print $1 " (" $2 ")" }' "$results" | sort -u | paste -sd, -)"
fi
