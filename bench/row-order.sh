#!/usr/bin/env bash
# bench/row-order.sh [ROWS...]
#
# Rows out of the table's key order, loaded by fastload (which sorts them by the key first), against the same
# rows in key order and against GNU sort piped into fastload, for the nodes table (numeric id) and for a UUID
# key, with the table larger than the buffer pool (128M) and fitting in it (4G). ROWS defaults to 2000000 and
# 8000000; each configuration is one run of bench/variants.sh (3 rounds, alternating). The reference scale:
#   ROUNDS=1 bench/row-order.sh 46741126
# Results are in docs/benchmarks.md ("Row order").
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
rows_list=("$@")
((${#rows_list[@]} > 0)) || rows_list=(2000000 8000000)
rounds=${ROUNDS:-3}
for rows in "${rows_list[@]}"; do
  for key in id uuid; do
    for pool in 128M 4G; do
      printf '\n## %s rows, key %s, buffer pool %s\n' "$rows" "$key" "$pool"
      KEY=$key BUFFER_POOL=$pool ORDER=shuffled bench/variants.sh "$rows" "$rounds" \
        "fastload --threads 2 @inorder" "fastload --threads 2" "fastload --threads 2 @gnusort" \
        "fastload --threads 2 --no-sort"
    done
  done
done
