# A compressed file is decoded once, ahead of the loading workers; its chunks
# wait for the check at their member's end, held within --sort-memory and past
# it in --tmpdir. A file decoding to far more than a small --sort-memory loads
# exactly (the server's own LOAD DATA of the plain file is the reference) while
# spilling; a damaged member commits nothing of itself; a --tmpdir that cannot
# take the chunks is exit 13, naming --tmpdir, with nothing committed.
source "$(dirname "$0")/lib.sh"

fresh_db ahead
sql ahead -e "$NODES_DDL; CREATE TABLE ref LIKE nodes"
plain=$TEST_TMP/nodes.tsv
rows=600000  # about 50 MB decoded: three times --sort-memory 16M
"$GEN_NODES" $rows --seed 17 -o "$plain"
want=$(reference ahead ref "$plain")
mkdir "$TEST_TMP/tmp"
gzip -c "$plain" >"$plain.gz"
zstd -q -c "$plain" >"$plain.zst"

# One member each (gzip and zstd write one): nothing verifies before the end, so most chunks are spilled.
for ext in gz zst; do
  sql -e "TRUNCATE ahead.nodes"
  run_fastload --json --verbose --threads 2 --chunk-size 1M --sort-memory 16M --tmpdir "$TEST_TMP/tmp" \
    "$plain.$ext" ahead.nodes
  expect_eq "$ext, spilled: exit code ($ERR)" 0 "$RC"
  expect_eq "$ext, spilled: checksum" "$want" "$(checksum ahead.nodes)"
  expect_eq "$ext, spilled: rows" $rows "$(json rows)"
  expect_match "$ext, spilled: held in --tmpdir" "MiB of chunks read ahead of their checks were held in --tmpdir" "$ERR"
  expect_eq "$ext, spilled: no file left in --tmpdir" "" "$(ls -A "$TEST_TMP/tmp")"
done

# damaged FILE COPY: COPY is FILE with eight bytes overwritten at OFFSET (default: its middle).
damaged() {
  cp "$1" "$2"
  printf '\xff\xff\xff\xff\xff\xff\xff\xff' |
    dd of="$2" bs=1 seek="${3:-$(($(stat -c %s "$2") / 2))}" conv=notrunc 2>/dev/null
}

# A damaged single member while spilling: nothing of it is committed.
damaged "$plain.gz" "$TEST_TMP/damaged.gz"
sql -e "TRUNCATE ahead.nodes"
run_fastload --json --threads 2 --chunk-size 1M --sort-memory 16M --tmpdir "$TEST_TMP/tmp" "$TEST_TMP/damaged.gz" \
  ahead.nodes
expect_eq "damaged member, spilling: exit code" 3 "$RC"
expect_match "damaged member, spilling: message" "^fastload: .*damaged.gz: .*gzip data damaged or truncated" "$ERR"
expect_eq "damaged member, spilling: nothing committed" 0 "$(count ahead.nodes)"
expect_eq "damaged member, spilling: the summary says so" 0 "$(json rows)"

# Two members, the second damaged: exactly whole chunks of the first are committed, none of the second.
first=300000
head -n $first "$plain" | gzip -c >"$TEST_TMP/members.gz"
first_end=$(stat -c %s "$TEST_TMP/members.gz")
tail -n +$((first + 1)) "$plain" | gzip -c >>"$TEST_TMP/members.gz"
damaged "$TEST_TMP/members.gz" "$TEST_TMP/damaged-second.gz" \
  $((first_end + ($(stat -c %s "$TEST_TMP/members.gz") - first_end) / 2))
sql -e "TRUNCATE ahead.nodes"
run_fastload --json --threads 2 --chunk-size 1M --sort-memory 16M --tmpdir "$TEST_TMP/tmp" \
  "$TEST_TMP/damaged-second.gz" ahead.nodes
expect_eq "damaged second member: exit code" 3 "$RC"
n=$(count ahead.nodes)
expect_eq "damaged second member: the summary counts what is in the table" "$n" "$(json rows)"
((n <= first)) && pass || fail "damaged second member: $n rows committed, more than the first member's $first"
head -n "$n" "$plain" >"$TEST_TMP/prefix.tsv"
expect_eq "damaged second member: the table holds the first $n rows exactly" \
  "$(reference ahead ref "$TEST_TMP/prefix.tsv")" "$(checksum ahead.nodes)"
expect_match "damaged second member: the rest is named as not read" '"state":"not read"' "$OUT"

# Spilling needed, and --tmpdir cannot take it: exit 13, naming --tmpdir; nothing committed.
sql -e "TRUNCATE ahead.nodes"
run_fastload --threads 2 --chunk-size 1M --sort-memory 16M --tmpdir "$TEST_TMP/missing" "$plain.zst" ahead.nodes
expect_eq "no --tmpdir to spill to: exit code ($ERR)" 13 "$RC"
expect_match "no --tmpdir to spill to: message" "^fastload: .*temporary file in .*missing.*--tmpdir" "$ERR"
expect_eq "no --tmpdir to spill to: nothing committed" 0 "$(count ahead.nodes)"
# Within --sort-memory, no temporary file is made: the same --tmpdir does not matter.
sql -e "TRUNCATE ahead.nodes"
run_fastload --threads 2 --tmpdir "$TEST_TMP/missing" "$plain.zst" ahead.nodes
expect_eq "within --sort-memory: exit code ($ERR)" 0 "$RC"
expect_eq "within --sort-memory: checksum" "$want" "$(checksum ahead.nodes)"
finish
