#!/usr/bin/env bash
# bench/local-infile-vs-fastload.sh [ROWS=4000000] [RUNS=5]
#
# One `mariadb --local-infile` LOAD DATA LOCAL statement against `fastload --threads 2`, alternating, on
# the same generated nodes file: medians of wall time, client and server CPU (see bench/variants.sh).
set -euo pipefail
exec "$(dirname "${BASH_SOURCE[0]}")/variants.sh" "${1:-4000000}" "${2:-5}" local-infile "fastload --threads 2"
