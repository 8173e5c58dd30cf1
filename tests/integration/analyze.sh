# --analyze: after the barrier, ANALYZE TABLE updates the table's statistics (seen in
# mysql.innodb_table_stats of a table whose automatic recalculation is off, so nothing else updates
# them); an error row in ANALYZE's result is a warning and the load still succeeds (a view: ANALYZE
# reports an error for it); a load that fails is not analyzed.
source "$(dirname "$0")/lib.sh"

db=analyze
nodes_db $db 20000 3 "$NODES_DDL STATS_PERSISTENT=1 STATS_AUTO_RECALC=0; CREATE VIEW nodes_view AS SELECT * FROM nodes"
n_rows() { sql -e "SELECT n_rows FROM mysql.innodb_table_stats WHERE database_name = '$db' AND table_name = 'nodes'"; }
fresh_stats() { sql $db -e "TRUNCATE nodes; ANALYZE TABLE nodes" >/dev/null; }

fresh_stats
run_fastload "$TEST_TMP/nodes.tsv" $db.nodes
expect_eq "without --analyze: exit code ($ERR)" 0 "$RC"
expect_eq "without --analyze: the statistics are as before" 0 "$(n_rows)"

fresh_stats
run_fastload -v --analyze "$TEST_TMP/nodes.tsv" $db.nodes
expect_eq "--analyze: exit code ($ERR)" 0 "$RC"
expect_eq "--analyze: checksum" "$expected" "$(checksum $db.nodes)"
expect_match "--analyze: a pass of its own" "^fastload: pass analyze" "$ERR"
rows=$(n_rows)
((rows >= 10000 && rows <= 40000)) && pass || fail "--analyze: n_rows is $rows after loading 20000 rows"

# A failed load is not analyzed: its statistics stay as they were.
fresh_stats
printf '1\t1\t1\t1\t2020-01-01 00:00:00\t1\t1\tx\nbad\n' >"$TEST_TMP/bad.tsv"
run_fastload --analyze "$TEST_TMP/bad.tsv" $db.nodes
expect_eq "failed load: exit code" 8 "$RC"
expect_eq "failed load: not analyzed" 0 "$(n_rows)"

# ANALYZE's error row (a view is no base table) is a warning; the load succeeds.
fresh_stats
run_fastload --analyze "$TEST_TMP/nodes.tsv" $db.nodes_view
expect_eq "view: exit code ($ERR)" 0 "$RC"
expect_match "view: a warning" \
  "^fastload: --analyze: ANALYZE TABLE $db.nodes_view: .*is not of type 'BASE TABLE'; the rows are loaded" "$ERR"
expect_eq "view: checksum" "$expected" "$(checksum $db.nodes)"

finish
