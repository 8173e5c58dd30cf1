# SQL dumps of several databases, on standard input and in several files (fastload DUMP.sql... [DB], fastload - [DB]):
# three databases (tables of one name in two, a foreign key, a trigger, AUTO_INCREMENT, 4-byte UTF-8, a view over
# another database's tables and a view over that view) dumped by the real mariadb-dump --databases; each restore
# by fastload must leave what `mariadb < dump.sql` leaves (every table's and view's rows, digest_rows, and
# definitions: SHOW CREATE, counters, triggers). Refused before anything changes: DB with a dump of several, a
# system database, a table in two dumps, --resume from standard input. A restore killed after a chunk's COMMIT
# and resumed loads every row once. Standard input's copy in --tmpdir is gone after the run, a killed one too.
# --rejects FILE of several databases: FILE.DB.T. Two dumps of one database's tables (no USE) into DB. --routines
# with a dump of several databases: each routine in its own database.
source "$(dirname "$0")/lib.sh"

a=sqldump_mdb_a b=sqldump_mdb_b c=sqldump_mdb_c dst=sqldump_mdb_dst ref=sqldump_mdb_ref ledger=sqldump_mdb_ledger
all=($a $b $c)
drop_all() { sql -e "DROP DATABASE IF EXISTS $a; DROP DATABASE IF EXISTS $b; DROP DATABASE IF EXISTS $c"; }
drop_all
sql -e "CREATE DATABASE $a CHARACTER SET utf8mb4; CREATE DATABASE $b CHARACTER SET latin1;
  CREATE DATABASE $c CHARACTER SET utf8mb4"
sql $a -e "CREATE TABLE items (id int PRIMARY KEY, name varchar(40), price decimal(10,2)) ENGINE=InnoDB;
  CREATE TABLE notes (id int AUTO_INCREMENT PRIMARY KEY, txt text, at datetime(3)) ENGINE=InnoDB;
  CREATE TRIGGER notes_upper BEFORE INSERT ON notes FOR EACH ROW SET NEW.txt = UPPER(NEW.txt);
  INSERT INTO items SELECT seq, CONCAT('item ', seq, ' 😀'), seq / 7 FROM seq_1_to_700;
  INSERT INTO notes (txt, at) SELECT CONCAT('it''s; (', seq, '),(x)'), '2024-02-29 12:00:00.125' + INTERVAL seq SECOND
    FROM seq_1_to_400"
sql $b -e "CREATE TABLE items (id int PRIMARY KEY, qty int NOT NULL, code varbinary(8)) ENGINE=InnoDB;
  CREATE TABLE orders (id int AUTO_INCREMENT PRIMARY KEY, item int, FOREIGN KEY (item) REFERENCES items (id))
    ENGINE=InnoDB;
  INSERT INTO items SELECT seq, seq * 3, UNHEX('00FF27') FROM seq_1_to_500;
  INSERT INTO orders (item) SELECT 1 + seq % 500 FROM seq_1_to_900;
  CREATE VIEW joined AS SELECT i.id, i.qty, x.name FROM items i JOIN $a.items x ON x.id = i.id"
sql $c -e "CREATE TABLE log (id bigint PRIMARY KEY, line varchar(200)) ENGINE=InnoDB;
  INSERT INTO log SELECT seq, REPEAT(CONCAT('line ', seq, ' '), 4) FROM seq_1_to_20000;
  CREATE VIEW over_joined AS SELECT COUNT(*) AS n, SUM(qty) AS q FROM $b.joined"
dump() { mariadb-dump --no-defaults -uroot -S "$SOCKET" "$@"; }
dir=$TEST_TMP
dump --databases "${all[@]}" >"$dir/all.sql"

# snapshot DB...: each database's definitions, and every table's and view's rows as a digest.
snapshot() {
  local db t
  for db in "$@"; do
    echo "== $db"
    definitions "$db"
    for t in $(sql -e "SELECT TABLE_NAME FROM information_schema.TABLES WHERE TABLE_SCHEMA = '$db' ORDER BY 1"); do
      echo "$t $(digest_rows "$db.\`$t\`" '*' sql)"
    done
  done
}
# same WHAT: the three databases as `mariadb < all.sql` left them (one check each), then dropped.
same() {
  local db
  for db in "${all[@]}"; do expect_eq "$1: $db" "${expected[$db]}" "$(snapshot "$db")"; done
  drop_all
}
declare -A expected
drop_all
sql <"$dir/all.sql"
for db in "${all[@]}"; do expected[$db]=$(snapshot "$db"); done
expect_match "reference: the view over the view reads rows" '^over_joined [0-9a-f]' "$(snapshot $c | grep over_joined)"
drop_all

run_fastload --threads 3 --chunk-size 16K "$dir/all.sql"
expect_eq "three databases: exit code ($ERR)" 0 "$RC"
expect_match "three databases: the summary names them" "of $a, $b, $c" "$ERR"
same "three databases"

# --dry-run lists each table under its own database.
run_fastload --dry-run "$dir/all.sql"
expect_match "listing: same-named tables apart" "table $a.items: .*700 rows" "$ERR"
expect_match "listing: same-named tables apart" "table $b.items: .*500 rows" "$ERR"

# Refused before anything is changed: DB with a dump of several, a system database.
absent() {
  sql -e "SELECT COUNT(*) FROM information_schema.SCHEMATA WHERE SCHEMA_NAME IN ('$a', '$b', '$c', '$dst', '$ref')"
}
fresh_db $dst
run_fastload "$dir/all.sql" $dst
expect_eq "DB given: exit" 2 "$RC"
expect_match "DB given: what to do" "^fastload: .*all.sql: a dump of several databases \\($a, $b, $c\\), each restored into its own name, and DB names one \\($dst\\): leave DB out" "$ERR"
expect_eq "DB given: nothing changed" "0" "$(sql -e "SELECT COUNT(*) FROM information_schema.TABLES WHERE TABLE_SCHEMA = '$dst'")"
sql -e "DROP DATABASE $dst"
fresh_db $ref
sql $ref -e "CREATE TABLE t (x int); INSERT INTO t VALUES (1)"
dump --databases $ref mysql >"$dir/system.sql"
sql -e "DROP DATABASE $ref"
before=$(sql -e "CHECKSUM TABLE mysql.global_priv, mysql.db")
run_fastload "$dir/system.sql"
expect_eq "system database: exit" 3 "$RC"
expect_match "system database: what to do" "^fastload: .*system.sql: a dump of the system database mysql.*Dump the user databases alone \\(mariadb-dump --databases" "$ERR"
expect_eq "system database: nothing created" 0 "$(absent)"
expect_eq "system database: mysql unchanged" "$before" "$(sql -e "CHECKSUM TABLE mysql.global_priv, mysql.db")"

# Standard input: the dump of several databases piped (plain, then gzip), restored as from the file; its copy in
# --tmpdir gone after the run. One database's dump piped into DB.
mkdir -p "$dir/spill"
capture bash -c "cat '$dir/all.sql' | '$FASTLOAD' --socket '$SOCKET' -u root --tmpdir '$dir/spill' --threads 2 -"
expect_eq "piped: exit code ($ERR)" 0 "$RC"
expect_eq "piped: nothing left in --tmpdir" "" "$(ls -A "$dir/spill")"
same "piped"
killed_after 2 --tmpdir "$dir/spill" --threads 2 --chunk-size 4K - <"$dir/all.sql"
expect_eq "piped, killed: killed" 137 "$KILLED"
expect_eq "piped, killed: nothing left in --tmpdir" "" "$(ls -A "$dir/spill")"
drop_all
gzip -c "$dir/all.sql" >"$dir/all.sql.gz"
capture bash -c "cat '$dir/all.sql.gz' | '$FASTLOAD' --socket '$SOCKET' -u root --chunk-size 8K -"
expect_eq "piped gzip: exit code ($ERR)" 0 "$RC"
same "piped gzip"
sql <"$dir/all.sql"  # the sources again: b's dump, whose view reads $a.items, restored into ref
dump $b >"$dir/b.sql"
fresh_db $ref
sql $ref <"$dir/b.sql"
fresh_db $dst
capture bash -c "gzip -c '$dir/b.sql' | '$FASTLOAD' --socket '$SOCKET' -u root --threads 2 --chunk-size 4K - $dst"
expect_eq "one database piped into DB: exit code ($ERR)" 0 "$RC"
for t in items orders; do
  expect_eq "one database piped into DB: $t row by row" "$(rows_digest "$ref.$t")" "$(rows_digest "$dst.$t")"
done
expect_eq "one database piped into DB: definitions" "$(definitions $ref)" "$(definitions $dst)"
capture bash -c "cat '$dir/b.sql' | '$FASTLOAD' --socket '$SOCKET' -u root --resume - $dst"
expect_eq "piped --resume: exit" 2 "$RC"
expect_match "piped --resume: what to do" "^fastload: standard input: --resume needs the dump in a file" "$ERR"
capture bash -c "cat '$dir/b.sql' | '$FASTLOAD' --socket '$SOCKET' -u root --tmpdir '$dir/no such dir' - $dst"
expect_eq "piped, no --tmpdir: exit" 13 "$RC"
sql -e "DROP DATABASE $ref; DROP DATABASE $dst"
drop_all

# Killed after a chunk's COMMIT, then resumed: every row once, the same-named tables' ledger entries apart.
fresh_db $ledger
killed_after 3 --resume --ledger $ledger.fastload_ledger --threads 2 --chunk-size 4K "$dir/all.sql"
expect_eq "killed: killed" 137 "$KILLED"
run_fastload --resume --ledger $ledger.fastload_ledger --threads 2 --chunk-size 4K "$dir/all.sql"
expect_eq "resumed: exit code ($ERR)" 0 "$RC"
expect_match "resumed: rows loaded before" 'rows were loaded before by an earlier --resume run' "$ERR"
expect_eq "resumed: two items tables in the ledger" 2 \
  "$(sql -e "SELECT COUNT(DISTINCT target) FROM $ledger.fastload_ledger WHERE target LIKE '%.\`items\`'")"
same "killed, resumed"
sql -e "DROP DATABASE $ledger"

# --rejects FILE: a table's rejected rows in FILE.DB.T, tables of one name in two databases apart (a row of each
# already there: the dump's plain INSERT of its key is a duplicate).
sql -e "CREATE DATABASE $a; CREATE TABLE $a.items (id int PRIMARY KEY, name varchar(40), price decimal(10,2));
  INSERT INTO $a.items VALUES (5, 'kept', 1); CREATE DATABASE $b;
  CREATE TABLE $b.items (id int PRIMARY KEY, qty int NOT NULL, code varbinary(8)); INSERT INTO $b.items VALUES (7, 1, '')"
mkdir -p "$dir/rejects"
run_fastload --max-errors 5 --rejects "$dir/rejects/r" "$dir/all.sql"
expect_eq "rejects: exit code ($ERR)" 0 "$RC"
expect_match "rejects: $a's row" "^5"$'\t'"item 5 " "$(cat "$dir/rejects/r.$a.items" 2>&1)"
expect_match "rejects: $b's row" "^7"$'\t'"21"$'\t' "$(cat "$dir/rejects/r.$b.items" 2>&1)"
drop_all

# Several files in one command: the dumps' tables restored as one; a table in two dumps refused.
sql <"$dir/all.sql"
dump --databases $a >"$dir/a.sql"
dump --databases $b $c | gzip >"$dir/bc.sql.gz"
dump $a items >"$dir/x.sql"  # one database's tables, no USE: into DB
dump $a notes >"$dir/y.sql"
drop_all
run_fastload --threads 2 "$dir/a.sql" "$dir/bc.sql.gz"
expect_eq "two files: exit code ($ERR)" 0 "$RC"
same "two files"
cp "$dir/a.sql" "$dir/a_again.sql"
run_fastload "$dir/a.sql" "$dir/bc.sql.gz" "$dir/a_again.sql"
expect_eq "a table in two dumps: exit" 2 "$RC"
expect_match "a table in two dumps: named" "a_again.sql: table or view $a.items is in .*a.sql too" "$ERR"
expect_eq "a table in two dumps: nothing created" 0 "$(absent)"
fresh_db $ref
sql $ref <"$dir/x.sql"
sql $ref <"$dir/y.sql"
fresh_db $dst
run_fastload --threads 2 "$dir/x.sql" "$dir/y.sql" $dst
expect_eq "two files into DB: exit code ($ERR)" 0 "$RC"
for t in items notes; do
  expect_eq "two files into DB: $t row by row" "$(rows_digest "$ref.$t")" "$(rows_digest "$dst.$t")"
done
expect_eq "two files into DB: definitions" "$(definitions $ref)" "$(definitions $dst)"
sql -e "DROP DATABASE $ref; DROP DATABASE $dst"

# --routines with a dump of several databases: each routine made in the database the dump's USE names for it.
# routines DB...: each database's routines as SHOW CREATE gives them (the definer, body and settings).
routines() {
  local db r
  for db in "$@"; do
    for r in $(sql -e "SELECT CONCAT(ROUTINE_TYPE, ':', ROUTINE_NAME) FROM information_schema.ROUTINES
                       WHERE ROUTINE_SCHEMA = '$db' ORDER BY 1"); do
      echo "$db $r"
      sql -e "SHOW CREATE ${r%%:*} $db.\`${r#*:}\`" | cut -f1-4
    done
  done
}
sql -e "DROP DATABASE IF EXISTS $a; DROP DATABASE IF EXISTS $c; CREATE DATABASE $a; CREATE DATABASE $c"
sql $a -e "CREATE TABLE t (id int PRIMARY KEY) ENGINE=InnoDB; INSERT INTO t VALUES (1), (2);
  CREATE PROCEDURE count_t() SELECT COUNT(*) FROM t"
sql $c -e "SET sql_mode = 'ANSI_QUOTES'; CREATE FUNCTION twice(x int) RETURNS int DETERMINISTIC RETURN x * 2;
  CREATE TABLE u (id int PRIMARY KEY) ENGINE=InnoDB; INSERT INTO u VALUES (3)"
dump --routines --databases $a $c >"$dir/routines.sql"
reference=$(routines $a $c)
expect_match "reference: a routine in each database" "$a PROCEDURE:count_t.*$c FUNCTION:twice" "$(echo $reference)"
sql -e "DROP DATABASE $a; DROP DATABASE $c"
run_fastload --routines "$dir/routines.sql"
expect_eq "routines of two databases: exit code ($ERR)" 0 "$RC"
expect_eq "routines of two databases: each in its own database" "$reference" "$(routines $a $c)"
expect_eq "routines of two databases: they run" "2 6" "$(sql $a -e "CALL count_t()") $(sql -e "SELECT $c.twice(3)")"
drop_all
finish
