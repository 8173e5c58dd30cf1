# Several FILEs (and quoted glob patterns) into one table: one worker pool,
# the same table as the server's own load of the whole, rows counted per
# file, problems naming their file and its line, --resume and --rejects per file.
source "$(dirname "$0")/lib.sh"

fresh_db many
sql many -e "$NODES_DDL; CREATE TABLE ref LIKE nodes"
whole=$TEST_TMP/whole.tsv parts=$TEST_TMP/parts
"$GEN_NODES" 60000 --seed 11 -o "$whole"
mkdir -p "$parts"
split -n l/3 -d --additional-suffix=.tsv "$whole" "$parts/p"
: >"$parts/p03.tsv"  # an empty part loads nothing and is still counted
want=$(reference many ref "$whole")

run_fastload --threads 2 --chunk-size 64K --json "$parts/p*.tsv" many.nodes
expect_eq "glob: exit code: $ERR" 0 "$RC"
expect_eq "glob: checksum" "$want" "$(checksum many.nodes)"
for part in p00 p01 p02 p03; do
  rows=$(wc -l <"$parts/$part.tsv")
  expect_match "glob: $part counted" "\"file\":\"[^\"]*$part.tsv\",\"input_rows\":$rows,\"rows\":$rows," "$OUT"
done
expect_match "glob: a line per file" "fastload:   .*p01.tsv: [0-9]+ of [0-9]+ rows loaded" "$ERR"

sql -e "TRUNCATE many.nodes"
run_fastload --threads 2 --json "$parts/p00.tsv" "$parts/p01.tsv" "$parts/p02.tsv" many.nodes
expect_eq "listed files: checksum" "$want" "$(checksum many.nodes)"

run_fastload "$parts/nothing*.tsv" many.nodes
expect_eq "no match: exit code" 3 "$RC"
expect_match "no match: message" "^fastload: .*nothing\\*\\.tsv: no file matches this pattern" "$ERR"
run_fastload "$parts/p00.tsv" "$parts/p0[0-1].tsv" many.nodes
expect_eq "a file twice: exit code" 2 "$RC"
expect_match "a file twice: message" "p00.tsv: this file is named twice" "$ERR"

# A bad row in the second file: its file and line are named, its chunk is not committed.
cp "$parts/p01.tsv" "$TEST_TMP/p01.orig"
sed -i '100s/\t[0-9.-]*\t/\tabc\t/' "$parts/p01.tsv"
sql -e "TRUNCATE many.nodes"
run_fastload --threads 1 --chunk-size 64K --json "$parts/p*.tsv" many.nodes
expect_eq "bad row: exit code" 8 "$RC"
expect_match "bad row: names the file and its line" "p01.tsv:100 \\(byte [0-9]+\\): Incorrect decimal value" "$ERR"
expect_match "bad row: the span names its file" "\"file\":\"[^\"]*p01.tsv\",\"state\":\"rejected\",\"first_chunk\":0," "$OUT"

# ... left out with --max-errors: the reasons name the file.
sql -e "TRUNCATE many.nodes"
run_fastload --threads 2 --chunk-size 64K --max-errors 1 --rejects "$TEST_TMP/rejects" --json "$parts/p*.tsv" \
  many.nodes
expect_eq "rejected row: exit code" 0 "$RC"
expect_match "rejected row: reason names the file" "p01.tsv	100	[0-9]+	1366	" "$(cat "$TEST_TMP/rejects.reasons")"
expect_eq "rejected row: loaded + rejected" 60000 $(($(json rows) + $(json rows_rejected)))
cp "$TEST_TMP/p01.orig" "$parts/p01.tsv"

# --resume keeps a ledger per file: killed after a commit, the rerun loads the rest exactly.
clear_load many.nodes many.fastload_ledger
killed_after 2 --threads 2 --chunk-size 64K --resume "$parts/p*.tsv" many.nodes
expect_eq "resume: first run killed" 137 "$KILLED"
settle many.nodes many.fastload_ledger
run_fastload --threads 2 --chunk-size 64K --resume --json "$parts/p*.tsv" many.nodes
expect_eq "resume: exit code: $ERR" 0 "$RC"
expect_eq "resume: checksum" "$want" "$(checksum many.nodes)"
expect_eq "resume: loaded + loaded before" 60000 $(($(json rows) + $(json rows_loaded_before)))
expect_eq "resume: a ledger load per non-empty file" 3 "$(sql -e "SELECT COUNT(DISTINCT load_id) FROM many.fastload_ledger")"
finish
