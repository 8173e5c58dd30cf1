# A host that cannot resolve its own name (no /etc/hosts: minimal images, chroots, containers) still gets
# a scratch server from scripts/server.sh (what scripts/demo.sh and the tests start), and fastload loads into
# it. Where the machine is not like that already, the condition is made in private namespaces (unshare): a host
# name nothing resolves (UTS) and, where /etc/hosts exists, an empty one (mount); the machine's own /etc/hosts and
# name are untouched. Inside a chroot a private mount namespace cannot be made, but a chroot without /etc/hosts
# needs only the UTS one. Without any of these the test checks what it can and is reported as skipped.
source "$(dirname "$0")/../integration/lib.sh"

server=$TEST_TMP/server
printf '1\ta\n2\tb\n3\tc\n' >"$TEST_TMP/rows.tsv"
# Inside the namespaces: proves the name cannot be resolved, then starts the server, creates a table and loads.
inside() {
  if [[ $rename == yes ]]; then hostname "fastload-unresolvable-$$" || return 90; fi
  if [[ -e /etc/hosts ]]; then mount --bind /dev/null /etc/hosts || return 90; fi
  if getent hosts "$(hostname)" >/dev/null; then return 91; fi  # resolved elsewhere (DNS, nss-myhostname)
  "$SOURCE_DIR"/scripts/server.sh start "$server" --buffer-pool 32M --log-file-size 48M || return 92
  "$SOURCE_DIR"/scripts/server.sh sql "$server" -e "CREATE DATABASE h; CREATE TABLE h.t (id int PRIMARY KEY,
    v varchar(5)) ENGINE=InnoDB" || return 93
  "$FASTLOAD" --socket "$server/mysql.sock" -u root --threads 2 "$TEST_TMP/rows.tsv" h.t || return 94
}

# skip WHY: what can be checked without the condition, then ctest's skip code.
skip() {
  expect_match "mariadb-install-db has --force" "--force" "$(mariadb-install-db --help 2>&1)"
  expect_match "scripts/server.sh initializes with --force" "mariadb-install-db .*--force" \
    "$(cat "$SOURCE_DIR/scripts/server.sh")"
  finish
  echo "SKIPPED: $1"
  exit 77
}

# How to make the condition: nothing to make, a new host name, or a new host name and an empty /etc/hosts.
rename=yes
if [[ ! -e /etc/hosts ]] && ! getent hosts "$(hostname)" >/dev/null; then
  rename=no namespaces=(env)
elif [[ ! -e /etc/hosts ]] && unshare -u true 2>/dev/null; then
  namespaces=(unshare -u)
elif unshare -mu --propagation private true 2>/dev/null; then
  namespaces=(unshare -mu --propagation private)
else
  # No namespaces here (not root, user namespaces disabled, or /etc/hosts inside a chroot).
  skip "unshare is not permitted here, so no unresolvable host name could be made"
fi
echo "the condition made with: ${namespaces[*]}"
trap '"$SOURCE_DIR"/scripts/server.sh stop "$server" >/dev/null 2>&1 || true' EXIT
set +e
FASTLOAD=$FASTLOAD SOURCE_DIR=$SOURCE_DIR TEST_TMP=$TEST_TMP server=$server rename=$rename \
  "${namespaces[@]}" bash -c "$(declare -f inside); inside" >"$TEST_TMP/inside.log" 2>&1
rc=$?
set -e
if [[ $rc == 91 ]]; then
  skip "the host name resolves even without /etc/hosts here (DNS or nss-myhostname)"
fi
[[ $rc == 0 ]] || cat "$TEST_TMP/inside.log" >&2
expect_eq "server start and load with an unresolvable host name (90: namespace, 91: name resolves, 92: \
start, 93: table, 94: load)" 0 "$rc"
expect_eq "rows loaded" 3 "$(mariadb --no-defaults -uroot -S "$server/mysql.sock" -N -e 'SELECT COUNT(*) FROM h.t')"
finish
