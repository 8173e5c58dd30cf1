# A plain SQL dump (`mariadb-dump db > dump.sql`) recognised and scanned: --dry-run lists each table with its
# statements, rows (equal to SELECT COUNT(*)), INSERT kind and CREATE, and the views and triggers, for the real
# mariadb-dump's default output, --skip-extended-insert, --insert-ignore, --replace, --databases of two, a gzip of
# the dump and standard input; a hostile dump (a GRANT, a SET GLOBAL, an unterminated string, routines) is refused
# with its line and nothing changed, as are DB with a dump of several databases and --resume from standard input;
# and a --tab directory still loads as before.
source "$(dirname "$0")/lib.sh"

a=sqlscan_a b=sqlscan_b dst=sqlscan_dst
fresh_db $a
fresh_db $b
fresh_db $dst
sql $a -e "CREATE TABLE parent (id int PRIMARY KEY, name varchar(20)) ENGINE=InnoDB;
  CREATE TABLE child (id int PRIMARY KEY, parent_id int, note text,
    FOREIGN KEY (parent_id) REFERENCES parent (id)) ENGINE=InnoDB;
  CREATE TABLE empty_one (x int) ENGINE=InnoDB;
  CREATE TRIGGER child_upper BEFORE INSERT ON child FOR EACH ROW SET NEW.note = UPPER(NEW.note);
  CREATE VIEW named AS SELECT c.id, p.name FROM child c JOIN parent p ON p.id = c.parent_id;
  INSERT INTO parent SELECT seq, CONCAT('p', seq) FROM seq_1_to_300;
  INSERT INTO child SELECT seq, 1 + seq % 300, CONCAT('it''s; (a),(b) ', seq) FROM seq_1_to_1000"
sql $b -e "CREATE TABLE other (id int PRIMARY KEY, v varbinary(10)) ENGINE=InnoDB;
  INSERT INTO other SELECT seq, UNHEX('00FF27') FROM seq_1_to_25"
dump() { mariadb-dump --no-defaults -uroot -S "$SOCKET" "$@"; }

# listed NAME DB.TABLE ROWS KIND: the --dry-run listing in OUT/ERR has the table with ROWS rows and KIND.
listed() {
  expect_match "$1: $2" "table $2: [0-9]+ statements?, $3 rows, $4, CREATE TABLE" "$ERR"
}
check_listing() {  # check_listing NAME KIND [ARGS...]: a's tables, through fastload --dry-run ARGS
  local name=$1 kind=$2
  shift 2
  run_fastload --dry-run "$@"
  expect_eq "$name: exit" 0 "$RC"
  listed "$name" "$dst.parent" "$(count $a.parent)" "$kind"
  listed "$name" "$dst.child" "$(count $a.child)" "$kind"
  expect_match "$name: empty" "table $dst.empty_one: 0 statements, 0 rows, none, CREATE TABLE" "$ERR"
  expect_match "$name: trigger" "table $dst.child: .* 1 trigger$" "$ERR"
  expect_match "$name: view" "^fastload: view $dst.named$" "$ERR"
  expect_eq "$name: the view's stand-in is no table" "" "$(grep "table $dst.named" <<<"$ERR" || true)"
}

dir=$TEST_TMP
dump $a >"$dir/a.sql"
check_listing default insert "$dir/a.sql" $dst
expect_match "default: one statement for parent" "table $dst.parent: 1 statement, 300 rows" "$ERR"
dump --skip-extended-insert $a >"$dir/single.sql"
check_listing skip-extended-insert insert "$dir/single.sql" $dst
expect_match "skip-extended-insert: a statement a row" "table $dst.child: 1000 statements, 1000 rows" "$ERR"
dump --insert-ignore $a >"$dir/ignore.sql"
check_listing insert-ignore "insert ignore" "$dir/ignore.sql" $dst
dump --replace $a >"$dir/replace.sql"
check_listing replace replace "$dir/replace.sql" $dst
gzip -c "$dir/a.sql" >"$dir/a.sql.gz"
check_listing gzip insert "$dir/a.sql.gz" $dst
capture bash -c "cat '$dir/a.sql' | '$FASTLOAD' --socket '$SOCKET' -u root --dry-run - $dst"
expect_eq "pipe: exit" 0 "$RC"
listed pipe "$dst.child" 1000 insert
cp "$dir/a.sql" "$dir/backup"  # known by its header line, not its name
check_listing header insert "$dir/backup" $dst

# --json: the same listing as one object on stdout.
run_fastload --dry-run --json "$dir/a.sql" $dst
expect_match "json" "\"table\":\"$dst.child\",\"statements\":1,\"rows\":1000,\"kind\":\"insert\",\"create\":true,\"triggers\":1" "$OUT"

# --databases: the dump names its databases, so DUMP.sql alone lists them.
dump --databases $a $b >"$dir/two.sql"
run_fastload --dry-run "$dir/two.sql"
expect_eq "two databases: exit" 0 "$RC"
expect_match "two databases" "databases: $a, $b" "$ERR"
listed "two databases" "$a.child" 1000 insert
listed "two databases" "$b.other" 25 insert
run_fastload --dry-run "$dir/a.sql"
expect_eq "no database named: exit" 2 "$RC"
expect_match "no database named" "give the database to restore it into" "$ERR"

# Refused before anything is changed: DB with a dump of several databases (each restores into its own); standard
# input with --resume (a rerun cannot prove its bytes the same).
run_fastload "$dir/two.sql" $dst
expect_eq "two databases into DB: exit" 2 "$RC"
expect_match "two databases into DB" "^fastload: .*two.sql: a dump of several databases \\($a, $b\\), each restored into its own name, and DB names one \\($dst\\): leave DB out" "$ERR"
printf '1\t2\n' >"$dir/rows.tsv"
run_fastload - $dst <"$dir/rows.tsv"
expect_eq "a table's rows on standard input with DB: exit" 3 "$RC"
expect_match "a table's rows on standard input with DB: what to do" "^fastload: standard input:1: .*a table's rows there load with fastload - DB.TABLE" "$ERR"
run_fastload --resume - $dst <"$dir/a.sql"
expect_eq "standard input resumed: exit" 2 "$RC"
expect_match "standard input resumed" "^fastload: standard input: --resume needs the dump in a file" "$ERR"
run_fastload --csv "$dir/a.sql" $dst
expect_eq "a dialect option: exit" 2 "$RC"
expect_match "a dialect option" "a.sql: an SQL dump's INSERTs say their rows, columns and character set \\(SET NAMES\\) themselves: leave out --csv" "$ERR"
expect_eq "refused: nothing created" 0 "$(sql -e "SELECT COUNT(*) FROM information_schema.TABLES WHERE TABLE_SCHEMA = '$dst'")"

# Never SQL text loaded as rows: a dump given to DB.TABLE, or with other files, is refused.
run_fastload "$dir/a.sql" $dst.child
expect_eq "to a table: exit" 2 "$RC"
expect_match "to a table" "a.sql: an SQL dump, not a table's rows: give DB, not DB.TABLE" "$ERR"
printf '1\n' >"$dir/t.txt"
run_fastload --dry-run "$dir/t.txt" "$dir/backup" $dst
expect_eq "with other files: exit" 2 "$RC"
expect_match "with other files" "backup: an SQL dump given with other files" "$ERR"

# Hostile dumps: each refused with its line, nothing changed.
state() { sql -e "SELECT COUNT(*) FROM mysql.global_priv; SELECT @@global.max_connect_errors;
  SELECT COUNT(*) FROM information_schema.TABLES WHERE TABLE_SCHEMA = '$dst'"; }
before=$(state)
hostile() {  # hostile NAME LINE TEXT: the dump a.sql with TEXT after its first table's CREATE TABLE
  local line
  line=$(grep -n '^CREATE TABLE `child`' "$dir/a.sql" | head -1 | cut -d: -f1)
  { head -n $((line - 1)) "$dir/a.sql"; printf '%s\n' "$3"; tail -n +"$line" "$dir/a.sql"; } >"$dir/$1.sql"
  run_fastload "$dir/$1.sql" $dst  # a restore: refused by its scan, before anything is changed
  expect_eq "$1: exit" 3 "$RC"
  expect_match "$1: line" "$1.sql:$((line + $2)): " "$ERR"
}
hostile grant 0 "GRANT ALL ON *.* TO 'sqlscan_evil'@'%';"
expect_match "grant: named" "a GRANT statement" "$ERR"
hostile set_global 0 "/*!40101 SET GLOBAL max_connect_errors = 7 */;"
expect_match "set global: named" "a SET of a global variable" "$ERR"
{ cat "$dir/a.sql"; printf "INSERT INTO child VALUES (5000, 1, 'never closed);\n"; } >"$dir/open.sql"
run_fastload "$dir/open.sql" $dst
expect_eq "unterminated: exit" 3 "$RC"
expect_match "unterminated: line" "open.sql:$(($(wc -l <"$dir/a.sql") + 1)): a statement whose string" "$ERR"
sql $a -e "CREATE PROCEDURE sqlscan_p() SELECT 1"
dump --routines $a >"$dir/routines.sql"
run_fastload "$dir/routines.sql" $dst
expect_eq "routines: exit" 3 "$RC"
expect_match "routines: advice" "routines.sql:[0-9]+: a (DROP|CREATE) PROCEDURE.*--skip-routines" "$ERR"
# A statement over the limit (64 MiB) that is no INSERT: refused, never held whole.
{ cat "$dir/a.sql"; printf "CREATE TABLE huge (c INT) COMMENT '"; head -c $((65 << 20)) /dev/zero | tr '\0' x
  printf "';\n"; } >"$dir/huge.sql"
run_fastload "$dir/huge.sql" $dst
expect_eq "huge: exit" 3 "$RC"
expect_match "huge: named" "huge.sql:[0-9]+: a statement longer than 67108864 bytes that is no INSERT" "$ERR"
rm -f "$dir/huge.sql"
# 2 GiB statements, never held and never read to their end: piped (no INSERT, and an INSERT whose one value is
# 2 GiB, as the scan reads tuples up to 64 MiB), and a file whose string never ends (sparse: 2 GiB of zero bytes).
head2g() { head -c $((2 << 30)) /dev/zero; }
run_fastload - $dst < <(cat "$dir/a.sql"; printf "CREATE TABLE huge (c INT) COMMENT '"; head2g; printf "';\n")
expect_eq "2 GiB piped: exit" 3 "$RC"
expect_match "2 GiB piped: named" "standard input:[0-9]+: a statement longer than 67108864 bytes that is no INSERT" "$ERR"
run_fastload - $dst < <(cat "$dir/a.sql"; printf "INSERT INTO child VALUES (5001, 1, '"; head2g; printf "');\n")
expect_eq "2 GiB value piped: exit" 3 "$RC"
expect_match "2 GiB value piped: named" "standard input:[0-9]+: .*longer than 67108864 bytes" "$ERR"
{ cat "$dir/a.sql"; printf "INSERT INTO child VALUES (5002, 1, '"; } >"$dir/endless.sql"
truncate -s +2G "$dir/endless.sql"
run_fastload "$dir/endless.sql" $dst
expect_eq "2 GiB string that never ends: exit" 3 "$RC"
expect_match "2 GiB string that never ends: named" "endless.sql:[0-9]+: .*longer than 67108864 bytes" "$ERR"
rm -f "$dir/endless.sql"
expect_eq "hostile: nothing changed" "$before" "$(state)"

# A --tab directory still loads as before: its T.sql files are schema files, not SQL dumps.
tab=$TEST_TMP/tab
mkdir -p "$tab" && chmod 777 "$tab"
dump --tab="$tab" $a
run_fastload "$tab" $dst
expect_eq "tab: exit" 0 "$RC"
expect_eq "tab: child rows" 1000 "$(count $dst.child)"
expect_eq "tab: view" 1000 "$(count $dst.named)"
finish
