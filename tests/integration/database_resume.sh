# A restore of a real `mariadb-dump --tab` dump killed (SIGKILL) at several points, then resumed with --resume to
# what a clean restore makes: every table row by row equal to the source (rows_digest), SHOW CREATE TABLE equal to
# the clean restore's (every index back once), each trigger made once, nothing of fastload's own left but the
# ledger --resume asked for. The points: after a chunk's commit, before the ALTER that re-creates a table's
# indexes, while that ALTER waits for a metadata lock (the client killed, the server finishes the ALTER after it:
# the rerun must not add those indexes again), after it. Then a --resume rerun with nothing left to load: no
# ALTER, the table untouched, and it says it loaded nothing.
source "$(dirname "$0")/lib.sh"

src=dbres_src
fresh_db $src
sql $src -e "$NODES_DDL; ALTER TABLE nodes ADD KEY changeset (changeset), ADD KEY uid_ts (uid, timestamp DESC);
  CREATE TABLE p (id int AUTO_INCREMENT PRIMARY KEY, name varchar(20), n int, KEY name (name)) ENGINE=InnoDB;
  CREATE TABLE c (id int PRIMARY KEY, pid int, note text, KEY note (note(10)),
    CONSTRAINT c_p FOREIGN KEY (pid) REFERENCES p (id)) ENGINE=InnoDB;
  INSERT INTO p (name, n) SELECT CONCAT('p', seq), seq % 7 FROM seq_1_to_3000;
  INSERT INTO c SELECT seq, 1 + seq % 3000, CONCAT('note ', seq % 97) FROM seq_1_to_20000;
  CREATE TRIGGER p_n BEFORE INSERT ON p FOR EACH ROW SET NEW.n = NEW.n + 1;
  CREATE TRIGGER c_note BEFORE INSERT ON c FOR EACH ROW SET NEW.note = UPPER(NEW.note);
  CREATE VIEW v AS SELECT p.name, COUNT(*) AS children FROM p JOIN c ON c.pid = p.id GROUP BY p.name"
"$GEN_NODES" 60000 --seed 5 -o "$TEST_TMP/nodes.tsv"
sql $src -e "LOAD DATA INFILE '$TEST_TMP/nodes.tsv' INTO TABLE nodes"
dump=$TEST_TMP/dump
mkdir -p "$dump" && chmod 777 "$dump"
mariadb-dump --no-defaults -uroot -S "$SOCKET" --tab="$dump" $src
tables="nodes p c"
digests() { local t out=""; for t in $tables; do out+="$t=$(rows_digest $1.$t) "; done; echo "$out"; }
definitions() { local t; for t in $tables v; do sql $1 -e "SHOW CREATE TABLE $t" | cut -f2-; done; }
triggers() { sql -e "SELECT TRIGGER_NAME, EVENT_OBJECT_TABLE, ACTION_STATEMENT FROM information_schema.TRIGGERS
  WHERE TRIGGER_SCHEMA = '$1' ORDER BY 1"; }
fastloads() { sql -e "SELECT GROUP_CONCAT(TABLE_NAME ORDER BY 1) FROM information_schema.TABLES
  WHERE TABLE_SCHEMA = '$1' AND TABLE_NAME LIKE 'fastload%'"; }
want=$(digests $src)
options=(--threads 2 --chunk-size 256K)

# The clean restore every resumed one must equal. Without --resume nothing of fastload's own stays.
clean=dbres_clean
fresh_db $clean
run_fastload "${options[@]}" "$dump" $clean
expect_eq "clean: exit code ($ERR)" 0 "$RC"
expect_eq "clean: every table row by row" "$want" "$(digests $clean)"
expect_eq "clean: triggers as the source's, less the schema" "$(triggers $src)" "$(triggers $clean)"
expect_eq "clean: nothing of fastload's own left" NULL "$(fastloads $clean)"
reference=$(definitions $clean)

# check_resumed WHAT DB: the resumed restore in DB is the clean one.
check_resumed() {
  expect_eq "$1: exit code ($ERR)" 0 "$RC"
  expect_eq "$1: every table row by row" "$want" "$(digests $2)"
  expect_eq "$1: definitions as the clean restore's" "$reference" "$(definitions $2)"
  expect_eq "$1: each trigger once" "$(triggers $clean)" "$(triggers $2)"
  expect_eq "$1: only the ledger left of fastload's" fastload_ledger "$(fastloads $2)"
}

# killed_at WHAT FAULT: a --resume restore killed by FASTLOAD_FAULT=FAULT, then resumed.
killed_at() {
  local db=dbres_$1
  fresh_db $db
  set +e
  FASTLOAD_FAULT=$2 fastload "${options[@]}" --resume "$dump" $db >/dev/null 2>&1
  KILLED=$?
  set -e
  expect_eq "$1: killed" 137 "$KILLED"
  run_fastload "${options[@]}" --resume "$dump" $db
  check_resumed "$1" $db
}
killed_at after_commit after-commit:2
killed_at before_reindex before-reindex:0
killed_at after_reindex after-reindex:0

# Killed while its ALTER ... ADD waits for a metadata lock this test holds: the server gives such an ALTER up once
# it sees its client gone (it checks every second); the rerun, waiting for the lock too, re-creates them.
db=dbres_lock_wait gate=$TEST_TMP/gate
fresh_db $db
rm -f "$gate" "$gate.paused"
FASTLOAD_FAULT=before-reindex:0:pause=$gate start_fastload "${options[@]}" --resume "$dump" $db
for _ in $(seq 600); do [[ -e $gate.paused ]] && break; sleep 0.1; done
# Every table's metadata lock held (whichever table paused, and any other whose ALTER comes), for 4 s.
sql $db -e "LOCK TABLES nodes READ, p READ, c READ; SELECT SLEEP(4) AS 'dbres-holder'; UNLOCK TABLES" >/dev/null &
holder=$!
in_list() { sql -e "SELECT COUNT(*) FROM information_schema.PROCESSLIST WHERE $1"; }
for _ in $(seq 100); do [[ $(in_list "INFO LIKE '%dbres-holder%' AND STATE = 'User sleep'") == 1 ]] && break; sleep 0.05; done
touch "$gate"
waiting="INFO LIKE 'ALTER TABLE \`$db\`.%ADD%' AND STATE = 'Waiting for table metadata lock'"
for _ in $(seq 100); do [[ $(in_list "$waiting") -ge 1 ]] && break; sleep 0.05; done
expect_eq "lock wait: its ALTER waits for the lock (another table's may too)" 1 "$(($(in_list "$waiting") >= 1))"
kill -9 "$PID"
reap
expect_eq "lock wait: killed" 137 "$RC"
run_fastload "${options[@]}" --resume "$dump" $db
wait "$holder"
check_resumed "lock wait" $db

# Killed while the server builds the indexes (a table whose indexes take seconds to build): the server finishes
# the ALTER without its client, while the rerun has started. The rerun waits for it, finds the indexes there and
# adds none (adding them again failed with "Duplicate key name", exit 9, and made no trigger).
wide=dbres_wide_src
fresh_db $wide
sql $wide -e "CREATE TABLE w (id int PRIMARY KEY, s varchar(250) COLLATE utf8mb4_unicode_ci, KEY s (s),
    KEY s_id (s(100), id), KEY s50 (s(50))) ENGINE=InnoDB;
  INSERT INTO w SELECT seq, CONCAT(SHA2(seq, 256), SHA2(seq + 1, 256), SHA2(seq + 2, 256)) FROM seq_1_to_300000;
  CREATE TRIGGER w_s BEFORE INSERT ON w FOR EACH ROW SET NEW.s = LOWER(NEW.s)"
wide_dump=$TEST_TMP/wide
mkdir -p "$wide_dump" && chmod 777 "$wide_dump"
mariadb-dump --no-defaults -uroot -S "$SOCKET" --tab="$wide_dump" $wide
db=dbres_building
fresh_db $db
rm -f "$gate" "$gate.paused"
FASTLOAD_FAULT=before-reindex:0:pause=$gate start_fastload "${options[@]}" --resume "$wide_dump" $db
for _ in $(seq 900); do [[ -e $gate.paused ]] && break; sleep 0.1; done
touch "$gate"
building="INFO LIKE 'ALTER TABLE \`$db\`.\`w\` ADD%'"
for _ in $(seq 200); do [[ $(in_list "$building") == 1 ]] && break; sleep 0.02; done
kill -9 "$PID"
reap
expect_eq "building: killed" 137 "$RC"
expect_eq "building: the ALTER outlives its client" 1 "$(in_list "$building")"
run_fastload "${options[@]}" --resume "$wide_dump" $db
expect_eq "building: exit code ($ERR)" 0 "$RC"
expect_match "building: the rerun waited for it" "$db.w: waiting for the ALTER TABLE session [0-9]+ runs on it to end" "$ERR"
expect_eq "building: the rows" "$(rows_digest $wide.w)" "$(rows_digest $db.w)"
expect_eq "building: the definition" "$(sql $wide -e "SHOW CREATE TABLE w" | cut -f2-)" \
  "$(sql $db -e "SHOW CREATE TABLE w" | cut -f2-)"
expect_eq "building: the trigger once" "$(triggers $wide)" "$(triggers $db)"
expect_eq "building: only the ledger left of fastload's" fastload_ledger "$(fastloads $db)"

# Nothing left to load: the tables are not altered (an ALTER gives a new CREATE_TIME), it says so.
created() { sql -e "SELECT GROUP_CONCAT(CREATE_TIME ORDER BY TABLE_NAME) FROM information_schema.TABLES
  WHERE TABLE_SCHEMA = '$1' AND TABLE_TYPE = 'BASE TABLE'"; }
db=dbres_lock_wait
before=$(created $db)
sleep 1.1
run_fastload --json "${options[@]}" --resume "$dump" $db
check_resumed "nothing left" $db
expect_eq "nothing left: no table altered" "$before" "$(created $db)"
expect_match "nothing left: it says so" "nothing left to load: an earlier --resume run loaded all 83000 rows" "$ERR"
expect_eq "nothing left: no index dropped" 0 "$(grep -o '"deferred_indexes":\["' <<<"$OUT" | wc -l)"
expect_match "nothing left: json" '"rows":0,"bytes":0,"rows_loaded_before":83000,' "$OUT"

sql -e "DROP DATABASE $src; DROP DATABASE $clean; DROP DATABASE dbres_after_commit; DROP DATABASE dbres_before_reindex;
  DROP DATABASE dbres_after_reindex; DROP DATABASE dbres_lock_wait; DROP DATABASE $wide; DROP DATABASE dbres_building"
finish
