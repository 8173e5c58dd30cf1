#!/usr/bin/env bash
# bench/duplicates.sh [ROWS] [BEFORE]
#
# What keeping the row one LOAD DATA keeps costs (docs/design.md, "Which row wins"): the nodes file (ROWS rows,
# default 1000000) with 0%, 1% and 50% of its rows repeating the id of a random row before them, loaded with
# --on-duplicate replace by one LOAD DATA LOCAL ... REPLACE, by fastload --threads 2 (sorted: rows of one key in
# one chunk) and with --no-sort (chunks in file order: a chunk waits for an earlier one that shares a key), and
# with --threads 1 --no-sort (nothing waits). BEFORE: another fastload build to run beside (e.g. one from before
# the rule, which kept another row where chunks shared a key), as "fastload=BEFORE ...". Each percentage is one
# run of bench/variants.sh (ROUNDS rounds, alternating; default 3). Results are in docs/benchmarks.md.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
rows=${1:-1000000}
before=${2:-}
for percent in 0 1 50; do
  variants=("local-infile" "fastload --threads 2 --on-duplicate replace"
            "fastload --threads 2 --on-duplicate replace --no-sort"
            "fastload --threads 1 --on-duplicate replace --no-sort")
  [[ -z $before ]] || variants+=("fastload=$before --threads 2 --on-duplicate replace"
                                 "fastload=$before --threads 2 --on-duplicate replace --no-sort")
  printf '\n## %s rows, %s%% of them repeating an earlier key, --on-duplicate replace\n' "$rows" "$percent"
  DUPLICATES=$percent ON_DUPLICATE=replace bench/variants.sh "$rows" "${ROUNDS:-3}" "${variants[@]}"
done
