# The same problem gives the same exit code and the same message in every mode (load, insert, multirow, row,
# server, bulk): a value no partition takes, a row outside the partitions --partition names, a field that is no
# geometry for a spatial column, a value for a generated column, a NOT NULL column without a default
# left out of --columns, a trigger's SIGNAL, a trigger's own bad conversion. Where the server names the row, the
# message names its file, line and byte. The same tables take the rows without the problem in every mode.
source "$(dirname "$0")/lib.sh"

db=same_problem
fresh_db $db
sql $db <<'EOF'
CREATE TABLE parted (id int, s varchar(20)) ENGINE=InnoDB PARTITION BY RANGE (id) (PARTITION p0 VALUES LESS THAN (1000));
CREATE TABLE two_parts (id int, s varchar(20)) ENGINE=InnoDB PARTITION BY RANGE (id)
  (PARTITION p0 VALUES LESS THAN (150), PARTITION p1 VALUES LESS THAN (1000));
CREATE TABLE shapes (id int, g geometry) ENGINE=InnoDB;
CREATE TABLE generated (id int, s varchar(20), v int AS (id * 2) VIRTUAL) ENGINE=InnoDB;
CREATE TABLE not_null (id int, s varchar(20), x varchar(20) NOT NULL) ENGINE=InnoDB;
CREATE TABLE signalled (id int, s varchar(20)) ENGINE=InnoDB;
CREATE TABLE converted (id int, s varchar(20)) ENGINE=InnoDB;
DELIMITER //
CREATE TRIGGER signalled_b BEFORE INSERT ON signalled FOR EACH ROW
  BEGIN IF NEW.id = 150 THEN SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'the trigger refuses id 150'; END IF; END//
CREATE TRIGGER converted_b BEFORE INSERT ON converted FOR EACH ROW
  BEGIN IF NEW.id = 150 THEN SET NEW.s = 0 + NEW.s; END IF; END//
DELIMITER ;
EOF
# rows FILE [BAD_LINE]: 300 rows "id<TAB>row id", line BAD_LINE (if given) with id 5000 (no partition takes it).
rows() {
  for ((i = 1; i <= 300; i++)); do printf '%d\trow %d\n' "$([[ $i == "${2:-}" ]] && echo 5000 || echo $i)" $i; done >"$1"
}
good=$TEST_TMP/good.tsv bad=$TEST_TMP/bad.tsv
rows "$good"
rows "$bad" 150
byte_150=$(head -n 149 "$bad" | wc -c)

# One problem a row: NAME | TABLE | FILE | extra options | exit code | message (a regex, the same in every mode).
problems=(
  "no partition|parted|$bad||8|bad\\.tsv:150 \\(byte $byte_150\\): Table has no partition for value 5000 \\(server code 1526\\)"
  "outside --partition|two_parts|$good|--partition p0|8|good\\.tsv:150 \\(byte $byte_150\\): Found a row not matching the given partition set \\(server code 1748\\)"
  "no geometry|shapes|$good||8|good\\.tsv:1 \\(byte 0\\): Cannot get geometry object from data you send to the GEOMETRY field \\(server code 1416\\)"
  "generated column|generated|$good||2|fastload: \`v\` is a generated column of $db\\.generated: the server computes it.*read that field into a variable"
  "NOT NULL left out|not_null|$good|--columns id,s|8|good\\.tsv .*Field 'x' doesn't have a default value \\(server code 1364\\); a NOT NULL column"
  "trigger SIGNAL|signalled|$good||8|good\\.tsv .*the trigger refuses id 150 \\(server code 1644\\); a trigger of the table refused the row"
  "trigger conversion|converted|$good||8|good\\.tsv .*Truncated incorrect DOUBLE value: 'row 150' \\(server code 1292\\)"
)
modes=(load insert multirow row server bulk)

for problem in "${problems[@]}"; do
  IFS='|' read -r name table file extra code message <<<"$problem"
  for mode in "${modes[@]}"; do
    sql -e "TRUNCATE $db.$table"
    # shellcheck disable=SC2086 # extra is a list of options
    run_fastload --mode $mode $(small_chunks $mode) $extra "$file" $db.$table
    expect_eq "$name, --mode $mode: exit code: $ERR" "$code" "$RC"
    expect_match "$name, --mode $mode: message" "$message" "$ERR"
  done
done

# The same tables without the problem: every mode stores what the server's own LOAD DATA stores.
grep -v $'^150\t' "$good" >"$TEST_TMP/clean.tsv"
for table in parted signalled converted; do
  expected=$(reference $db $table "$TEST_TMP/clean.tsv")
  for mode in "${modes[@]}"; do
    sql -e "TRUNCATE $db.$table"
    run_fastload --mode $mode $(small_chunks $mode) "$TEST_TMP/clean.tsv" $db.$table
    expect_eq "$table without the problem, --mode $mode: exit code: $ERR" 0 "$RC"
    expect_eq "$table without the problem, --mode $mode: checksum" "$expected" "$(checksum $db.$table)"
  done
done

finish
