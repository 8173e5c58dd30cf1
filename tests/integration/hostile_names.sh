# Names holding a backtick, a quote and a space load fine and inject nothing.
source "$(dirname "$0")/lib.sh"

db='we`ird '"'"'db'
table='ta`b"le x'
qdb='`we``ird '"'"'db`'
qtable='`ta``b"le x`'
sql -e "DROP DATABASE IF EXISTS $qdb; CREATE DATABASE $qdb CHARACTER SET utf8mb4;
        CREATE TABLE $qdb.$qtable (id int PRIMARY KEY, v varchar(20)) ENGINE=InnoDB"
printf '1\tone\n2\ttwo\n3\tthree\n' >"$TEST_TMP/names.tsv"

run_fastload "$TEST_TMP/names.tsv" "$db.$table"
expect_eq "unquoted DB.TABLE: exit code ($ERR)" 0 "$RC"
expect_eq "unquoted DB.TABLE: rows" 3 "$(count "$qdb.$qtable")"

sql -e "TRUNCATE $qdb.$qtable"
run_fastload --threads 2 --chunk-size 4 "$TEST_TMP/names.tsv" "$qdb.$qtable"
expect_eq "backtick-quoted DB.TABLE: exit code ($ERR)" 0 "$RC"
expect_eq "backtick-quoted DB.TABLE: rows" 3 "$(count "$qdb.$qtable")"

# A dot inside quoted names, and a name that tries to end the identifier.
sql -e "CREATE TABLE $qdb.\`a.b\` (id int PRIMARY KEY, v varchar(20))"
run_fastload "$TEST_TMP/names.tsv" "$qdb.\`a.b\`"
expect_eq "dotted table name: exit code ($ERR)" 0 "$RC"
expect_eq "dotted table name: rows" 3 "$(count "$qdb.\`a.b\`")"
run_fastload "$TEST_TMP/names.tsv" 'x.t` (id) SELECT 1; DROP DATABASE mysql; -- '
expect_eq "injection attempt: table missing" 5 "$RC"
expect_eq "mysql database still there" 1 "$(sql -e "SELECT COUNT(*) FROM information_schema.SCHEMATA WHERE SCHEMA_NAME='mysql'")"
finish
