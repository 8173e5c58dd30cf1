# Sourced by the integration and CLI tests. ctest sets FASTLOAD, GEN_TRICKY,
# GEN_NODES, SCRATCH_SERVER_DIR (a running scratch server) and TEST_TMP.
# shellcheck shell=bash
set -euo pipefail

: "${FASTLOAD:?run through ctest}" "${SCRATCH_SERVER_DIR:?}" "${TEST_TMP:?}"
SOCKET=$SCRATCH_SERVER_DIR/mysql.sock
rm -rf "$TEST_TMP" && mkdir -p "$TEST_TMP"
FAILURES=0
CHECKS=0

sql() { mariadb --no-defaults -uroot -S "$SOCKET" --batch --skip-column-names "$@"; }
# With FASTLOAD_FAULT set (a crash test), the test build that acts on it (tests/tools/fault_hook.cc).
fastload() { "${FASTLOAD_FAULT:+$FASTLOAD_FAULTS}${FASTLOAD_FAULT:-$FASTLOAD}" --socket "$SOCKET" -u root "$@"; }

# fresh_db NAME: an empty database of that name.
fresh_db() { sql -e "DROP DATABASE IF EXISTS \`$1\`; CREATE DATABASE \`$1\` CHARACTER SET utf8mb4"; }

checksum() { sql -e "CHECKSUM TABLE $1" | cut -f2; }
# The table bench/gen-nodes writes rows for.
NODES_DDL="CREATE TABLE nodes (id bigint PRIMARY KEY, lat decimal(9,7), lon decimal(10,7), version int,
  timestamp timestamp, changeset bigint, uid bigint, user varchar(255)) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4"
# json NAME: the first numeric field NAME of the JSON summary in OUT.
json() { grep -o "\"$1\":[0-9]*" <<<"$OUT" | head -1 | cut -d: -f2; }
# settle TABLE LEDGER: a killed fastload may have sent a COMMIT the server is
# still finishing; waits until two reads 0.1 s apart see the same counts.
settle() {
  local last="" now
  for _ in $(seq 100); do
    now=$(sql -e "SELECT (SELECT COUNT(*) FROM $1), (SELECT COUNT(*) FROM $2)" 2>/dev/null || echo none)
    [[ $now == "$last" ]] && return 0
    last=$now
    sleep 0.1
  done
}
count() { sql -e "SELECT COUNT(*) FROM $1"; }

# reference DB TABLE FILE: what the server's own LOAD DATA INFILE makes of FILE
# into DB.TABLE (emptied first); prints its CHECKSUM TABLE.
reference() {
  sql -e "TRUNCATE \`$1\`.\`$2\`; LOAD DATA INFILE '$3' INTO TABLE \`$1\`.\`$2\` CHARACTER SET utf8mb4;
          SHOW WARNINGS;" >"$TEST_TMP/reference.warnings"
  [[ ! -s $TEST_TMP/reference.warnings ]] || { cat "$TEST_TMP/reference.warnings" >&2; fail "reference load of $3 warned"; }
  checksum "\`$1\`.\`$2\`"
}

# nodes_db DB ROWS SEED [SQL]: a fresh database DB with the nodes table (or what SQL creates), ROWS
# generated rows in $TEST_TMP/nodes.tsv, and in `expected` the CHECKSUM TABLE of the server's own LOAD DATA
# INFILE of them (the table keeps those rows).
nodes_db() {
  fresh_db "$1"
  sql "$1" -e "${4:-$NODES_DDL}"
  "$GEN_NODES" "$2" --seed "$3" -o "$TEST_TMP/nodes.tsv"
  expected=$(reference "$1" nodes "$TEST_TMP/nodes.tsv")
}

fail() { echo "FAIL: $*" >&2; FAILURES=$((FAILURES + 1)); }
pass() { CHECKS=$((CHECKS + 1)); }
expect_eq() {  # expect_eq WHAT EXPECTED ACTUAL
  if [[ $2 == "$3" ]]; then pass; else fail "$1: expected '$2', got '$3'"; fi
}
expect_match() {  # expect_match WHAT REGEX TEXT
  if grep -Eq -- "$2" <<<"$3"; then pass; else fail "$1: no match for /$2/ in: $3"; fi
}

# run_fastload ARGS...: runs fastload, keeping its exit code in RC, stderr in ERR, stdout in OUT.
run_fastload() {
  set +e
  OUT=$(fastload "$@" 2>"$TEST_TMP/stderr")
  RC=$?
  set -e
  ERR=$(cat "$TEST_TMP/stderr")
}

finish() {
  echo "$CHECKS checks passed, $FAILURES failed"
  [[ $FAILURES -eq 0 && $CHECKS -gt 0 ]]
}

# spider_cluster: three private servers on loopback (scripts/spider-cluster.sh), stopped when the test
# exits: a head with the Spider engine, on which fastload's SOCKET then points, and two shards it knows as the
# server definitions s1 and s2 (user spider, password SPIDER_PASSWORD). on NAME ARGS...: the mariadb client as
# root on head, s1 or s2; restart_server NAME: kill -9 of its mariadbd, then a start on the same port.
SPIDER_PASSWORD=spider-Secret-7
spider_cluster() {
  trap '"$SOURCE_DIR"/scripts/spider-cluster.sh stop "$TEST_TMP"' EXIT
  "$SOURCE_DIR"/scripts/spider-cluster.sh start "$TEST_TMP" "$SPIDER_PASSWORD" --buffer-pool 64M \
    --log-file-size 48M >>"$TEST_TMP/server.log" 2>&1
  SOCKET=$TEST_TMP/head/mysql.sock
}
on() {
  local name=$1
  shift
  mariadb --no-defaults -uroot -S "$TEST_TMP/$name/mysql.sock" --batch --skip-column-names "$@"
}
restart_server() { "$SOURCE_DIR"/scripts/spider-cluster.sh restart "$TEST_TMP" "$1" >>"$TEST_TMP/server.log" 2>&1; }

# start_fake_server NAME ARGS...: tests/tools/fake_server.cc on $TEST_TMP/NAME.sock, logging to LOG, with ARGS;
# SOCK, LOG and SERVER_PID are set once it listens.
start_fake_server() {
  LOG=$TEST_TMP/$1.log SOCK=$TEST_TMP/$1.sock
  "$FAKE_SERVER" "$SOCK" "$LOG" "${@:2}" &
  SERVER_PID=$!
  for _ in $(seq 100); do
    grep -q '^LISTENING' "$LOG" 2>/dev/null && return
    sleep 0.1
  done
  fail "$1: the fake server did not start"
}
stop_fake_server() {
  [[ -z ${SERVER_PID:-} ]] && return
  kill "$SERVER_PID" 2>/dev/null || true
  wait "$SERVER_PID" 2>/dev/null || true
  SERVER_PID=
}
