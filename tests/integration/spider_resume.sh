# Shard-direct loads that stop half way: a shard server killed (kill -9) mid-load and restarted, then the
# same command with --resume loads exactly what each shard misses (each shard's ledger is written in the
# transaction of that shard's rows); and --part 1/2 plus --part 2/2 load the table as one run does. The
# reference: the same rows in a partitioned InnoDB table of the head with the same partitioning, each
# partition copied out and checksummed.
source "$(dirname "$0")/lib.sh"

spider_cluster
rows=150000
file=$TEST_TMP/nodes.tsv
"$GEN_NODES" $rows --seed 12 -o "$file"
partitioning="PARTITION BY HASH (id) (PARTITION p1 COMMENT 'srv \"s1\"', PARTITION p2 COMMENT 'srv \"s2\"')"
for name in s1 s2; do on $name -e "CREATE DATABASE n CHARACTER SET utf8mb4; USE n; $NODES_DDL"; done
on head -e "CREATE DATABASE n CHARACTER SET utf8mb4; USE n;
  ${NODES_DDL/ENGINE=InnoDB/ENGINE=SPIDER} COMMENT='wrapper \"mysql\", table \"nodes\"' $partitioning;
  ${NODES_DDL/CREATE TABLE nodes/CREATE TABLE reference} $partitioning;
  LOAD DATA INFILE '$file' INTO TABLE reference CHARACTER SET utf8mb4;
  CREATE TABLE p1 ENGINE=InnoDB AS SELECT * FROM reference PARTITION (p1);
  CREATE TABLE p2 ENGINE=InnoDB AS SELECT * FROM reference PARTITION (p2)"
expected="$(digest_table n.p1 on head) $(digest_table n.p2 on head)"

ledger_chunks() { on "$1" -e "SELECT COUNT(*) FROM n.fastload_ledger" 2>/dev/null || echo 0; }
# shards_exact WHAT: each shard holds its partition of the reference, no id twice.
shards_exact() {
  expect_eq "$1: each shard holds its partition's rows" "$expected" "$(shard_sums n.nodes)"
  for name in s1 s2; do
    expect_eq "$1: no id twice on $name" 0 "$(on $name -e "SELECT COUNT(*) - COUNT(DISTINCT id) FROM n.nodes")"
  done
}

# A shard dies once it has committed a few chunks; it restarts with crash recovery; the rerun finishes.
empty_shards n.nodes
start_fastload --resume --retries 0 --chunk-size 256K --threads 2 "$file" n.nodes
for _ in $(seq 600); do (($(ledger_chunks s2) >= 3)) && break; sleep 0.02; done
restart_server s2
reap
echo "$ERR"
[[ $RC == 9 || $RC == 4 ]] && pass || fail "the run whose shard died: exit code 9 or 4, got $RC"
expect_match "the run whose shard died: named" "shard s2|s2" "$ERR"
run_fastload --resume --chunk-size 256K --json "$file" n.nodes
expect_eq "--resume after the shard died: exit code ($ERR)" 0 "$RC"
before=$(json rows_loaded_before)
((before > 0)) && pass || fail "--resume after the shard died: some chunks were loaded before ($before)"
shards_exact "--resume after the shard died"
run_fastload --resume --chunk-size 256K --json "$file" n.nodes
expect_eq "--resume of a finished load: exit code ($ERR)" 0 "$RC"
expect_eq "--resume of a finished load: nothing loaded" 0 "$(json rows)"
shards_exact "--resume of a finished load"

# Killed between the COMMITs of one chunk's parts (FASTLOAD_FAULT: after the first shard's COMMIT of chunk
# 2): the rerun loads the other shard's part of it and the rest.
empty_shards n.nodes
killed_after 2 --resume --threads 1 --chunk-size 256K "$file" n.nodes
expect_eq "killed between two shards' COMMITs" 137 "$KILLED"
expect_eq "killed between two shards' COMMITs: chunk 2 on s1 only" "1 0" \
  "$(on s1 -e "SELECT COUNT(*) FROM n.fastload_ledger WHERE chunk = 2") $(on s2 -e "SELECT COUNT(*) FROM n.fastload_ledger WHERE chunk = 2")"
run_fastload --resume --chunk-size 256K "$file" n.nodes
expect_eq "--resume after the kill between COMMITs: exit code ($ERR)" 0 "$RC"
shards_exact "--resume after the kill between COMMITs"

# The answer to a shard's COMMIT lost: with --resume that shard's ledger answers and the load goes on;
# without, the run says which shard's part is in doubt.
empty_shards n.nodes
FASTLOAD_FAULT=after-commit:2:lose run_fastload --resume --chunk-size 256K "$file" n.nodes
expect_eq "lost COMMIT answer with --resume: exit code ($ERR)" 0 "$RC"
expect_match "lost COMMIT answer with --resume: the ledger answered" "on shard s1 was lost during COMMIT; the ledger says it was committed" "$ERR"
shards_exact "lost COMMIT answer with --resume"
empty_shards n.nodes
FASTLOAD_FAULT=after-commit:2:lose run_fastload --chunk-size 256K --json "$file" n.nodes
expect_eq "lost COMMIT answer without --resume: exit code" 9 "$RC"
expect_match "lost COMMIT answer without --resume: why" "whether its rows on shard s1 are in the table is unknown" "$ERR"
expect_match "lost COMMIT answer without --resume: json" '"state":"unknown","first_chunk":2,' "$OUT"

# Two processes, each its part of the chunks, make one load; with --resume either may finish the other's.
for resume in "" --resume; do
  empty_shards n.nodes
  run_fastload $resume --part 1/2 --chunk-size 256K --json "$file" n.nodes
  expect_eq "--part 1/2 $resume: exit code ($ERR)" 0 "$RC"
  part1=$(json rows)
  ((part1 > 0 && part1 < rows)) && pass || fail "--part 1/2 $resume: loaded part of the rows ($part1)"
  run_fastload $resume --part 2/2 --chunk-size 256K --json "$file" n.nodes
  expect_eq "--part 2/2 $resume: exit code ($ERR)" 0 "$RC"
  expect_eq "--part 2/2 $resume: the other rows" $((rows - part1)) "$(json rows)"
  shards_exact "--part 1/2 + 2/2 $resume"
done

finish
