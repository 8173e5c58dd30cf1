# The summary says whether the load is durable and why, per engine.
source "$(dirname "$0")/lib.sh"

fresh_db dur
seq 1 5000 >"$TEST_TMP/ids.tsv"
for engine in InnoDB MyISAM Aria MEMORY; do
  sql dur -e "CREATE TABLE t_$engine (id int PRIMARY KEY) ENGINE=$engine"
  run_fastload --threads 2 --chunk-size 8K --json "$TEST_TMP/ids.tsv" "dur.t_$engine"
  expect_eq "$engine: exit code ($ERR)" 0 "$RC"
  expect_eq "$engine: rows" 5000 "$(count "dur.t_$engine")"
  case $engine in
    InnoDB) expect_match "$engine" '"durable":true,"durability":"InnoDB with innodb_flush_log_at_trx_commit=1' "$OUT" ;;
    MyISAM | Aria) expect_match "$engine" "\"durable\":true,\"durability\":\"$engine table: FLUSH TABLES" "$OUT" ;;
    MEMORY) expect_match "$engine" '"durable":false,"durability":"engine MEMORY keeps nothing on disk' "$OUT" ;;
  esac
  expect_match "$engine: summary line" "^fastload: durable: " "$(grep durable: <<<"$ERR")"
done

# With innodb_flush_log_at_trx_commit=2 a COMMIT is not synced: the barrier
# waits out the server's once-per-timeout redo log flush, and says so.
old=$(sql -e "SELECT @@GLOBAL.innodb_flush_log_at_trx_commit")
sql -e "SET GLOBAL innodb_flush_log_at_trx_commit = 2"
sql dur -e "TRUNCATE t_InnoDB"
run_fastload --json -v "$TEST_TMP/ids.tsv" dur.t_InnoDB
sql -e "SET GLOBAL innodb_flush_log_at_trx_commit = $old"
expect_eq "flush_log_at_trx_commit=2: exit code ($ERR)" 0 "$RC"
expect_match "flush_log_at_trx_commit=2: waited" '"durable":true,"durability":"InnoDB with innodb_flush_log_at_trx_commit=2: the server syncs its redo log every 1 s and fastload waited 2 s' "$OUT"
barrier=$(grep -o '"barrier":[0-9.]*' <<<"$OUT" | cut -d: -f2)
awk -v b="$barrier" 'BEGIN { exit !(b >= 2.0) }' && pass || fail "the barrier took $barrier s, not the 2 s it says"

# A non-transactional engine cannot roll back: the summary says so.
printf '1\n2\nx\n' >"$TEST_TMP/bad.tsv"
sql dur -e "TRUNCATE t_MyISAM"
run_fastload "$TEST_TMP/bad.tsv" dur.t_MyISAM
expect_eq "MyISAM bad row: exit code" 8 "$RC"
expect_match "MyISAM bad row: says rows stay" "3 rows stored in dur.t_MyISAM before the failure could be handled, 1 of them changed by the server \(line 3: .*engine MyISAM cannot roll back" "$ERR"
expect_eq "MyISAM bad row: --mode load keeps the whole chunk, as it says" "0 1 2" "$(sql dur -e "SELECT * FROM t_MyISAM ORDER BY 1" | xargs)"
sql dur -e "TRUNCATE t_MyISAM"
run_fastload --mode insert "$TEST_TMP/bad.tsv" dur.t_MyISAM
expect_eq "MyISAM bad row, insert: exit code" 8 "$RC"
expect_match "MyISAM bad row, insert: says rows stay" "2 rows stored in dur.t_MyISAM .*before the failure could be handled.*engine MyISAM cannot roll back" "$ERR"
expect_eq "MyISAM bad row, insert: the rows before it stay, as it says" "1 2" "$(sql dur -e "SELECT * FROM t_MyISAM ORDER BY 1" | xargs)"
finish
