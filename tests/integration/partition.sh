# --partition: every mode loads with LOAD DATA's or INSERT's PARTITION (...) clause, as the server's own
# LOAD DATA INFILE ... PARTITION (...) does. A RANGE and a HASH table, --partition naming a subset: a file whose
# rows all fit gives the server's table (checksum and each partition's row count); a file with rows outside
# the set is refused naming the first such row's line (exit 8), and with --max-errors the rest equal the server's
# load of the fitting rows while --rejects holds exactly the others; --atomic (its stage and publish) and bulk
# too. An unknown partition, or a table without partitions, is refused before anything is read (exit 2). The
# partitions are part of a --resume load's format.
source "$(dirname "$0")/lib.sh"

db=partition_clause
fresh_db $db
sql $db <<'EOF'
CREATE TABLE ranged (id int, s varchar(20)) ENGINE=InnoDB PARTITION BY RANGE (id)
  (PARTITION p0 VALUES LESS THAN (100), PARTITION p1 VALUES LESS THAN (200), PARTITION p2 VALUES LESS THAN (300),
   PARTITION p3 VALUES LESS THAN MAXVALUE);
CREATE TABLE hashed (id int, s varchar(20)) ENGINE=InnoDB PARTITION BY HASH (id) PARTITIONS 4;
CREATE TABLE plain (id int, s varchar(20)) ENGINE=InnoDB;
EOF
# 600 rows "id<TAB>row id" in a shuffled but fixed order, so the rows outside the set are spread over the chunks.
all=$TEST_TMP/all.tsv
for ((i = 1; i <= 600; i++)); do printf '%d\trow %d\n' $(((i * 7) % 600 + 1)) "$i"; done >"$all"
# Each case: TABLE ; --partition ; awk condition on the id ($1) of a row the partitions take ; the row count of
# each partition after loading the rows that fit (a regex).
n='[1-9][0-9]*'
cases=("ranged;p0,P2;\$1 < 100 || (\$1 >= 200 && \$1 < 300);p0=$n p1=0 p2=$n p3=0"
       "hashed;p1,\`p3\`;\$1 % 2 == 1;p0=0 p1=$n p2=0 p3=$n")
modes=(load insert multirow row server bulk)
# layouts MODE: the thread and chunk layouts to try (the modes that send the whole file have one).
layouts() { mode_layouts "$1" "--threads 1" "--threads 1" "--threads 3 --chunk-size 1K"; }

# reference TABLE PARTITIONS FILE: the server's own LOAD DATA INFILE ... PARTITION (...) of FILE into the emptied
# table: its checksum, then each partition's row count.
reference_of() {
  sql $db -e "TRUNCATE $1; LOAD DATA INFILE '$3' INTO TABLE $1 PARTITION ($2) CHARACTER SET utf8mb4; SHOW WARNINGS" \
    >"$TEST_TMP/reference.warnings"
  [[ ! -s $TEST_TMP/reference.warnings ]] || fail "the reference load of $3 into $1 warned"
  state_of "$1"
}
# state_of TABLE: the checksum and the exact row count of each partition (information_schema.PARTITIONS
# names them; its TABLE_ROWS is only InnoDB's estimate, so each is counted).
state_of() {
  local counts="" p
  for p in $(sql -e "SELECT PARTITION_NAME FROM information_schema.PARTITIONS WHERE TABLE_SCHEMA = '$db'
                     AND TABLE_NAME = '$1' ORDER BY PARTITION_ORDINAL_POSITION"); do
    counts+=" $p=$(sql $db -e "SELECT COUNT(*) FROM $1 PARTITION ($p)")"
  done
  echo "$(checksum $db.$1)$counts"
}

for case in "${cases[@]}"; do
  IFS=';' read -r table parts fits filled <<<"$case"
  fit=$TEST_TMP/$table.fit.tsv misfit=$TEST_TMP/$table.misfit.tsv
  awk -F'\t' "$fits" "$all" >"$fit"
  awk -F'\t' "!($fits)" "$all" >"$misfit"
  bad_rows=$(wc -l <"$misfit")
  first_bad=$(awk -F'\t' "!($fits) { print NR; exit }" "$all")
  first_bad_byte=$(head -n $((first_bad - 1)) "$all" | wc -c)
  expected=$(reference_of $table "$parts" "$fit")
  expect_match "$table: the reference fills the named partitions only" " $filled\$" "$expected"
  for mode in "${modes[@]}"; do
    while read -r layout; do
      what="$table --partition $parts, --mode $mode $layout"
      # shellcheck disable=SC2086 # layout is a list of options
      for extra in "" $([[ $mode == load || $mode == bulk ]] && echo --atomic); do
        sql $db -e "TRUNCATE $table"
        run_fastload --mode $mode $layout $extra --partition "$parts" "$fit" $db.$table
        expect_eq "$what $extra, the rows that fit: exit code: $ERR" 0 "$RC"
        expect_eq "$what $extra, the rows that fit: table" "$expected" "$(state_of $table)"
        sql $db -e "TRUNCATE $table"
        run_fastload --mode $mode $layout $extra --partition "$parts" "$all" $db.$table
        expect_eq "$what $extra, rows outside: exit code: $ERR" 8 "$RC"
        expect_match "$what $extra, rows outside: the first one named" "all\\.tsv:$first_bad \\(byte $first_bad_byte\\): Found a row not matching the given partition set \\(server code 1748\\); the row belongs to a partition --partition does not name" "$ERR"
        [[ -z $extra ]] || expect_eq "$what $extra, rows outside: nothing published" 0 "$(count $db.$table)"
      done
      [[ $mode == server ]] && continue  # the server reads its file whole: no row can be left out (exit 2)
      sql $db -e "TRUNCATE $table"
      rm -f "$TEST_TMP/rejects" "$TEST_TMP/rejects.reasons"
      run_fastload --mode $mode $layout --partition "$parts" --max-errors "$bad_rows" --rejects "$TEST_TMP/rejects" \
        "$all" $db.$table
      expect_eq "$what --max-errors: exit code: $ERR" 0 "$RC"
      expect_eq "$what --max-errors: the rows that fit" "$expected" "$(state_of $table)"
      expect_eq "$what --max-errors: the rejects are the rows outside" "$(sort "$misfit")" "$(sort "$TEST_TMP/rejects")"
      expect_eq "$what --max-errors: each reason is 1748" "$bad_rows" "$(cut -f4 "$TEST_TMP/rejects.reasons" | grep -c '^1748$')"
    done < <(layouts $mode)
  done
done

# One row too many for --max-errors: refused, as any bad row.
sql $db -e "TRUNCATE ranged"
run_fastload --threads 1 --partition p0,p2 --max-errors 1 "$all" $db.ranged
expect_eq "--max-errors below the rows outside: exit code: $ERR" 8 "$RC"
expect_match "--max-errors below the rows outside: message" "all\\.tsv:[0-9]+ \\(byte [0-9]+\\): Found a row not matching the given partition set \\(server code 1748\\)" "$ERR"
expect_eq "--max-errors below the rows outside: the one chunk not committed" 0 "$(count $db.ranged)"

# A table that cannot roll back keeps what the server stored: LOAD DATA LOCAL skips a row outside the partitions
# (1748, as 1526), the other modes stop at it; either way the message counts the rows stored, none "changed".
sql $db -e "CREATE TABLE kept (id int, s varchar(20)) ENGINE=MyISAM PARTITION BY RANGE (id)
  (PARTITION p0 VALUES LESS THAN (300), PARTITION p1 VALUES LESS THAN MAXVALUE)"
for ((i = 1; i <= 10; i++)); do printf '%d\trow %d\n' $((i * 100)) $i; done >"$TEST_TMP/kept.tsv"
for mode in load insert multirow row server; do
  sql $db -e "TRUNCATE kept"
  run_fastload --mode $mode --threads 1 --partition p0 "$TEST_TMP/kept.tsv" $db.kept
  expect_eq "MyISAM, --mode $mode: exit code: $ERR" 8 "$RC"
  expect_match "MyISAM, --mode $mode: the first row outside" "kept\\.tsv:3 \\(byte 20\\): Found a row not matching" "$ERR"
  expect_match "MyISAM, --mode $mode: what it kept" ": 2 rows stored in $db\\.kept .*before the failure could be handled; engine MyISAM cannot roll back" "$ERR"
  [[ $ERR != *"changed by the server"* ]] && pass || fail "MyISAM, --mode $mode: skipped rows called changed: $ERR"
  expect_eq "MyISAM, --mode $mode: the rows kept" "100 200" "$(sql $db -e "SELECT id FROM kept ORDER BY id" | xargs)"
done

# Refused before anything is read: the table stays empty.
sql $db -e "TRUNCATE ranged"
for mode in "${modes[@]}"; do
  run_fastload --mode $mode --partition p0,nope "$all" $db.ranged
  expect_eq "unknown partition, --mode $mode: exit code: $ERR" 2 "$RC"
  expect_match "unknown partition, --mode $mode: message" "^fastload: --partition: $db\\.ranged has no partition \`nope\`; its partitions \\(and subpartitions\\) are \`p0\`, \`p1\`, \`p2\`, \`p3\`: name some of them" "$ERR"
  run_fastload --mode $mode --partition p0 "$all" $db.plain
  expect_eq "a table without partitions, --mode $mode: exit code: $ERR" 2 "$RC"
  expect_match "a table without partitions, --mode $mode: message" "^fastload: --partition \`p0\`: $db\\.plain is not partitioned" "$ERR"
done
expect_eq "refused before anything is read" "0 0" "$(count $db.ranged) $(count $db.plain)"

# --resume: the partitions are part of the load's format. A run stopped by a row outside its partitions (after
# the rows that fit, so chunks before it commit) leaves its ledger; a rerun naming other partitions is another load
# (exit 12), the same command with --max-errors finishes it.
ordered=$TEST_TMP/ordered.tsv
cat "$TEST_TMP/ranged.fit.tsv" "$TEST_TMP/ranged.misfit.tsv" >"$ordered"
misfits=$(wc -l <"$TEST_TMP/ranged.misfit.tsv")
clear_load $db.ranged $db.fastload_ledger
run_fastload --resume --threads 1 --chunk-size 1K --partition p0,p2 "$ordered" $db.ranged
expect_eq "--resume, rows outside: exit code: $ERR" 8 "$RC"
expect_match "--resume, rows outside: chunks before them committed" "committed chunks 0-" "$ERR"
run_fastload --resume --threads 1 --chunk-size 1K --partition p0,p1,p2,p3 "$ordered" $db.ranged
expect_eq "--resume with other partitions: exit code: $ERR" 12 "$RC"
expect_match "--resume with other partitions: message" "PARTITION \\(\`p0\`, \`p2\`\\)" "$ERR"
run_fastload --resume --threads 1 --chunk-size 1K --partition p0,p2 --max-errors "$misfits" "$ordered" $db.ranged
expect_eq "--resume, the same partitions: exit code: $ERR" 0 "$RC"
resumed=$(state_of ranged)
expect_eq "--resume, the same partitions: table" "$(reference_of ranged p0,p2 "$TEST_TMP/ranged.fit.tsv")" "$resumed"

finish
