#!/usr/bin/env bash
# bench/profile.sh ROWS VARIANT...
#
# Where a load's CPU goes, on the server and on the client, for each VARIANT (as bench/variants.sh takes them:
# local-infile, import, "fastload ARGS..."), one load of ROWS generated nodes rows into an empty table each:
#   1. the statements the server ran and what each kind cost it (performance_schema's digest summary: count and
#      the server's time in them), with the count per chunk where the variant is a fastload;
#   2. perf samples of mariadbd and of the client during a second load (performance_schema off), as the share
#      of each part of the server's work (inclusive: a function and what it calls) and the client's hottest
#      functions (exclusive);
#   3. server and client CPU-seconds of that second load (from /proc, as bench/variants.sh reads them).
# Prints markdown, e.g.  bench/profile.sh 2000000 "fastload --threads 2" "fastload --threads 2 --mode load"
set -euo pipefail
# shellcheck source=scripts/lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/../scripts/lib.sh"

(($# >= 2)) && [[ $1 =~ ^[1-9][0-9]*$ ]] || die "usage: $0 ROWS VARIANT..."
rows=$1
shift
variants=("$@")

scripts/setup.sh --bench
command -v perf >/dev/null || die "perf is missing: scripts/setup.sh --bench installs linux-perf"
step "starting a scratch server (buffer pool 4G, redo log 2G, performance_schema on)"
scratch_server --buffer-pool 4G --log-file-size 2G --set performance_schema=ON \
  --set performance_schema_digests_size=1000 --set performance-schema-consumer-events-statements-current=OFF
sql -e "CREATE DATABASE bench"
file=$SCRATCH/nodes.tsv
"$BUILD_DIR/bench/gen-nodes" "$rows" -o "$file"
server_pid=$(cat "$SCRATCH/mysqld.pid")

# command_of VARIANT: the command that runs it, into `command` (variants.sh's forms, without the @ inputs).
command_of() {
  case $1 in
    local-infile) command=(mariadb --no-defaults --local-infile=1 -uroot -S "$SOCKET" bench
                           -e "LOAD DATA LOCAL INFILE '$file' INTO TABLE nodes CHARACTER SET utf8mb4") ;;
    import)
      [[ -f $SCRATCH/parts/nodes.part00.tsv ]] ||
        { mkdir -p "$SCRATCH/parts" && split -n l/2 -d --additional-suffix=.tsv "$file" "$SCRATCH/parts/nodes.part"; }
      command=(mariadb-import --no-defaults -uroot -S "$SOCKET" --local --use-threads=2
               --default-character-set=utf8mb4 bench "$SCRATCH"/parts/nodes.part0{0,1}.tsv) ;;
    fastload*) read -r -a command <<<"${1#fastload}"
               command=("$BUILD_DIR/fastload" "${command[@]}" --json --socket "$SOCKET" -u root "$file" bench.nodes) ;;
    *) die "unknown variant '$1'" ;;
  esac
}
fresh_table() { sql bench -e "DROP TABLE IF EXISTS nodes, fastload_ledger; $NODES_DDL"; }

# statements VARIANT: the digest summary of one load, as a markdown table.
statements() {
  local chunks=""
  fresh_table
  sql -e "TRUNCATE performance_schema.events_statements_summary_by_digest;
          TRUNCATE performance_schema.events_statements_summary_global_by_event_name"
  "${command[@]}" >"$SCRATCH/out" 2>"$SCRATCH/err" || { cat "$SCRATCH/err" >&2; die "$1 failed"; }
  chunks=$(grep -o '"chunks":[0-9]*' "$SCRATCH/out" | head -1 | cut -d: -f2 || true)
  echo "Statements the server ran (performance_schema digests; ${chunks:-no} chunks):"
  echo
  echo "| statement | count | per chunk | server seconds | share |"
  echo "|---|---:|---:|---:|---:|"
  sql -N -e "SELECT REPLACE(LEFT(DIGEST_TEXT, 90), '|', '/'), COUNT_STAR, SUM_TIMER_WAIT / 1e12,
      SUM_TIMER_WAIT / (SELECT SUM(SUM_TIMER_WAIT) FROM performance_schema.events_statements_summary_by_digest
                        WHERE SCHEMA_NAME IS NULL OR SCHEMA_NAME <> 'performance_schema')
    FROM performance_schema.events_statements_summary_by_digest
    WHERE DIGEST_TEXT NOT LIKE '%performance_schema%' ORDER BY SUM_TIMER_WAIT DESC LIMIT 15" |
    awk -F'\t' -v chunks="${chunks:-0}" '{
      per = chunks > 0 ? sprintf("%.2f", $2 / chunks) : "-"
      printf "| `%s` | %d | %s | %.3f | %.1f%% |\n", $1, $2, per, $3, 100 * $4 }'
  echo
  echo "By kind (prepared executions and LOAD DATA included):"
  echo
  echo "| kind | count | per chunk | server seconds |"
  echo "|---|---:|---:|---:|"
  sql -N -e "SELECT EVENT_NAME, COUNT_STAR, SUM_TIMER_WAIT / 1e12
    FROM performance_schema.events_statements_summary_global_by_event_name
    WHERE COUNT_STAR > 0 ORDER BY SUM_TIMER_WAIT DESC LIMIT 10" |
    awk -F'\t' -v chunks="${chunks:-0}" '{
      per = chunks > 0 ? sprintf("%.2f", $2 / chunks) : "-"
      printf "| %s | %d | %s | %.3f |\n", $1, $2, per, $3 }'
  echo
}

# The server's parts, each a function whose samples with it on the stack are its share (they may nest).
server_parts=(
  "dispatch_command:all the statements"
  "mysql_load:LOAD DATA"
  "mysqld_stmt_execute:prepared executions"
  "mysqld_stmt_bulk_execute:array-bound executions"
  "Item_param::set_param_func:parameters read"
  "mysql_insert:INSERT (any)"
  "ha_innobase::write_row:InnoDB row writes"
  "row_ins_clust_index_entry:InnoDB clustered-index insert"
  "row_ins_sec_index_entry:InnoDB secondary-index insert"
  "btr_cur_optimistic_insert:B-tree insert into a page"
  "btr_page_split_and_insert:B-tree page splits"
  "fill_record:field values stored (fill_record)"
  "READ_INFO::read_field:LOAD DATA field reading"
  "Field_new_decimal::store:DECIMAL conversion"
  "Field_timestamp::store:TIMESTAMP conversion"
  "my_net_read_packet:reading the client's packets"
  "get_all_tables:information_schema reads"
  "trans_commit:COMMIT"
  "log_write_up_to:redo log writes and syncs"
  "mysql_parse:parsing statements"
  "buf_flush_page_cleaner:page cleaner (background)"
  "srv_purge_coordinator_thread:purge (background)"
)

# cpu_profile VARIANT: perf samples of the server and the client during a load, and both CPU-seconds.
cpu_profile() {
  local before after client_cpu
  fresh_table
  sql -e "UPDATE performance_schema.setup_consumers SET ENABLED = 'NO'; UPDATE performance_schema.setup_instruments
          SET ENABLED = 'NO', TIMED = 'NO'"
  perf record -q -F 499 -g -p "$server_pid" -o "$SCRATCH/server.data" 2>/dev/null &
  local perf_pid=$!
  sleep 0.5
  before=$(server_cpu)
  perf record -q -F 499 -g -o "$SCRATCH/client.data" -- /usr/bin/time -o "$SCRATCH/time" -f '%U %S' \
    "${command[@]}" >"$SCRATCH/out" 2>"$SCRATCH/err" || { cat "$SCRATCH/err" >&2; die "$1 failed"; }
  after=$(server_cpu)
  kill -INT "$perf_pid"
  wait "$perf_pid" || true
  client_cpu=$(awk '{ printf "%.2f", $1 + $2 }' "$SCRATCH/time")
  sql -e "UPDATE performance_schema.setup_consumers SET ENABLED = 'YES'; UPDATE performance_schema.setup_instruments
          SET ENABLED = 'YES', TIMED = 'YES'"
  echo "CPU during the perf run: server $(awk -v a="$before" -v b="$after" 'BEGIN { printf "%.2f", b - a }') s, client $client_cpu s (both sampled by perf, which adds a little)."
  echo
  echo "| server part | share of the server's samples |"
  echo "|---|---:|"
  perf report -q -i "$SCRATCH/server.data" --children --sort sym --stdio -g none 2>/dev/null >"$SCRATCH/server.txt" || true
  local part fn label share
  for part in "${server_parts[@]}"; do
    fn=${part%%:*} label=${part#*:}
    share=$(awk -v fn="$fn" '$NF == fn || $NF ~ ("^" fn "\\(") { print $1; exit }' "$SCRATCH/server.txt")
    [[ -n $share ]] && echo "| $label (\`$fn\`) | $share |"
  done
  echo
  echo "Client: hottest functions (self, share of the client's samples):"
  echo
  echo "| function | share |"
  echo "|---|---:|"
  perf report -q -i "$SCRATCH/client.data" --no-children --sort dso,sym --stdio -g none 2>/dev/null |
    awk 'NF >= 4 && $1 ~ /%$/ && n++ < 20 { share = $1; $1 = ""; sub(/^ +/, ""); gsub(/\|/, "/")
      sub(/\(.*/, "", $0); printf "| %s | %s |\n", $0, share }'
  echo
}

for variant in "${variants[@]}"; do
  command_of "$variant"
  step "$variant"
  echo "### $variant ($rows rows)"
  echo
  statements "$variant"
  cpu_profile "$variant"
done
