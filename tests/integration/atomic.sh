# --atomic: all or nothing. A clean load gives the rows already there plus
# what the server's own LOAD DATA makes of the file; a bad row in the last
# chunk, or a duplicate only the publish can see, leaves the table exactly as
# it was; a reader during the load sees the old count or the final one, never
# a part; a MyISAM table is refused; no stage table is ever left behind, and a
# table of the user's with the stage's name is never dropped.
source "$(dirname "$0")/lib.sh"

fresh_db atomic
sql atomic -e "CREATE TABLE t (id int PRIMARY KEY, d decimal(5,2), s varchar(10)) ENGINE=InnoDB"
file=$TEST_TMP/rows.tsv
for ((i = 1; i <= 2000; i++)); do printf '%d\t%d.25\trow%d\n' "$i" $((i % 900)) "$i"; done >"$file"
layout=(--threads 2 --chunk-size 4K)  # 8 chunks: most are committed to the stage before the last one

stages() {
  sql -e "SELECT COUNT(*) FROM information_schema.TABLES WHERE TABLE_SCHEMA = 'atomic' AND
          TABLE_NAME LIKE 'fastload\\_stage\\_%'"
}
existing_rows() { sql -e "TRUNCATE atomic.t; INSERT INTO atomic.t VALUES (100001, 1.5, 'old1'), (100002, 2.5, 'old2')"; }

# stage_name DB TABLE: the stage's name as fastload derives it (FNV-1a 64 of DB, a 0 byte, TABLE).
stage_name() {
  local h=-3750763034362895579 text=$1$'\x01'$2 i c  # \x01 marks where the 0 byte goes
  for ((i = 0; i < ${#text}; i++)); do
    printf -v c '%d' "'${text:i:1}"
    ((c == 1)) && c=0
    h=$(((h ^ c) * 1099511628211))
  done
  printf 'fastload_stage_%016x' "$h"
}
stage=$(stage_name atomic t)

# expect_unchanged WHAT SUM COUNT: the table as it was, no stage left, and the message says so.
expect_unchanged() {
  expect_eq "$1: checksum unchanged" "$2" "$(checksum atomic.t)"
  expect_eq "$1: row count unchanged" "$3" "$(count atomic.t)"
  expect_eq "$1: no stage left" 0 "$(stages)"
  expect_match "$1: says the table is unchanged" 'fastload: --atomic: nothing was published: atomic\.t is unchanged' "$ERR"
  expect_match "$1: nothing counted as committed" '"rows":0,' "$OUT"
}

# (1) A clean load into a table with rows: those rows plus the reference.
reference atomic t "$file" >/dev/null
sql -e "INSERT INTO atomic.t VALUES (100001, 1.5, 'old1'), (100002, 2.5, 'old2')"
expected=$(checksum atomic.t)
existing_rows
run_fastload --atomic "${layout[@]}" --json -v "$file" atomic.t
expect_eq "clean load: exit code: $ERR" 0 "$RC"
expect_eq "clean load: checksum" "$expected" "$(checksum atomic.t)"
expect_eq "clean load: no stage left" 0 "$(stages)"
expect_match "clean load: json" '"status":"ok".*"rows":2000,' "$OUT"
expect_match "clean load: stage and publish are timed passes" 'pass stage .*pass load .*pass publish' "$(tr '\n' ' ' <<<"$ERR")"

# (2) A bad decimal on the file's last line, into an empty table and into one with rows.
bad=$TEST_TMP/bad.tsv
{ head -n 1999 "$file"; printf '2000\tabc\tbad decimal\n'; } >"$bad"
for before in empty rows; do
  if [[ $before == rows ]]; then existing_rows; else sql -e "TRUNCATE atomic.t"; fi
  sum=$(checksum atomic.t) rows=$(count atomic.t)
  run_fastload --atomic "${layout[@]}" --json "$bad" atomic.t
  expect_eq "bad last row ($before): exit code" 8 "$RC"
  expect_match "bad last row ($before): names the line" 'bad\.tsv:2000 ' "$ERR"
  expect_match "bad last row ($before): earlier chunks reached the stage only" '"state":"not published"' "$OUT"
  expect_unchanged "bad last row ($before)" "$sum" "$rows"
done

# (3) A key already in the table: only the publish can see it.
dup=$TEST_TMP/dup.tsv
{ head -n 1000 "$file"; printf '100001\t9.50\tnew\n'; tail -n +1001 "$file"; } >"$dup"
existing_rows
sum=$(checksum atomic.t)
run_fastload --atomic "${layout[@]}" --json "$dup" atomic.t
expect_eq "duplicate at publish: exit code" 8 "$RC"
expect_match "duplicate at publish: names the key" "publishing into atomic\\.t failed: Duplicate entry '100001'" "$ERR"
expect_match "duplicate at publish: says what to do" 'remove it from the file, or give --on-duplicate' "$ERR"
expect_unchanged "duplicate at publish" "$sum" 2
# ... and the policies the publish maps it to.
for policy in ignore:old1 replace:new; do
  existing_rows
  run_fastload --atomic --on-duplicate "${policy%:*}" "${layout[@]}" --json "$dup" atomic.t
  expect_eq "--on-duplicate ${policy%:*}: exit code: $ERR" 0 "$RC"
  atomic_out=$OUT atomic_err=$ERR
  # The row the publish skipped or replaced is counted as a run without --atomic counts it.
  sql -e "DELETE FROM atomic.t WHERE id <= 100000; UPDATE atomic.t SET s = 'old1', d = 1.5 WHERE id = 100001"
  run_fastload --on-duplicate "${policy%:*}" "${layout[@]}" --json "$dup" atomic.t
  for field in duplicates_skipped rows_replaced; do
    expect_eq "--on-duplicate ${policy%:*}: $field as without --atomic" "$(json $field)" \
      "$(OUT=$atomic_out json $field)"
  done
  expect_eq "--on-duplicate ${policy%:*}: counted" 1 \
    "$(OUT=$atomic_out json "$([[ $policy == ignore* ]] && echo duplicates_skipped || echo rows_replaced)")"
  expect_match "--on-duplicate ${policy%:*}: the summary says it" \
    "fastload: 1 (of the rows committed were skipped|rows of the table were replaced)" "$atomic_err"
  expect_eq "--on-duplicate ${policy%:*}: rows" 2002 "$(count atomic.t)"
  expect_eq "--on-duplicate ${policy%:*}: the row with the key" "${policy#*:}" \
    "$(sql -e "SELECT s FROM atomic.t WHERE id = 100001")"
  expect_eq "--on-duplicate ${policy%:*}: no stage left" 0 "$(stages)"
done

# (4) A reader counting rows all along sees the old count or the final one; without --atomic it sees parts
# (which proves the reader is fast enough to catch them).
sql atomic -e "$NODES_DDL"
nodes=$TEST_TMP/nodes.tsv
"$GEN_NODES" 1000000 --seed 11 -o "$nodes"
# counts_during ARGS...: loads nodes with fastload ARGS into a table of 3 rows; the counts a reader saw, one a line.
counts_during() {
  sql atomic -e "TRUNCATE nodes; INSERT INTO nodes (id, user) VALUES (-1, 'a'), (-2, 'b'), (-3, 'c')"
  rm -f "$TEST_TMP/stop"
  # A connection the busy server drops now and then only costs a sample.
  (while [[ ! -e $TEST_TMP/stop ]]; do sql -e "SELECT COUNT(*) FROM atomic.nodes" 2>/dev/null || true; done \
    >"$TEST_TMP/counts") &
  local reader=$!
  run_fastload --threads 2 --chunk-size 1M "$@" "$nodes" atomic.nodes
  touch "$TEST_TMP/stop"
  wait "$reader"
  sql -e "SELECT COUNT(*) FROM atomic.nodes" >>"$TEST_TMP/counts"
}
counts_during --atomic
expect_eq "reader during --atomic: exit code: $ERR" 0 "$RC"
expect_eq "reader during --atomic: counts other than old (3) and final (1000003)" "" \
  "$(grep -vxE '3|1000003' "$TEST_TMP/counts" | sort -u | head -5 | tr '\n' ' ')"
expect_match "reader during --atomic: saw the old count while loading" '^3$' "$(cat "$TEST_TMP/counts")"
(($(wc -l <"$TEST_TMP/counts") >= 10)) && pass || fail "reader during --atomic: only $(wc -l <"$TEST_TMP/counts") samples"
expect_eq "reader during --atomic: final count" 1000003 "$(tail -n 1 "$TEST_TMP/counts")"
counts_during
expect_match "reader without --atomic: sees a partial load" '[0-9]' \
  "$(grep -vxE '3|1000003' "$TEST_TMP/counts" || true)"

# (5) MyISAM cannot roll back a failed publish: refused before anything is loaded.
sql atomic -e "CREATE TABLE m (id int PRIMARY KEY, d decimal(5,2), s varchar(10)) ENGINE=MyISAM"
run_fastload --atomic "$file" atomic.m
expect_eq "MyISAM: exit code" 2 "$RC"
expect_match "MyISAM: says why and what to do" 'fastload: --atomic needs a transactional table .*MyISAM.*ENGINE=InnoDB' "$ERR"
expect_eq "MyISAM: nothing loaded" 0 "$(count atomic.m)"
expect_eq "MyISAM: no stage" 0 "$(stages)"

# (6) A stage a killed run left (fastload's comment, stale rows) is dropped and made again.
sql atomic -e "CREATE TABLE $stage LIKE t; ALTER TABLE $stage COMMENT = 'fastload --atomic stage: safe to drop when no fastload runs';
               INSERT INTO $stage VALUES (555555, 1, 'stale')"
existing_rows
run_fastload --atomic "${layout[@]}" "$file" atomic.t
expect_eq "leftover stage: exit code: $ERR" 0 "$RC"
expect_eq "leftover stage: its rows are not published" "$expected" "$(checksum atomic.t)"
expect_eq "leftover stage: dropped" 0 "$(stages)"

# (7) A table of the user's with the stage's name is never dropped: refused.
sql atomic -e "CREATE TABLE $stage (x int) ENGINE=InnoDB; INSERT INTO $stage VALUES (42)"
existing_rows
run_fastload --atomic "$file" atomic.t
expect_eq "user's table with the stage's name: exit code" 9 "$RC"
expect_match "user's table with the stage's name: says so" "atomic\\.$stage exists and is not a fastload stage" "$ERR"
expect_eq "user's table with the stage's name: kept" 42 "$(sql -e "SELECT x FROM atomic.$stage")"
expect_eq "user's table with the stage's name: target unchanged" 2 "$(count atomic.t)"
finish
