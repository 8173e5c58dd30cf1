#!/usr/bin/env bash
# bench/temporary-copy.sh [ROWS] [RUNS] [ENGINE]
#
# What checking rows before they reach a table that cannot roll back would cost: the generated nodes file
# (ROWS rows, default 1000000) loaded into an empty ENGINE table (default MyISAM) by one LOAD DATA INFILE,
# against the same file loaded into a session TEMPORARY table of that engine and then copied by
# INSERT ... SELECT (the "check before storing" design docs/design.md weighs for MyISAM, Aria and MEMORY).
# Prints the median wall time of each over RUNS rounds (default 3), alternated, and their ratio.
set -euo pipefail
# shellcheck source=scripts/lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/../scripts/lib.sh"

rows=${1:-1000000} runs=${2:-3} engine=${3:-MyISAM}
[[ $rows =~ ^[1-9][0-9]*$ && $runs =~ ^[1-9][0-9]*$ && $engine =~ ^[A-Za-z]+$ ]] ||
  die "usage: $0 [ROWS] [RUNS] [ENGINE]"
scripts/setup.sh
step "starting a scratch server"
scratch_server --buffer-pool 1G
file=$SCRATCH/nodes.tsv
"$BUILD_DIR/bench/gen-nodes" "$rows" -o "$file"
ddl=${NODES_DDL/ENGINE=InnoDB/ENGINE=$engine}
sql -e "CREATE DATABASE bench; SET GLOBAL max_heap_table_size = 4294967296, tmp_table_size = 4294967296"
sql bench -e "$ddl"

# ms SQL: wall milliseconds of the statements.
ms() {
  local start=${EPOCHREALTIME/./}
  sql bench -e "$1" >/dev/null
  echo $(((${EPOCHREALTIME/./} - start) / 1000))
}
load="LOAD DATA INFILE '$file' INTO TABLE"
direct=() staged=()
for ((run = 1; run <= runs; run++)); do
  sql bench -e "TRUNCATE nodes"
  direct+=("$(ms "$load nodes CHARACTER SET utf8mb4")")
  sql bench -e "TRUNCATE nodes"
  staged+=("$(ms "CREATE TEMPORARY TABLE stage LIKE nodes; $load stage CHARACTER SET utf8mb4;
                  INSERT INTO nodes SELECT * FROM stage; DROP TEMPORARY TABLE stage")")
  echo "run $run: direct ${direct[-1]} ms, through a TEMPORARY table ${staged[-1]} ms"
done
median() { printf '%s\n' "$@" | sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }
d=$(median "${direct[@]}") s=$(median "${staged[@]}")
echo "$engine, $rows rows: LOAD DATA INFILE $d ms; into a TEMPORARY table, then INSERT ... SELECT $s ms:" \
  "$(awk -v s="$s" -v d="$d" 'BEGIN { printf "%.2fx", s / d }')"
