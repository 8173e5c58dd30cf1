# --resume refuses (exit 12, "fastload: --resume: ...", naming the difference)
# to continue an unfinished load when the file, the chunk size, the mode or the
# table is not the one the ledger recorded, and the refused run changes
# nothing. The original file (even touched) resumes fine, also with other --threads.
source "$(dirname "$0")/lib.sh"

db=refused
table=$db.nodes
ledger=$db.fastload_ledger
original=$TEST_TMP/original.tsv
file=$TEST_TMP/nodes.tsv
rows=100000
nodes_db $db $rows 3
cp "$file" "$original"
size=$(stat -c %s "$file")
chunk_size=256K  # about 30 chunks
command=(--mode load --threads 2 --chunk-size $chunk_size --resume --json "$file" $table)

state() { echo "$(count $table) $(checksum $table) $(sql -e "SELECT COUNT(*), SUM(chunk_rows) FROM $ledger" | tr '\t' ' ')"; }


# killed_first_run: an empty table, a fresh ledger, and a run killed right after chunk 3's COMMIT.
killed_first_run() {
  clear_load $table $ledger
  FASTLOAD_FAULT=after-commit:3 run_fastload "${command[@]}"
  expect_eq "first run killed" 137 "$RC"
  settle $table $ledger
  local n
  n=$(count $table)
  ((n > 0 && n < rows)) && pass || fail "first run committed $n of $rows rows"
}

# refused WHAT REGEX [ARGS...]: a --resume rerun (ARGS, default the first
# command) exits 12 with a message naming the difference, and changes nothing.
refused() {
  local what=$1 regex=$2
  shift 2
  [[ $# -gt 0 ]] || set -- "${command[@]}"
  local before
  before=$(state)
  run_fastload "$@"
  expect_eq "$what: exit code: $ERR" 12 "$RC"
  expect_match "$what: message" "^fastload: --resume: the ledger \`$db\`.\`fastload_ledger\` records a load of .*nodes.tsv into \`$db\`.\`nodes\` that committed [0-9]+ of [0-9]+ chunks .*does not match this run: .*$regex" "$ERR"
  expect_match "$what: json failed" '"status":"failed","exit_code":12' "$OUT"
  expect_eq "$what: table and ledger unchanged" "$before" "$(state)"
}

# 1. The file, the chunk size and the mode.
killed_first_run
before_rows=$(count $table)
before_chunks=$(sql -e "SELECT COUNT(*) FROM $ledger")

printf '999999999\t1.0000000\t2.0000000\t1\t2015-01-01 00:00:00\t1\t1\tappended\n' >>"$file"
refused "file appended to" "the file had $size bytes, now $(stat -c %s "$file")"
cp "$original" "$file"

head -n $((rows - 1000)) "$original" >"$file"
refused "file truncated" "the file had $size bytes, now $(stat -c %s "$file")"
cp "$original" "$file"

# One digit of an id (its last), in a chunk not loaded yet and in one already committed.
for line in $((rows - 10)) 5; do
  cp "$original" "$file"
  id=$(sed -n "${line}p" "$original" | cut -f1)
  offset=$(($(head -n $((line - 1)) "$original" | wc -c) + ${#id} - 1))
  printf '%d' $(((${id: -1} + 1) % 10)) | dd of="$file" bs=1 seek=$offset conv=notrunc status=none
  expect_eq "one byte changed at line $line: same size" "$size" "$(stat -c %s "$file")"
  expect_eq "one byte changed at line $line: one byte differs" 1 "$(cmp -l "$original" "$file" | wc -l)"
  refused "one byte changed at line $line" "the file's bytes changed \\(same size, other content\\)"
done
cp "$original" "$file"

refused "--chunk-size changed" "the chunk size was 262144, now 307200" \
  --mode load --threads 2 --chunk-size 300K --resume --json "$file" $table
refused "--mode changed" "the format was 'tsv; --mode load; --on-duplicate error [^']*', now 'tsv; --mode insert; --on-duplicate error [^']*'" \
  --threads 2 --chunk-size $chunk_size --mode insert --resume --json "$file" $table
expect_match "--mode changed: says how to continue" "to continue that load in its mode, rerun with --mode load" "$ERR"
# The default, --mode auto, chooses insert for this table: an unfinished load mode load recorded is not continued
# in another mode (a load begun before auto was the default, say), and the message says how to continue it.
refused "--mode auto after load" "now 'tsv; --mode insert; [^']*'.*rerun with --mode load" \
  --threads 2 --chunk-size $chunk_size --resume --json "$file" $table
refused "--on-duplicate changed" "now 'tsv; --mode load; --on-duplicate ignore [^']*'" \
  --mode load --threads 2 --chunk-size $chunk_size --on-duplicate ignore --resume --json "$file" $table

# The original bytes again (a new modification time): resumes, also with another --threads.
touch -d '2001-01-01' "$file"
run_fastload --mode load --threads 3 --chunk-size $chunk_size --resume --json "$file" $table
expect_eq "original file restored: exit code: $ERR" 0 "$RC"
expect_eq "original file restored: checksum" "$expected" "$(checksum $table)"
expect_eq "original file restored: count" $rows "$(count $table)"
expect_eq "original file restored: rows_loaded_before" "$before_rows" "$(json rows_loaded_before)"
expect_eq "original file restored: chunks_loaded_before" "$before_chunks" "$(json chunks_loaded_before)"
expect_eq "original file restored: rows + rows_loaded_before" $rows $(($(json rows) + $(json rows_loaded_before)))
expect_match "original file restored: summary" "--resume: $before_chunks chunks? \\($before_rows rows\\) loaded by an earlier run, skipped" "$ERR"

# 2. The table dropped and created again (same DDL), or truncated (root has
# PROCESS): the rows the ledger records are gone, so skipping them is refused.
# Doing what the message says (DELETE the ledger's rows of that load) then loads it all.
for how in recreated truncated; do
  killed_first_run
  if [[ $how == recreated ]]; then
    sql $db -e "DROP TABLE nodes; $NODES_DDL"
  else
    sql -e "TRUNCATE $table"
  fi
  expect_eq "table $how: empty" 0 "$(count $table)"
  refused "table $how" "the table was '[^']+', now '[^']+'"
  delete=$(grep -o "DELETE FROM \`$db\`.\`fastload_ledger\` WHERE load_id = '[0-9a-f]*'" <<<"$ERR" || true)
  expect_match "table $how: the message gives the ledger's DELETE" "^DELETE FROM" "$delete"
  [[ -z $delete ]] || sql -e "$delete"
  run_fastload "${command[@]}"
  expect_eq "table $how, ledger rows deleted: exit code: $ERR" 0 "$RC"
  expect_eq "table $how, ledger rows deleted: checksum" "$expected" "$(checksum $table)"
  expect_eq "table $how, ledger rows deleted: nothing skipped" 0 "$(json chunks_loaded_before)"
done

# 2b. Without the PROCESS privilege the InnoDB table id is out of sight and a
# TRUNCATE keeps the creation time: the table's emptiness still refuses the skip.
fresh_user refused_np "ALL ON $db.*"
clear_load $table $ledger
FASTLOAD_FAULT=after-commit:3 as_user refused_np "${command[@]}"
expect_eq "no PROCESS: first run killed" 137 "$RC"
settle $table $ledger
sql -e "TRUNCATE $table"
as_user refused_np "${command[@]}"
expect_eq "no PROCESS, table truncated: exit code" 12 "$RC"
expect_match "no PROCESS, table truncated: message" "but it is empty: it was truncated or emptied since" "$ERR"
expect_eq "no PROCESS, table truncated: nothing loaded" 0 "$(count $table)"
sql -e "DROP USER refused_np@localhost"

# 3. A finished load of other content is history: the next file loads (here
# into an emptied table, with its finished ledger rows left as they are).
clear_load $table $ledger
run_fastload "${command[@]}"
expect_eq "finished load: exit code" 0 "$RC"
sql -e "DELETE FROM $table"  # DELETE keeps the table's identity, unlike TRUNCATE
head -n $((rows / 2)) "$original" >"$file"
run_fastload "${command[@]}"
expect_eq "another file after a finished load: exit code: $ERR" 0 "$RC"
expect_eq "another file after a finished load: count" $((rows / 2)) "$(count $table)"
expect_eq "another file after a finished load: nothing skipped" 0 "$(json chunks_loaded_before)"
finish
