#!/usr/bin/env bash
# The Parquet writers and readers of the Parquet reader's test (DuckDB, parquet-wasm and apache-arrow, from npm):
#
#   scripts/parquet_writers.sh install   (npm ci of tests/tools/parquet_writers' lock; prints the node_modules path)
#
# They are installed once under ${BUILD_DIR:-build}/npm-parquet; after that no network is needed.
set -euo pipefail

[[ $# -eq 1 && $1 == install ]] || { sed -n '2,6p' "$0" >&2; exit 2; }
# ROOT and BUILD_DIR from scripts/lib.sh, read in a subshell: that file cds.
# shellcheck source=scripts/lib.sh
eval "$(source "$(dirname "${BASH_SOURCE[0]}")/lib.sh" && declare -p ROOT BUILD_DIR)"
die() { echo "fastload: $*" >&2; exit 1; }
# shellcheck source=scripts/test_servers.sh
source "$ROOT/scripts/test_servers.sh"
NPM_DIR=$BUILD_DIR/npm-parquet

npm_ci "$ROOT/tests/tools/parquet_writers" "$NPM_DIR" @duckdb/node-api
echo "$NPM_DIR/node_modules"
