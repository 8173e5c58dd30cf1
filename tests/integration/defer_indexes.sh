# --defer-indexes (and, without an option, an empty InnoDB table's default):
# the secondary indexes are dropped for the load and re-created in one ALTER after it, the table ending exactly as the server's
# own LOAD DATA INFILE leaves it (rows and definition); unique indexes and
# the ones foreign keys need are kept; the indexes come back after a refused
# chunk, a signal, and (through the record table) a killed run; a table that
# holds rows is refused without --force.
source "$(dirname "$0")/lib.sh"

db=deferidx
fresh_db $db
INDEXES="ALTER TABLE nodes ADD KEY changeset (changeset), ADD KEY uid_ts (uid, timestamp DESC) COMMENT 'by user'"
sql $db -e "$NODES_DDL; $INDEXES; CREATE TABLE ref LIKE nodes"
file=$TEST_TMP/nodes.tsv
"$GEN_NODES" 200000 --seed 3 -o "$file"
want=$(reference $db ref "$file")
definition() { sql $db -e "SHOW CREATE TABLE nodes" | cut -f2-; }
before=$(definition)
# record: the rows of the record table for nodes; "none" when the table itself is gone (a run leaves it only
# while it holds a record).
record() {
  if [[ -z $(sql -e "SHOW TABLES FROM $db LIKE 'fastload_deferred_indexes'") ]]; then echo none; return; fi
  sql -e "SELECT COUNT(*) FROM $db.fastload_deferred_indexes WHERE target = '\`$db\`.\`nodes\`'"
}

run_fastload --json --threads 2 --chunk-size 1M --defer-indexes "$file" $db.nodes
expect_eq "exit code ($ERR)" 0 "$RC"
expect_eq "checksum" "$want" "$(checksum $db.nodes)"
expect_eq "the definition is restored exactly" "$before" "$(definition)"
expect_match "json names the deferred indexes" '"deferred_indexes":\["changeset","uid_ts"\]' "$OUT"
expect_eq "no record left, nor its table" none "$(record)"

# A table that holds rows: refused (nothing dropped, nothing loaded) unless --force.
run_fastload --defer-indexes "$file" $db.nodes
expect_eq "rows there: exit code" 2 "$RC"
expect_match "rows there: message" "^fastload: --defer-indexes: $db.nodes already holds rows.*--force" "$ERR"
expect_eq "rows there: definition untouched" "$before" "$(definition)"
sql -e "TRUNCATE $db.nodes"
head -n 100000 "$file" >"$TEST_TMP/first.tsv"
tail -n +100001 "$file" >"$TEST_TMP/rest.tsv"
run_fastload "$TEST_TMP/first.tsv" $db.nodes
expect_eq "first half: exit code ($ERR)" 0 "$RC"
run_fastload --defer-indexes --force "$TEST_TMP/rest.tsv" $db.nodes
expect_eq "--force: exit code ($ERR)" 0 "$RC"
expect_eq "--force: checksum" "$want" "$(checksum $db.nodes)"
expect_eq "--force: definition" "$before" "$(definition)"

# A refused chunk fails the load: the indexes still come back.
sql -e "TRUNCATE $db.nodes"
sed '150000s/\t[0-9.-]*\t/\tabc\t/' "$file" >"$TEST_TMP/bad.tsv"
run_fastload --threads 2 --chunk-size 1M --defer-indexes "$TEST_TMP/bad.tsv" $db.nodes
expect_eq "bad row: exit code" 8 "$RC"
expect_match "bad row: its line" "bad.tsv:150000 " "$ERR"
expect_eq "bad row: definition restored" "$before" "$(definition)"

# SIGINT mid-load: the chunks in flight end, then the indexes are re-created.
sql -e "TRUNCATE $db.nodes"
"$FASTLOAD" --socket "$SOCKET" -u root --threads 1 --chunk-size 64K --defer-indexes "$file" $db.nodes \
  2>"$TEST_TMP/stderr" &
pid=$!
for _ in $(seq 200); do [[ $(count $db.nodes) -gt 0 ]] && break; sleep 0.05; done
kill -INT $pid
wait $pid && RC=0 || RC=$?
expect_eq "SIGINT: exit code ($(cat "$TEST_TMP/stderr"))" 11 "$RC"
expect_eq "SIGINT: definition restored" "$before" "$(definition)"

# SIGINT while the ALTER that re-creates them waits for a metadata lock (another session's open transaction read
# the table): it is cut 3 s after it began, exit 11 says so, the record keeps the indexes, and the same command
# run again once the lock is gone re-creates them.
sql -e "TRUNCATE $db.nodes"
holder_id() { sql -e "SELECT ID FROM information_schema.PROCESSLIST WHERE INFO LIKE 'SELECT ''deferidx-holder''%'"; }
"$FASTLOAD" --socket "$SOCKET" -u root --threads 1 --chunk-size 64K --defer-indexes "$file" $db.nodes \
  >"$TEST_TMP/out" 2>"$TEST_TMP/err" &
pid=$!
for _ in $(seq 200); do [[ $(count $db.nodes) -gt 0 ]] && break; sleep 0.05; done
sql $db -e "BEGIN; SELECT COUNT(*) FROM nodes WHERE id = 1 INTO @n; SELECT 'deferidx-holder', SLEEP(30); ROLLBACK" \
  >/dev/null 2>&1 &
holder=$!
at_exit 'id=$(holder_id 2>/dev/null || true); [[ -z $id ]] || sql -e "KILL $id" 2>/dev/null || true'
for _ in $(seq 100); do [[ -n $(holder_id) ]] && break; sleep 0.05; done
signal_and_reap $pid INT
at_most "$TAKEN" 4.5 && pass || fail "SIGINT, ALTER waiting: took $TAKEN s (at most 3 s of grace and 1.5 s)"
expect_eq "SIGINT, ALTER waiting: exit code ($ERR)" 11 "$RC"
expect_match "SIGINT, ALTER waiting: message" \
  "stopped by signal 2 while re-creating the indexes --defer-indexes dropped, 3 s after it: the server goes on" "$ERR"
sql -e "KILL $(holder_id)"
wait $holder || true
expect_eq "SIGINT, ALTER waiting: the record keeps them" 2 "$(record)"
for _ in $(seq 100); do [[ -z $(sql -e "SELECT ID FROM information_schema.PROCESSLIST WHERE INFO LIKE 'ALTER TABLE%'") ]] && break; sleep 0.1; done
sql -e "TRUNCATE $db.nodes"
run_fastload --threads 2 --chunk-size 1M --defer-indexes "$file" $db.nodes
expect_eq "SIGINT, ALTER waiting, rerun: exit code ($ERR)" 0 "$RC"
expect_eq "SIGINT, ALTER waiting, rerun: checksum" "$want" "$(checksum $db.nodes)"
expect_eq "SIGINT, ALTER waiting, rerun: definition restored" "$before" "$(definition)"
expect_eq "SIGINT, ALTER waiting, rerun: no record left" none "$(record)"

# Killed outright after a commit: the record keeps what was dropped; the next
# --defer-indexes run re-creates it first, and --resume loads the rest exactly.
clear_load $db.nodes $db.fastload_ledger
killed_after 3 --threads 2 --chunk-size 1M --defer-indexes --resume "$file" $db.nodes
expect_eq "killed: exit code" 137 "$KILLED"
settle $db.nodes $db.fastload_ledger
expect_eq "killed: the record holds both indexes" 2 "$(record)"
expect_eq "killed: the indexes are gone meanwhile" "" "$(definition | grep -E 'KEY `(changeset|uid_ts)`' || true)"
run_fastload --json --threads 2 --chunk-size 1M --defer-indexes --resume "$file" $db.nodes
expect_eq "rerun: exit code ($ERR)" 0 "$RC"
expect_match "rerun: it said it re-creates them" "re-creating 2 indexes an earlier --defer-indexes run dropped" "$ERR"
expect_eq "rerun: checksum" "$want" "$(checksum $db.nodes)"
expect_eq "rerun: definition" "$before" "$(definition)"
expect_eq "rerun: no record left, nor its table" none "$(record)"

# Unique indexes and the ones foreign keys need (this table's, and another's pointing here) are kept.
sql $db -e "CREATE TABLE parent (id int PRIMARY KEY, code int, KEY code (code)) ENGINE=InnoDB;
  CREATE TABLE child (id int PRIMARY KEY, p int, q int, u int, note varchar(20), KEY p_q (p, q), KEY q (q),
    UNIQUE KEY u (u), KEY note (note), CONSTRAINT fk FOREIGN KEY (p) REFERENCES parent (id)) ENGINE=InnoDB;
  CREATE TABLE grandchild (id int PRIMARY KEY, code int, CONSTRAINT gfk FOREIGN KEY (code) REFERENCES parent (code))
    ENGINE=InnoDB;
  INSERT INTO parent VALUES (1, 10), (2, 20);"
printf '%s\n' 1 2 1 2 | awk '{ printf "%d\t%d\t%d\t%d\tn%d\n", NR, $1, NR % 3, NR, NR }' >"$TEST_TMP/child.tsv"
child_before=$(sql $db -e "SHOW CREATE TABLE child" | cut -f2-)
run_fastload --json --defer-indexes "$TEST_TMP/child.tsv" $db.child
expect_eq "child: exit code ($ERR)" 0 "$RC"
expect_match "child: only q and note deferred" '"deferred_indexes":\["q","note"\]' "$OUT"
expect_eq "child: definition" "$child_before" "$(sql $db -e "SHOW CREATE TABLE child" | cut -f2-)"
parent_before=$(sql $db -e "SHOW CREATE TABLE parent" | cut -f2-)
printf '3\t30\n' >"$TEST_TMP/parent.tsv"
run_fastload --json --defer-indexes --force "$TEST_TMP/parent.tsv" $db.parent
expect_eq "parent: exit code ($ERR)" 0 "$RC"
expect_match "parent: code kept (another table's foreign key needs it)" '"deferred_indexes":\[\]' "$OUT"
expect_eq "parent: definition" "$parent_before" "$(sql $db -e "SHOW CREATE TABLE parent" | cut -f2-)"

# Without an option an empty InnoDB table's secondary indexes are deferred the same way; a table that holds
# rows keeps them (and loads, without --force); --keep-indexes keeps them in place; a killed run's are re-created
# by the next run and --resume finishes it; a user who may not alter the table loads with them in place, told why.
sql -e "TRUNCATE $db.nodes"
run_fastload --json --threads 2 --chunk-size 1M "$file" $db.nodes
expect_eq "default: exit code ($ERR)" 0 "$RC"
expect_eq "default: checksum" "$want" "$(checksum $db.nodes)"
expect_eq "default: definition" "$before" "$(definition)"
expect_match "default: json names the deferred indexes" '"deferred_indexes":\["changeset","uid_ts"\]' "$OUT"
expect_eq "default: no record left, nor its table" none "$(record)"
sql -e "TRUNCATE $db.nodes"
run_fastload "$TEST_TMP/first.tsv" $db.nodes
run_fastload --json "$TEST_TMP/rest.tsv" $db.nodes
expect_eq "default, rows there: exit code ($ERR)" 0 "$RC"
expect_match "default, rows there: nothing deferred" '"deferred_indexes":\[\]' "$OUT"
expect_eq "default, rows there: checksum" "$want" "$(checksum $db.nodes)"
sql -e "TRUNCATE $db.nodes"
run_fastload --json --verbose --keep-indexes "$file" $db.nodes
expect_eq "--keep-indexes: exit code ($ERR)" 0 "$RC"
expect_match "--keep-indexes: nothing deferred" '"deferred_indexes":\[\]' "$OUT"
if grep -q "dropped" <<<"$ERR"; then fail "--keep-indexes: an index was dropped: $ERR"; else pass; fi
expect_eq "--keep-indexes: checksum" "$want" "$(checksum $db.nodes)"
clear_load $db.nodes $db.fastload_ledger
killed_after 3 --threads 2 --chunk-size 1M --resume "$file" $db.nodes
expect_eq "default, killed: exit code" 137 "$KILLED"
settle $db.nodes $db.fastload_ledger
expect_eq "default, killed: the record holds both indexes" 2 "$(record)"
run_fastload --threads 2 --chunk-size 1M --resume "$file" $db.nodes
expect_eq "default, killed, rerun: exit code ($ERR)" 0 "$RC"
expect_eq "default, killed, rerun: checksum" "$want" "$(checksum $db.nodes)"
expect_eq "default, killed, rerun: definition" "$before" "$(definition)"
expect_eq "default, killed, rerun: no record left, nor its table" none "$(record)"
clear_load $db.nodes $db.fastload_ledger
fresh_user deferidx_loader "SELECT, INSERT ON $db.nodes"
at_exit 'sql -e "DROP USER IF EXISTS deferidx_loader@localhost" || true'
as_user deferidx_loader "$file" $db.nodes
expect_eq "no ALTER privilege: exit code ($ERR)" 0 "$RC"
expect_match "no ALTER privilege: says it kept them and why" \
  "^fastload: $db.nodes: kept the secondary indexes in place for the load .*--keep-indexes" "$ERR"
expect_eq "no ALTER privilege: checksum" "$want" "$(checksum $db.nodes)"
expect_eq "no ALTER privilege: definition" "$before" "$(definition)"
expect_eq "no ALTER privilege: no record table" none "$(record)"

run_fastload --keep-indexes --defer-indexes "$file" $db.nodes
expect_eq "--keep-indexes with --defer-indexes: exit code" 2 "$RC"
run_fastload --defer-indexes --atomic "$file" $db.nodes
expect_eq "with --atomic: exit code" 2 "$RC"
run_fastload --force "$file" $db.nodes
expect_eq "--force alone: exit code" 2 "$RC"
finish
