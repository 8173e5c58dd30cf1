# --charset is the FILE's character set; the names on the command line (database, table, --columns, --set) are
# utf8. A latin1 file loads into a table and columns with non-ASCII names in every mode (and with --columns and
# --set naming them), giving what the server's own LOAD DATA INFILE ... CHARACTER SET latin1 stores.
source "$(dirname "$0")/lib.sh"

db=charset_names_dö table=tä
# The client says its names in utf8mb4 whatever the locale (count and checksum use sql too).
sql() { mariadb --no-defaults --default-character-set=utf8mb4 -uroot -S "$SOCKET" --batch --skip-column-names "$@"; }
q() { sql "$@"; }
q -e "DROP DATABASE IF EXISTS \`$db\`; CREATE DATABASE \`$db\` CHARACTER SET utf8mb4"
q "$db" -e "CREATE TABLE \`$table\` (\`nä\` int PRIMARY KEY, \`wört\` varchar(30), \`lätin\` varchar(30) CHARACTER SET latin1)
            ENGINE=InnoDB DEFAULT CHARSET=utf8mb4"
file=$TEST_TMP/latin1.tsv
# Latin-1 bytes: ü is \xfc, é \xe9, ß \xdf, and \xa4 the currency sign; a quote and a backslash escape too.
for ((i = 1; i <= 400; i++)); do
  printf '%d\tM\xfcller %d \xe9t\xe9\tStra\xdfe \xa4%d\n' $i $i $i
done >"$file"
printf '401\tO'"'"'Br\xfcn \\\\ x\t\\N\n' >>"$file"
expected_rows=401

reference_latin1() {
  q -e "TRUNCATE \`$db\`.\`$table\`; LOAD DATA INFILE '$file' INTO TABLE \`$db\`.\`$table\` CHARACTER SET latin1;
        SHOW WARNINGS" >"$TEST_TMP/reference.warnings"
  [[ ! -s $TEST_TMP/reference.warnings ]] || fail "reference load warned: $(cat "$TEST_TMP/reference.warnings")"
  checksum "\`$db\`.\`$table\`"
}
expected=$(reference_latin1)
expect_eq "reference: a value as latin1 read it" "Müller 1 été" \
  "$(q -e "SELECT \`wört\` FROM \`$db\`.\`$table\` WHERE \`nä\` = 1")"

for mode in load insert multirow row server bulk; do
  for columns in "" "--columns nä,@w,lätin --set wört=CONCAT(@w,'')"; do
    [[ -n $columns && $mode == bulk ]] && continue
    what="--mode $mode ${columns:+with --columns and --set}"
    q -e "TRUNCATE \`$db\`.\`$table\`"
    # shellcheck disable=SC2086 # columns is a list of options
    run_fastload --charset latin1 --mode $mode $(small_chunks $mode) $columns "$file" "$db.$table"
    expect_eq "$what: exit code: $ERR" 0 "$RC"
    expect_eq "$what: rows" $expected_rows "$(count "\`$db\`.\`$table\`")"
    expect_eq "$what: checksum as the server's LOAD DATA ... CHARACTER SET latin1" "$expected" \
      "$(checksum "\`$db\`.\`$table\`")"
  done
done

# A table name that does not exist is still reported as such, named as given.
run_fastload --charset latin1 "$file" "$db.tö"
expect_eq "missing non-ASCII table: exit code" 5 "$RC"
expect_match "missing non-ASCII table: named as given" "table $db\\.tö does not exist" "$ERR"

q -e "DROP DATABASE \`$db\`"
finish
