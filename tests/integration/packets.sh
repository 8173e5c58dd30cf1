# A 2 MB value loads in every mode; with max_allowed_packet at 1M, chunks
# holding many times that load in every mode: statements are cut to fit.
source "$(dirname "$0")/lib.sh"

fresh_db packets
sql packets -e "CREATE TABLE t (id int PRIMARY KEY, v longtext CHARACTER SET utf8mb4) ENGINE=InnoDB"
big=$(head -c 1500000 /dev/zero | tr '\0' 'x')
{ printf '1\tsmall\n2\t%s\\\\%s\n3\tafter\n' "$big" "${big:0:600000}"; } >"$TEST_TMP/big-value.tsv"
expected=$(reference packets t "$TEST_TMP/big-value.tsv")
for mode in load insert multirow row server; do
  sql -e "TRUNCATE packets.t"
  run_fastload --mode "$mode" "$TEST_TMP/big-value.tsv" packets.t
  expect_eq "2 MB value, --mode $mode: exit code ($ERR)" 0 "$RC"
  expect_eq "2 MB value, --mode $mode: checksum" "$expected" "$(checksum packets.t)"
done
expect_eq "the value is 2.1 MB" 2100001 "$(sql -e "SELECT LENGTH(v) FROM packets.t WHERE id = 2")"

for ((i = 1; i <= 40000; i++)); do printf '%d\t%0200d\n' "$i" "$i"; done >"$TEST_TMP/many.tsv"  # 8 MB
expected=$(reference packets t "$TEST_TMP/many.tsv")
old=$(sql -e "SELECT @@GLOBAL.max_allowed_packet")
sql -e "SET GLOBAL max_allowed_packet = 1048576"
trap 'sql -e "SET GLOBAL max_allowed_packet = $old"' EXIT
for mode in load insert multirow server; do
  sql -e "TRUNCATE packets.t"
  args=(--mode "$mode" --json)
  [[ $mode != server ]] && args+=(--chunk-size 8M --threads 1)
  [[ $mode == insert ]] && args+=(--batch-rows 100000)
  run_fastload "${args[@]}" "$TEST_TMP/many.tsv" packets.t
  expect_eq "max_allowed_packet 1M, --mode $mode: exit code ($ERR)" 0 "$RC"
  expect_eq "max_allowed_packet 1M, --mode $mode: checksum" "$expected" "$(checksum packets.t)"
  [[ $mode == multirow ]] && expect_match "statements fit the packet" '"method":"text multi-row INSERTs of up to 1048574 bytes"' "$OUT"
done

# A row that no statement under max_allowed_packet can hold: refused with its line in the INSERT modes;
# LOAD DATA streams it.
for mode in insert multirow load; do
  sql -e "TRUNCATE packets.t"
  run_fastload --mode "$mode" "$TEST_TMP/big-value.tsv" packets.t
  if [[ $mode == load ]]; then
    expect_eq "1M packet, 2 MB value, --mode load streams it ($ERR)" 0 "$RC"
  else
    expect_eq "1M packet, 2 MB value, --mode $mode: refused" 8 "$RC"
    expect_match "1M packet, 2 MB value, --mode $mode: says why, at line 2" \
      "big-value.tsv:2 \\(byte 8\\): the row needs [0-9]+ bytes in a statement of its own, more than the [0-9]+ the server.s max_allowed_packet lets through" "$ERR"
  fi
done
finish
