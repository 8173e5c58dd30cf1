# Shard-direct loads of Spider tables: a head server with the Spider engine and two shard servers, private
# to this test. For HASH, RANGE, LINEAR HASH (two partitions in one shard's table) and LIST COLUMNS tables,
# each shard holds exactly the rows the head's own LOAD DATA INFILE puts there (checksum of each
# shard table); a KEY partitioned table, and a user who may not read Spider's map, load through the head,
# saying why; a row without a partition fails with its line, nothing of its chunk committed anywhere;
# --shard reaches a shard another way, and the shards' password is never printed.
source "$(dirname "$0")/lib.sh"

spider_cluster
rows=30000
file=$TEST_TMP/nodes.tsv
"$GEN_NODES" $rows --seed 11 -o "$file"
for name in s1 s2; do on $name -e "CREATE DATABASE n CHARACTER SET utf8mb4"; done
on head -e "CREATE DATABASE n CHARACTER SET utf8mb4"

# spider_table NAME PARTITIONING [KEY]: the nodes table NAME on both shards, and the Spider table NAME on the
# head, with the primary key KEY there (a partitioned table's keys hold the partitioning columns).
spider_table() {
  local ddl=${NODES_DDL/CREATE TABLE nodes/CREATE TABLE $1} head
  for name in s1 s2; do on $name n -e "$ddl"; done
  head=${ddl/ENGINE=InnoDB/ENGINE=SPIDER}
  [[ -z ${3:-} ]] || head=${head/id bigint PRIMARY KEY/id bigint NOT NULL}
  [[ -z ${3:-} ]] || head=${head/user varchar(255))/user varchar(255), PRIMARY KEY ($3))}
  on head n -e "$head COMMENT='wrapper \"mysql\", table \"$1\"' $2"
}
spider_table hash "PARTITION BY HASH (id) (PARTITION p1 COMMENT 'srv \"s1\"', PARTITION p2 COMMENT 'srv \"s2\"')"
spider_table ranged "PARTITION BY RANGE (id) (PARTITION low VALUES LESS THAN (300000) COMMENT 'srv \"s1\"',
  PARTITION high VALUES LESS THAN MAXVALUE COMMENT 'srv \"s2\"')"
spider_table linear_hashed "PARTITION BY LINEAR HASH (uid) (PARTITION a COMMENT 'srv \"s1\"',
  PARTITION b COMMENT 'srv \"s2\"', PARTITION c COMMENT 'srv \"s1\"')" "id, uid"
spider_table listed "PARTITION BY LIST COLUMNS (version) (PARTITION few VALUES IN (1, 2, 3) COMMENT 'srv \"s1\"',
  PARTITION many VALUES IN ($(seq -s, 4 60)) COMMENT 'srv \"s2\"')" "id, version"
spider_table keyed "PARTITION BY KEY (id) (PARTITION p1 COMMENT 'srv \"s1\"', PARTITION p2 COMMENT 'srv \"s2\"')"

# shard_counts DB.TABLE: the rows of DB.TABLE on s1 and on s2.
shard_counts() { echo "$(on s1 -e "SELECT COUNT(*) FROM $1") $(on s2 -e "SELECT COUNT(*) FROM $1")"; }

# The reference: the head's own LOAD DATA INFILE of the file, which Spider sends on to the shards.
declare -A expected counts
for table in hash ranged linear_hashed listed keyed; do
  on head -e "LOAD DATA INFILE '$file' INTO TABLE n.$table CHARACTER SET utf8mb4; SHOW WARNINGS" \
    >"$TEST_TMP/reference.warnings"
  [[ ! -s $TEST_TMP/reference.warnings ]] || fail "the reference load of $table warned"
  expected[$table]=$(shard_sums n.$table)
  counts[$table]=$(shard_counts n.$table)
  read -r c1 c2 <<<"${counts[$table]}"
  expect_eq "$table reference: every row once" $rows $((c1 + c2))
  ((c1 > 0 && c2 > 0)) && pass || fail "$table reference: both shards get rows ($c1, $c2)"
  empty_shards n.$table
done

for table in hash ranged linear_hashed listed; do
  for args in "--threads 2" "--threads 3 --chunk-size 100K" "--mode insert --threads 2"; do
    empty_shards n.$table
    # shellcheck disable=SC2086  # args are words
    run_fastload $args --json --verbose "$file" n.$table
    expect_eq "$table $args: exit code ($ERR)" 0 "$RC"
    expect_eq "$table $args: each shard's rows" "${expected[$table]}" "$(shard_sums n.$table)"
    read -r c1 c2 <<<"${counts[$table]}"
    expect_match "$table $args: rows per shard in the JSON" "\"shards\":\[\{\"name\":\"s1\",\"rows\":$c1\},\{\"name\":\"s2\",\"rows\":$c2\}\]" "$OUT"
    expect_match "$table $args: said" "shard-direct into 2 shards" "$ERR"
    [[ $OUT$ERR != *"$SPIDER_PASSWORD"* ]] && pass || fail "$table $args: the shards' password was printed"
  done
done
expect_eq "the head holds no rows of its own" "0" "$(on head -e "SELECT COUNT(*) FROM information_schema.TABLES
  WHERE TABLE_SCHEMA = 'n' AND ENGINE <> 'SPIDER'")"

# KEY partitioning is the server's hash of the key: loaded through the head, which says why.
empty_shards n.keyed
run_fastload --json "$file" n.keyed
expect_eq "keyed: exit code ($ERR)" 0 "$RC"
expect_match "keyed: through the head, why" "loaded through its head server.*KEY" "$ERR"
expect_eq "keyed: each shard's rows" "${expected[keyed]}" "$(shard_sums n.keyed)"
# An expression of a column, and a table kept on both servers (Spider's multi-link HA): through the head too.
head -n 500 "$file" >"$TEST_TMP/small.tsv"
spider_table expression "PARTITION BY HASH (id DIV 1000) (PARTITION p1 COMMENT 'srv \"s1\"',
  PARTITION p2 COMMENT 'srv \"s2\"')"
run_fastload "$TEST_TMP/small.tsv" n.expression
expect_eq "expression: exit code ($ERR)" 0 "$RC"
expect_match "expression: through the head, why" "loaded through its head server.*expression|loaded through its head server.*id DIV 1000|loaded through its head server.*div" "$ERR"
expect_eq "expression: every row once" 500 $(($(on s1 -e "SELECT COUNT(*) FROM n.expression") + $(on s2 -e "SELECT COUNT(*) FROM n.expression")))
spider_table mirrored "" && on head n -e "ALTER TABLE mirrored COMMENT='wrapper \"mysql\", table \"mirrored\", srv \"s1 s2\"'"
run_fastload "$TEST_TMP/small.tsv" n.mirrored
expect_eq "multi-link: exit code ($ERR)" 0 "$RC"
expect_match "multi-link: through the head, why" "loaded through its head server.*2 links" "$ERR"
expect_eq "multi-link: every row on both" "500 500" "$(shard_counts n.mirrored)"

empty_shards n.hash
run_fastload --via-head "$file" n.hash
expect_eq "--via-head: exit code ($ERR)" 0 "$RC"
expect_match "--via-head: said" "loaded through its head server.*--via-head" "$ERR"
expect_eq "--via-head: each shard's rows" "${expected[hash]}" "$(shard_sums n.hash)"

# A user who may load the table but not read Spider's map (mysql.spider_tables, mysql.servers): the head loads it.
on head -e "CREATE USER loader@localhost; GRANT SELECT, INSERT, DELETE ON n.* TO loader@localhost"
empty_shards n.hash
as_user loader "$file" n.hash
expect_eq "no map: exit code ($ERR)" 0 "$RC"
expect_match "no map: why" "loaded through its head server.*grant SELECT on mysql.spider_tables" "$ERR"
expect_eq "no map: each shard's rows" "${expected[hash]}" "$(shard_sums n.hash)"

# Strict: a row whose value has no partition is named with its line, as the server would refuse it; nothing
# of its chunk is committed on either shard.
empty_shards n.listed
{ head -n 100 "$file"; printf '99999999\t1.0\t1.0\t61\t2020-01-01 00:00:00\t1\t1\tnobody\n'; sed -n '101,200p' "$file"; } \
  >"$TEST_TMP/unlisted.tsv"
run_fastload "$TEST_TMP/unlisted.tsv" n.listed
expect_eq "no partition: exit code" 8 "$RC"
expect_match "no partition: named" "unlisted.tsv:101 .*(1526|no partition for value 61)" "$ERR"
expect_eq "no partition: nothing committed" "0 0" "$(shard_counts n.listed)"
run_fastload --max-errors 1 "$TEST_TMP/unlisted.tsv" n.listed
expect_eq "no partition left out: exit code ($ERR)" 0 "$RC"
read -r c1 c2 <<<"$(shard_counts n.listed)"
expect_eq "no partition left out: the other rows" 200 $((c1 + c2))

# A compressed file is cut into chunks as it is read, each routed the same way; --resume skips them all again.
gzip -c "$file" >"$file.gz"
empty_shards n.hash
run_fastload --resume --chunk-size 200K "$file.gz" n.hash
expect_eq "gzip: exit code ($ERR)" 0 "$RC"
expect_eq "gzip: each shard's rows" "${expected[hash]}" "$(shard_sums n.hash)"
run_fastload --resume --chunk-size 200K --json "$file.gz" n.hash
expect_eq "gzip --resume again: exit code ($ERR)" 0 "$RC"
expect_eq "gzip --resume again: every row loaded before" $rows "$(json rows_loaded_before)"
expect_eq "gzip --resume again: each shard's rows" "${expected[hash]}" "$(shard_sums n.hash)"

# --shard: s1 through its socket as root, s2 through an option file; a name that is no shard is refused.
printf '[client]\nuser=spider\npassword=%s\nhost=127.0.0.1\nport=%s\n' "$SPIDER_PASSWORD" \
  "$(cat "$TEST_TMP/s2/port")" >"$TEST_TMP/s2.cnf"
empty_shards n.hash
run_fastload --shard "s1=root@$TEST_TMP/s1/mysql.sock" --shard "s2=$TEST_TMP/s2.cnf" "$file" n.hash
expect_eq "--shard: exit code ($ERR)" 0 "$RC"
expect_eq "--shard: each shard's rows" "${expected[hash]}" "$(shard_sums n.hash)"
run_fastload --shard "s3=root@$TEST_TMP/s1/mysql.sock" "$file" n.hash
expect_eq "--shard unknown: exit code" 2 "$RC"
expect_match "--shard unknown: why" "^fastload: --shard s3: n.hash has no shard of that name; its shards are s1, s2" "$ERR"
run_fastload --atomic "$file" n.hash
expect_eq "--atomic: refused" 2 "$RC"
expect_match "--atomic: why" "^fastload: --atomic and the Spider table n.hash" "$ERR"
# --partition: the router does not look at it, so shard-direct refuses it; through the head, the head's
# statement carries the clause and refuses the rows of the other partition with their lines.
run_fastload --partition p1 "$file" n.hash
expect_eq "--partition shard-direct: refused" 2 "$RC"
expect_match "--partition shard-direct: why" "^fastload: --partition and the Spider table n.hash: .*--via-head" "$ERR"
empty_shards n.hash
run_fastload --partition p1 --via-head "$file" n.hash
expect_eq "--partition --via-head: rows of p2 refused ($ERR)" 8 "$RC"
expect_match "--partition --via-head: named" "nodes[^ ]*:[0-9]+ \\(byte [0-9]+\\): Found a row not matching the given partition set \\(server code 1748\\)" "$ERR"

finish
