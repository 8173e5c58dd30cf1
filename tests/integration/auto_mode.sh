# --mode auto, the default: each measured table shape (bench/mode-shapes.sh) loads to the checksum of the
# server's own LOAD DATA INFILE of the same file, in the mode the rule chooses for it (plan/auto_mode.h), and the
# summary, --json and --dry-run's plan say which and why; --resume records the concrete mode; an explicit --mode
# wins. A server with local_infile=0 (a private one: the shared server's setting is every test's) loads by
# prepared INSERTs with a warning, while --mode load keeps its exit 6.
source "$(dirname "$0")/lib.sh"

db=auto_mode
fresh_db $db
rows=20000
gen_shapes() { python3 "$SOURCE_DIR/bench/gen_shapes.py" "$@"; }

# shape NAME: creates its table in $db and its file; sets `table` and `file`.
shape() {
  file=$TEST_TMP/$1.tsv
  case $1 in
    nodes|indexed)
      table=$1
      sql $db -e "DROP TABLE IF EXISTS $1; ${NODES_DDL/CREATE TABLE nodes/CREATE TABLE $1}"
      [[ $1 == nodes ]] || sql $db -e "ALTER TABLE $1 ADD KEY changeset (changeset), ADD KEY uid_ts (uid, timestamp)"
      "$GEN_NODES" $rows --seed 17 -o "$file" ;;
    *)
      local ddl
      ddl=$(gen_shapes "$1" --ddl)
      table=$(awk '{ print $3 }' <<<"$ddl")
      sql $db -e "DROP TABLE IF EXISTS $table; $ddl"
      gen_shapes "$1" $rows -o "$file" ;;
  esac
}

# The rule's choice per shape, as docs/design.md ("Choosing the mode") gives it.
declare -A chosen=([nodes]=insert [indexed]=insert [wide]=insert [ints]=insert [blob]=insert)
for name in nodes indexed wide ints blob; do
  shape $name
  want=$(reference $db "$table" "$file")
  sql -e "TRUNCATE $db.$table"
  run_fastload --json "$file" "$db.$table"
  expect_eq "$name: exit code ($ERR)" 0 "$RC"
  expect_eq "$name: checksum as the server's LOAD DATA INFILE" "$want" "$(checksum "$db.$table")"
  expect_match "$name: --json names the mode" "\"mode\":\"${chosen[$name]}\",\"mode_reason\":\"[^\"]+\"" "$OUT"
  expect_match "$name: the summary names the mode and why" "--mode ${chosen[$name]} \(auto: [^)]+\)" "$ERR"
done

# An explicit --mode wins, and says no more than its name.
sql -e "TRUNCATE $db.$table"
run_fastload --json --mode load "$file" "$db.$table"
expect_eq "--mode load: exit code ($ERR)" 0 "$RC"
expect_match "--mode load: --json" '"mode":"load","mode_reason":null' "$OUT"
expect_eq "--mode load: no auto in the summary" "" "$(grep -o '(auto:' <<<"$ERR" || true)"

# Options the INSERT path cannot serve as LOAD DATA does keep LOAD DATA: here --set (evaluated row by row).
shape nodes
sql -e "TRUNCATE $db.nodes"
run_fastload --columns id,lat,lon,version,timestamp,changeset,uid,@u --set 'user = @u' "$file" $db.nodes
expect_eq "--set: exit code ($ERR)" 0 "$RC"
expect_match "--set: LOAD DATA, saying why" "--mode load \(auto: LOAD DATA LOCAL: --set" "$ERR"
# A row that may be longer than one INSERT can carry (a LONGTEXT column) keeps LOAD DATA.
sql $db -e "DROP TABLE IF EXISTS long_text; CREATE TABLE long_text (id int PRIMARY KEY, v longtext) CHARSET utf8mb4"
printf '1\ta\n2\tb\n' >"$TEST_TMP/long.tsv"
run_fastload "$TEST_TMP/long.tsv" $db.long_text
expect_eq "longtext: exit code ($ERR)" 0 "$RC"
expect_match "longtext: LOAD DATA, saying why" "--mode load \(auto: LOAD DATA LOCAL: a row may be longer" "$ERR"

# --dry-run's plan says what auto chose; --verbose says it as it chooses.
run_fastload --dry-run --verbose "$file" $db.nodes
expect_eq "--dry-run: exit code ($ERR)" 0 "$RC"
expect_match "--dry-run: the plan names the mode" "--mode ${chosen[nodes]} \(auto: [^)]+\): " "$ERR"
expect_match "--verbose: the choice" "^fastload: $db.nodes: mode ${chosen[nodes]} \(auto: " "$ERR"

# --resume records the concrete mode, so a rerun with auto resolves to the same one (an unfinished load rerun
# in another mode is refused by the ledger's format check, naming both).
sql -e "TRUNCATE $db.nodes; DROP TABLE IF EXISTS $db.fastload_ledger"
run_fastload --resume "$file" $db.nodes
expect_eq "--resume: exit code ($ERR)" 0 "$RC"
expect_match "--resume: the ledger holds the concrete mode" "--mode ${chosen[nodes]};" \
  "$(sql -e "SELECT DISTINCT format FROM $db.fastload_ledger")"
run_fastload --resume "$file" $db.nodes
expect_eq "--resume again, auto: finished before ($ERR)" 0 "$RC"
expect_match "--resume again, auto: nothing loaded twice" "loaded into .* completely by an earlier --resume run" "$ERR"

# An unfinished load in another mode: auto's choice does not match the ledger's, and the refusal says how to go on.
{ cat "$file"; printf 'not-a-number\t1\t1\t1\t2020-01-01 00:00:00\t1\t1\tx\n'; } >"$TEST_TMP/bad-end.tsv"
sql -e "TRUNCATE $db.nodes; DROP TABLE IF EXISTS $db.fastload_ledger"
run_fastload --resume --mode multirow --threads 1 --chunk-size 100K "$TEST_TMP/bad-end.tsv" $db.nodes
expect_eq "unfinished multirow load: the bad row stops it ($ERR)" 8 "$RC"
run_fastload --resume "$TEST_TMP/bad-end.tsv" $db.nodes
expect_eq "--resume, auto after multirow: refused ($ERR)" 12 "$RC"
expect_match "--resume, auto after multirow: says how to continue" "rerun with --mode multirow" "$ERR"

# local_infile=0, on a server of this test's own.
private_server noinfile --set local_infile=0
on_private() { mariadb --no-defaults -uroot -S "$PRIVATE_SERVER/mysql.sock" --batch --skip-column-names "$@"; }
on_private -e "CREATE DATABASE d CHARACTER SET utf8mb4; USE d; $NODES_DDL"
expect_eq "the private server refuses LOAD DATA LOCAL" 0 "$(on_private -e 'SELECT @@local_infile')"
on_private d -e "LOAD DATA INFILE '$file' INTO TABLE nodes CHARACTER SET utf8mb4"
want=$(digest_table d.nodes on_private)
on_private -e "TRUNCATE d.nodes"
capture "$FASTLOAD" --socket "$PRIVATE_SERVER/mysql.sock" -u root --set 'user = @u' \
  --columns id,lat,lon,version,timestamp,changeset,uid,@u "$file" d.nodes
expect_eq "local_infile=0, --set (needs LOAD DATA): exit 6 ($ERR)" 6 "$RC"
capture "$FASTLOAD" --socket "$PRIVATE_SERVER/mysql.sock" -u root --mode load "$file" d.nodes
expect_eq "local_infile=0, --mode load: exit 6 as ever ($ERR)" 6 "$RC"
on_private -e "CREATE TABLE d.lt (id int PRIMARY KEY, v longtext) CHARSET utf8mb4"
capture "$FASTLOAD" --socket "$PRIVATE_SERVER/mysql.sock" -u root "$TEST_TMP/long.tsv" d.lt
expect_eq "local_infile=0, a LONGTEXT table: the INSERT path ($ERR)" 0 "$RC"
expect_match "local_infile=0, a LONGTEXT table: the warning" \
  "^fastload: the server refuses LOAD DATA LOCAL \(local_infile=0\): loading with prepared INSERTs$" "$ERR"
capture "$FASTLOAD" --socket "$PRIVATE_SERVER/mysql.sock" -u root --json "$file" d.nodes
expect_eq "local_infile=0, auto: exit 0 ($ERR)" 0 "$RC"
expect_eq "local_infile=0, auto: checksum as the server's LOAD DATA INFILE" "$want" "$(digest_table d.nodes on_private)"
expect_match "local_infile=0, auto: --json" '"mode":"insert"' "$OUT"
if [[ ${chosen[nodes]} == load ]]; then
  expect_match "local_infile=0, auto: one warning line" \
    "^fastload: the server refuses LOAD DATA LOCAL \(local_infile=0\): loading with prepared INSERTs$" "$ERR"
fi

echo "$CHECKS checks, $FAILURES failures"
((FAILURES == 0))
