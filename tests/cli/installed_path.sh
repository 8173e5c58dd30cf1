# scripts/test.sh runs the tests with the commands a fresh machine has after scripts/setup.sh, and no more
# (scripts/installed-path.sh): a command only this machine has is missing there, and a test calling it fails
# naming it, so the next package setup.sh lacks shows on the developer's own machine.
source "$(dirname "$0")/../integration/lib.sh"

# A command no package owns, on this PATH only (as a hand-installed tool is).
mkdir -p "$TEST_TMP/extra"
printf '#!/bin/sh\necho here\n' >"$TEST_TMP/extra/fastload-only-here"
chmod +x "$TEST_TMP/extra/fastload-only-here"
dir=$(PATH=$TEST_TMP/extra:$PATH "$SOURCE_DIR/scripts/installed-path.sh" "$TEST_TMP/path")
expect_eq "the directory made" "$TEST_TMP/path" "$dir"
have() { [[ -x $dir/$1 ]] && echo yes || echo no; }
expect_eq "a hand-installed command is left out" no "$(have fastload-only-here)"
for command in sh awk sed mariadb mariadbd mariadb-install-db cmake ctest openssl python3 rsync runuser; do
  expect_eq "a command of a minimal Debian or of setup.sh's packages: $command" yes "$(have "$command")"
done
# Only what the packages hold: no bc (a package setup.sh does not name, nor any of its dependencies).
expect_eq "a command of no package setup.sh installs: bc" no "$(have bc)"

# A test run with that PATH that calls the missing command fails, and says which and what to do.
set +e
ERR=$(PATH=$dir TEST_TMP=$TEST_TMP/inner bash -c 'source "$1"; fastload-only-here' _ \
  "$SOURCE_DIR/tests/integration/lib.sh" 2>&1)
RC=$?
set -e
expect_eq "calling it fails as a missing command" 127 "$RC"
expect_match "the message names it and setup.sh" \
  "^fastload: the test called 'fastload-only-here', which neither a minimal Debian nor scripts/setup.sh installs" \
  "$ERR"
finish
