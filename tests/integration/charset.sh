# The file is read as utf8mb4 unless --charset says otherwise: never as the
# server's or the database's default, which may be latin1.
source "$(dirname "$0")/lib.sh"

sql -e "DROP DATABASE IF EXISTS cs; CREATE DATABASE cs CHARACTER SET latin1"
sql cs -e "CREATE TABLE t (id int PRIMARY KEY, v varchar(20) CHARACTER SET utf8mb4) ENGINE=InnoDB"
printf '1\tJos\xc3\xa9\n2\t\xe6\x9d\xb1\xe4\xba\xac\n3\t\xf0\x9f\x98\x80\n' >"$TEST_TMP/utf8.tsv"
run_fastload "$TEST_TMP/utf8.tsv" cs.t
expect_eq "utf8mb4 file into a latin1 database: exit code ($ERR)" 0 "$RC"
expect_eq "stored as the same characters" "4A6F73C3A9,E69DB1E4BAAC,F09F9880" \
  "$(sql -e "SELECT GROUP_CONCAT(HEX(v) ORDER BY id) FROM cs.t")"

sql -e "TRUNCATE cs.t"
printf '1\tJos\xe9\n' >"$TEST_TMP/latin1.tsv"
run_fastload --charset latin1 "$TEST_TMP/latin1.tsv" cs.t
expect_eq "--charset latin1: exit code ($ERR)" 0 "$RC"
expect_eq "--charset latin1: converted to the column's utf8mb4" "4A6F73C3A9" "$(sql -e "SELECT HEX(v) FROM cs.t")"

sql -e "TRUNCATE cs.t"
run_fastload "$TEST_TMP/latin1.tsv" cs.t
expect_eq "latin1 bytes read as utf8mb4 are rejected, not mangled" 8 "$RC"
expect_match "names the line" "latin1.tsv:1 \\(byte 0\\)" "$ERR"
finish
