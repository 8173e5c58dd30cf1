#!/usr/bin/env bash
# bench/restore.sh [ROWS [ROUNDS]]
#
# Restoring a database of several tables with foreign keys and secondary indexes: one big table (ROWS nodes rows,
# default 2000000, two secondary indexes, a foreign key to changesets), two medium ones (changesets, users: the
# nodes' distinct changesets and users) and a small one (a lookup of 1,000 rows). The database is dumped once
# with `mariadb-dump --tab` and once with mydumper, then restored into an empty database, ROUNDS rounds
# (default 2) alternating (every other round in reverse order), by:
#   fastload DIR DB          fastload --threads 2 on the --tab directory (it creates the tables itself)
#   mariadb-import           the tables created first from the T.sql files (untimed), then
#                            mariadb-import --local --use-threads=2 --ignore-foreign-keys of the T.txt files
#   myloader                 myloader --threads 2 of the mydumper directory (it creates the tables)
# and prints each one's median wall time, server and client CPU, and its wall time relative to fastload, then
# fastload's own account (a line a table) of its last restore. Every restore's tables are compared with the
# source's by digest_table (their rows and CHECKSUM TABLE). Scratch MariaDB: buffer pool 4G (BUFFER_POOL), redo
# log 2G. Results are in docs/benchmarks.md ("Restoring a database").
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/../scripts/lib.sh"

rows=${1:-2000000} rounds=${2:-2}
scripts/setup.sh
command -v mydumper >/dev/null || { step "installing mydumper (myloader)"; apt-get install -y -q mydumper >/dev/null; }
step "starting a scratch server (buffer pool ${BUFFER_POOL:-4G}, redo log 2G)"
scratch_server --buffer-pool "${BUFFER_POOL:-4G}" --log-file-size 2G

step "the source database: $rows nodes rows and the tables they refer to"
"$BUILD_DIR/bench/gen-nodes" "$rows" -o "$SCRATCH/nodes.tsv"
sql -e "CREATE DATABASE src"
sql src -e "$NODES_DDL; LOAD DATA INFILE '$SCRATCH/nodes.tsv' INTO TABLE nodes;
  CREATE TABLE users (uid bigint PRIMARY KEY, name varchar(255), KEY name (name)) ENGINE=InnoDB
    AS SELECT uid, MAX(user) AS name FROM nodes GROUP BY uid;
  CREATE TABLE changesets (id bigint PRIMARY KEY, uid bigint, opened timestamp NULL, KEY opened (opened),
    CONSTRAINT changeset_user FOREIGN KEY (uid) REFERENCES users (uid)) ENGINE=InnoDB
    AS SELECT changeset AS id, MIN(uid) AS uid, MIN(timestamp) AS opened FROM nodes GROUP BY changeset;
  CREATE TABLE tags (id int PRIMARY KEY, tag varchar(64), weight decimal(6,3)) ENGINE=InnoDB;
  INSERT INTO tags SELECT seq, CONCAT('tag-', seq), seq / 7 FROM seq_1_to_1000;
  ALTER TABLE nodes ADD KEY changeset (changeset), ADD KEY uid_ts (uid, timestamp),
    ADD CONSTRAINT node_changeset FOREIGN KEY (changeset) REFERENCES changesets (id)"
tables="nodes changesets users tags"
sums() { local t out=""; for t in $tables; do out+="$t=$(digest_table "$1.$t" sql) "; done; echo "$out"; }
want=$(sums src)
mkdir -p "$SCRATCH/tab" "$SCRATCH/mydumper" && chmod 777 "$SCRATCH/tab"
mariadb-dump --no-defaults -uroot -S "$SOCKET" --tab="$SCRATCH/tab" src
mydumper -u root -S "$SOCKET" -B src -o "$SCRATCH/mydumper" --threads 2 >/dev/null
du -sh "$SCRATCH/tab" "$SCRATCH/mydumper"

variants=(fastload mariadb-import myloader)
# restore VARIANT: one restore into an empty database `dst`; appends "INDEX wall server client" to results.
restore() {
  local TIMEFORMAT='%3R %3U %3S' before after wall user sys i=$1 t
  sql -e "DROP DATABASE IF EXISTS dst; CREATE DATABASE dst"
  case ${variants[$i]} in
    fastload) command=("$BUILD_DIR/fastload" --socket "$SOCKET" -u root --threads 2 "$SCRATCH/tab" dst) ;;
    mariadb-import)
      for t in $tables; do
        { echo "SET foreign_key_checks = 0;"; cat "$SCRATCH/tab/$t.sql"; } | sql dst
      done
      # --ignore-foreign-keys: a child's file may load before its parent's, as in fastload's restore.
      command=(mariadb-import --no-defaults -uroot -S "$SOCKET" --local --use-threads=2 --ignore-foreign-keys dst)
      for t in $tables; do command+=("$SCRATCH/tab/$t.txt"); done ;;
    myloader) command=(myloader -u root -S "$SOCKET" -d "$SCRATCH/mydumper" -B dst --threads 2) ;;
  esac
  before=$(server_cpu)
  { time "${command[@]}" >"$SCRATCH/out" 2>&1; } 2>"$SCRATCH/time" || { cat "$SCRATCH/out" >&2; die "${variants[$i]} failed"; }
  after=$(server_cpu)
  [[ ${variants[$i]} != fastload ]] || cp "$SCRATCH/out" "$SCRATCH/fastload.out"
  read -r wall user sys <"$SCRATCH/time"
  [[ $(sums dst) == "$want" ]] || die "${variants[$i]}: the restored tables differ from the source: $(sums dst)"
  awk -v i="$i" -v w="$wall" -v u="$user" -v s="$sys" -v b="$before" -v a="$after" \
    'BEGIN { printf "%d %.3f %.2f %.2f\n", i, w, a - b, u + s }' >>"$SCRATCH/results"
  printf 'round %d/%d  %-16s wall %7.2f s (tables equal to the source)\n' "$round" "$rounds" "${variants[$i]}" "$wall"
}

step "$rounds rounds of ${#variants[@]} restores, alternating (every other round in reverse order)"
: >"$SCRATCH/results"
for ((round = 1; round <= rounds; round++)); do
  order=(0 1 2)
  ((round % 2 == 0)) && order=(2 1 0)
  for i in "${order[@]}"; do restore "$i"; done
done

step "medians over $rounds rounds"
echo "| restore | median wall (s) | server CPU (s) | client CPU (s) | wall vs fastload |"
echo "|---|---:|---:|---:|---:|"
awk -v names="${variants[*]}" 'BEGIN { split(names, name, " ") }
  { n[$1]++; wall[$1, n[$1]] = $2; srv[$1, n[$1]] = $3; cli[$1, n[$1]] = $4 }
  function median(a, i, k,   v, j, m, t) { for (j = 1; j <= k; j++) v[j] = a[i, j]
    for (j = 2; j <= k; j++) for (m = j; m > 1 && v[m-1] > v[m]; m--) { t = v[m]; v[m] = v[m-1]; v[m-1] = t }
    return k % 2 ? v[(k + 1) / 2] : (v[k / 2] + v[k / 2 + 1]) / 2 }
  END { base = median(wall, 0, n[0])
    for (i = 0; i < 3; i++) printf "| %s | %.2f | %.2f | %.2f | %.2f |\n", name[i + 1], median(wall, i, n[i]),
      median(srv, i, n[i]), median(cli, i, n[i]), median(wall, i, n[i]) / base }' "$SCRATCH/results"
step "fastload's own account of its last restore"
cat "$SCRATCH/fastload.out"
