# FILE|DIR... DB: a `mariadb-dump --tab` directory restored into an empty database (tables created from their
# T.sql, equal to the source by checksum: latin1 and utf8mb4 bytes, escapes, a TIMESTAMP read in the dump's
# time zone, an AUTO_INCREMENT id 0, a trigger created after the rows, a view, an empty table); a dump in
# another time zone; a child row without its parent refused with its file and line; files named to tables; a
# missing table; --dry-run creating nothing; options that name one table refused.
source "$(dirname "$0")/lib.sh"

src=dbrun_src
fresh_db $src
sql $src -e "$NODES_DDL; ALTER TABLE nodes ADD KEY changeset (changeset);
  CREATE TABLE p (id int AUTO_INCREMENT PRIMARY KEY, name varchar(20) CHARACTER SET latin1, ts timestamp NULL,
    d decimal(10,3)) ENGINE=InnoDB;
  CREATE TABLE c (id int PRIMARY KEY, pid int, note text, KEY note (note(10)),
    CONSTRAINT c_p FOREIGN KEY (pid) REFERENCES p (id)) ENGINE=InnoDB;
  CREATE TABLE e (a int PRIMARY KEY) ENGINE=InnoDB;
  SET SESSION sql_mode = CONCAT(@@sql_mode, ',NO_AUTO_VALUE_ON_ZERO'), time_zone = '+00:00';
  INSERT INTO p VALUES (0, 'zéro', '2024-03-31 01:30:00', 1.5), (7, 'sept', '2024-10-27 02:30:00', NULL),
    (8, NULL, NULL, -2.25);
  INSERT INTO c VALUES (1, 7, 'tab\there, line\nend, back\\\\slash'), (2, 0, '日本語 ünïcode'), (3, NULL, NULL);
  CREATE TRIGGER c_upper BEFORE INSERT ON c FOR EACH ROW SET NEW.note = UPPER(NEW.note);
  CREATE VIEW v AS SELECT p.name, c.note FROM p JOIN c ON c.pid = p.id"
"$GEN_NODES" 30000 --seed 11 -o "$TEST_TMP/nodes.tsv"
sql $src -e "LOAD DATA INFILE '$TEST_TMP/nodes.tsv' INTO TABLE nodes"
dump=$TEST_TMP/dump
mkdir -p "$dump" && chmod 777 "$dump"
mariadb-dump --no-defaults -uroot -S "$SOCKET" --tab="$dump" $src
tables="nodes p c e"
sums() { local db=$1 t out=""; for t in $tables; do out+="$t=$(checksum $db.$t) "; done; echo "$out"; }
want=$(sums $src)
# Every table's definition: its indexes, those its foreign key uses (dropped for the load) too.
definition() { local t; for t in $tables; do sql $1 -e "SHOW CREATE TABLE $t" | cut -f2-; done; }

# The whole dump into an empty database.
dst=dbrun_dst
fresh_db $dst
run_fastload --json --threads 2 --chunk-size 256K "$dump" $dst
expect_eq "restore: exit code ($ERR)" 0 "$RC"
expect_eq "restore: every table equal to the source" "$want" "$(sums $dst)"
expect_eq "restore: the trigger created" c_upper "$(sql -e "SELECT TRIGGER_NAME FROM information_schema.TRIGGERS
  WHERE TRIGGER_SCHEMA = '$dst'")"
expect_eq "restore: the view created" 2 "$(sql $dst -e "SELECT COUNT(*) FROM v")"
expect_eq "restore: the view reads the rows" "$(sql $src -e "SELECT * FROM v ORDER BY 1, 2")" \
  "$(sql $dst -e "SELECT * FROM v ORDER BY 1, 2")"
expect_match "restore: one line a table" "fastload: $dst.nodes: loaded 30000 rows .* created from $dump/nodes.sql" "$ERR"
expect_match "restore: the total" "fastload: loaded 30006 rows .* into 4 tables of $dst in" "$ERR"
expect_match "restore: the index re-created" "fastload: $dst.nodes: loaded 30000 rows .*; 1 index re-created" "$ERR"
expect_eq "restore: the tables' definitions" "$(definition $src)" "$(definition $dst)"
expect_match "restore: json per table" '"tables":\[\{"status":"ok".*"table":"'$dst'.nodes"' "$OUT"
expect_eq "restore: the largest table first" "$dst.nodes" "$(grep -o '"table":"[^"]*"' <<<"$OUT" | head -1 | cut -d'"' -f4)"

# Killed (kill -9) after a chunk's commit, then resumed: every table exact, the indexes dropped for the load
# (each table started empty) back, the trigger made once.
fresh_db dbrun_resume
killed_after 2 --threads 2 --chunk-size 256K --resume "$dump" dbrun_resume
expect_eq "resume: first run killed" 137 "$KILLED"
run_fastload --threads 2 --chunk-size 256K --resume "$dump" dbrun_resume
expect_eq "resume: exit code ($ERR)" 0 "$RC"
expect_eq "resume: every table equal to the source" "$want" "$(sums dbrun_resume)"
expect_eq "resume: the indexes back" "$(definition $src)" "$(definition dbrun_resume)"
expect_eq "resume: the trigger made" 1 "$(sql -e "SELECT COUNT(*) FROM information_schema.TRIGGERS
  WHERE TRIGGER_SCHEMA = 'dbrun_resume'")"

# Again into the same tables: they exist (nothing created), and the rows are there: every key a duplicate.
run_fastload "$dump" $dst
expect_eq "again: exit code" 8 "$RC"
expect_match "again: a duplicate named" "Duplicate entry" "$ERR"
expect_eq "again: the tables as they were" "$want" "$(sums $dst)"

# A dump written in another time zone: its TIMESTAMPs are read in it.
tz=$TEST_TMP/tz
mkdir -p "$tz" && chmod 777 "$tz"
cp "$dump"/* "$tz/"
rm "$tz/p.txt"
sed -i "s/SET TIME_ZONE='+00:00'/SET TIME_ZONE='+05:00'/" "$tz/p.sql"
sql -e "SET time_zone = '+05:00'; SELECT * INTO OUTFILE '$tz/p.txt' CHARACTER SET binary FROM $src.p"
expect_eq "another zone: the file's times differ" 1 "$(grep -c '2024-03-31 06:30:00' "$tz/p.txt")"
fresh_db dbrun_tz
run_fastload "$tz" dbrun_tz
expect_eq "another zone: exit code ($ERR)" 0 "$RC"
expect_eq "another zone: every table equal to the source" "$want" "$(sums dbrun_tz)"

# A child row whose parent is missing: refused with its file and line (row 1 spans two lines: an escaped
# line end), after the load (checks are off).
orphan=$TEST_TMP/orphan
mkdir -p "$orphan"
cp "$dump"/* "$orphan/"
printf '9\t999\tno parent\n' >>"$orphan/c.txt"
fresh_db dbrun_orphan
run_fastload "$orphan" dbrun_orphan
expect_eq "orphan: exit code" 14 "$RC"
expect_match "orphan: named" "fastload: dbrun_orphan.c: rows whose foreign key c_p \(pid\) finds no row in dbrun_orphan.p: $orphan/c.txt line 5 \(pid=999\)" "$ERR"

# --rejects FILE: a file a table, FILE.T (empty for a table without rejected rows).
bad=$TEST_TMP/bad
mkdir -p "$bad"
cp "$dump"/* "$bad/"
printf 'x\t7\tnot a number\n' >>"$bad/c.txt"
fresh_db dbrun_rej
run_fastload --max-errors 1 --rejects "$TEST_TMP/rej" "$bad" dbrun_rej
expect_eq "rejects: exit code ($ERR)" 0 "$RC"
expect_eq "rejects: the row in the table's file" "$(printf 'x\t7\tnot a number')" "$(cat "$TEST_TMP/rej.c")"
expect_eq "rejects: its reason beside it" 1 "$(grep -c "$bad/c.txt" "$TEST_TMP/rej.c.reasons")"
expect_eq "rejects: none for another table" 0 "$(stat -c %s "$TEST_TMP/rej.p")"
expect_eq "rejects: the other rows loaded" "$want" "$(sums dbrun_rej)"

# --dry-run: the plan, nothing created.
fresh_db dbrun_dry
run_fastload --dry-run "$dump" dbrun_dry
expect_eq "dry run: exit code ($ERR)" 0 "$RC"
expect_match "dry run: the plan says it would create" "dbrun_dry.nodes is missing: the load would create it from" "$ERR"
expect_eq "dry run: nothing created" 0 "$(sql -e "SELECT COUNT(*) FROM information_schema.TABLES WHERE TABLE_SCHEMA = 'dbrun_dry'")"

# Files named to tables (up to the first dot), several files into one table.
files=dbrun_files
fresh_db $files
sql $files -e "$NODES_DDL; CREATE TABLE ref LIKE nodes; CREATE TABLE parts LIKE nodes"
head -n 20000 "$TEST_TMP/nodes.tsv" >"$TEST_TMP/parts.1.tsv"
tail -n +20001 "$TEST_TMP/nodes.tsv" | gzip -c >"$TEST_TMP/parts.2.tsv.gz"
cp "$TEST_TMP/nodes.tsv" "$TEST_TMP/nodes.extract.tsv"
nodes_sum=$(reference $files ref "$TEST_TMP/nodes.tsv")
run_fastload --threads 2 --chunk-size 256K "$TEST_TMP/nodes.extract.tsv" "$TEST_TMP/parts.1.tsv" \
  "$TEST_TMP/parts.2.tsv.gz" $files
expect_eq "files: exit code ($ERR)" 0 "$RC"
expect_eq "files: nodes" "$nodes_sum" "$(checksum $files.nodes)"
expect_eq "files: parts from two files" "$nodes_sum" "$(checksum $files.parts)"
# A quoted pattern: each file it matches into the table its own name gives. One progress stream for the run:
# every table's input its total, complete at the end.
sql -e "TRUNCATE $files.nodes; TRUNCATE $files.parts"
run_fastload --progress-json --threads 2 --chunk-size 256K "$TEST_TMP/nodes.extract.tsv" "$TEST_TMP/parts.*" $files
expect_eq "pattern: exit code ($ERR)" 0 "$RC"
expect_eq "pattern: parts from the files it matches" "$nodes_sum" "$(checksum $files.parts)"
inputs=$(($(stat -c %s "$TEST_TMP/nodes.extract.tsv") + $(stat -c %s "$TEST_TMP/parts.1.tsv") + \
  $(stat -c %s "$TEST_TMP/parts.2.tsv.gz")))
expect_eq "progress: the run's total, every table's input" "$inputs" \
  "$(grep -o '"bytes_total":[0-9]*' <<<"$OUT" | tail -1 | cut -d: -f2)"
expect_match "progress: the last says done, every row" '"state":"done".*"rows_committed":60000,.*"percent":100.0' \
  "$(grep '"type":"progress"' <<<"$OUT" | tail -1)"
cp "$TEST_TMP/nodes.tsv" "$TEST_TMP/missing.tsv"
sql -e "TRUNCATE $files.nodes"
run_fastload "$TEST_TMP/nodes.extract.tsv" "$TEST_TMP/missing.tsv" $files
expect_eq "missing table: exit code" 5 "$RC"
expect_match "missing table: named" "$files.missing" "$ERR"
expect_eq "missing table: nothing loaded into the others" 0 "$(count $files.nodes)"

# One table's options, and directories that are no --tab dump.
run_fastload --columns id,lat "$dump" $dst
expect_eq "--columns: exit code" 2 "$RC"
expect_match "--columns: message" "^fastload: --columns with DB alone as the target" "$ERR"
mkdir -p "$TEST_TMP/mydumper"
touch "$TEST_TMP/mydumper/metadata" "$TEST_TMP/mydumper/db.t-schema.sql"
run_fastload "$TEST_TMP/mydumper" "$dump" $dst
expect_eq "mydumper with other files: exit code" 2 "$RC"
expect_match "mydumper with other files: message" "a mydumper directory given with other files" "$ERR"
run_fastload "$TEST_TMP/mydumper" $dst
expect_eq "mydumper, an empty schema file: exit code" 3 "$RC"
expect_match "mydumper, an empty schema file: message" "db.t-schema.sql: no CREATE TABLE" "$ERR"

sql -e "DROP DATABASE $src; DROP DATABASE $dst; DROP DATABASE dbrun_tz; DROP DATABASE dbrun_resume; DROP DATABASE dbrun_rej; DROP DATABASE dbrun_orphan;
  DROP DATABASE dbrun_dry; DROP DATABASE $files"
finish
