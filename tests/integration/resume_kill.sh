# --resume survives a crash at any moment: a run killed (FASTLOAD_FAULT before
# or after a chunk's COMMIT, or kill -9 at a random moment) and rerun with
# --resume leaves exactly the reference table, with no row twice, for a table
# with a primary key and one without any key (where a chunk loaded twice would
# not be refused by the server). A lost connection around COMMIT is resolved
# through the ledger; a finished load rerun loads nothing; --ledger moves the ledger.
source "$(dirname "$0")/lib.sh"

db=resume
fresh_db $db
ddl=$NODES_DDL
sql $db -e "$ddl; ${ddl/CREATE TABLE nodes/CREATE TABLE nodes_nokey}"
sql $db -e "ALTER TABLE nodes_nokey DROP PRIMARY KEY"
expect_eq "nodes_nokey has no index" 0 \
  "$(sql -e "SELECT COUNT(*) FROM information_schema.STATISTICS WHERE TABLE_SCHEMA='$db' AND TABLE_NAME='nodes_nokey'")"
file=$TEST_TMP/nodes.tsv
rows=60000
"$GEN_NODES" $rows --seed 7 -o "$file"
chunk_size=160K  # about 30 chunks
ledger=$db.fastload_ledger
seed=${RESUME_KILL_SEED:-$RANDOM}
RANDOM=$seed
echo "random kill moments: RESUME_KILL_SEED=$seed"

# consistent QUERY...: the queries' answers from one snapshot, space-separated.
consistent() {
  local q="START TRANSACTION WITH CONSISTENT SNAPSHOT;" s
  for s in "$@"; do q+="$s;"; done
  sql -e "$q COMMIT" | tr '\n' ' ' | sed 's/ $//'
}
load() { run_fastload --threads 2 --chunk-size $chunk_size --resume --json "$@"; }

# exact WHAT TABLE: the table is the reference, without a duplicate id.
exact() { check_exact "$1" $db.$2 "${expected[$2]}" $rows; }

# check_ledger_agrees WHAT TABLE: the table holds exactly the rows of the
# chunks the ledger records (one fact, one transaction), no chunk twice.
check_ledger_agrees() {
  local got
  if [[ $(sql -e "SELECT COUNT(*) FROM information_schema.TABLES WHERE TABLE_SCHEMA = '${ledger%%.*}'
        AND TABLE_NAME = '${ledger#*.}'") == 0 ]]; then  # killed before it made the ledger: before any chunk
    expect_eq "$1: killed before the ledger existed: no row" 0 "$(count $db.$2)"
    return
  fi
  got=$(consistent "SELECT COUNT(*) FROM $db.$2" \
    "SELECT COALESCE(SUM(chunk_rows), 0), COUNT(*) - COUNT(DISTINCT chunk) FROM $ledger WHERE chunk >= 0")
  read -r table_rows ledger_rows ledger_dups <<<"$got"
  expect_eq "$1: table rows = rows of the chunks in the ledger" "$ledger_rows" "$table_rows"
  expect_eq "$1: no chunk twice in the ledger" 0 "$ledger_dups"
  expect_eq "$1: no duplicate id" 0 "$(duplicate_ids $db.$2)"
}

# check_resumed WHAT TABLE BEFORE_ROWS BEFORE_CHUNKS: the --resume rerun in OUT/ERR
# skipped exactly what the killed run committed and loaded the rest.
check_resumed() {
  local what=$1 table=$2 before_rows=$3 before_chunks=$4
  expect_eq "$what: rerun exit code: $ERR" 0 "$RC"
  exact "$what" "$table"
  expect_match "$what: json ok" '"status":"ok"' "$OUT"
  expect_eq "$what: rows_loaded_before" "$before_rows" "$(json rows_loaded_before)"
  expect_eq "$what: chunks_loaded_before" "$before_chunks" "$(json chunks_loaded_before)"
  expect_eq "$what: rows + rows_loaded_before = input_rows" $rows $(($(json rows) + $(json rows_loaded_before)))
  expect_eq "$what: input_rows" $rows "$(json input_rows)"
  expect_eq "$what: rows_rejected" 0 "$(json rows_rejected)"
  expect_eq "$what: chunks committed now + before" "$chunks" $(($(json chunks_committed) + $(json chunks_loaded_before)))
  if ((before_chunks > 0)); then
    expect_match "$what: summary says chunks were skipped" \
      "fastload: --resume: $before_chunks chunks? \\($before_rows rows\\) loaded by an earlier run, skipped" "$ERR"
    expect_match "$what: json span loaded before" '"state":"loaded before"' "$OUT"
  else
    if grep -q 'loaded by an earlier run' <<<"$ERR"; then fail "$what: nothing was loaded before, yet: $ERR"; else pass; fi
  fi
  expect_eq "$what: ledger holds every chunk once" "$chunks $chunks" \
    "$(sql -e "SELECT COUNT(*), COUNT(DISTINCT chunk) FROM $ledger WHERE chunk >= 0" | tr '\t' ' ')"
}

declare -A expected
for table in nodes nodes_nokey; do
  expected[$table]=$(reference $db $table "$file")
  expect_eq "reference count ($table)" $rows "$(count $db.$table)"
done
expect_eq "the reference is the same with and without a key" "${expected[nodes]}" "${expected[nodes_nokey]}"

# A clean --resume load: the reference, and the number of chunks.
for table in nodes nodes_nokey; do
  clear_load $db.$table $ledger
  load "$file" $db.$table
  expect_eq "clean load ($table): exit code: $ERR" 0 "$RC"
  chunks=$(json chunks)
  exact "clean load ($table)" $table
  expect_eq "clean load ($table): ledger rows" "$chunks" "$(sql -e "SELECT COUNT(*) FROM $ledger WHERE chunk >= 0")"
  expect_eq "clean load ($table): nothing loaded before" 0 "$(json chunks_loaded_before)"
done
((chunks >= 20 && chunks <= 40)) && pass || fail "chunk count $chunks is not within 20-40"

echo "== $SECONDS s: (a)"
# (a) SIGKILL right before / right after the COMMIT of the first, a middle and the last chunk.
for table in nodes nodes_nokey; do
  for point in before-commit after-commit; do
    for index in 0 $((chunks / 2)) $((chunks - 1)); do
      what="$table, killed $point of chunk $index"
      clear_load $db.$table $ledger
      FASTLOAD_FAULT=$point:$index load "$file" $db.$table
      expect_eq "$what: killed by SIGKILL" 137 "$RC"
      settle $db.$table $ledger
      check_ledger_agrees "$what" $table
      recorded=$(sql -e "SELECT COUNT(*) FROM $ledger WHERE chunk = $index")
      if [[ $point == after-commit ]]; then
        expect_eq "$what: chunk $index is committed" 1 "$recorded"
      else
        expect_eq "$what: chunk $index is not committed" 0 "$recorded"
      fi
      before_rows=$(count $db.$table)
      before_chunks=$(sql -e "SELECT COUNT(*) FROM $ledger WHERE chunk >= 0")
      [[ $point == before-commit ]] || ((before_rows > 0)) && pass || fail "$what: no rows committed"
      load "$file" $db.$table
      check_resumed "$what" $table "$before_rows" "$before_chunks"
    done
  done
done

# The ledger row shares the chunk's transaction in every mode (server: one chunk).
for mode in insert multirow row server; do
  what="nodes_nokey, --mode $mode, killed after a COMMIT"
  index=$((chunks / 2))
  layout=(--threads 2 --chunk-size $chunk_size)
  [[ $mode == server ]] && index=0 layout=()
  clear_load $db.nodes_nokey $ledger
  FASTLOAD_FAULT=after-commit:$index run_fastload "${layout[@]}" --mode $mode --resume --json "$file" $db.nodes_nokey
  expect_eq "$what: killed" 137 "$RC"
  settle $db.nodes_nokey $ledger
  check_ledger_agrees "$what" nodes_nokey
  before_rows=$(count $db.nodes_nokey)
  ((before_rows > 0)) && pass || fail "$what: nothing committed"
  run_fastload "${layout[@]}" --mode $mode --resume --json "$file" $db.nodes_nokey
  expect_eq "$what, rerun: exit code: $ERR" 0 "$RC"
  exact "$what, rerun" nodes_nokey
  expect_eq "$what, rerun: rows_loaded_before" "$before_rows" "$(json rows_loaded_before)"
done

echo "== $SECONDS s: (b)"
# (b) kill -9 at random moments (start-up, split, hashing, mid-chunk, around
# COMMITs); --resume on every run, until one finishes. The delays are drawn
# within 80% of a clean load's time, measured here, so most of them hit a run.
big=$TEST_TMP/big.tsv
big_rows=200000
"$GEN_NODES" $big_rows --seed 8 -o "$big"
for table in nodes nodes_nokey; do
  big_expected=$(reference $db $table "$big")
  clear_load $db.$table $ledger
  start=${EPOCHREALTIME/./}
  run_fastload --threads 2 --chunk-size 512K "$big" $db.$table
  clean_ms=$(((${EPOCHREALTIME/./} - start) / 1000))
  echo "$table: a clean load takes $clean_ms ms"
  clear_load $db.$table $ledger
  kills=0 finished=0 span_ms=$((clean_ms * 8 / 10))
  for ((cycle = 1; cycle <= 8; cycle++)); do
    ms=$((50 + RANDOM % (span_ms + 1)))
    delay=$(printf '%d.%03d' $((ms / 1000)) $((ms % 1000)))
    "$FASTLOAD" --socket "$SOCKET" -u root --threads 2 --chunk-size 512K --resume --json "$big" $db.$table \
      >"$TEST_TMP/out" 2>"$TEST_TMP/err" &
    pid=$!
    sleep "$delay"
    kill -9 $pid 2>/dev/null || true
    wait $pid && rc=0 || rc=$?
    echo "$table: cycle $cycle, kill -9 after $delay s: exit $rc, $(count $db.$table) rows"
    # A run that ends before its kill proves nothing unless an earlier one was
    # killed: on a busy machine the clean load's time overstates a later run's.
    # Start again from an empty table with half the span.
    if ((rc == 0 && kills == 0)); then
      span_ms=$((span_ms / 2))
      clear_load $db.$table $ledger
      continue
    fi
    if ((rc == 0)); then finished=1; break; fi
    expect_eq "$table cycle $cycle (RESUME_KILL_SEED=$seed): killed (exit code): $(cat "$TEST_TMP/err")" 137 "$rc"
    kills=$((kills + 1))
    settle $db.$table $ledger
    check_ledger_agrees "$table cycle $cycle" $table
  done
  ((kills > 0)) && pass || fail "$table: no run was killed (RESUME_KILL_SEED=$seed)"
  if ((finished)); then
    OUT=$(cat "$TEST_TMP/out")
  else
    before_rows=$(count $db.$table)
    run_fastload --threads 2 --chunk-size 512K --resume --json "$big" $db.$table
    expect_eq "$table after $kills kills: rerun exit code: $ERR" 0 "$RC"
    expect_eq "$table after $kills kills: rows_loaded_before" "$before_rows" "$(json rows_loaded_before)"
  fi
  what="$table after $kills kills (RESUME_KILL_SEED=$seed)"
  expect_eq "$what: checksum" "$big_expected" "$(checksum $db.$table)"
  expect_eq "$what: count" $big_rows "$(count $db.$table)"
  expect_eq "$what: no duplicate id" 0 "$(duplicate_ids $db.$table)"
  expect_match "$what: last run ok" '"status":"ok"' "$OUT"
  expect_eq "$what: last run: rows + rows_loaded_before = input_rows" $big_rows \
    $(($(json rows) + $(json rows_loaded_before)))
  expect_eq "$what: ledger complete" "$(json chunks)" "$(sql -e "SELECT COUNT(*) FROM $ledger WHERE chunk >= 0")"
done

echo "== $SECONDS s: (c)"
# (c) A connection lost right before / after COMMIT: the ledger on a new
# connection says whether the chunk is in; the load ends exact, with exit 0.
for table in nodes nodes_nokey; do
  for point in before-commit after-commit; do
    index=$((chunks / 2))
    what="$table, connection lost $point of chunk $index"
    clear_load $db.$table $ledger
    FASTLOAD_FAULT=$point:$index:lose load --retries 2 "$file" $db.$table  # one retry must do
    expect_eq "$what: exit code: $ERR" 0 "$RC"
    exact "$what" $table
    answer=$([[ $point == before-commit ]] && echo "not committed" || echo "committed")
    expect_match "$what: the ledger's answer" \
      "chunk $index \\(bytes [0-9]+-[0-9]+, .*\\): the connection was lost during COMMIT; the ledger says it was $answer\$" "$ERR"
    expect_eq "$what: json rows" $rows "$(json rows)"
    expect_eq "$what: ledger holds every chunk once" "$chunks" \
      "$(sql -e "SELECT COUNT(DISTINCT chunk) FROM $ledger WHERE chunk >= 0")"
  done
done
# The answer to COMMIT lost, and the first reconnect (to ask the ledger) refused,
# as while a crashed server restarts: here a user limited to 3 connections
# (control + 2 workers) is refused the 4th. The chunk is committed; it must not
# be reported rejected as a duplicate of itself, nor loaded twice.
fresh_user resume_kill_lim "ALL ON $db.*" "WITH MAX_USER_CONNECTIONS 3"
for table in nodes nodes_nokey; do
  what="$table, COMMIT answer lost, reconnect refused once"
  clear_load $db.$table $ledger
  FASTLOAD_FAULT=after-commit:5:lose as_user resume_kill_lim --threads 2 --chunk-size $chunk_size --retries 2 \
    --resume --json "$file" $db.$table
  expect_eq "$what: exit code: $(grep -v Duplicate <<<"$ERR" | tail -n 12)" 0 "$RC"
  exact "$what" $table
  expect_eq "$what: json rows + rows_loaded_before" $rows $(($(json rows) + $(json rows_loaded_before)))
  if grep -q '"state":"rejected"' <<<"$OUT"; then fail "$what: a committed chunk reported rejected"; else pass; fi
  expect_eq "$what: a first run, so nothing was loaded by an earlier run" 0 "$(json chunks_loaded_before)"
done
sql -e "DROP USER resume_kill_lim@localhost"

# Without --resume nothing can answer: the outcome is reported as unknown.
clear_load $db.nodes $ledger
FASTLOAD_FAULT=after-commit:3:lose run_fastload --threads 2 --chunk-size $chunk_size --json "$file" $db.nodes
expect_eq "lost COMMIT answer without --resume: exit code" 9 "$RC"
expect_match "lost COMMIT answer without --resume: message" "chunk 3 .*whether this chunk is in the table is unknown" "$ERR"
expect_match "lost COMMIT answer without --resume: json span" '"state":"unknown","first_chunk":3,' "$OUT"

echo "== $SECONDS s: (d)"
# (d) A finished load rerun with --resume loads nothing and changes nothing.
clear_load $db.nodes $ledger
load "$file" $db.nodes
expect_eq "first full load: exit code" 0 "$RC"
for rerun in 1 2; do
  load "$file" $db.nodes
  expect_eq "finished load rerun $rerun: exit code: $ERR" 0 "$RC"
  expect_eq "finished load rerun $rerun: rows" 0 "$(json rows)"
  expect_eq "finished load rerun $rerun: chunks committed" 0 "$(json chunks_committed)"
  expect_eq "finished load rerun $rerun: rows_loaded_before" $rows "$(json rows_loaded_before)"
  expect_eq "finished load rerun $rerun: chunks_loaded_before" "$chunks" "$(json chunks_loaded_before)"
  expect_match "finished load rerun $rerun: summary" "--resume: $chunks chunks? \\($rows rows\\) loaded by an earlier run" "$ERR"
  exact "finished load rerun $rerun" nodes
  expect_eq "finished load rerun $rerun: ledger unchanged" "$chunks" "$(sql -e "SELECT COUNT(*) FROM $ledger")"
done

echo "== $SECONDS s: (e)"
# (e) --ledger other_db.my_ledger: the ledger lives there, nothing in the default place.
fresh_db resume_other
clear_load $db.nodes $ledger
FASTLOAD_FAULT=after-commit:$((chunks / 2)) load --ledger resume_other.my_ledger "$file" $db.nodes
expect_eq "--ledger: killed" 137 "$RC"
settle $db.nodes resume_other.my_ledger
before_rows=$(count $db.nodes)
before_chunks=$(sql -e "SELECT COUNT(*) FROM resume_other.my_ledger WHERE chunk >= 0")
((before_chunks > 0)) && pass || fail "--ledger: the killed run recorded nothing in resume_other.my_ledger"
load --ledger resume_other.my_ledger "$file" $db.nodes
expect_eq "--ledger: rerun exit code: $ERR" 0 "$RC"
exact "--ledger" nodes
expect_eq "--ledger: rows_loaded_before" "$before_rows" "$(json rows_loaded_before)"
expect_eq "--ledger: chunks_loaded_before" "$before_chunks" "$(json chunks_loaded_before)"
expect_eq "--ledger: ledger rows in resume_other.my_ledger" "$chunks" \
  "$(sql -e "SELECT COUNT(*) FROM resume_other.my_ledger WHERE chunk >= 0")"
expect_eq "--ledger: no ledger in the default place" 0 \
  "$(sql -e "SELECT COUNT(*) FROM information_schema.TABLES WHERE TABLE_SCHEMA = '$db' AND TABLE_NAME = 'fastload_ledger'")"
echo "== $SECONDS s: end"
finish
