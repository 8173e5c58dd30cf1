# A `--tab` dump whose tables refer to each other (a child of two parents, a parent of a grandparent, a table
# referring to itself), restored with the child loading first, last and between (a run loads the largest table
# first, so the tables' sizes set the order), on 1 and 2 threads with small chunks (several tables' chunks in
# flight at once): every table equal to the source by checksum, every index (those the foreign keys use,
# dropped for the load, too) back as the source has it; a missing parent row refused with its child's first row,
# by file and line.
source "$(dirname "$0")/lib.sh"

# restore_case NAME G P C: g, p (-> g) and c (-> p, -> g, -> c) with G, P and C rows.
restore_case() {
  local name=$1 g=$2 p=$3 c=$4 src=fko_src_$1 dst=fko_dst_$1 t threads
  fresh_db $src
  sql $src -e "CREATE TABLE g (id int PRIMARY KEY, name varchar(40), KEY name (name)) ENGINE=InnoDB;
    CREATE TABLE p (id int PRIMARY KEY, gid int NOT NULL, label varchar(30), KEY label (label),
      KEY gid_id (gid, id), CONSTRAINT p_g FOREIGN KEY (gid) REFERENCES g (id)) ENGINE=InnoDB;
    CREATE TABLE c (id int PRIMARY KEY, pid int, gid int, up int, note varchar(50),
      CONSTRAINT c_p FOREIGN KEY (pid) REFERENCES p (id) ON DELETE CASCADE,
      CONSTRAINT c_g FOREIGN KEY (gid, pid) REFERENCES p (gid, id),
      CONSTRAINT c_up FOREIGN KEY (up) REFERENCES c (id)) ENGINE=InnoDB;
    INSERT INTO g SELECT seq, CONCAT('grand ', seq, REPEAT('x', seq % 17)) FROM seq_1_to_$g;
    INSERT INTO p SELECT seq, 1 + (seq * 7) % $g, CONCAT('p', seq % 101) FROM seq_1_to_$p;
    SET foreign_key_checks = 0;
    INSERT INTO c SELECT seq, IF(seq % 13 = 0, NULL, 1 + (seq * 11) % $p), NULL,
      IF(seq % 5 = 0, NULL, $c + 1 - seq), CONCAT('n\t', seq) FROM seq_1_to_$c;
    UPDATE c JOIN p ON p.id = c.pid SET c.gid = p.gid WHERE c.id % 3 = 0"
  local dump=$TEST_TMP/$name
  mkdir -p "$dump" && chmod 777 "$dump"
  mariadb-dump --no-defaults -uroot -S "$SOCKET" --tab="$dump" $src
  local want="" definitions=""
  for t in g p c; do
    want+="$t=$(checksum $src.$t) "
    definitions+="$(sql $src -e "SHOW CREATE TABLE $t" | cut -f2-)"
  done
  for threads in 1 2; do
    fresh_db $dst
    run_fastload --threads $threads --chunk-size 16K "$dump" $dst
    expect_eq "$name, $threads threads: exit code ($ERR)" 0 "$RC"
    local got="" got_definitions=""
    for t in g p c; do
      got+="$t=$(checksum $dst.$t) "
      got_definitions+="$(sql $dst -e "SHOW CREATE TABLE $t" | cut -f2-)"
    done
    expect_eq "$name, $threads threads: every table equal to the source" "$want" "$got"
    expect_eq "$name, $threads threads: every index and foreign key back" "$definitions" "$got_definitions"
  done
  # The parent (in g) of p's first row gone: p's rows that refer to it are named, the first by its line.
  local gone
  gone=$(sql $src -e "SELECT gid FROM p WHERE id = 1")
  grep -v -P "^$gone\t" "$dump/g.txt" >"$dump/g.cut" && mv "$dump/g.cut" "$dump/g.txt"
  fresh_db $dst
  run_fastload --threads 2 --chunk-size 16K "$dump" $dst
  expect_eq "$name, a parent missing: exit code" 14 "$RC"
  expect_match "$name, a parent missing: the child's row named" \
    "fastload: $dst.p: rows whose foreign key p_g \(gid\) finds no row in $dst.g: $dump/p.txt line 1 \(gid=$gone\)" "$ERR"
  sql -e "DROP DATABASE $src; DROP DATABASE $dst"
}

restore_case child_first 40 400 6000    # c the largest: it loads before its parents
restore_case child_last 6000 400 40     # g the largest, c the smallest
restore_case child_between 400 6000 800
finish
