# Differential test of restoring dumps: random databases (tests/tools/gen_dump_db.py: most column types, NULLs,
# generated VIRTUAL and STORED columns, INVISIBLE columns, BIT, latin1 and utf8mb4 text with escapes, names
# mariadb-dump encodes, a foreign key, triggers, views over views) dumped with the real `mariadb-dump --tab`
# under several of its options, restored by fastload under several thread counts and chunk sizes, and every table
# compared with the source row by row (rows_digest) and by checksum and SHOW CREATE TABLE, with every
# view's rows and every trigger. Also: a data-only dump (--no-create-info) into existing tables, and a restore
# killed after a chunk's commit and resumed.
source "$(dirname "$0")/lib.sh"

generate() { python3 "$SOURCE_DIR/tests/tools/gen_dump_db.py" "$@"; }

# make_source DB SEED: a fresh DB filled with the generated database of SEED.
make_source() {
  fresh_db "$1"
  generate "$2" 6 | sql "$1"
}
# dump DB DIR [mariadb-dump options]: DB dumped with --tab into a new DIR (the server writes the files).
dump() {
  local db=$1 dir=$2
  shift 2
  rm -rf "$dir" && mkdir -p "$dir" && chmod 777 "$dir"
  mariadb-dump --no-defaults -uroot -S "$SOCKET" "$@" --tab="$dir" "$db"
}
base_tables() {
  sql -e "SELECT TABLE_NAME FROM information_schema.TABLES WHERE TABLE_SCHEMA = '$1' AND TABLE_TYPE = 'BASE TABLE'
    AND TABLE_NAME NOT LIKE 'fastload\\_%' ORDER BY 1"
}
views() { sql -e "SELECT TABLE_NAME FROM information_schema.VIEWS WHERE TABLE_SCHEMA = '$1' ORDER BY 1"; }
triggers() {
  sql -e "SELECT TRIGGER_NAME, EVENT_MANIPULATION, EVENT_OBJECT_TABLE, ACTION_TIMING, ACTION_STATEMENT
    FROM information_schema.TRIGGERS WHERE TRIGGER_SCHEMA = '$1' ORDER BY 1"
}
# every_column DB TABLE: TABLE's columns, invisible and generated ones too, for a SELECT.
every_column() {
  sql -e "SELECT GROUP_CONCAT(CONCAT('\`', REPLACE(COLUMN_NAME, '\`', '\`\`'), '\`') ORDER BY ORDINAL_POSITION)
    FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = '$1' AND TABLE_NAME = '$2'"
}
# compare WHAT SRC DST: every table (every column's value of every row, its definition), view and trigger of DST
# as in SRC. The checksum too, but not of a table with a VIRTUAL column: MariaDB 10.11's CHECKSUM TABLE gave two
# tables of the same rows (all columns equal) different values there, and one table two values with no change
# between; for such a table the rows digest of every column (above) is the check.
compare() {
  local what=$1 src=$2 dst=$3 table
  expect_eq "$what: the same tables" "$(base_tables "$src")" "$(base_tables "$dst")"
  while IFS= read -r table; do
    local t="\`$table\`" columns
    columns=$(every_column "$src" "$table")
    expect_eq "$what: $table row by row" "$(rows_digest "$src.$t" "$columns")" "$(rows_digest "$dst.$t" "$columns")"
    if ! sql "$src" -e "SHOW CREATE TABLE $t" | grep -q ' VIRTUAL'; then
      expect_eq "$what: $table checksum" "$(checksum "$src.$t")" "$(checksum "$dst.$t")"
    fi
    expect_eq "$what: $table definition" "$(sql "$src" -e "SHOW CREATE TABLE $t" | cut -f2-)" \
      "$(sql "$dst" -e "SHOW CREATE TABLE $t" | cut -f2-)"
  done < <(base_tables "$src")
  expect_eq "$what: the same views" "$(views "$src")" "$(views "$dst")"
  while IFS= read -r view; do
    expect_eq "$what: view $view's rows" "$(rows_digest "$src.\`$view\`")" "$(rows_digest "$dst.\`$view\`")"
  done < <(views "$src")
  expect_eq "$what: the triggers" "$(triggers "$src")" "$(triggers "$dst")"
}

# Each round: a seed's database, mariadb-dump's options, fastload's layout.
rounds=(
  "1|--threads 1|"
  "2|--threads 2 --chunk-size 2K|--order-by-primary"
  "3|--threads 2 --chunk-size 16K|--skip-tz-utc"
  "5|--threads 3 --chunk-size 4K|--skip-triggers"
)
for round in "${rounds[@]}"; do
  IFS='|' read -r seed layout dump_options <<<"$round"
  src=ddiff_src_$seed dst=ddiff_dst_$seed
  make_source $src "$seed"
  # shellcheck disable=SC2086  # options, one a word
  dump $src "$TEST_TMP/dump$seed" $dump_options
  fresh_db $dst
  # shellcheck disable=SC2086
  run_fastload $layout "$TEST_TMP/dump$seed" $dst
  expect_eq "seed $seed ($layout, dump $dump_options): exit code ($ERR)" 0 "$RC"
  if [[ $dump_options == --skip-triggers ]]; then sql $src -e "$(sql -e "SELECT CONCAT('DROP TRIGGER \`',
    TRIGGER_NAME, '\`;') FROM information_schema.TRIGGERS WHERE TRIGGER_SCHEMA = '$src'")"; fi
  compare "seed $seed" $src $dst
  sql -e "DROP DATABASE $dst"
done

# A data-only dump (--no-create-info) into the tables as they are (made from a dump of the structure).
src=ddiff_src_1 dst=ddiff_data
fresh_db $dst
mariadb-dump --no-defaults -uroot -S "$SOCKET" --no-data $src | sql $dst
dump $src "$TEST_TMP/data-only" --no-create-info
run_fastload --threads 2 --chunk-size 2K "$TEST_TMP/data-only" $dst
expect_eq "data only: exit code ($ERR)" 0 "$RC"
compare "data only" $src $dst
sql -e "DROP DATABASE $dst"

# Killed (kill -9) after a chunk's commit, then resumed with the same command: as the source.
src=ddiff_src_2 dst=ddiff_resume
fresh_db $dst
killed_after 3 --resume --threads 2 --chunk-size 2K "$TEST_TMP/dump2" $dst
expect_eq "resume: first run killed" 137 "$KILLED"
run_fastload --resume --threads 2 --chunk-size 2K "$TEST_TMP/dump2" $dst
expect_eq "resume: exit code ($ERR)" 0 "$RC"
compare "resume" $src $dst
sql -e "DROP DATABASE $dst"
for round in "${rounds[@]}"; do sql -e "DROP DATABASE ddiff_src_${round%%|*}"; done

# A BIT value whose byte is a tab: the server writes it unescaped, so the row reads back with a field more (by
# the server's own LOAD DATA of the file too): refused with its line, nothing of the table committed.
fresh_db ddiff_bit
sql ddiff_bit -e "CREATE TABLE b (id int PRIMARY KEY, f bit(8), v varchar(3)) ENGINE=InnoDB;
  INSERT INTO b VALUES (1, 65, 'a'), (2, 9, 'b')"
dump ddiff_bit "$TEST_TMP/bit"
fresh_db ddiff_bit_dst
run_fastload "$TEST_TMP/bit" ddiff_bit_dst
expect_eq "BIT tab: exit code" 8 "$RC"
expect_match "BIT tab: the row named" "bit/b.txt:2 \(byte 6\): the row has 4 fields but the table has 3 columns" "$ERR"
expect_match "BIT tab: the table it created dropped again" "ddiff_bit_dst.b was created by this run .* and nothing was \
committed into it: it was dropped again" "$ERR"
expect_eq "BIT tab: no table left" 0 "$(sql -e "SELECT COUNT(*) FROM information_schema.TABLES WHERE TABLE_SCHEMA =
  'ddiff_bit_dst'")"
sql -e "DROP DATABASE ddiff_bit; DROP DATABASE ddiff_bit_dst"
finish
