# An SQL dump's routines and events (fastload --routines --events DUMP.sql DB): a database with procedures and
# functions (DETERMINISTIC, comments, a ';' inside strings and BEGIN ... END, IF/IF()/CASE/LOOP, another
# sql_mode, a view calling a stored function) and an event (another time zone; the scheduler is off: CREATE EVENT
# works all the same) is dumped by mariadb-dump --routines --events --triggers, restored by `mariadb db <` and by
# fastload; the two must have the same SHOW CREATE PROCEDURE/FUNCTION/EVENT, routine and event settings, table
# definitions, triggers, views and rows, and the routines must run the same; so must a --tab directory restored
# after the routines mariadb-dump wrote to standard output; --dry-run lists them, and a run that is no SQL dump's
# refuses the options (exit 2). Without --routines (or --events) the dump is refused (exit 3) with nothing
# changed; hostile dumps (a routine of another database, a routine followed by a GRANT in its DELIMITER block or
# after it, a loadable function's CREATE FUNCTION ... SONAME, a DROP of a routine the dump does not create) are
# refused with nothing changed.
source "$(dirname "$0")/lib.sh"

src=sqlrt_src ref=sqlrt_ref dst=sqlrt_dst other=sqlrt_other
fresh_db $src
fresh_db $other
sql -e "DROP USER IF EXISTS sqlrt_evil@localhost"
sql $other -e "CREATE PROCEDURE keepme() SELECT 'kept'"
sql $src <<'SQL'
CREATE TABLE t (id int PRIMARY KEY, v varchar(40)) ENGINE=InnoDB;
INSERT INTO t VALUES (1, 'one'), (2, 'two; (2)'), (3, 'ñandú');
CREATE TRIGGER t_upper BEFORE INSERT ON t FOR EACH ROW SET NEW.v = UPPER(NEW.v);
DELIMITER ;;
CREATE PROCEDURE p_add(IN x INT)
    COMMENT 'adds; a row'
BEGIN
  DECLARE y INT DEFAULT 0;
  IF (x > 1) THEN SET y = IF(x > 5, 2, 1); END IF;
  lbl: LOOP LEAVE lbl; END LOOP lbl;
  SET y = y + CASE WHEN x > 100 THEN 1 ELSE 0 END;
  INSERT INTO t VALUES (x + 1000, CONCAT('p;', y, ' ñ'));
END;;
CREATE FUNCTION f_double(a INT) RETURNS INT DETERMINISTIC COMMENT 'doubles' RETURN a * 2;;
CREATE FUNCTION f_text() RETURNS varchar(20) CHARSET utf8mb4 NO SQL RETURN 'ñandú; end';;
DELIMITER ;
SET sql_mode = 'ANSI_QUOTES,NO_BACKSLASH_ESCAPES';
CREATE PROCEDURE p_ansi() SELECT "id", 'a\b' FROM t;
SET sql_mode = DEFAULT;
SET time_zone = '+05:30';
DELIMITER ;;
CREATE EVENT e_purge ON SCHEDULE EVERY 1 DAY STARTS '2030-01-01 00:00:00' ON COMPLETION PRESERVE DISABLE
  COMMENT 'purges; old rows' DO BEGIN DELETE FROM t WHERE id > 5000; DELETE FROM t WHERE id < 0; END;;
DELIMITER ;
CREATE VIEW doubled AS SELECT id, f_double(id) AS d FROM t;
SQL
dump=$TEST_TMP/dump.sql
mariadb-dump --no-defaults -uroot -S "$SOCKET" --routines --events --triggers $src >"$dump"
expect_match "the dump has its routines between DELIMITER lines" '^CREATE DEFINER=`root`@`localhost` PROCEDURE `p_add`' \
  "$(cat "$dump")"

fresh_db $ref
sql $ref <"$dump"
expect_eq "the mariadb client restored 4 routines and an event" "4 1" \
  "$(sql -e "SELECT (SELECT COUNT(*) FROM information_schema.ROUTINES WHERE ROUTINE_SCHEMA = '$ref'),
    (SELECT COUNT(*) FROM information_schema.EVENTS WHERE EVENT_SCHEMA = '$ref')" | xargs)"
fresh_db $dst
run_fastload -v --routines --events --threads 2 "$dump" $dst
expect_eq "restore: exit code ($ERR)" 0 "$RC"
expect_eq "restore: SHOW CREATE of every routine and event, their settings" "$(restored $ref)" "$(restored $dst)"
expect_eq "restore: definitions, triggers" "$(definitions $ref)" "$(definitions $dst)"
expect_eq "restore: rows" "$(rows_digest $ref.t)" "$(rows_digest $dst.t)"
expect_eq "restore: the view calling a function" "$(sql -e "SELECT * FROM $ref.doubled ORDER BY id" | xargs)" \
  "$(sql -e "SELECT * FROM $dst.doubled ORDER BY id" | xargs)"
for db in $ref $dst; do
  sql $db -e "CALL p_add(7)"
done
expect_eq "restore: the procedure runs the same (its trigger too)" "$(rows_digest $ref.t)" "$(rows_digest $dst.t)"
expect_eq "restore: the ANSI_QUOTES procedure" "$(sql $ref -e "CALL p_ansi()" | md5sum)" \
  "$(sql $dst -e "CALL p_ansi()" | md5sum)"
expect_eq "restore: the function" "42 ñandú; end" "$(sql $dst -e "SELECT f_double(21), f_text()" | tr '\t' ' ')"
expect_match "restore: told (-v)" "$dst.p_add: procedure created from .*dump.sql" "$ERR"

# A --tab directory: mariadb-dump writes its routines and events to standard output, an SQL dump of them alone,
# restored before the directory (its view calls a function).
tab=$TEST_TMP/tab
mkdir -p "$tab" && chmod 777 "$tab"
mariadb-dump --no-defaults -uroot -S "$SOCKET" --routines --events --tab="$tab" $src >"$TEST_TMP/tab-routines.sql"
fresh_db $dst
run_fastload --routines --events "$TEST_TMP/tab-routines.sql" $dst
expect_eq "--tab: its routines, exit code ($ERR)" 0 "$RC"
run_fastload "$tab" $dst
expect_eq "--tab: the directory, exit code ($ERR)" 0 "$RC"
expect_eq "--tab: definitions, triggers" "$(definitions $ref)" "$(definitions $dst)"
expect_eq "--tab: SHOW CREATE of every routine and event, their settings" "$(restored $ref)" "$(restored $dst)"

# --dry-run lists them; the options given to a run that is no SQL dump's are refused.
run_fastload --dry-run --routines --events "$dump" $dst
expect_eq "dry run: exit" 0 "$RC"
expect_match "dry run: the procedures" "^fastload: PROCEDURE $dst.p_add$" "$ERR"
expect_match "dry run: the event" "^fastload: EVENT $dst.e_purge$" "$ERR"
run_fastload --dry-run --json --routines --events "$dump" $dst
expect_match "dry run, --json: the routines" "\"routines\":\[.*\{\"kind\":\"EVENT\",\"name\":\"$dst.e_purge\"\}.*\{\"kind\":\"PROCEDURE\",\"name\":\"$dst.p_add\"\}" "$OUT"
printf '1\tx\n' >"$TEST_TMP/t.txt"
run_fastload --routines "$TEST_TMP/t.txt" $dst
expect_eq "not a dump: exit" 2 "$RC"
expect_match "not a dump: what to do" "^fastload: .*t.txt: neither an SQL dump nor a mydumper directory: --routines and --events restore" "$ERR"

# Not asked: refused before anything is changed, saying what to give.
state() {
  sql -e "SELECT User FROM mysql.global_priv WHERE User LIKE 'sqlrt%';
    SELECT ROUTINE_SCHEMA, ROUTINE_NAME, ROUTINE_DEFINITION FROM information_schema.ROUTINES
      WHERE ROUTINE_SCHEMA IN ('$dst', '$other') ORDER BY 1, 2;
    SELECT EVENT_SCHEMA, EVENT_NAME FROM information_schema.EVENTS WHERE EVENT_SCHEMA IN ('$dst', '$other');
    SELECT TABLE_SCHEMA, TABLE_NAME FROM information_schema.TABLES WHERE TABLE_SCHEMA IN ('$dst', '$other');
    SELECT name FROM mysql.func" | sha256sum | cut -c1-16
}
fresh_db $dst
before=$(state)
run_fastload "$dump" $dst
expect_eq "not asked: exit" 3 "$RC"
expect_match "not asked: what to give" "^fastload: .*dump.sql:[0-9]+: a DROP EVENT .*Give --events to restore them" "$ERR"
run_fastload --events "$dump" $dst
expect_eq "procedures not asked: exit" 3 "$RC"
expect_match "procedures not asked: what to give" "dump.sql:[0-9]+: a DROP FUNCTION .*Give --routines to restore them" "$ERR"
expect_eq "not asked: nothing changed" "$before" "$(state)"

# Hostile dumps, each the real dump with TEXT after the last routine: refused with its line, nothing changed.
hostile() {  # hostile NAME EXIT MESSAGE TEXT
  { cat "$dump"; printf '%s\n' "$4"; } >"$TEST_TMP/$1.sql"
  fresh_db $dst
  before=$(state)
  run_fastload --routines --events "$TEST_TMP/$1.sql" $dst
  expect_eq "$1: exit ($ERR)" "$2" "$RC"
  expect_match "$1: the message" "$3" "$ERR"
  expect_eq "$1: nothing changed" "$before" "$(state)"
}
last=$(($(wc -l <"$dump") + 1))
hostile elsewhere 3 "elsewhere.sql:$last: a CREATE PROCEDURE in another database" \
  "CREATE PROCEDURE $other.evil() SELECT 1;"
hostile elsewhere-quoted 3 "elsewhere-quoted.sql:$((last + 1)): a CREATE FUNCTION in another database" \
  "$(printf 'DELIMITER ;;\nCREATE DEFINER=`root`@`localhost` FUNCTION `%s`.`evil`() RETURNS INT RETURN 1;;\nDELIMITER ;' $other)"
hostile use-elsewhere 2 "a dump of several databases" \
  "$(printf 'USE %s;\nDROP PROCEDURE IF EXISTS keepme;\nCREATE PROCEDURE keepme() SELECT 0;' $other)"
hostile grant-inside 3 "grant-inside.sql:$((last + 1)): a CREATE PROCEDURE followed by another statement" \
  "$(printf "DELIMITER ;;\nCREATE PROCEDURE evil() BEGIN SELECT 1; END; GRANT ALL ON *.* TO sqlrt_evil@localhost IDENTIFIED BY 'x';;\nDELIMITER ;")"
hostile grant-after 3 "grant-after.sql:$((last + 1)): a GRANT statement" \
  "$(printf "CREATE PROCEDURE evil() SELECT 1;\nGRANT ALL ON *.* TO sqlrt_evil@localhost IDENTIFIED BY 'x';")"
hostile udf 3 "udf.sql:$last: a CREATE FUNCTION without a parameter list \(... SONAME: a loadable function" \
  "CREATE FUNCTION sqlrt_udf RETURNS INTEGER SONAME 'ha_example.so';"
hostile drop-other 3 "drop-other.sql:$last: a DROP PROCEDURE of another database's routine" \
  "DROP PROCEDURE IF EXISTS $other.keepme;"
hostile drop-unfollowed 3 "drop-unfollowed.sql:$last: a DROP FUNCTION of \`f_double\` that its CREATE does not follow" \
  "$(printf 'DROP FUNCTION IF EXISTS f_double;\nCREATE FUNCTION f_other() RETURNS INT RETURN 1;')"
expect_eq "hostile: the other database's procedure kept" kept "$(sql $other -e "CALL keepme()")"

# A user who may not create routines for the dump's DEFINER (root): the server refuses it, and fastload says so
# with the dump's line, after the tables are restored (as `mariadb <` run by that user fails there too).
# (Without triggers: a trigger's DEFINER is refused the same way, before the routines.)
mariadb-dump --no-defaults -uroot -S "$SOCKET" --routines --events --skip-triggers $src >"$TEST_TMP/no-triggers.sql"
fresh_db $dst
fresh_user sqlrt_user "ALL ON $dst.*" "IDENTIFIED BY 'Pw-sqlrt1'"
as_user sqlrt_user -pPw-sqlrt1 --routines --events "$TEST_TMP/no-triggers.sql" $dst
expect_eq "another definer: exit" 9 "$RC"
expect_match "another definer: the line and the server's words" \
  "^fastload: .*no-triggers.sql:[0-9]+: the server refused EVENT \`e_purge\` \(Access denied.*SET USER" "$ERR"
expect_eq "another definer: the rows are restored" "$(rows_digest $src.t)" "$(rows_digest $dst.t)"

sql -e "DROP DATABASE $src; DROP DATABASE $ref; DROP DATABASE $dst; DROP DATABASE $other;
  DROP USER sqlrt_user@localhost"
finish
