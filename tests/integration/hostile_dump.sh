# A dump directory is someone else's input: from T.sql fastload runs only what restores table T (its header's
# session settings, its CREATE TABLE, its triggers; a view's CREATE VIEW in the view's file). A real
# `mariadb-dump --tab` directory, each copy made hostile one way (statements of every other kind, a CREATE or a
# trigger of another table, a view's file replacing another view, a file linked out of the directory), is
# refused naming its file and line, with nothing changed on the server: the users and their privileges, another
# database's rows, tables, views and triggers, global variables, and the target database, compared before and
# after. Tables whose names the dump encodes (a.b as a@002eb.txt, a space, non-ASCII) restore under their names.
source "$(dirname "$0")/lib.sh"

src=hostile_src dst=hostile_dst other=hostile_other
fresh_db $src
fresh_db $other
sql -e "DROP USER IF EXISTS hostile_evil@localhost; DROP USER IF EXISTS hostile_victim@localhost;
  CREATE USER hostile_victim@localhost IDENTIFIED BY 'Victim-pw1'"
sql $src -e "CREATE TABLE t (id int PRIMARY KEY, v varchar(20)) ENGINE=InnoDB;
  INSERT INTO t VALUES (1, 'one'), (2, 'two');
  CREATE TRIGGER t_upper BEFORE INSERT ON t FOR EACH ROW SET NEW.v = UPPER(NEW.v);
  CREATE TABLE \`a.b\` (x int PRIMARY KEY, y varchar(10)) ENGINE=InnoDB; INSERT INTO \`a.b\` VALUES (1, 'dot');
  CREATE TABLE \`sp ace\` (x int PRIMARY KEY) ENGINE=InnoDB; INSERT INTO \`sp ace\` VALUES (7);
  CREATE TABLE \`ñu\` (x int PRIMARY KEY, y varchar(10)) ENGINE=InnoDB; INSERT INTO \`ñu\` VALUES (3, 'ñandú');
  CREATE VIEW v AS SELECT id FROM t"
sql $other -e "CREATE TABLE x (id int PRIMARY KEY, v varchar(20)) ENGINE=InnoDB; INSERT INTO x VALUES (1, 'mine');
  CREATE VIEW vx AS SELECT id FROM x"
dump=$TEST_TMP/dump
mkdir -p "$dump" && chmod 777 "$dump"
mariadb-dump --no-defaults -uroot -S "$SOCKET" --tab="$dump" $src
expect_eq "the dump encodes the names" yes "$([[ -f $dump/a@002eb.txt && -f $dump/sp@0020ace.txt ]] && echo yes)"

# Everything a hostile statement could change, as one digest: users and privileges, the other database's rows,
# tables, views, triggers, the target database's objects and view, a global variable and the databases.
max_connect_errors=$(sql -e "SELECT @@global.max_connect_errors")
server_state() {
  sql -e "SELECT User, Host, Priv FROM mysql.global_priv WHERE User LIKE 'hostile%' ORDER BY 1, 2;
    SELECT * FROM $other.x ORDER BY id;
    SELECT TABLE_SCHEMA, TABLE_NAME, TABLE_TYPE FROM information_schema.TABLES
      WHERE TABLE_SCHEMA IN ('$dst', '$other') ORDER BY 1, 2;
    SELECT TABLE_SCHEMA, TABLE_NAME, VIEW_DEFINITION FROM information_schema.VIEWS
      WHERE TABLE_SCHEMA IN ('$dst', '$other') ORDER BY 1, 2;
    SELECT TRIGGER_SCHEMA, TRIGGER_NAME FROM information_schema.TRIGGERS WHERE TRIGGER_SCHEMA IN ('$dst', '$other');
    SELECT @@global.max_connect_errors, @@global.local_infile;
    SHOW DATABASES LIKE 'hostile%'" | sha256sum | cut -c1-16
}
fresh_target() { fresh_db $dst; sql $dst -e "CREATE VIEW keep_v AS SELECT 'kept' AS k"; }

# hostile NAME EXIT MESSAGE: copies the dump to $case (then made hostile by the caller's EDIT), restores it
# into a fresh target and expects EXIT, MESSAGE in the error, and the server as it was.
hostile() {
  local name=$1 code=$2 message=$3 edit=$4 before
  case=$TEST_TMP/case-$name
  rm -rf "$case" && mkdir -p "$case" && cp -P "$dump"/* "$case/"
  eval "$edit"
  fresh_target
  before=$(server_state)
  run_fastload --threads 2 "$case" $dst
  expect_eq "$name: exit code ($ERR)" "$code" "$RC"
  expect_match "$name: the message" "$message" "$ERR"
  expect_eq "$name: nothing changed on the server" "$before" "$(server_state)"
}
append() { printf '%s\n' "$2" >>"$case/$1"; }
lines_before=$(wc -l <"$dump/t.sql")
at=$((lines_before + 1))

hostile update 3 "^fastload: $TEST_TMP/case-update/t.sql:$at: an UPDATE statement \(\`UPDATE $other.x" \
  'append t.sql "UPDATE '$other'.x SET v = '"'pwned'"';"'
hostile table-elsewhere 3 "t.sql:$at: a CREATE TABLE in another database" \
  'append t.sql "CREATE TABLE '$other'.y (a int);"'
hostile grant 3 "t.sql:$at: a GRANT statement" \
  'append t.sql "GRANT ALL ON *.* TO hostile_evil@localhost IDENTIFIED BY '"'x'"';"'
hostile grant-in-comment 3 "t.sql:$at: a GRANT statement" \
  'append t.sql "/*!40101 GRANT ALL ON *.* TO hostile_evil@localhost IDENTIFIED BY '"'x'"' */;"'
hostile password 3 "t.sql:$at: a SET PASSWORD" \
  'append t.sql "SET PASSWORD FOR hostile_victim@localhost = PASSWORD('"'changed'"');"'
hostile create-user 3 "t.sql:$at: a CREATE USER" 'append t.sql "CREATE USER hostile_evil@localhost;"'
hostile global 3 "t.sql:$at: a SET of a global variable" 'append t.sql "SET GLOBAL max_connect_errors = 7;"'
hostile binlog 3 "t.sql:$at: a SET of SQL_LOG_BIN, which no dump.s header sets" 'append t.sql "/*!50003 SET @@SESSION.SQL_LOG_BIN = 0 */;"'
hostile drop-database 3 "t.sql:$at: a DROP DATABASE" 'append t.sql "DROP DATABASE '$other';"'
hostile delete 3 "t.sql:$at: a DELETE statement" 'append t.sql "DELETE FROM mysql.global_priv;"'
hostile copy-rows 3 "t.sql:[0-9]+: a CREATE TABLE that copies" \
  'sed -i "s/^) ENGINE=InnoDB\(.*\);$/) ENGINE=InnoDB\1 SELECT id, v FROM '$other'.x;/" "$case/t.sql"'
hostile other-name 3 "t.sql:[0-9]+: \`CREATE TABLE \`u\` .* names \`u\`, but this file is the schema of \`t\`" \
  'sed -i "s/^CREATE TABLE \`t\`/CREATE TABLE \`u\`/" "$case/t.sql"'
hostile trigger-elsewhere 3 "t.sql:$at: .* names \`a.b\`, but this file is the schema of \`t\`" \
  'append t.sql "CREATE TRIGGER tr2 AFTER INSERT ON \`a.b\` FOR EACH ROW SET @n = 1;"'
hostile replace-view 3 "zz.sql:1: .* names \`keep_v\`, but this file is the schema of \`zz\`" \
  'printf "CREATE OR REPLACE VIEW keep_v AS SELECT '"'pwned'"' AS k;\n" >"$case/zz.sql"'
hostile view-elsewhere 3 "zz.sql:1: a CREATE VIEW in another database" \
  'printf "CREATE OR REPLACE VIEW '$other'.vx AS SELECT 2 AS id;\n" >"$case/zz.sql"'
printf '1\tsecret\n' >"$TEST_TMP/outside.txt"
hostile link-out 3 "case-link-out/t.txt: this file of the dump is a link to $TEST_TMP/outside.txt, outside the dump" \
  'rm "$case/t.txt"; ln -s "$TEST_TMP/outside.txt" "$case/t.txt"'
hostile twice 2 "t.txt and t.txt.gz both hold the rows of table \`t\`" 'gzip -c "$case/t.txt" >"$case/t.txt.gz"'
hostile view-rows 2 "rows for \`v\`, which .*v.sql makes a view" 'printf "1\n" >"$case/v.txt"'
expect_eq "the global variable as it was" "$max_connect_errors" "$(sql -e "SELECT @@global.max_connect_errors")"

# The dump as it was: every table restored under its own name, row by row as the source, the trigger made.
fresh_target
run_fastload --threads 2 "$dump" $dst
expect_eq "restore: exit code ($ERR)" 0 "$RC"
for table in t a.b "sp ace" ñu; do
  expect_eq "restore: \`$table\` row by row" "$(rows_digest "$src.\`$table\`")" "$(rows_digest "$dst.\`$table\`")"
  expect_eq "restore: \`$table\`'s definition" "$(sql $src -e "SHOW CREATE TABLE \`$table\`" | cut -f2-)" \
    "$(sql $dst -e "SHOW CREATE TABLE \`$table\`" | cut -f2-)"
done
expect_eq "restore: the trigger" t_upper "$(sql -e "SELECT TRIGGER_NAME FROM information_schema.TRIGGERS
  WHERE TRIGGER_SCHEMA = '$dst'")"
expect_eq "restore: the view" "1 2" "$(sql $dst -e "SELECT id FROM v ORDER BY id" | xargs)"
sql -e "DROP DATABASE $src; DROP DATABASE $dst; DROP DATABASE $other; DROP USER hostile_victim@localhost"
finish
