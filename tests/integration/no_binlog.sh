# --no-binlog: a user without SUPER or BINLOG ADMIN is refused (exit 7) before any chunk is sent,
# whether or not the server keeps a binary log (the scratch server does not: log_bin OFF); BINLOG
# ADMIN alone is enough. On a server with a binary log (started here), a load with --no-binlog,
# workers and control session (--atomic's stage and publish, the --resume ledger) alike, writes
# nothing to it (nor --analyze its ANALYZE TABLE); the same load without writes the rows.
source "$(dirname "$0")/lib.sh"

db=no_binlog
nodes_db $db 20000 4

expect_eq "the scratch server keeps no binary log" 0 "$(sql -e 'SELECT @@log_bin')"
fresh_user no_binlog_plain "ALL ON $db.*" "IDENTIFIED BY 'pw1'"
fresh_user no_binlog_admin "ALL ON $db.*" "IDENTIFIED BY 'pw2'"
sql -e "GRANT BINLOG ADMIN ON *.* TO no_binlog_admin@localhost"

sql $db -e "TRUNCATE nodes"
as_user no_binlog_plain -ppw1 --json --no-binlog "$TEST_TMP/nodes.tsv" $db.nodes
expect_eq "no privilege: exit code" 7 "$RC"
expect_match "no privilege: says which privilege" "^fastload: --no-binlog: .*SUPER or BINLOG ADMIN on MariaDB" "$ERR"
expect_match "no privilege: says what to do" "GRANT one of them .* or leave out --no-binlog" "$ERR"
expect_match "no privilege: refused before the file is read" '"pass_seconds":\{"open":[0-9.]*\}' "$OUT"
expect_eq "no privilege: nothing loaded" 0 "$(count $db.nodes)"
as_user no_binlog_plain -ppw1 "$TEST_TMP/nodes.tsv" $db.nodes
expect_eq "no privilege, without --no-binlog: exit code ($ERR)" 0 "$RC"
sql $db -e "TRUNCATE nodes"
as_user no_binlog_admin -ppw2 --no-binlog "$TEST_TMP/nodes.tsv" $db.nodes
expect_eq "BINLOG ADMIN: exit code ($ERR)" 0 "$RC"
expect_eq "BINLOG ADMIN: checksum" "$expected" "$(checksum $db.nodes)"
sql $db -e "TRUNCATE nodes"
run_fastload --no-binlog "$TEST_TMP/nodes.tsv" $db.nodes
expect_eq "root: exit code ($ERR)" 0 "$RC"
expect_eq "root: checksum" "$expected" "$(checksum $db.nodes)"
sql -e "DROP USER no_binlog_plain@localhost, no_binlog_admin@localhost"

# A server of our own with a binary log.
private_server binlog-server --set log-bin=binlog --set server-id=7
server=$PRIVATE_SERVER
position() { on binlog-server -e "SHOW MASTER STATUS" | cut -f1,2; }
expect_eq "that server keeps a binary log" 1 "$(on binlog-server -e 'SELECT @@log_bin')"
on binlog-server -e "CREATE DATABASE $db CHARACTER SET utf8mb4; USE $db; $NODES_DDL"

# binlog_load LABEL ARGS...: fastload ARGS into the emptied table of that server; checks the rows.
binlog_load() {
  local label=$1
  shift
  on binlog-server $db -e "TRUNCATE nodes; DROP TABLE IF EXISTS fastload_ledger"
  before=$(position)
  set +e
  ERR=$("$FASTLOAD" --socket "$server/mysql.sock" -u root --threads 2 --chunk-size 256K "$@" \
        "$TEST_TMP/nodes.tsv" $db.nodes 2>&1)
  RC=$?
  set -e
  expect_eq "$label: exit code ($ERR)" 0 "$RC"
  expect_eq "$label: checksum" "$expected" "$(digest_table $db.nodes on binlog-server)"
}
for args in "" "--atomic --analyze" "--resume" "--disable-checks --compress"; do
  binlog_load "--no-binlog $args" --no-binlog $args
  expect_eq "--no-binlog $args: the binary log did not grow" "$before" "$(position)"
done
binlog_load "without --no-binlog"
[[ $(position) != "$before" ]] && pass || fail "without --no-binlog: the binary log did not grow"
expect_match "without --no-binlog: the rows are in the binary log" "Write_rows.*|Query.*LOAD DATA" \
  "$(on binlog-server -e "SHOW BINLOG EVENTS IN '${before%%$'\t'*}' FROM ${before##*$'\t'}")"

finish
