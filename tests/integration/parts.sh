# --part K/N: processes that each load their part of the chunks make one load. Three parts of a file make the
# table a single run makes (the server's own LOAD DATA INFILE of it); with --resume a part whose process was
# killed is finished by running it again, and a run without --part then loads nothing; several files and a
# compressed file are shared too; a pipe is refused.
source "$(dirname "$0")/lib.sh"

db=parts
nodes_db $db 40000 14
file=$TEST_TMP/nodes.tsv

loaded=0
sql $db -e "TRUNCATE nodes"
for k in 1 2 3; do
  run_fastload --part $k/3 --chunk-size 100K --json "$file" $db.nodes
  expect_eq "part $k/3: exit code ($ERR)" 0 "$RC"
  expect_match "part $k/3: JSON" "\"part\":\"$k/3\"" "$OUT"
  expect_match "part $k/3: said" "^fastload: --part $k/3: [0-9]+ of the [0-9]+ chunks are this part's" "$ERR"
  loaded=$((loaded + $(json rows)))
done
expect_eq "three parts: every row once" 40000 "$loaded"
expect_eq "three parts: checksum" "$expected" "$(checksum $db.nodes)"

# A part killed after a few chunks is finished by running it again; the whole load is then done.
clear_load $db.nodes $db.fastload_ledger
killed_after 4 --part 1/2 --resume --chunk-size 100K "$file" $db.nodes
expect_eq "part 1/2 killed" 137 "$KILLED"
run_fastload --part 2/2 --resume --chunk-size 100K "$file" $db.nodes
expect_eq "part 2/2: exit code ($ERR)" 0 "$RC"
run_fastload --part 1/2 --resume --chunk-size 100K --json "$file" $db.nodes
expect_eq "part 1/2 again: exit code ($ERR)" 0 "$RC"
((($(json rows_loaded_before)) > 0)) && pass || fail "part 1/2 again: its first chunks were loaded before"
expect_eq "parts with --resume: checksum" "$expected" "$(checksum $db.nodes)"
run_fastload --resume --chunk-size 100K --json "$file" $db.nodes
expect_eq "the whole load after its parts: exit code ($ERR)" 0 "$RC"
expect_eq "the whole load after its parts: nothing left" 0 "$(json rows)"

# Several files (one chunk each, shared by their position) and a compressed file.
head -n 10000 "$file" >"$TEST_TMP/a.tsv"
sed -n '10001,20000p' "$file" >"$TEST_TMP/b.tsv"
sed -n '20001,40000p' "$file" | gzip >"$TEST_TMP/c.tsv.gz"
sql $db -e "TRUNCATE nodes"
for k in 1 2; do
  run_fastload --part $k/2 --chunk-size 1G "$TEST_TMP/a.tsv" "$TEST_TMP/b.tsv" "$TEST_TMP/c.tsv.gz" $db.nodes
  expect_eq "files, part $k/2: exit code ($ERR)" 0 "$RC"
  expect_eq "files, part $k/2: rows" $((k == 1 ? 30000 : 40000)) "$(count $db.nodes)"
done
expect_eq "files in parts: checksum" "$expected" "$(checksum $db.nodes)"

run_fastload --part 1/2 - $db.nodes <"$file"
expect_eq "a pipe: refused" 2 "$RC"
expect_match "a pipe: why" "standard input: --part needs a file that every process reads whole and cuts into the same chunks" "$ERR"

finish
