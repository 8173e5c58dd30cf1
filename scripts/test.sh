#!/usr/bin/env bash
# Builds, then runs the unit and integration tests (ctest starts its own scratch server).
# Extra arguments go to ctest, e.g. -R integration.
set -euo pipefail
# shellcheck source=scripts/lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

scripts/setup.sh
ctest --test-dir "$BUILD_DIR" --output-on-failure --no-tests=error "$@"
