# AUTO_INCREMENT ids a file leaves out are those one LOAD DATA INFILE gives (docs/design.md#auto-increment-ids):
# in every mode, --threads 1 and 3, tiny and larger chunks, the table gets the reference's checksum and
# its next AUTO_INCREMENT value: into an empty table from a non-1 start, into a table with rows, with the
# column left out by --columns or INVISIBLE, from two FILEs and a compressed one, after --skip-rows, with
# --atomic, under the global auto_increment_increment = 3 / auto_increment_offset = 2 the run pins; a killed
# --resume run finished gives the same ids; rows left out (--max-errors) keep their place's id; a NULL or 0 id
# the file gives gets the id the server gives it; what cannot be numbered in file order is refused. The test sets
# globals and restores them however it ends (it runs serially: "SET GLOBAL").
source "$(dirname "$0")/lib.sh"

db=auto_increment_order
fresh_db $db
old=$(sql -e "SELECT CONCAT(@@GLOBAL.auto_increment_increment, ',', @@GLOBAL.auto_increment_offset)")
old_mode=$(sql -e "SELECT @@GLOBAL.sql_mode")
restore() {
  sql -e "SET GLOBAL auto_increment_increment = ${old%,*}, auto_increment_offset = ${old#*,},
          sql_mode = '$old_mode'"
}
trap restore EXIT

rows=3000
file=$TEST_TMP/rows.tsv
awk -v n=$rows 'BEGIN { for (i = 1; i <= n; i++) printf "name %d\t%d\n", i, i * 7 }' >"$file"
ddl="(id bigint AUTO_INCREMENT PRIMARY KEY, name varchar(40), v int) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4"
next_id() { sql -e "SELECT AUTO_INCREMENT FROM information_schema.TABLES WHERE TABLE_SCHEMA='$db' AND TABLE_NAME='$1'"; }

# setup TABLE START PRESET: TABLE created with AUTO_INCREMENT = START, holding the rows of PRESET (SQL VALUES).
setup() {
  sql $db -e "DROP TABLE IF EXISTS $1; CREATE TABLE $1 $ddl"
  [[ -z $3 ]] || sql $db -e "INSERT INTO $1 VALUES $3"
  sql $db -e "ALTER TABLE $1 AUTO_INCREMENT = $2"
}

# reference START PRESET FILE: the checksum and next value after one LOAD DATA INFILE of FILE into a fresh table.
reference_of() {
  setup ref "$1" "$2"
  sql $db -e "LOAD DATA INFILE '$3' INTO TABLE ref CHARACTER SET utf8mb4 (name, v)"
  echo "$(checksum $db.ref) $(next_id ref)"
}

# compare WHAT ARGS...: a fresh t like the reference's, loaded by fastload ARGS, is the reference.
compare() {
  local what=$1
  shift
  setup t "$start" "$preset"
  run_fastload "$@" $db.t
  expect_eq "$what: exit code: $ERR" 0 "$RC"
  expect_eq "$what: checksum and next AUTO_INCREMENT" "$expected" "$(checksum $db.t) $(next_id t)"
}

for case in "1|" "1000|(5, 'x', 1), (900, 'y', 2)"; do
  start=${case%%|*} preset=${case#*|}
  expected=$(reference_of "$start" "$preset" "$file")
  for mode in load insert multirow row; do
    for threads in 1 3; do
      for size in 200 16K; do
        compare "start $start, --mode $mode -t $threads --chunk-size $size" --mode $mode --threads $threads \
          --chunk-size $size --columns name,v "$file"
      done
    done
  done
  for mode in server bulk; do
    [[ $mode == bulk && -n $preset ]] && continue  # bulk loads an empty table only
    compare "start $start, --mode $mode" --mode $mode --columns name,v "$file"
  done
  compare "start $start, --atomic" --atomic --threads 3 --chunk-size 200 --columns name,v "$file"
done

# The same ids from the table's INVISIBLE id (no --columns), from two FILEs, from a compressed file.
start=7 preset=""
expected=$(reference_of $start "" "$file")
setup t $start ""
sql $db -e "ALTER TABLE t MODIFY id bigint AUTO_INCREMENT INVISIBLE"
run_fastload --threads 3 --chunk-size 200 "$file" $db.t
expect_eq "invisible id: exit code: $ERR" 0 "$RC"
expect_eq "invisible id: ids" "0 0" \
  "$(sql $db -e "SELECT CONCAT_WS(' ', COUNT(*) - $rows, SUM(id <> 7 + v / 7 - 1)) FROM t")"
head -n 1234 "$file" >"$TEST_TMP/part1.tsv"
tail -n +1235 "$file" >"$TEST_TMP/part2.tsv"
compare "two FILEs" --threads 3 --chunk-size 300 --columns name,v "$TEST_TMP/part1.tsv" "$TEST_TMP/part2.tsv"
gzip -c "$file" >"$TEST_TMP/rows.tsv.gz"
compare "gzip stream" --threads 3 --chunk-size 1K --columns name,v "$TEST_TMP/rows.tsv.gz"
(printf 'header\t1\nheader\t2\n' && cat "$file") >"$TEST_TMP/header.tsv"
for mode in load server; do
  # shellcheck disable=SC2046
  compare "--skip-rows 2, --mode $mode" --mode $mode $([[ $mode == server ]] || echo --threads 3 --chunk-size 300) \
    --skip-rows 2 --columns name,v "$TEST_TMP/header.tsv"
done

# A killed --resume run, finished by the rerun, gives the same ids.
sql -e "DROP TABLE IF EXISTS $db.fastload_ledger"
for point in before-commit after-commit; do
  setup t $start ""
  sql -e "DELETE FROM $db.fastload_ledger" 2>/dev/null || true
  FASTLOAD_FAULT=$point:4 run_fastload --resume --threads 2 --chunk-size 400 --columns name,v "$file" $db.t
  expect_match "killed at $point: the run died" '^(1[0-9][0-9]|[1-9])$' "$RC"
  # Before its first chunk, the run moved the counter past its ids: another writer takes none of them.
  expect_eq "killed at $point: the counter past the load's ids" "${expected#* }" "$(next_id t)"
  run_fastload --resume --threads 2 --chunk-size 400 --columns name,v "$file" $db.t
  expect_eq "resumed after $point: exit code: $ERR" 0 "$RC"
  expect_eq "resumed after $point: checksum and next AUTO_INCREMENT" "$expected" "$(checksum $db.t) $(next_id t)"
done

# Under the pinned auto_increment_increment = 3 and offset = 2: the reference and fastload both read the globals.
sql -e "SET GLOBAL auto_increment_increment = 3, auto_increment_offset = 2"
start=10 preset="(4, 'x', 1)"
expected=$(reference_of $start "$preset" "$file")
for mode in load insert server; do
  # shellcheck disable=SC2046
  compare "increment 3 offset 2, --mode $mode" --mode $mode $([[ $mode == server ]] || echo --threads 3 \
    --chunk-size 300) --columns name,v "$file"
done
restore

# Rows left out (--max-errors) leave their ids unused: every id is its row's place in the file.
awk 'NR == 10 || NR == 11 || NR == 2500 { print "bad\tx"; next } { print }' "$file" >"$TEST_TMP/bad.tsv"
for mode in load insert multirow; do
  setup t 1 ""
  run_fastload --mode $mode --threads 3 --chunk-size 300 --max-errors 3 --columns name,v "$TEST_TMP/bad.tsv" $db.t
  expect_eq "--max-errors, --mode $mode: exit code: $ERR" 0 "$RC"
  expect_eq "--max-errors, --mode $mode: rows, ids off their place" "$((rows - 3)) 0" \
    "$(sql $db -e "SELECT CONCAT_WS(' ', COUNT(*), SUM(id <> v / 7)) FROM t")"
done

# Rows skipped as duplicates (--on-duplicate ignore) leave their ids unused too.
awk 'NR % 500 == 0 { print "name 1\t" NR * 7; next } { print }' "$file" >"$TEST_TMP/dups.tsv"
for mode in load insert; do
  setup t 1 ""
  sql $db -e "ALTER TABLE t ADD UNIQUE KEY (name)"
  run_fastload --mode $mode --threads 3 --chunk-size 300 --on-duplicate ignore --columns name,v "$TEST_TMP/dups.tsv" \
    $db.t
  expect_eq "--on-duplicate ignore, --mode $mode: exit code: $ERR" 0 "$RC"
  expect_eq "--on-duplicate ignore, --mode $mode: rows, ids off their place" "$((rows - rows / 500)) 0" \
    "$(sql $db -e "SELECT CONCAT_WS(' ', COUNT(*), SUM(id <> v / 7)) FROM t")"
done

# A NULL or 0 id the file gives gets the id one LOAD DATA makes up for it (over_refusals.sh compares more), in
# every mode; under NO_AUTO_VALUE_ON_ZERO a 0 is stored as 0.
printf '1\ta\t1\n2\tb\t2\n\\N\tc\t3\n4\td\t4\n0\te\t5\n' >"$TEST_TMP/ids.tsv"
for zero in "" ",NO_AUTO_VALUE_ON_ZERO"; do
  sql -e "SET GLOBAL sql_mode = CONCAT('$old_mode', '$zero')"
  setup ref 1 ""
  sql $db -e "LOAD DATA INFILE '$TEST_TMP/ids.tsv' INTO TABLE ref CHARACTER SET utf8mb4"
  for mode in load insert multirow row server bulk; do
    setup t 1 ""
    run_fastload --mode $mode "$TEST_TMP/ids.tsv" $db.t
    expect_eq "NULL id$zero, --mode $mode: exit code: $ERR" 0 "$RC"
    expect_eq "NULL id$zero, --mode $mode: the server's ids" "$(checksum $db.ref)" "$(checksum $db.t)"
  done
done
restore

# What cannot be numbered in file order is refused before anything is loaded.
setup t 1 ""
run_fastload --part 1/2 --columns name,v "$file" $db.t
expect_eq "--part: exit code" 2 "$RC"
expect_match "--part: why" 'AUTO_INCREMENT column `id` that the file does not give.*--part' "$ERR"
run_fastload --columns name,v "$TEST_TMP/rows.tsv.gz" "$TEST_TMP/part1.tsv" $db.t
expect_eq "a stream before another FILE: exit code" 2 "$RC"
expect_match "a stream before another FILE: why" 'rows.tsv.gz is gzip data, whose rows are counted only as it loads' "$ERR"
sql $db -e "CREATE TABLE grouped (grp int, id int AUTO_INCREMENT, v int, PRIMARY KEY (grp, id)) ENGINE=MyISAM"
printf '1\t10\n1\t20\n2\t30\n' >"$TEST_TMP/grouped.tsv"
run_fastload --columns grp,v "$TEST_TMP/grouped.tsv" $db.grouped
expect_eq "MyISAM numbering per group: exit code" 2 "$RC"
expect_match "MyISAM numbering per group: why" 'numbers its AUTO_INCREMENT column `id` per group' "$ERR"
expect_eq "nothing loaded when refused" "0 0" "$(count $db.t) $(count $db.grouped)"

sql -e "DROP DATABASE $db"
finish
