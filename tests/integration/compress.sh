# --compress: the workers' connections use the protocol's compression, as the server says
# (SHOW SESSION STATUS LIKE 'Compression', read by fastload and logged with -v), the rows load to the
# server's own table in every mode (LOAD DATA LOCAL streamed through the compressed connection
# included), and the server receives fewer bytes than the file holds: measured as Bytes_received on a
# server of our own, which no other test uses.
source "$(dirname "$0")/lib.sh"

db=compress
nodes_db $db 60000 6
size=$(stat -c %s "$TEST_TMP/nodes.tsv")

for mode in load insert multirow; do
  sql $db -e "TRUNCATE nodes"
  run_fastload -v --compress --mode $mode --threads 2 --chunk-size 512K "$TEST_TMP/nodes.tsv" $db.nodes
  expect_eq "--mode $mode: exit code ($ERR)" 0 "$RC"
  expect_eq "--mode $mode: checksum" "$expected" "$(checksum $db.nodes)"
  expect_eq "--mode $mode: both workers compressed, as the server says" 2 \
    "$(grep -c '^fastload: a worker connected, its protocol compressed with zlib$' <<<"$ERR")"
done

private_server server
server=$PRIVATE_SERVER
received() { on server -e "SHOW GLOBAL STATUS LIKE 'Bytes_received'" | cut -f2; }
on server -e "CREATE DATABASE $db CHARACTER SET utf8mb4; USE $db; $NODES_DDL"

# bytes_received ARGS...: sets RECEIVED to what the server received during fastload ARGS into its
# emptied table.
bytes_received() {
  on server $db -e "TRUNCATE nodes"
  local before
  before=$(received)
  "$FASTLOAD" --socket "$server/mysql.sock" -u root --threads 2 "$@" "$TEST_TMP/nodes.tsv" $db.nodes 2>"$TEST_TMP/err" ||
    fail "fastload $*: $(cat "$TEST_TMP/err")"
  RECEIVED=$(($(received) - before))
  expect_eq "fastload $*: checksum" "$expected" "$(digest_table $db.nodes on server)"
}
bytes_received
plain=$RECEIVED
bytes_received --compress
compressed=$RECEIVED
echo "file $size bytes; the server received $plain, $compressed with --compress"
((plain >= size)) && pass || fail "without --compress the server received $plain bytes, less than the file's $size"
((compressed * 2 < size)) && pass || fail "with --compress the server received $compressed bytes of $size: not compressed"

finish
