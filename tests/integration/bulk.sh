# --mode bulk: the whole file in one LOAD DATA LOCAL, one transaction, unique_checks = 0 and
# foreign_key_checks = 0 (MariaDB's empty-table bulk path), as strict as --mode load: the table equals
# the server's own LOAD DATA INFILE (with and without secondary indexes, with --defer-indexes and
# --atomic); a bad value or a PRIMARY KEY duplicate is named with its line and nothing is committed, or
# left out with --max-errors; a secondary UNIQUE duplicate fails the COMMIT (exit 9); a non-empty table, a
# non-InnoDB table, a stream, several files, --threads, --chunk-size and --on-duplicate are refused; a
# --resume rerun of a finished load loads nothing.
source "$(dirname "$0")/lib.sh"

db=bulk
nodes_db $db 30000 21
sql $db -e "CREATE TABLE indexed LIKE nodes;
  ALTER TABLE indexed ADD KEY changeset (changeset), ADD KEY uid_ts (uid, timestamp);
  CREATE TABLE aria LIKE nodes; ALTER TABLE aria ENGINE=Aria;
  CREATE TABLE k (id int PRIMARY KEY, v int) ENGINE=InnoDB;
  CREATE TABLE u (id int PRIMARY KEY, v int, UNIQUE KEY (v)) ENGINE=InnoDB"

for table in nodes indexed; do
  for extra in "" --defer-indexes --atomic; do
    sql $db -e "TRUNCATE $table"
    run_fastload --mode bulk --json $extra "$TEST_TMP/nodes.tsv" $db.$table
    expect_eq "$table $extra: exit code ($ERR)" 0 "$RC"
    expect_eq "$table $extra: checksum" "$expected" "$(checksum $db.$table)"
    expect_eq "$table $extra: one chunk" 1 "$(json chunks)"
  done
done
expect_eq "indexes restored" 3 "$(sql -e "SELECT COUNT(DISTINCT index_name) FROM information_schema.STATISTICS
  WHERE table_schema = '$db' AND table_name = 'indexed'")"

# Strict: a bad value is named with its line and nothing is committed; --max-errors leaves it out.
{ head -n 1000 "$TEST_TMP/nodes.tsv"; printf '999999999\tnot a number\t1\t1\t2020-01-01 00:00:00\t1\t1\tx\n'
  sed -n '1001,2000p' "$TEST_TMP/nodes.tsv"; } >"$TEST_TMP/bad.tsv"
sql $db -e "TRUNCATE nodes"
run_fastload --mode bulk "$TEST_TMP/bad.tsv" $db.nodes
expect_eq "bad value: exit code" 8 "$RC"
expect_match "bad value: named" "bad.tsv:1001 .*lat" "$ERR"
expect_eq "bad value: nothing committed" 0 "$(count $db.nodes)"
run_fastload --mode bulk --max-errors 1 "$TEST_TMP/bad.tsv" $db.nodes
expect_eq "bad value left out: exit code ($ERR)" 0 "$RC"
expect_eq "bad value left out: the rest loaded" 2000 "$(count $db.nodes)"

# Duplicates: a PRIMARY KEY one is named at its row; a secondary UNIQUE one fails the COMMIT.
printf '1\t10\n2\t20\n2\t30\n3\t40\n' >"$TEST_TMP/pk.tsv"
run_fastload --mode bulk "$TEST_TMP/pk.tsv" $db.k
expect_eq "primary key duplicate: exit code" 8 "$RC"
expect_match "primary key duplicate: named" "pk.tsv:3 .*Duplicate entry '2' for key 'PRIMARY'" "$ERR"
expect_eq "primary key duplicate: nothing committed" 0 "$(count $db.k)"
printf '1\t10\n2\t20\n3\t10\n' >"$TEST_TMP/unique.tsv"
run_fastload --mode bulk "$TEST_TMP/unique.tsv" $db.u
expect_eq "unique duplicate: exit code" 9 "$RC"
expect_match "unique duplicate: why" "^fastload: .*refused the COMMIT.*--mode bulk" "$ERR"
expect_eq "unique duplicate: nothing committed" 0 "$(count $db.u)"

# --resume: a rerun of the finished load loads nothing; the table is the same.
sql $db -e "TRUNCATE nodes"
run_fastload --mode bulk --resume "$TEST_TMP/nodes.tsv" $db.nodes
expect_eq "--resume: exit code ($ERR)" 0 "$RC"
run_fastload --mode bulk --resume --json "$TEST_TMP/nodes.tsv" $db.nodes
expect_eq "--resume rerun: exit code ($ERR)" 0 "$RC"
expect_eq "--resume rerun: loaded before" 30000 "$(json rows_loaded_before)"
expect_eq "--resume rerun: checksum" "$expected" "$(checksum $db.nodes)"

# Refusals, each leaving the table as it was.
refused() {  # refused WHAT REGEX ARGS...
  local what=$1 regex=$2
  shift 2
  run_fastload --mode bulk "$@"
  expect_eq "$what: exit code" 2 "$RC"
  expect_match "$what: why" "$regex" "$ERR"
}
sql $db -e "TRUNCATE nodes; INSERT INTO nodes (id) VALUES (-1)"
refused "non-empty table" "^fastload: --mode bulk: $db.nodes already holds rows" "$TEST_TMP/nodes.tsv" $db.nodes
expect_eq "non-empty table: unchanged" 1 "$(count $db.nodes)"
refused "Aria table" "^fastload: --mode bulk is the InnoDB empty-table path, and $db.aria is Aria" \
  "$TEST_TMP/nodes.tsv" $db.aria
expect_eq "Aria table: unchanged" 0 "$(count $db.aria)"
gzip -c "$TEST_TMP/nodes.tsv" >"$TEST_TMP/nodes.tsv.gz"
refused "compressed file" "nodes.tsv.gz: --mode bulk sends a plain file in one statement" \
  "$TEST_TMP/nodes.tsv.gz" $db.k
refused "standard input" "standard input: --mode bulk sends a plain file" - $db.k <"$TEST_TMP/pk.tsv"
refused "several files" "^fastload: --mode bulk loads one file in one statement" \
  "$TEST_TMP/pk.tsv" "$TEST_TMP/unique.tsv" $db.k
refused "--threads" "--threads and --chunk-size do not apply" --threads 2 "$TEST_TMP/pk.tsv" $db.k
refused "--chunk-size" "--threads and --chunk-size do not apply" --chunk-size 1M "$TEST_TMP/pk.tsv" $db.k
refused "--on-duplicate" "^fastload: --mode bulk and --on-duplicate" --on-duplicate ignore "$TEST_TMP/pk.tsv" $db.k
expect_eq "refusals: nothing loaded" 0 "$(count $db.k)"

finish
