# --resume knows a file by its bytes, not by the path that names it: a run
# killed after a chunk's COMMIT and rerun through a symlinked directory, a
# relative path from another working directory, a copy or a moved file loads
# only the chunks still missing and leaves exactly the table one clean run
# leaves (the server's own LOAD DATA INFILE). The table has no key, so a chunk
# loaded twice would not be refused by the server. A finished load of the
# same bytes is done (nothing loaded again, said loudly); two FILEs of the
# same bytes in one run are two loads, each loaded once; a file changed in
# place is still refused whatever path names it; a compressed file is known
# by its compressed bytes.
source "$(dirname "$0")/lib.sh"

db=resume_identity
fresh_db $db
sql $db -e "${NODES_DDL/id bigint PRIMARY KEY/id bigint}"
table=$db.nodes
ledger=$db.fastload_ledger
data=$TEST_TMP/data
mkdir -p "$data/sub" "$TEST_TMP/elsewhere/deeper"
file=$data/nodes.tsv
rows=20000
"$GEN_NODES" $rows --seed 11 -o "$file"
expected=$(reference $db nodes "$file")
chunk_size=64K
options=(--threads 2 --chunk-size $chunk_size --resume --json)

# killed PATH: a fresh table and ledger, and a run of PATH killed right after chunk 5's COMMIT; sets
# before_rows, before_chunks.
killed() {
  clear_load $table $ledger
  FASTLOAD_FAULT=after-commit:5 run_fastload "${options[@]}" "$1" $table
  expect_eq "run of $1 killed" 137 "$RC"
  settle $table $ledger
  before_rows=$(count $table)
  before_chunks=$(sql -e "SELECT COUNT(*) FROM $ledger WHERE chunk >= 0")
  ((before_rows > 0 && before_rows < rows)) && pass || fail "run of $1 committed $before_rows of $rows rows"
  expect_eq "run of $1: the table holds the ledger's rows" "$before_rows" \
    "$(sql -e "SELECT SUM(chunk_rows) FROM $ledger WHERE chunk >= 0")"
}

# resumed WHAT [TOTAL_ROWS [EXPECTED]]: the rerun in OUT/ERR/RC loaded exactly the chunks the killed run
# had not, and the table is EXPECTED.
resumed() {
  local what=$1 total=${2:-$rows} want=${3:-$expected}
  expect_eq "$what: exit code: $ERR" 0 "$RC"
  expect_eq "$what: checksum = the server's LOAD DATA INFILE" "$want" "$(checksum $table)"
  expect_eq "$what: count" "$total" "$(count $table)"
  expect_eq "$what: rows_loaded_before" "$before_rows" "$(json rows_loaded_before)"
  expect_eq "$what: chunks_loaded_before" "$before_chunks" "$(json chunks_loaded_before)"
  expect_eq "$what: only the missing chunks loaded" $(($(json chunks) - before_chunks)) "$(json chunks_committed)"
  expect_eq "$what: rows + rows_loaded_before = input_rows" "$total" $(($(json rows) + $(json rows_loaded_before)))
  expect_eq "$what: the ledger holds each chunk once" "$(json chunks) $(json chunks)" \
    "$(sql -e "SELECT COUNT(*), COUNT(DISTINCT load_id, chunk) FROM $ledger WHERE chunk >= 0" | tr '\t' ' ')"
}

# 1. The same bytes through other paths.
ln -s "$data" "$TEST_TMP/link"
killed "$file"
run_fastload "${options[@]}" "$TEST_TMP/link/nodes.tsv" $table
resumed "rerun through a symlinked directory"

killed "$TEST_TMP/link/nodes.tsv"
cd "$TEST_TMP/elsewhere/deeper"
run_fastload "${options[@]}" ../../data/sub/../nodes.tsv $table
cd - >/dev/null
resumed "killed through the symlink, rerun by a relative path from another directory"

killed "$file"
cp "$file" "$TEST_TMP/elsewhere/copy.tsv"
touch -d '2001-01-01' "$TEST_TMP/elsewhere/copy.tsv"
run_fastload "${options[@]}" "$TEST_TMP/elsewhere/copy.tsv" $table
resumed "rerun of a copy (another name, another modification time)"

killed "$file"
mv "$file" "$TEST_TMP/elsewhere/moved.tsv"
run_fastload "${options[@]}" "$TEST_TMP/elsewhere/moved.tsv" $table
resumed "rerun of the moved file"
mv "$TEST_TMP/elsewhere/moved.tsv" "$file"

# 2. A finished load of the same bytes is done: a rerun through a copy loads nothing, exit 0, and says so
# (with the statement that makes the ledger forget it); doing that loads them a second time.
before=$(checksum $table)
run_fastload "${options[@]}" "$TEST_TMP/elsewhere/copy.tsv" $table
expect_eq "finished load, rerun of a copy: exit code: $ERR" 0 "$RC"
expect_eq "finished load, rerun of a copy: table unchanged" "$before $rows" "$(checksum $table) $(count $table)"
expect_eq "finished load, rerun of a copy: nothing loaded" 0 "$(json rows)"
expect_match "finished load, rerun of a copy: says so" \
  "^fastload: --resume: .*copy.tsv: these [0-9]+ bytes were loaded into $table completely by an earlier --resume run \\(of /.*, last chunk committed at .*nothing of them is loaded again.*run without --resume, or first run DELETE FROM" \
  "$ERR"
sql -e "$(grep -o "DELETE FROM \`$db\`.\`fastload_ledger\` WHERE load_id = '[0-9a-f]*'" <<<"$ERR")"
run_fastload "${options[@]}" "$TEST_TMP/elsewhere/copy.tsv" $table
expect_eq "the ledger told to forget: loaded again: exit code: $ERR" 0 "$RC"
expect_eq "the ledger told to forget: loaded again: count" $((rows * 2)) "$(count $table)"

# 3. Two FILEs of the same bytes in one run: two loads, each loaded once, also when the rerun names them
# in the other order and by other paths. The reference: the server's LOAD DATA INFILE of the file twice.
sql -e "TRUNCATE $table; LOAD DATA INFILE '$file' INTO TABLE $table CHARACTER SET utf8mb4;
        LOAD DATA INFILE '$file' INTO TABLE $table CHARACTER SET utf8mb4"
twice=$(checksum $table)
cp "$file" "$data/twin.tsv"
clear_load $table $ledger
FASTLOAD_FAULT=after-commit:5 run_fastload "${options[@]}" "$file" "$data/twin.tsv" $table
expect_eq "two copies: run killed" 137 "$RC"
settle $table $ledger
before_rows=$(count $table)
before_chunks=$(sql -e "SELECT COUNT(*) FROM $ledger WHERE chunk >= 0")
run_fastload "${options[@]}" "$data/twin.tsv" "$TEST_TMP/link/nodes.tsv" $table
resumed "two copies in one run, rerun in the other order" $((rows * 2)) "$twice"
expect_eq "two copies: two loads in the ledger" 2 "$(sql -e "SELECT COUNT(DISTINCT load_id) FROM $ledger")"
run_fastload "${options[@]}" "$file" "$data/twin.tsv" $table
expect_eq "two copies, finished: exit code: $ERR" 0 "$RC"
expect_eq "two copies, finished: nothing loaded again" "$((rows * 2)) 0" "$(count $table) $(json rows)"
# The same file named twice, even through a symlink or a hard link, is refused rather than loaded twice.
ln "$file" "$data/hardlink.tsv"
for other in "$TEST_TMP/link/nodes.tsv" "$data/hardlink.tsv"; do
  run_fastload "${options[@]}" "$file" "$other" $table
  expect_eq "the file and $other: exit code" 2 "$RC"
  expect_match "the file and $other: message" "this file is named twice" "$ERR"
done
rm "$data/hardlink.tsv"

# 4. A file changed in place is still refused (exit 12), whatever path names it; the message names the path.
killed "$TEST_TMP/link/nodes.tsv"
cp "$file" "$TEST_TMP/original.tsv"
printf '999999999\t1.0000000\t2.0000000\t1\t2015-01-01 00:00:00\t1\t1\tappended\n' >>"$file"
run_fastload "${options[@]}" "$file" $table
expect_eq "changed in place, rerun by its real path: exit code: $ERR" 12 "$RC"
expect_match "changed in place: message" \
  "^fastload: --resume: the ledger .* records a load of $data/nodes.tsv into .*does not match this run: the file had" "$ERR"
expect_eq "changed in place: nothing loaded" "$before_rows" "$(count $table)"
cp "$TEST_TMP/original.tsv" "$file"

# 5. A compressed file is known by its compressed bytes: a copy of the .gz resumes; the rows are the same.
gzip -c "$file" >"$data/nodes.tsv.gz"
killed "$data/nodes.tsv.gz"
cp "$data/nodes.tsv.gz" "$TEST_TMP/elsewhere/copy.gz"
run_fastload "${options[@]}" "$TEST_TMP/elsewhere/copy.gz" $table
resumed "gzip, rerun of a copy"
finish
