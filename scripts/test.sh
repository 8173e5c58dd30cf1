#!/usr/bin/env bash
# Builds, then runs the unit and integration tests (ctest starts its own scratch server), with the commands a
# fresh machine would have, no more.
# Extra arguments go to ctest, e.g. -R integration.
set -euo pipefail
# shellcheck source=scripts/lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

scripts/setup.sh
# The tests see only the commands a fresh machine has after setup.sh (scripts/installed-path.sh): one that calls
# a command only this machine has fails here too, as it would there. The links live under /tmp, where the users
# servers run as (mysql, for Galera nodes) can reach them wherever the clone is (a home of mode 700 is not).
links=$(mktemp -d /tmp/fastload-path.XXXXXX)
trap 'rm -rf "$links"' EXIT
chmod 755 "$links"
fresh_path=$(scripts/installed-path.sh "$links/bin")
PATH=$fresh_path ctest --test-dir "$BUILD_DIR" --output-on-failure --no-tests=error "$@"
