# A mydumper directory's routines and events (fastload --routines --events DIR DB): a database with a table, a
# trigger, a function, a latin1 function, a procedure whose multi-statement BEGIN ... END body is on one line and
# one whose body spans lines (a ';' in strings and in a comment, and at the end of its lines, IF/IF()/LOOP), an
# event made under another sql_mode and time zone, and a view calling a function, is dumped by mydumper -R -E -G
# and restored by myloader into one database and by fastload into another. The two must have the same SHOW CREATE
# of every routine and event (every column: sql_mode, character_set_client, collation_connection, Database
# Collation, an event's time_zone), information_schema's ROUTINES and EVENTS, table definitions, triggers, views
# and rows, and the procedures must run the same; again with --skip-tz-utc and compressed files. --dry-run lists
# them; a --tab directory refuses the options. Refused with nothing changed, each with its exit code and message:
# no --routines, no --events, a foreign statement or a SET of another variable in DB-schema-post.sql, a routine
# body myloader would cut (a line of it ending in ';'), text after the last statement.
source "$(dirname "$0")/lib.sh"

src=mdrt_src ref=mdrt_ref dst=mdrt_dst
fresh_db $src
sql -e "DROP USER IF EXISTS mdrt_evil@localhost"
sql --comments $src <<'SQL'
CREATE TABLE t (id int PRIMARY KEY, v varchar(40)) ENGINE=InnoDB;
INSERT INTO t VALUES (1, 'one'), (2, 'two; (2)'), (3, 'ñandú');
CREATE TRIGGER t_upper BEFORE INSERT ON t FOR EACH ROW SET NEW.v = UPPER(NEW.v);
DELIMITER ;;
CREATE FUNCTION f_double(a INT) RETURNS INT DETERMINISTIC COMMENT 'doubles' RETURN a * 2;;
CREATE PROCEDURE p_one(IN x INT) BEGIN DECLARE y INT DEFAULT 0; SET y = x + 1; INSERT INTO t VALUES (y + 100, 'p;one'); END;;
CREATE PROCEDURE p_lines(IN x INT)
    COMMENT 'adds; a row'
BEGIN
  DECLARE y INT DEFAULT 0;
  -- a comment; with a ';' at its end;
  IF (x > 1) THEN SET y = IF(x > 5, 2, 1); END IF;
  lbl: LOOP LEAVE lbl; END LOOP lbl;
  INSERT INTO t VALUES (x + 1000, CONCAT('p;', y, ' ñ
end;'));
END;;
DELIMITER ;
SET NAMES latin1;
CREATE FUNCTION f_latin() RETURNS varchar(20) CHARSET utf8mb4 NO SQL RETURN 'café';
SET NAMES utf8mb4;
SET sql_mode = 'ANSI_QUOTES', time_zone = '+05:30';
DELIMITER ;;
CREATE EVENT e_purge ON SCHEDULE EVERY 1 DAY STARTS '2030-01-01 00:00:00' ON COMPLETION PRESERVE DISABLE
  COMMENT 'purges; old rows' DO BEGIN DELETE FROM t WHERE id > 5000; DELETE FROM t WHERE id < 0; END;;
DELIMITER ;
SET sql_mode = DEFAULT;
CREATE VIEW doubled AS SELECT id, f_double(id) AS d FROM t;
SQL
dir=$TEST_TMP/dump
mydumper -S "$SOCKET" -u root -B $src -R -E -G --verbose 1 -o "$dir"
post=$dir/$src-schema-post.sql
expect_match "mydumper wrote the routines with a body over lines" '^CREATE DEFINER=`root`@`localhost` PROCEDURE `p_lines`' \
  "$(cat "$post")"

# The routines' and events' columns compared (lib.sh's restored) and these further ones: a body as
# information_schema holds it and how the routine reads data, and an event's database collation.
extra=("SQL_DATA_ACCESS, ROUTINE_DEFINITION" DATABASE_COLLATION)

fresh_db $ref
myloader -S "$SOCKET" -u root -d "$dir" -B $ref
expect_eq "myloader restored 4 routines and an event" "4 1" \
  "$(sql -e "SELECT (SELECT COUNT(*) FROM information_schema.ROUTINES WHERE ROUTINE_SCHEMA = '$ref'),
    (SELECT COUNT(*) FROM information_schema.EVENTS WHERE EVENT_SCHEMA = '$ref')" | xargs)"
fresh_db $dst
run_fastload -v --routines --events --threads 2 "$dir" $dst
expect_eq "restore: exit code ($ERR)" 0 "$RC"
expect_eq "restore: SHOW CREATE of every routine and event, their settings" "$(restored $ref "${extra[@]}")" \
  "$(restored $dst "${extra[@]}")"
expect_eq "restore: the event as myloader leaves it (its session's sql_mode, the schema files' time zone)" \
  "STRICT_TRANS_TABLES,ERROR_FOR_DIVISION_BY_ZERO,NO_AUTO_CREATE_USER,NO_ENGINE_SUBSTITUTION +00:00" \
  "$(sql -e "SELECT SQL_MODE, TIME_ZONE FROM information_schema.EVENTS WHERE EVENT_SCHEMA = '$dst'" | xargs)"
expect_eq "restore: the latin1 function's settings" "latin1 latin1_swedish_ci" \
  "$(sql -e "SELECT CHARACTER_SET_CLIENT, COLLATION_CONNECTION FROM information_schema.ROUTINES
    WHERE ROUTINE_SCHEMA = '$dst' AND ROUTINE_NAME = 'f_latin'" | xargs)"
expect_eq "restore: definitions, triggers" "$(definitions $ref)" "$(definitions $dst)"
expect_eq "restore: rows" "$(rows_digest $ref.t)" "$(rows_digest $dst.t)"
expect_eq "restore: the view calling a function" "$(sql -e "SELECT * FROM $ref.doubled ORDER BY id" | xargs)" \
  "$(sql -e "SELECT * FROM $dst.doubled ORDER BY id" | xargs)"
for db in $ref $dst; do
  sql $db -e "CALL p_lines(7); CALL p_one(4)"
done
expect_eq "restore: the procedures run the same (the trigger too)" "$(rows_digest $ref.t)" "$(rows_digest $dst.t)"
expect_eq "restore: they ran" 5 "$(count $dst.t)"
expect_match "restore: told (-v)" "$dst.p_lines: procedure created from .*$src-schema-post.sql" "$ERR"

# Schema files without SET TIME_ZONE (--skip-tz-utc: the event then in the server's zone, as myloader leaves it),
# every file compressed.
tz=$TEST_TMP/dump-tz
mydumper -S "$SOCKET" -u root -B $src -R -E -G --skip-tz-utc -c --verbose 1 -o "$tz"
fresh_db $ref
myloader -S "$SOCKET" -u root -d "$tz" -B $ref
fresh_db $dst
run_fastload --routines --events "$tz" $dst
expect_eq "--skip-tz-utc -c: exit code ($ERR)" 0 "$RC"
expect_eq "--skip-tz-utc -c: SHOW CREATE of every routine and event, their settings" "$(restored $ref "${extra[@]}")" \
  "$(restored $dst "${extra[@]}")"
expect_eq "--skip-tz-utc -c: the event in the server's zone" SYSTEM \
  "$(sql -e "SELECT TIME_ZONE FROM information_schema.EVENTS WHERE EVENT_SCHEMA = '$dst'")"

# --dry-run lists them and makes nothing; a --tab directory refuses the options.
fresh_db $dst
run_fastload --dry-run --routines --events "$dir" $dst
expect_eq "dry run: exit ($ERR)" 0 "$RC"
expect_match "dry run: a procedure" "^fastload: PROCEDURE $dst.p_lines$" "$ERR"
expect_match "dry run: a function" "^fastload: FUNCTION $dst.f_double$" "$ERR"
expect_match "dry run: the event" "^fastload: EVENT $dst.e_purge$" "$ERR"
expect_eq "dry run: nothing made" 0 "$(sql -e "SELECT COUNT(*) FROM information_schema.ROUTINES
  WHERE ROUTINE_SCHEMA = '$dst'")"
tab=$TEST_TMP/tab
mkdir -p "$tab" && chmod 777 "$tab"
mariadb-dump --no-defaults -uroot -S "$SOCKET" --tab="$tab" $src
run_fastload --routines "$tab" $dst
expect_eq "a --tab directory: exit" 2 "$RC"
expect_match "a --tab directory: what to do" "^fastload: .*tab: neither an SQL dump nor a mydumper directory: --routines" \
  "$ERR"

# Refused before anything is changed: the state of $dst and of the server's users.
state() {
  sql -e "SELECT User FROM mysql.global_priv WHERE User LIKE 'mdrt%';
    SELECT ROUTINE_NAME FROM information_schema.ROUTINES WHERE ROUTINE_SCHEMA = '$dst' ORDER BY 1;
    SELECT EVENT_NAME FROM information_schema.EVENTS WHERE EVENT_SCHEMA = '$dst';
    SELECT TABLE_NAME FROM information_schema.TABLES WHERE TABLE_SCHEMA = '$dst'" | sha256sum | cut -c1-16
}
refused() {  # refused WHAT DIR EXIT REGEX [OPTIONS...]
  fresh_db $dst
  local before what=$1 from=$2 code=$3 regex=$4
  shift 4
  before=$(state)
  run_fastload "$@" "$from" $dst
  expect_eq "$what: exit ($ERR)" "$code" "$RC"
  expect_match "$what: the message" "$regex" "$ERR"
  expect_eq "$what: nothing changed" "$before" "$(state)"
}
refused "no --routines" "$dir" 3 \
  "^fastload: .*$src-schema-post.sql:[0-9]+: a DROP FUNCTION .*Give --routines to restore them"
refused "no --events" "$dir" 3 "^fastload: .*$src-schema-post.sql:[0-9]+: a DROP EVENT .*Give --events to restore them" \
  --routines

# hostile NAME EXIT MESSAGE: the dump with DB-schema-post.sql as the sed script $SED leaves it, or with TEXT
# ($APPEND) after its end.
hostile() {
  rm -rf "$TEST_TMP/$1" && cp -r "$dir" "$TEST_TMP/$1"
  if [[ -n ${SED:-} ]]; then sed -i "$SED" "$TEST_TMP/$1/$src-schema-post.sql"; fi
  if [[ -n ${APPEND:-} ]]; then printf '%s' "$APPEND" >>"$TEST_TMP/$1/$src-schema-post.sql"; fi
  refused "$1" "$TEST_TMP/$1" "$2" "$3" --routines --events
}
last=$(($(wc -l <"$post") + 1))
APPEND="GRANT ALL ON *.* TO mdrt_evil@localhost IDENTIFIED BY 'x';"$'\n' hostile grant 3 \
  "^fastload: .*grant/$src-schema-post.sql:$last: an? GRANT .*restore the directory with myloader"
APPEND=$'SET sql_mode = \'\';\n' hostile set-other 3 \
  "^fastload: .*set-other/$src-schema-post.sql:$last: a SET of another variable than mydumper's"
APPEND=$'DROP TABLE IF EXISTS t;\n' hostile drop-table 3 \
  "^fastload: .*drop-table/$src-schema-post.sql:$last: a statement that makes no routine or event"
APPEND=$'SET character_set_client = utf8mb4; GRANT ALL ON *.* TO mdrt_evil@localhost;\n' hostile joined 3 \
  "^fastload: .*joined/$src-schema-post.sql:$last: two statements that myloader sends as one"
APPEND=$'SELECT 1' hostile trailing 3 \
  "^fastload: .*trailing/$src-schema-post.sql:$last: text after the file's last line ending in ';', which myloader never runs"
cut=$(grep -n 'DECLARE y INT DEFAULT 0; $' "$post" | head -1 | cut -d: -f1)
SED="${cut}s/; \$/;/" hostile cut-body 3 \
  "^fastload: .*cut-body/$src-schema-post.sql:$((cut + 1)): .*right after the CREATE PROCEDURE \`p_lines\` of line"
APPEND=$'CREATE PROCEDURE mdrt_ref.evil() SELECT 1;\n' hostile elsewhere 3 \
  "^fastload: .*elsewhere/$src-schema-post.sql:$last: a CREATE PROCEDURE in another database"

sql -e "DROP DATABASE $src; DROP DATABASE $ref; DROP DATABASE $dst"
finish
