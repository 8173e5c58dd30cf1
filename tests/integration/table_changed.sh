# An ALTER TABLE between two chunks. Every mode names the columns it resolved
# at the start, and before each COMMIT checks that the table's columns are
# still those: a reordered, added or dropped column stops the load with exit
# 5 and the chunk rolled back, and the chunks committed before hold exactly
# the server's rows. A change that leaves the columns alone (an index, a
# comment) lets the load go on.
source "$(dirname "$0")/lib.sh"

db=table_changed_$$
fresh_db $db
file=$TEST_TMP/rows.tsv
for ((i = 1; i <= 2000; i++)); do printf '%d\tb%d\tc%d\n' "$i" "$i" "$i"; done >"$file"
DDL="CREATE TABLE t (id int PRIMARY KEY, b varchar(20), c varchar(20)) ENGINE=InnoDB"

# load_altering ALTER MODE PAUSE_CHUNK LAYOUT...: fastload paused before it sends chunk PAUSE_CHUNK, the
# ALTER run meanwhile; RC, OUT, ERR as run_fastload sets them.
load_altering() {
  local alter=$1 mode=$2 chunk=$3
  shift 3
  sql $db -e "DROP TABLE IF EXISTS t; $DDL"
  # shellcheck disable=SC2016 # the ALTER is run by paused_load
  paused_load "$chunk" 'sql $db -e "SET SESSION lock_wait_timeout = 60; $alter"' --mode "$mode" "$@" --json "$file" $db.t
}

# The server's own load of the rows fastload committed: the whole file loaded
# into the original table, altered the same way, then cut to the ids fastload
# stored. Equal checksums: every stored row is the server's, value for value.
expect_server_rows() {
  local what=$1 alter=$2
  sql $db -e "DROP TABLE IF EXISTS ref; ${DDL/TABLE t/TABLE ref}"
  sql $db -e "LOAD DATA INFILE '$file' INTO TABLE ref; ${alter//TABLE t/TABLE ref};
              DELETE FROM ref WHERE id NOT IN (SELECT id FROM t)"
  expect_eq "$what: the stored rows are the server's" "$(checksum $db.ref)" "$(checksum $db.t)"
  expect_eq "$what: as many rows as committed" "$(json rows)" "$(count $db.t)"
}

# layouts MODE: "PAUSE_CHUNK LAYOUT" lines for MODE.
layouts() {
  mode_layouts "$1" 0 "2 --threads 1 --chunk-size 8K" "1 --threads 2 --chunk-size 16K" "3 --threads 3 --chunk-size 4K"
}

reorder="ALTER TABLE t MODIFY COLUMN b varchar(20) FIRST"
for mode in load insert multirow row server bulk; do
  while read -r chunk layout; do
    what="$mode $layout, chunk $chunk"
    # shellcheck disable=SC2086
    load_altering "$reorder" $mode $chunk $layout
    expect_eq "$what: exit code" 5 "$RC"
    expect_match "$what: message" "^fastload: .*rows\\.tsv: chunk [0-9]+ .*the columns of $db\\.t changed during the load.*nothing of this chunk was committed" "$ERR"
    expect_eq "$what: no row moved to another column" 0 \
      "$(sql -e "SELECT COUNT(*) FROM $db.t WHERE b <> CONCAT('b', id) OR c <> CONCAT('c', id)")"
    expect_server_rows "$what" "$reorder"
    [[ $mode == server || $mode == bulk ]] && expect_eq "$what: nothing committed" 0 "$(count $db.t)"
  done < <(layouts $mode)
done

# A column added at the end, with a default, or dropped: the columns changed, the load stops too.
for alter in "ALTER TABLE t ADD COLUMN d int DEFAULT 7" "ALTER TABLE t DROP COLUMN c"; do
  for mode in load insert; do
    load_altering "$alter" $mode 2 --threads 1 --chunk-size 8K
    expect_eq "$alter, $mode: exit code" 5 "$RC"
    expect_match "$alter, $mode: message" "the columns of $db\\.t changed" "$ERR"
    expect_server_rows "$alter, $mode" "$alter"
  done
done

# Changes that leave the columns as they were: the load goes on and is the server's.
sql $db -e "DROP TABLE IF EXISTS ref; ${DDL/TABLE t/TABLE ref}"
expected=$(reference $db ref "$file")
for alter in "ALTER TABLE t ADD INDEX (c)" "ALTER TABLE t COMMENT = 'changed'"; do
  for mode in load multirow; do
    load_altering "$alter" $mode 2 --threads 2 --chunk-size 8K
    expect_eq "$alter, $mode: exit code" 0 "$RC"
    expect_eq "$alter, $mode: the server's load" "$expected" "$(checksum $db.t)"
  done
done

# The list every mode names is what LOAD DATA without one fills: an INVISIBLE column keeps its default.
sql $db -e "CREATE TABLE inv (id int PRIMARY KEY, h int INVISIBLE DEFAULT 7, b varchar(20), c varchar(20))"
expected=$(reference $db inv "$file")
for mode in load insert multirow row server bulk; do
  sql $db -e "TRUNCATE inv"
  run_fastload --mode $mode "$file" $db.inv
  expect_eq "invisible column, $mode: exit code" 0 "$RC"
  expect_eq "invisible column, $mode: the server's load" "$expected" "$(checksum $db.inv)"
done

sql -e "DROP DATABASE $db"
finish
