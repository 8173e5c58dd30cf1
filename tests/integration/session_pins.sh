# The server's globals do not change what fastload stores or what it is told: every session it opens sets
# the variables that decide what the server reports and how it converts (docs/design.md#session-variables).
# Each case sets a global that would hide a change or change a row, then loads in every mode: a value the
# server changes is still refused with its line (exit 8), and a good file still gives the table the server's
# own LOAD DATA INFILE gives it under its default settings (checksum, computed before the global changed).
# Changes server globals (so ctest runs it alone); each is restored when the test ends.
source "$(dirname "$0")/lib.sh"

DB=session_pins
fresh_db $DB
GLOBALS="sql_notes max_error_count sql_mode check_constraint_checks sql_select_limit"
declare -A saved
for g in $GLOBALS; do saved[$g]=$(sql -e "SELECT @@GLOBAL.$g"); done
restore() { for g in $GLOBALS; do sql -e "SET GLOBAL $g = '${saved[$g]}'" 2>/dev/null || sql -e "SET GLOBAL $g = ${saved[$g]}"; done; }
trap restore EXIT

MODES=("--mode load --threads 2 --chunk-size 1K" "--mode insert --threads 2 --chunk-size 1K"
       "--mode multirow" "--mode row" "--mode server" "--mode bulk")

# refused GLOBAL_SETTING FILE DDL WHAT LINE: with the global set, every mode refuses FILE (exit 8, LINE named),
# and the row of LINE (its id) is not in the table (chunks before it may be).
refused() {
  local setting=$1 file=$2 ddl=$3 what=$4 line=$5
  sql $DB -e "DROP TABLE IF EXISTS t; $ddl"
  sql -e "SET GLOBAL $setting"
  for mode in "${MODES[@]}"; do
    sql $DB -e "TRUNCATE t"
    # shellcheck disable=SC2086  # $mode is a list of options
    run_fastload $mode "$file" $DB.t
    expect_eq "$what under $setting: exit, $mode" 8 "$RC"
    expect_match "$what under $setting: its line, $mode" "$(basename "$file"):$line \\(byte" "$ERR"
    expect_eq "$what under $setting: row not stored, $mode" 0 "$(sql $DB -e "SELECT COUNT(*) FROM t WHERE id = $line")"
  done
  restore
}

# many_rows BAD GOOD: 200 rows (id, value), the value GOOD but in row 150, which is BAD.
many_rows() {
  BAD=$1 GOOD=$2 awk 'BEGIN { for (i = 1; i <= 200; i++) printf "%d\t%s\n", i, i == 150 ? ENVIRON["BAD"] : ENVIRON["GOOD"] }'
}
many_rows "1.256" "1.25" >"$TEST_TMP/rounded.tsv"
refused "sql_notes = 0" "$TEST_TMP/rounded.tsv" "CREATE TABLE t (id int PRIMARY KEY, v decimal(6,2))" \
  "a rounded decimal" 150
many_rows "ab   " "ab" >"$TEST_TMP/spaces.tsv"
refused "sql_notes = 0" "$TEST_TMP/spaces.tsv" "CREATE TABLE t (id int PRIMARY KEY, v varchar(2))" \
  "cut trailing spaces" 150
many_rows "2024-05-06 07:08:09" "2024-05-06" >"$TEST_TMP/datetime.tsv"
refused "sql_notes = 0" "$TEST_TMP/datetime.tsv" "CREATE TABLE t (id int PRIMARY KEY, v date)" \
  "a datetime cut to a date" 150
many_rows "abc" "1.25" >"$TEST_TMP/bad.tsv"
refused "max_error_count = 0" "$TEST_TMP/bad.tsv" "CREATE TABLE t (id int PRIMARY KEY, v decimal(6,2))" \
  "a bad decimal" 150
many_rows "-1" "1" >"$TEST_TMP/check.tsv"
refused "check_constraint_checks = 0" "$TEST_TMP/check.tsv" \
  "CREATE TABLE t (id int PRIMARY KEY, v int CHECK (v > 0))" "a CHECK constraint" 150

# same GLOBAL_SETTING FILE DDL [FASTLOAD OPTIONS]: under the global, every mode gives the table the server's
# default-settings load of FILE gives it (--set clauses, if any, given as LOAD DATA's after the file).
same() {
  local setting=$1 file=$2 ddl=$3 clauses=$4
  shift 4
  sql $DB -e "DROP TABLE IF EXISTS t; $ddl; LOAD DATA INFILE '$file' INTO TABLE t CHARACTER SET utf8mb4 $clauses"
  local expected
  expected=$(checksum $DB.t)
  sql -e "SET GLOBAL $setting"
  for mode in "${MODES[@]}"; do
    sql $DB -e "TRUNCATE t"
    # shellcheck disable=SC2086
    run_fastload $mode "$@" "$file" $DB.t
    expect_eq "under $setting: exit, $mode" 0 "$RC"
    expect_eq "under $setting: table, $mode" "$expected" "$(checksum $DB.t)"
  done
  restore
}

# Empty strings stay empty, backslashes escape as in the file, and --set reads "..." as a string and || as OR.
# (Under NO_BACKSLASH_ESCAPES the server's own LOAD DATA would read no escape: a file with a backslash says which
# reading it means, --fields-escaped-by, or is refused: over_refusals.sh.)
awk 'BEGIN { for (i = 1; i <= 300; i++) printf "%d\t%s\t%s\n", i, i % 3 ? "" : "x\\\\y", i % 5 }' >"$TEST_TMP/modes.tsv"
same "sql_mode = 'EMPTY_STRING_IS_NULL,ANSI_QUOTES,PIPES_AS_CONCAT,NO_BACKSLASH_ESCAPES,NO_UNSIGNED_SUBTRACTION'" \
  "$TEST_TMP/modes.tsv" "CREATE TABLE t (id int PRIMARY KEY, a varchar(10), b varchar(20), c bigint)" \
  "(id, a, @x) SET b = CONCAT(@x, \"!\"), c = (@x || 0) - 2" --columns id,a,@x --set 'b = CONCAT(@x, "!")' \
  --set 'c = (@x || 0) - 2' --fields-escaped-by '\\'
expect_eq "an empty string stays one" 200 "$(sql $DB -e "SELECT COUNT(*) FROM t WHERE a = ''")"

# fastload's own reads of the table see all of it: every column of a wide table.
awk 'BEGIN { for (i = 1; i <= 100; i++) printf "%d\t%d\t%d\t%d\n", i, i * 2, i * 3, i * 4 }' >"$TEST_TMP/wide.tsv"
same "sql_select_limit = 1" "$TEST_TMP/wide.tsv" "CREATE TABLE t (id int PRIMARY KEY, a int, b int, c int)" ""

sql -e "DROP DATABASE $DB"
finish
