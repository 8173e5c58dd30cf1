# --disable-checks: the workers load with unique_checks = 0 and foreign_key_checks = 0, and what
# fastload promises still holds where the server still checks: a PRIMARY KEY duplicate is refused
# with its line (empty table: MariaDB's bulk path; non-empty: the row path), a duplicate the bulk path
# finds only at COMMIT fails the chunk without committing it, nothing is lost. A row violating a foreign
# key is accepted (the documented trade-off: it proves foreign_key_checks = 0 reached the workers), but
# not with --atomic, whose publish runs in the control session, with the checks.
source "$(dirname "$0")/lib.sh"

db=disable_checks
fresh_db $db
sql $db -e "$NODES_DDL;
  CREATE TABLE k (id int PRIMARY KEY, v int) ENGINE=InnoDB;
  CREATE TABLE u (id int PRIMARY KEY, v int, UNIQUE KEY (v)) ENGINE=InnoDB;
  CREATE TABLE parent (id int PRIMARY KEY) ENGINE=InnoDB;
  CREATE TABLE child (id int PRIMARY KEY, parent int, FOREIGN KEY (parent) REFERENCES parent (id)) ENGINE=InnoDB;
  INSERT INTO parent VALUES (1)"

# A nodes file loads to the server's own table, in every mode, the first chunk on the bulk path.
"$GEN_NODES" 40000 --seed 9 -o "$TEST_TMP/nodes.tsv"
expected=$(reference $db nodes "$TEST_TMP/nodes.tsv")
for mode in load insert multirow; do
  sql $db -e "TRUNCATE nodes"
  run_fastload --disable-checks --mode $mode --threads 2 --chunk-size 256K "$TEST_TMP/nodes.tsv" $db.nodes
  expect_eq "nodes, --mode $mode: exit code ($ERR)" 0 "$RC"
  expect_eq "nodes, --mode $mode: checksum" "$expected" "$(checksum $db.nodes)"
done

# A PRIMARY KEY duplicate is still detected and named, into an empty table (bulk path) and a non-empty one.
printf '1\t10\n2\t20\n2\t30\n3\t40\n' >"$TEST_TMP/pk.tsv"
for before in empty "one row"; do
  sql $db -e "TRUNCATE k"
  [[ $before == empty ]] || sql $db -e "INSERT INTO k VALUES (100, 100)"
  run_fastload --disable-checks --threads 1 "$TEST_TMP/pk.tsv" $db.k
  expect_eq "primary key duplicate, $before: exit code" 8 "$RC"
  expect_match "primary key duplicate, $before: named" "pk.tsv:3 .*Duplicate entry '2' for key 'PRIMARY'" "$ERR"
  expect_eq "primary key duplicate, $before: nothing loaded" "$([[ $before == empty ]] && echo 0 || echo 1)" \
    "$(count $db.k)"
done
# With --max-errors the duplicate is left out and the rest loads exactly (nothing lost next to it).
sql $db -e "TRUNCATE k"
run_fastload --disable-checks --threads 1 --max-errors 1 "$TEST_TMP/pk.tsv" $db.k
expect_eq "primary key duplicate left out: exit code ($ERR)" 0 "$RC"
expect_eq "primary key duplicate left out: rows" "1:10 2:20 3:40" \
  "$(sql $db -e "SELECT GROUP_CONCAT(id, ':', v ORDER BY id SEPARATOR ' ') FROM k")"

# A secondary UNIQUE duplicate into an empty table: the bulk path finds it only at COMMIT, which fails
# (exit 9, the message says why); nothing of the chunk is committed. Into a non-empty table MariaDB
# 10.11 (no change buffering) still finds it at the row: refused with its line.
printf '1\t10\n2\t20\n3\t10\n' >"$TEST_TMP/unique.tsv"
sql $db -e "TRUNCATE u"
run_fastload --disable-checks --threads 1 "$TEST_TMP/unique.tsv" $db.u
expect_eq "unique duplicate, empty: exit code" 9 "$RC"
expect_match "unique duplicate, empty: message" "^fastload: .*refused the COMMIT.*--disable-checks" "$ERR"
expect_eq "unique duplicate, empty: nothing committed" 0 "$(count $db.u)"
sql $db -e "INSERT INTO u VALUES (100, 100)"
run_fastload --disable-checks --threads 1 "$TEST_TMP/unique.tsv" $db.u
expect_eq "unique duplicate, non-empty: exit code" 8 "$RC"
expect_match "unique duplicate, non-empty: named" "unique.tsv:3 .*Duplicate entry '10'" "$ERR"
expect_eq "unique duplicate, non-empty: nothing committed" 1 "$(count $db.u)"

# Foreign keys: refused without --disable-checks, accepted with it; --atomic's publish checks them.
printf '1\t1\n2\t999\n' >"$TEST_TMP/child.tsv"
run_fastload --threads 1 "$TEST_TMP/child.tsv" $db.child
expect_eq "orphan row, checks on: exit code" 8 "$RC"
expect_eq "orphan row, checks on: nothing loaded" 0 "$(count $db.child)"
run_fastload --disable-checks --atomic --threads 1 "$TEST_TMP/child.tsv" $db.child
expect_eq "orphan row, --atomic: exit code" 8 "$RC"
expect_match "orphan row, --atomic: the publish refuses it" "publishing into .* foreign key constraint fails" "$ERR"
expect_eq "orphan row, --atomic: nothing published" 0 "$(count $db.child)"
run_fastload --disable-checks --threads 1 "$TEST_TMP/child.tsv" $db.child
expect_eq "orphan row, --disable-checks: exit code ($ERR)" 0 "$RC"
expect_eq "orphan row, --disable-checks: accepted" "1:1 2:999" \
  "$(sql $db -e "SELECT GROUP_CONCAT(id, ':', parent ORDER BY id SEPARATOR ' ') FROM child")"

# --on-duplicate ignore and replace rest on an account of duplicates unique_checks = 0 does not keep.
for policy in ignore replace; do
  run_fastload --disable-checks --on-duplicate $policy "$TEST_TMP/pk.tsv" $db.k
  expect_eq "--on-duplicate $policy: refused" 2 "$RC"
  expect_match "--on-duplicate $policy: why" "^fastload: --disable-checks and --on-duplicate $policy" "$ERR"
done

finish
