#!/usr/bin/env bash
# bench/compressed.sh ROWS RUNS [OLD_FASTLOAD]
#
# Compressed input against the plain file: the same ROWS nodes rows loaded plain, as .zst and as .gz (each
# compressed once by its tool at the default level: one member, checked at the file's end), RUNS rounds
# alternating, by bench/variants.sh (median wall, client and server CPU, and wall relative to the plain
# file's in its last column). With OLD_FASTLOAD (another build's binary), its .zst and .gz loads too, in the
# same rounds. Target (issue 17): zstd and gzip <= 1.05x the plain file's wall time.
# e.g.  bench/compressed.sh 1000000 5 /work/main/build-dev/fastload
set -euo pipefail
(($# >= 2)) || { echo "usage: $0 ROWS RUNS [OLD_FASTLOAD]" >&2; exit 2; }
rows=$1 runs=$2 old=${3:-}
variants=("fastload --threads 2" "fastload --threads 2 @zst" "fastload --threads 2 @gz")
[[ -z $old ]] || variants+=("fastload=$old --threads 2 @zst" "fastload=$old --threads 2 @gz")
exec "$(dirname "${BASH_SOURCE[0]}")/variants.sh" "$rows" "$runs" "${variants[@]}"
