# Streams: the nodes file compressed as gzip, zstd, lz4, bzip2 and xz (known
# by their first bytes, whatever the name), through standard input and a FIFO,
# loads to the same table as the server's own LOAD DATA INFILE of the plain
# file; so does a CSV with quoted line ends and a header through a pipe. A
# damaged or truncated compressed file fails with the compressed offset, and
# what is committed is exactly the whole chunks before the damage.
source "$(dirname "$0")/lib.sh"

fresh_db streams
sql streams -e "$NODES_DDL; CREATE TABLE ref LIKE nodes"
plain=$TEST_TMP/nodes.tsv
"$GEN_NODES" 100000 --seed 5 -o "$plain"
rows=100000
want=$(reference streams ref "$plain")

# load LABEL ARGS...: loads into streams.nodes (emptied first) and compares with the plain file's reference.
load() {
  local label=$1
  shift
  sql -e "TRUNCATE streams.nodes"
  run_fastload --json "$@" streams.nodes
  expect_eq "$label: exit code ($ERR)" 0 "$RC"
  expect_eq "$label: checksum" "$want" "$(checksum streams.nodes)"
  expect_eq "$label: input rows" "$rows" "$(json input_rows)"
  expect_eq "$label: rows" "$rows" "$(json rows)"
}

gzip -c "$plain" >"$plain.gz"
zstd -q -c "$plain" >"$plain.zst"
lz4 -q -c "$plain" >"$plain.lz4"
bzip2 -c "$plain" >"$plain.bz2"
xz -c "$plain" >"$plain.xz"
for ext in gz zst lz4 bz2 xz; do
  load "$ext" --threads 2 --chunk-size 256K "$plain.$ext"
  expect_match "$ext: chunks cut as read" '"chunks":[1-9][0-9]+,' "$OUT"
done
load "zstd, default chunk size, 3 threads" --threads 3 "$plain.zst"
head -n 500 "$plain" | lz4 -q -c >"$TEST_TMP/small.lz4"
sql -e "TRUNCATE streams.nodes"
run_fastload --json --threads 2 --chunk-size 7 "$TEST_TMP/small.lz4" streams.nodes
expect_eq "lz4, chunks of a few bytes: exit code ($ERR)" 0 "$RC"
expect_eq "lz4, chunks of a few bytes: a chunk a row" 500 "$(json chunks)"
head -n 500 "$plain" >"$TEST_TMP/small.tsv"
expect_eq "lz4, chunks of a few bytes: checksum" "$(reference streams ref "$TEST_TMP/small.tsv")" \
  "$(checksum streams.nodes)"

# The name says nothing: the magic bytes do.
cp "$plain.zst" "$TEST_TMP/nodes.data"
load "zstd named .data" "$TEST_TMP/nodes.data"
cp "$plain" "$TEST_TMP/plain.gz"
load "plain named .gz" "$TEST_TMP/plain.gz"

# Several members and streams, as parallel compressors and appends write them.
split -n l/3 -d "$plain" "$TEST_TMP/part"
for p in "$TEST_TMP"/part0?; do gzip -c "$p"; done >"$TEST_TMP/members.gz"
for p in "$TEST_TMP"/part0?; do bzip2 -c "$p"; done >"$TEST_TMP/streams.bz2"
for p in "$TEST_TMP"/part0?; do zstd -q -c "$p"; done >"$TEST_TMP/frames.zst"
load "multi-member gzip" --threads 2 --chunk-size 1M "$TEST_TMP/members.gz"
load "multi-stream bzip2" --threads 2 --chunk-size 1M "$TEST_TMP/streams.bz2"
load "multi-frame zstd" --threads 2 --chunk-size 1M "$TEST_TMP/frames.zst"
# As parallel compressors write them, decoded in parallel pieces: pzstd (a skippable frame before each of
# its frames), bgzip (BGZF members that give their sizes), lz4 frames concatenated.
pzstd -q -1 -p 2 -c "$plain" >"$TEST_TMP/pzstd.zst"
bgzip -c "$plain" >"$TEST_TMP/bgzf.gz"
for p in "$TEST_TMP"/part0?; do lz4 -q -c "$p"; done >"$TEST_TMP/frames.lz4"
load "pzstd" --threads 2 --chunk-size 1M "$TEST_TMP/pzstd.zst"
load "BGZF gzip" --threads 2 --chunk-size 1M "$TEST_TMP/bgzf.gz"
load "multi-frame lz4" --threads 2 --chunk-size 1M "$TEST_TMP/frames.lz4"

# Standard input and FIFOs, plain or compressed.
sql -e "TRUNCATE streams.nodes"
run_fastload --json --threads 2 --chunk-size 300K - streams.nodes <"$plain"
expect_eq "stdin: exit code ($ERR)" 0 "$RC"
expect_eq "stdin: checksum" "$want" "$(checksum streams.nodes)"
sql -e "TRUNCATE streams.nodes"
set +e
OUT=$(cat "$plain.gz" | fastload --json --threads 2 - streams.nodes 2>"$TEST_TMP/stderr")
RC=$?
set -e
expect_eq "gzip through a pipe: exit code ($(cat "$TEST_TMP/stderr"))" 0 "$RC"
expect_eq "gzip through a pipe: checksum" "$want" "$(checksum streams.nodes)"
expect_eq "gzip through a pipe: rows" "$rows" "$(json rows)"
mkfifo "$TEST_TMP/fifo"
xz -c "$plain" >"$TEST_TMP/fifo" &
load "xz through a FIFO" --threads 2 --chunk-size 1M "$TEST_TMP/fifo"
wait
run_fastload - "$plain" - streams.nodes </dev/null
expect_eq "stdin named twice: exit code" 2 "$RC"

# A plain file, a compressed one and standard input in one run: rows per file.
head -n 40000 "$plain" >"$TEST_TMP/a.tsv"
sed -n 40001,70000p "$plain" | gzip -c >"$TEST_TMP/b.tsv.gz"
sql -e "TRUNCATE streams.nodes"
set +e
OUT=$(tail -n +70001 "$plain" | fastload --json --threads 2 --chunk-size 128K "$TEST_TMP/a.tsv" \
  "$TEST_TMP/b.tsv.gz" - streams.nodes 2>"$TEST_TMP/stderr")
RC=$?
set -e
expect_eq "mixed inputs: exit code ($(cat "$TEST_TMP/stderr"))" 0 "$RC"
expect_eq "mixed inputs: checksum" "$want" "$(checksum streams.nodes)"
expect_match "mixed inputs: rows of the gzip file" '"file":"[^"]*b.tsv.gz","input_rows":30000,"rows":30000,' "$OUT"
expect_match "mixed inputs: rows of stdin" '"file":"standard input","input_rows":30000,"rows":30000,' "$OUT"

# CSV with quoted commas, quotes, LFs and CR LFs in fields and a header, through a pipe.
sql streams -e "CREATE TABLE t (id int PRIMARY KEY, a varchar(200), b text, c int NULL) ENGINE=InnoDB"
for size in 5 1K 64K; do
  csv_rows=$([[ $size == 5 ]] && echo 300 || echo 20000)
  csv=$TEST_TMP/d$csv_rows.csv
  "$GEN_DIALECT" "$csv_rows" --seed 3 --header --csv -o "$csv"
  sql -e "TRUNCATE streams.t; LOAD DATA INFILE '$csv' INTO TABLE streams.t CHARACTER SET utf8mb4
          FIELDS TERMINATED BY ',' OPTIONALLY ENCLOSED BY '\"' ESCAPED BY '' LINES TERMINATED BY '\\n' IGNORE 1 LINES"
  csv_want=$(checksum streams.t)
  sql -e "TRUNCATE streams.t"
  set +e
  OUT=$(zstd -q -c "$csv" | fastload --json --csv --skip-rows 1 --threads 2 --chunk-size "$size" - streams.t \
    2>"$TEST_TMP/stderr")
  RC=$?
  set -e
  expect_eq "csv through a pipe, chunks of $size: exit code ($(cat "$TEST_TMP/stderr"))" 0 "$RC"
  expect_eq "csv through a pipe, chunks of $size: checksum" "$csv_want" "$(checksum streams.t)"
  expect_eq "csv through a pipe, chunks of $size: rows" "$csv_rows" "$(count streams.t)"
done

# committed_prefix LABEL: what was committed is whole rows from the start of
# the file, as many as the summary says, the damaged chunk's none of them.
committed_prefix() {
  local n
  n=$(count streams.nodes)
  expect_eq "$1: the summary counts what is in the table" "$n" "$(json rows)"
  head -n "$n" "$plain" >"$TEST_TMP/prefix.tsv"
  expect_eq "$1: the table holds the first $n rows exactly" "$(reference streams ref "$TEST_TMP/prefix.tsv")" \
    "$(checksum streams.nodes)"
  expect_match "$1: the rest is named as not read" '"state":"not read"' "$OUT"
}

# damaged FILE COPY: COPY is FILE with eight bytes in its middle overwritten.
damaged() {
  cp "$1" "$2"
  printf '\xff\xff\xff\xff\xff\xff\xff\xff' | dd of="$2" bs=1 seek=$(($(stat -c %s "$2") / 2)) conv=notrunc 2>/dev/null
}

# A damaged gzip member in the middle: the bytes after it are never loaded. The
# same in one of many BGZF members, which are decoded in parallel pieces.
damaged "$plain.gz" "$TEST_TMP/damaged.gz"
damaged "$TEST_TMP/bgzf.gz" "$TEST_TMP/damaged-bgzf.gz"
for file in damaged.gz damaged-bgzf.gz; do
  sql -e "TRUNCATE streams.nodes"
  run_fastload --json --threads 2 --chunk-size 128K "$TEST_TMP/$file" streams.nodes
  expect_eq "$file: exit code" 3 "$RC"
  expect_match "$file: message names the file, format and offset" "^fastload: .*$file: .*gzip.*byte [0-9]+" "$ERR"
  committed_prefix "$file"
done

# The same damage through a pipe cannot be checked ahead: what was committed past
# the last passed check is named, never reported as plainly committed.
sql -e "TRUNCATE streams.nodes"
run_fastload --json --threads 2 --chunk-size 128K - streams.nodes <"$TEST_TMP/damaged.gz"
expect_match "damaged gzip through a pipe: exit code 3 or 8 (garbage rows refused first)" '^(3|8)$' "$RC"
expect_eq "damaged gzip through a pipe: the summary counts what is in the table" "$(count streams.nodes)" \
  "$(json rows)"
expect_match "damaged gzip through a pipe: chunks named unverified" \
  'committed unverified chunks 0-[0-9]+ .*may be damaged|may be damaged.*committed unverified chunks 0-' \
  "$(tr '\n' ' ' <<<"$ERR")"

# A truncated zstd file: the same.
head -c $(($(stat -c %s "$plain.zst") * 2 / 3)) "$plain.zst" >"$TEST_TMP/truncated.zst"
sql -e "TRUNCATE streams.nodes"
run_fastload --json --threads 2 --chunk-size 128K "$TEST_TMP/truncated.zst" streams.nodes
expect_eq "truncated zstd: exit code" 3 "$RC"
expect_match "truncated zstd: message" "^fastload: .*truncated.zst: .*(truncated|ends)" "$ERR"
committed_prefix "truncated zstd"

# A bad row in a compressed file is named by its line in the content; with
# --max-errors it is left out and written to the rejects file as it was.
sed '5000s/\t[0-9.-]*\t/\tabc\t/' "$plain" | gzip -c >"$TEST_TMP/bad.gz"
sql -e "TRUNCATE streams.nodes"
run_fastload --json --threads 1 --chunk-size 64K "$TEST_TMP/bad.gz" streams.nodes
expect_eq "bad row: exit code" 8 "$RC"
expect_match "bad row: its line" "bad.gz:5000 \\(byte [0-9]+\\): Incorrect decimal value" "$ERR"
expect_match "bad row: the rest is not read" "not read: the rest of the input, from chunk [0-9]+" "$ERR"
sql -e "TRUNCATE streams.nodes"
run_fastload --json --threads 2 --chunk-size 64K --max-errors 1 --rejects "$TEST_TMP/rejects" "$TEST_TMP/bad.gz" \
  streams.nodes
expect_eq "bad row left out: exit code ($ERR)" 0 "$RC"
expect_eq "bad row left out: the rejects file holds it" "$(sed -n '5000s/\t[0-9.-]*\t/\tabc\t/p' "$plain" | head -1)" \
  "$(cat "$TEST_TMP/rejects")"
expect_match "bad row left out: its reason" "bad.gz	5000	[0-9]+	1366	" "$(cat "$TEST_TMP/rejects.reasons")"
expect_eq "bad row left out: the others loaded" $((rows - 1)) "$(count streams.nodes)"

# Progress counts compressed bytes: it ends at 100% and never passes it.
sql -e "TRUNCATE streams.nodes"
run_fastload --progress --threads 2 --chunk-size 256K "$plain.zst" streams.nodes
expect_eq "progress: exit code" 0 "$RC"
expect_match "progress: ends at 100%" '100\.0%.*done$' "$(grep '%' <<<"$ERR" | tail -1)"
over=$(grep -o '[0-9.]*%' <<<"$ERR" | tr -d % | awk '$1 > 100' | wc -l)
expect_eq "progress: never over 100%" 0 "$over"

# --resume on a compressed file: killed after a commit, the rerun skips the
# chunks the ledger holds as they are cut, and loads the rest exactly once.
# kill_after FILE CHUNK: a --resume run of FILE killed just after CHUNK's commit.
kill_after() {
  killed_after "$2" --threads 2 --chunk-size 512K --resume "$1" streams.nodes
  expect_eq "resume $1: first run killed" 137 "$KILLED"
  settle streams.nodes streams.fastload_ledger
}
clear_load streams.nodes streams.fastload_ledger
kill_after "$plain.zst" 4
run_fastload --json --threads 2 --chunk-size 512K --resume "$plain.zst" streams.nodes
expect_eq "resume zstd: exit code ($ERR)" 0 "$RC"
expect_eq "resume zstd: checksum" "$want" "$(checksum streams.nodes)"
expect_match "resume zstd: chunks skipped" '"chunks_loaded_before":[1-9]' "$OUT"
expect_eq "resume zstd: loaded + loaded before" "$rows" $(($(json rows) + $(json rows_loaded_before)))
run_fastload --json --threads 2 --chunk-size 512K --resume "$plain.zst" streams.nodes
expect_eq "resume zstd, finished: exit code ($ERR)" 0 "$RC"
expect_eq "resume zstd, finished: nothing loaded again" "0 $rows" "$(json rows) $(json rows_loaded_before)"
# Finished, the file replaced by other content: a new load (history is not a refusal).
zstd -q -19 -c "$plain" >"$TEST_TMP/recompressed.zst"
cp "$TEST_TMP/recompressed.zst" "$plain.zst"
sql -e "TRUNCATE streams.nodes"
run_fastload --json --threads 2 --chunk-size 512K --resume "$plain.zst" streams.nodes
expect_eq "resume zstd, new content after a finished load: exit code ($ERR)" 0 "$RC"
expect_eq "resume zstd, new content after a finished load: checksum" "$want" "$(checksum streams.nodes)"
# Unfinished, then the file changed: refused, the table untouched.
sql -e "TRUNCATE streams.nodes; DROP TABLE streams.fastload_ledger"
kill_after "$plain.gz" 2
before=$(count streams.nodes)
gzip -1 -c "$plain" >"$plain.gz"
run_fastload --threads 2 --chunk-size 512K --resume "$plain.gz" streams.nodes
expect_eq "resume gzip, file changed: exit code" 12 "$RC"
expect_match "resume gzip, file changed: message" "^fastload: --resume: the ledger .* does not match this run" "$ERR"
expect_eq "resume gzip, file changed: table untouched" "$before" "$(count streams.nodes)"

# Memory: a stream is held as the chunks in flight, not as a whole. 2,000,000
# rows (158 MB) through a pipe, and as a zstd file, in chunks of 1M on 2 threads.
# The zstd file is one frame, checked at its end: its chunks are held until then,
# within --sort-memory (16M here), the rest in --tmpdir.
RSS_BOUND_KB=48000  # measured: 13 MB by pipe, 23 MB as zstd before it was read ahead
"$GEN_NODES" 2000000 --seed 9 -o "$TEST_TMP/big.tsv"
zstd -q -c "$TEST_TMP/big.tsv" >"$TEST_TMP/big.tsv.zst"
for input in pipe zstd; do
  sql -e "TRUNCATE streams.nodes"
  if [[ $input == pipe ]]; then
    /usr/bin/time -f %M -o "$TEST_TMP/rss" "$FASTLOAD" --socket "$SOCKET" -u root --threads 2 --chunk-size 1M - \
      streams.nodes <"$TEST_TMP/big.tsv" 2>"$TEST_TMP/stderr" && RC=0 || RC=$?
  else
    /usr/bin/time -f %M -o "$TEST_TMP/rss" "$FASTLOAD" --socket "$SOCKET" -u root --threads 2 --chunk-size 1M \
      --sort-memory 16M --tmpdir "$TEST_TMP" "$TEST_TMP/big.tsv.zst" streams.nodes 2>"$TEST_TMP/stderr" && RC=0 || RC=$?
  fi
  expect_eq "158 MB by $input: exit code ($(cat "$TEST_TMP/stderr"))" 0 "$RC"
  expect_eq "158 MB by $input: rows" 2000000 "$(count streams.nodes)"
  rss_kb=$(tail -1 "$TEST_TMP/rss")
  echo "158 MB by $input in chunks of 1M: max resident ${rss_kb} kB"
  bound=$RSS_BOUND_KB
  [[ $input == pipe ]] || bound=$((bound + 16384))  # plus --sort-memory
  ((rss_kb < bound)) && pass || fail "158 MB by $input: max resident $rss_kb kB, over $bound kB"
done
rm -f "$TEST_TMP/big.tsv.zst"

# A signal while the commits wait for the checks (a single-stream bzip2 file
# decodes slowly): the waiting chunks are rolled back at once, exit 11.
head -n 600000 "$TEST_TMP/big.tsv" | bzip2 -c >"$TEST_TMP/slow.bz2"
sql -e "TRUNCATE streams.nodes"
"$FASTLOAD" --socket "$SOCKET" -u root --json --threads 2 --chunk-size 256K "$TEST_TMP/slow.bz2" streams.nodes \
  >"$TEST_TMP/out" 2>"$TEST_TMP/stderr" &
pid=$!
sleep 1
kill -INT "$pid"
signalled=$(date +%s%N)
wait "$pid" && RC=0 || RC=$?
waited_ms=$((($(date +%s%N) - signalled) / 1000000))
OUT=$(cat "$TEST_TMP/out")
expect_eq "SIGINT while verifying: exit code ($(cat "$TEST_TMP/stderr"))" 11 "$RC"
expect_eq "SIGINT while verifying: nothing unverified committed" "$(json rows)" "$(count streams.nodes)"
((waited_ms < 3000)) && pass || fail "SIGINT while verifying: took $waited_ms ms to stop"
rm -f "$TEST_TMP/big.tsv" "$TEST_TMP/slow.bz2"

# What streams cannot do, refused before anything is loaded.
run_fastload --resume - streams.nodes <"$plain"
expect_eq "--resume on stdin: exit code" 12 "$RC"
expect_match "--resume on stdin: message" "^fastload: standard input: --resume needs a file" "$ERR"
run_fastload --mode server "$plain.gz" streams.nodes
expect_eq "--mode server on gzip: exit code" 2 "$RC"
expect_match "--mode server on gzip: message" "nodes.tsv.gz: --mode server has the server read a plain file" "$ERR"
finish
