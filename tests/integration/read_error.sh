# A read error in the middle of a chunk (the file truncated under the mapping
# while the chunk streams) rolls the chunk back: nothing of it is committed,
# although the client library still sends the server an end-of-file. A file
# cut by a few bytes, inside its last page, raises no error at all (the
# kernel reads the rest of the page as zeros, the counts match): the check
# before each COMMIT finds it shorter than the chunk and rolls it back, in
# every mode; so does a file written to while it loads.
source "$(dirname "$0")/lib.sh"

fresh_db readerr
sql readerr -e "CREATE TABLE t (id int PRIMARY KEY, v varchar(200)) ENGINE=InnoDB"
file=$TEST_TMP/big.tsv
pad=$(printf '%0150d' 0)
for ((i = 1; i <= 150000; i++)); do printf '%d\t%s\n' "$i" "$pad"; done >"$file"

# Hold row 1 so the server stops reading the chunk at its first row: the client
# then stalls with most of the chunk unsent, and the file is cut under it.
# --mode load: this is LOAD DATA LOCAL's streaming from the mapping (the INSERT modes parse a copy, below).
sql readerr -e "BEGIN; INSERT INTO t VALUES (1, 'lock'); SELECT SLEEP(4); ROLLBACK" >/dev/null &
locker=$!
sleep 0.5
"$FASTLOAD" --socket "$SOCKET" -u root --mode load --threads 1 --chunk-size 64M --json "$file" readerr.t \
  >"$TEST_TMP/out" 2>"$TEST_TMP/err" &
loader=$!
sleep 2
truncate -s 1000 "$file"
wait "$locker"
wait "$loader" && rc=0 || rc=$?
ERR=$(cat "$TEST_TMP/err")
expect_eq "exit code: input error" 3 "$rc"
expect_match "message" "^fastload: .*big.tsv: chunk 0 .*reading the input failed.*nothing of this chunk was committed" "$ERR"
expect_eq "nothing committed" 0 "$(count readerr.t)"
expect_match "json: chunk failed" '"state":"failed"' "$(cat "$TEST_TMP/out")"

# The INSERT modes parse a copy of each chunk made under a guard, and a sorted load's chunks are such copies
# of its rows: a file cut beyond its last page before a chunk is taken is a read error (exit 3), not a crash.
for ((i = 1; i <= 60000; i++)); do printf '%d\t%s\n' "$i" "$pad"; done >"$TEST_TMP/cut.orig"
tac "$TEST_TMP/cut.orig" >"$TEST_TMP/cut-reversed.orig"
for case in "insert:cut.orig" "load:cut-reversed.orig"; do
  cp "$TEST_TMP/${case#*:}" "$TEST_TMP/cut.tsv"
  sql readerr -e "TRUNCATE t"
  paused_load 1 "truncate -s 1000 $TEST_TMP/cut.tsv" --mode "${case%%:*}" --threads 1 --chunk-size 1M --json \
    "$TEST_TMP/cut.tsv" readerr.t
  expect_eq "cut before chunk 1, --mode ${case%%:*} ${case#*:}: exit code ($ERR)" 3 "$RC"
  expect_match "cut before chunk 1, ${case#*:}: the message" "fastload: .*cut.tsv: .*the file shrank" "$ERR"
done
expect_match "the reversed file was sorted" '"sorted":true' "$OUT"

# cut_while_loading MODE CHUNK CHANGE LAYOUT...: fastload paused before it sends chunk CHUNK of a fresh copy
# of the small file, CHANGE done to the file meanwhile; RC, OUT, ERR as run_fastload sets them.
small=$TEST_TMP/small.tsv
for ((i = 1; i <= 3000; i++)); do printf '%d\tv%d\n' "$i" "$i"; done >"$TEST_TMP/small.orig"
size=$(wc -c <"$TEST_TMP/small.orig")
((size % 4096 > 16)) || { fail "the small file ends too near a page boundary ($size bytes)"; }
cut_while_loading() {
  local mode=$1 chunk=$2 change=$3
  shift 3
  cp "$TEST_TMP/small.orig" "$small"
  sql readerr -e "DROP TABLE IF EXISTS s; CREATE TABLE s (id int PRIMARY KEY, v varchar(20)) ENGINE=InnoDB"
  paused_load "$chunk" "$change" --mode "$mode" "$@" --json "$small" readerr.s
}
# The last chunk's index for a layout, from a load of the untouched file.
last_chunk() {
  cp "$TEST_TMP/small.orig" "$small"
  sql readerr -e "DROP TABLE IF EXISTS s; CREATE TABLE s (id int PRIMARY KEY, v varchar(20)) ENGINE=InnoDB"
  run_fastload "$@" --json "$small" readerr.s
  echo $(($(json chunks) - 1))
}
exact_rows() {  # exact_rows WHAT: every stored row is the file's, and as many as committed
  expect_eq "$1: no row changed" 0 "$(sql -e "SELECT COUNT(*) FROM readerr.s WHERE v <> CONCAT('v', id)")"
  expect_eq "$1: the last row not stored" 0 "$(sql -e "SELECT COUNT(*) FROM readerr.s WHERE id = 3000")"
  expect_eq "$1: as many rows as committed" "$(json rows)" "$(count readerr.s)"
}

for mode in load insert multirow row server bulk; do
  case $mode in
    server | bulk) layouts=("") ;;
    *) layouts=("--threads 1 --chunk-size 8K" "--threads 2 --chunk-size 16K" "") ;;
  esac
  for layout in "${layouts[@]}"; do
    what="$mode ${layout:-default layout}"
    # shellcheck disable=SC2086
    last=$(last_chunk --mode $mode $layout)
    # shellcheck disable=SC2086
    cut_while_loading $mode "$last" 'truncate -s -3 "$small"' $layout
    expect_eq "$what, cut by 3 bytes: exit code" 3 "$RC"
    # With two workers the other one's chunk, in flight, may meet the change first: the file was written to.
    shrank="chunk $last .*the file shrank from $size to $((size - 3)) bytes while it loaded"
    [[ $layout == *"--threads 2"* ]] && shrank="($shrank|chunk [0-9]+ .*the file was written to while it loaded)"
    expect_match "$what, cut by 3 bytes: message" "^fastload: .*small\.tsv: $shrank.*nothing of this chunk was committed" "$ERR"
    exact_rows "$what, cut by 3 bytes"
  done
done

# Written to in place (same size) before a chunk is sent: its modification time tells.
cut_while_loading load 1 'printf X | dd of="$small" bs=1 seek=100 conv=notrunc status=none' --threads 1 --chunk-size 8K
expect_eq "written to: exit code" 3 "$RC"
expect_match "written to: message" "small\.tsv: chunk 1 .*the file was written to while it loaded" "$ERR"
expect_eq "written to: the rows committed before are the file's as it was" 0 \
  "$(sql -e "SELECT COUNT(*) FROM readerr.s WHERE v <> CONCAT('v', id)")"
expect_eq "written to: as many rows as committed" "$(json rows)" "$(count readerr.s)"
# Replaced by another file of the same bytes: the path names another file.
cut_while_loading insert 1 'cp "$small" "$small.new" && touch -r "$small" "$small.new" && mv "$small.new" "$small"' \
  --threads 1 --chunk-size 8K
expect_eq "replaced: exit code" 3 "$RC"
expect_match "replaced: message" "small\.tsv: chunk 1 .*the file was replaced while it loaded" "$ERR"
finish
