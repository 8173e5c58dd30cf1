#!/usr/bin/env bash
# Builds fastload, starts a throwaway MariaDB, generates 1,000,000 OpenStreetMap-like rows and
# loads them with 8 threads. Everything it creates is removed at exit.
set -euo pipefail
# shellcheck source=scripts/lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

step "building (scripts/setup.sh)"
scripts/setup.sh

step "starting a scratch MariaDB server"
scratch_server
echo "socket $SOCKET"

step "creating database demo and table nodes"
sql -e "CREATE DATABASE demo; USE demo; $NODES_DDL"

step "generating nodes.tsv (1,000,000 rows)"
cd "$SCRATCH"
"$BUILD_DIR/bench/gen-nodes" 1000000 -o nodes.tsv
echo "$(stat -c %s nodes.tsv) bytes"

step "loading: fastload --threads 8 --socket $SOCKET -u root nodes.tsv demo.nodes"
"$BUILD_DIR/fastload" --threads 8 --socket "$SOCKET" -u root nodes.tsv demo.nodes

step "checking the table"
sql --default-character-set=utf8mb4 -t demo -e "SELECT COUNT(*) FROM nodes; SELECT * FROM nodes ORDER BY id LIMIT 5"
