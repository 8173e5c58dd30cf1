# Data files of MariaDB's own test suite (Debian's mariadb-test-data), loaded as the suite's .test files load
# them: each case's table (the .test file's CREATE TABLE, written here) gets one LOAD DATA INFILE of the file
# with the .test's clauses into a fresh reference table, and fastload with the options that say the same
# clauses, in every mode (auto, load, insert, multirow, row, server), into another; the two hold the same rows
# (rows_digest). Where fastload refuses a file, the refusal must be a documented guard: a message that starts
# with fastload:, names the file and says what to do. Skipped (77) when the package's files are absent.
source "$(dirname "$0")/lib.sh"

suite=/usr/share/mysql/mysql-test
[[ -f $suite/std_data/rpl_loaddata.dat ]] || { echo "no $suite (package mariadb-test-data): skipped"; exit 77; }

db=regression_data
fresh_db $db
trap 'sql -e "DROP DATABASE IF EXISTS $db"' EXIT
modes="auto load insert multirow row server"

# case NAME DDL FILE CLAUSES -- ARGS...: the table made by DDL (@T names it) as ref, loaded by the server's LOAD
# DATA INFILE FILE INTO TABLE ref CLAUSES (which must warn of nothing), and as t by fastload ARGS FILE in each
# mode, made anew each time: the same rows.
case_of() {
  local name=$1 ddl=$2 file=$suite/std_data/$3 clauses=$4 mode warnings expected
  shift 5
  sql $db -e "DROP TABLE IF EXISTS ref; ${ddl//@T/ref}"
  warnings=$(sql $db -e "LOAD DATA INFILE '$file' INTO TABLE ref $clauses; SHOW WARNINGS")
  expect_eq "$name: the server's LOAD DATA warns of nothing" "" "$warnings"
  expected=$(rows_digest $db.ref)
  for mode in $modes; do
    sql $db -e "DROP TABLE IF EXISTS t; ${ddl//@T/t}"
    run_fastload --mode $mode "$@" "$file" $db.t
    expect_eq "$name, --mode $mode: exit code ($ERR)" 0 "$RC"
    expect_eq "$name, --mode $mode: the server's rows" "$expected" "$(rows_digest $db.t)"
  done
}

# refused NAME DDL FILE ARGS...: fastload refuses FILE in every mode with a documented guard's message.
refused() {
  local name=$1 ddl=$2 file=$suite/std_data/$3 mode
  shift 3
  for mode in $modes; do
    sql $db -e "DROP TABLE IF EXISTS t; ${ddl//@T/t}"
    run_fastload --mode $mode "$@" "$file" $db.t
    expect_match "$name, --mode $mode: refused" '^[1-9]' "$RC"
    expect_match "$name, --mode $mode: a guard's message, naming what to do" "^fastload: .*(--|mode)" "$ERR"
    expect_eq "$name, --mode $mode: nothing stored" 0 "$(count $db.t)"
  done
}

# suite/rpl/include/rpl_loaddata.test: \N into the AUTO_INCREMENT column, the ids the server makes up.
case_of "rpl_loaddata.dat, NULL ids" \
  "CREATE TABLE @T (a int not null auto_increment, b int, primary key(a))" rpl_loaddata.dat "" --
# suite/rpl/include/rpl_loaddata.test: every clause but ESCAPED BY '\\' changed, IGNORE 1 LINES.
case_of "rpl_loaddata2.dat, its own dialect" \
  "CREATE TABLE @T (day date, id int(9), category enum('a','b','c'), name varchar(60))" rpl_loaddata2.dat \
  "FIELDS TERMINATED BY ',' OPTIONALLY ENCLOSED BY '%' ESCAPED BY '@' LINES TERMINATED BY '\n##\n' STARTING BY '>'
   IGNORE 1 LINES" -- --fields-terminated-by , --fields-enclosed-by % --fields-optionally-enclosed \
  --fields-escaped-by @ --lines-terminated-by '\n##\n' --lines-starting-by '>' --skip-rows 1
# main/loaddata.test: a column list with variables and SET.
case_of "rpl_loaddata.dat, (a, @b) SET" \
  "CREATE TABLE @T (a int default 100, b int, c varchar(60))" rpl_loaddata.dat \
  "(a, @b) SET b = @b + 10, c = concat('b=', @b)" -- --columns a,@b --set 'b = @b + 10' --set "c = concat('b=', @b)"
# main/loaddata.test: fields enclosed by a single quote; a row of one field, which the strict server refuses
# (1261), and so does fastload, naming its line.
sql $db -e "DROP TABLE IF EXISTS ref; CREATE TABLE ref (a text, b text)"
both_refuse=$(sql $db -e "LOAD DATA INFILE '$suite/std_data/loaddata2.dat' INTO TABLE ref FIELDS TERMINATED BY ','
                          ENCLOSED BY ''''" 2>&1 || true)
expect_match "loaddata2.dat: the server refuses a short row" "ERROR 1261" "$both_refuse"
for mode in $modes; do
  sql $db -e "DROP TABLE IF EXISTS t; CREATE TABLE t (a text, b text)"
  run_fastload --mode $mode --fields-terminated-by , --fields-enclosed-by "'" "$suite/std_data/loaddata2.dat" $db.t
  expect_eq "loaddata2.dat, --mode $mode: refused as the server refuses it" 8 "$RC"
  expect_match "loaddata2.dat, --mode $mode: the line" "^fastload: .*loaddata2.dat:[0-9]+ \\(byte [0-9]+\\): " "$ERR"
done
# main/loaddata.test (MDEV-11079): bytes that are no UTF-8 into a MEDIUMBLOB, CHARSET utf8.
case_of "mdev-11079.txt, no UTF-8 into a BLOB" \
  "CREATE TABLE @T (a mediumblob NOT NULL) ENGINE=MyISAM DEFAULT CHARSET=latin1 COLLATE=latin1_general_ci" \
  loaddata/mdev-11079.txt "CHARSET utf8 FIELDS TERMINATED BY ';' ENCLOSED BY '\"' ESCAPED BY '\\\\'" -- \
  --charset utf8 --fields-terminated-by ';' --fields-enclosed-by '"'
# main/loaddata.test (MDEV-11631): an escape before a multi-byte character.
case_of "mdev-11631.txt, an escaped multi-byte character" "CREATE TABLE @T (a VARCHAR(10) CHARACTER SET utf8)" \
  loaddata/mdev-11631.txt "CHARACTER SET utf8" -- --charset utf8
# suite/rpl/t/rpl_loaddata_charset.test: a koi8r file into a utf8 column.
case_of "loaddata6.dat, koi8r" "CREATE TABLE @T (a varchar(10) character set utf8)" loaddata6.dat \
  "CHARACTER SET koi8r" -- --charset koi8r
# main/loaddata.test: fields enclosed and escaped by the same quote.
case_of "loaddata_dq.dat, escaped by the enclosure" "CREATE TABLE @T (a varchar(20), b varchar(20))" \
  loaddata_dq.dat "FIELDS TERMINATED BY ',' ENCLOSED BY '\"' ESCAPED BY '\"' (a, b)" -- \
  --fields-terminated-by , --fields-enclosed-by '"' --fields-escaped-by '"' --columns a,b
# main/loaddata.test (MDEV-15597): FIELDS TERMINATED BY '' (fixed-width fields).
refused "nl.txt, fixed-width fields" "CREATE TABLE @T (id integer not null auto_increment primary key)" \
  loaddata/nl.txt --fields-terminated-by ''

finish
