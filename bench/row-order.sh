#!/usr/bin/env bash
# bench/row-order.sh [ROWS...]
# bench/row-order.sh reference
#
# Rows out of the table's key order, loaded by fastload (which sorts them by the key first), against the same
# rows in key order, against GNU sort piped into fastload, and compressed by zstd (a stream, written to --tmpdir
# and sorted), for the nodes table (numeric id) and for a UUID
# key, with the table larger than the buffer pool (128M) and fitting in it (4G). ROWS defaults to 2000000 and
# 8000000; each configuration is one run of bench/variants.sh (ROUNDS rounds, alternating; default 3). The
# variant with --no-sort (the rows loaded as they are) is left out above NO_SORT_UP_TO rows (default 4000000):
# its cost grows with the table, to hours.
# `reference`: once at the reference experiment's scale (46,741,126 rows, 3.7 GB), buffer pool 4G, in key order
# and shuffled (sorted by fastload), one round.
# Results are in docs/benchmarks.md ("Row order").
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
if [[ ${1:-} == reference ]]; then
  printf '\n## 46741126 rows, key id, buffer pool 4G\n'
  BUFFER_POOL=4G ORDER=shuffled exec bench/variants.sh 46741126 1 "fastload --threads 2 @inorder" \
    "fastload --threads 2"
fi
rows_list=("$@")
((${#rows_list[@]} > 0)) || rows_list=(2000000 8000000)
rounds=${ROUNDS:-3}
for rows in "${rows_list[@]}"; do
  variants=("fastload --threads 2 @inorder" "fastload --threads 2" "fastload --threads 2 @gnusort"
            "fastload --threads 2 @zst")
  ((rows > ${NO_SORT_UP_TO:-4000000})) || variants+=("fastload --threads 2 --no-sort")
  for key in id uuid; do
    for pool in 128M 4G; do
      printf '\n## %s rows, key %s, buffer pool %s\n' "$rows" "$key" "$pool"
      KEY=$key BUFFER_POOL=$pool ORDER=shuffled bench/variants.sh "$rows" "$rounds" "${variants[@]}"
    done
  done
done
