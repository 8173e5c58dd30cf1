# Names hold any character the server allows. A database, table and column named with characters beyond ASCII
# load in every mode, with --atomic and with --resume, as the server's own LOAD DATA INFILE loads them. Four-byte
# characters (😀, outside Unicode's Basic Multilingual Plane): where the server refuses them in names (MariaDB and
# MySQL keep names in utf8mb3), fastload says no table of that name can exist (exit 5) instead of failing on
# information_schema's comparison ("Illegal mix of collations", exit 9); where a server takes them, they load as
# any other name.
source "$(dirname "$0")/lib.sh"

file=$TEST_TMP/rows.tsv
printf '1\tone\n2\tdeux €\n3\t三\n4\t\\N\n5\tfünf 😀\n' >"$file"
for ((i = 6; i <= 3000; i++)); do printf '%d\trow %d ☃\n' "$i" "$i"; done >>"$file"
rows=3000
created=()
trap 'for d in "${created[@]}"; do sql -e "DROP DATABASE IF EXISTS \`$d\`" 2>/dev/null || true; done' EXIT

# loads_like_the_server DB TABLE COLUMN: DB.TABLE (one INT key and a utf8mb4 COLUMN) loaded in every mode, with
# --atomic and --resume, each the same as the server's LOAD DATA INFILE of the file.
loads_like_the_server() {
  local db=$1 table=$2 column=$3 target expected mode
  target="\`$db\`.\`$table\`"
  created+=("$db")
  fresh_db "$db"
  sql -e "CREATE TABLE $target (id int PRIMARY KEY, \`$column\` varchar(40)) ENGINE=InnoDB"
  expected=$(reference "$db" "$table" "$file")
  for mode in auto load insert multirow row; do
    check_load "$db.$table --mode $mode" "$target" $rows "$expected" --mode $mode --threads 2 --chunk-size 8K "$file"
  done
  check_load "$db.$table --atomic" "$target" $rows "$expected" --atomic --threads 2 --chunk-size 8K "$file"
  sql -e "DROP TABLE IF EXISTS \`$db\`.fastload_ledger"
  check_load "$db.$table --resume" "$target" $rows "$expected" --resume --threads 2 --chunk-size 8K "$file"
  run_fastload --resume --threads 2 --chunk-size 8K --json "$file" "$target"
  expect_eq "$db.$table --resume again: exit code ($ERR)" 0 "$RC"
  expect_eq "$db.$table --resume again: all loaded before" $rows "$(json rows_loaded_before)"
  check_load "$db.$table --columns" "$target" $rows "$expected" --columns "id,$column" "$file"
}

# Two- and three-byte characters, which every server takes.
loads_like_the_server "d☃é_$$" "no中文€" "c✓ü"

# Four-byte ones: whether the server takes them in a name is its own to say.
db4="d😀_$$" table4="no😀" column4="c😀"
if sql -e "CREATE DATABASE \`$db4\`" 2>"$TEST_TMP/refused"; then
  sql -e "DROP DATABASE \`$db4\`"
  loads_like_the_server "$db4" "$table4" "$column4"
else
  expect_match "the server refuses a 4-byte name" "ERROR 1300" "$(cat "$TEST_TMP/refused")"
  db="names_4byte_$$"
  created+=("$db")
  fresh_db $db
  sql -e "CREATE TABLE $db.t (id int PRIMARY KEY, v varchar(40)) ENGINE=InnoDB"
  for mode in auto load insert multirow row; do
    for target in "$db4.t" "$db.$table4"; do
      run_fastload --mode $mode "$file" "$target"
      expect_eq "$target --mode $mode: exit code ($ERR)" 5 "$RC"
      expect_match "$target --mode $mode: says why" \
        "^fastload: table ${target//./\\.} cannot exist: its name holds 😀 \\(U\\+1F600\\), a character outside Unicode's Basic Multilingual Plane" "$ERR"
    done
  done
  for option in --atomic --resume; do
    run_fastload $option "$file" "$db.$table4"
    expect_eq "$table4 $option: exit code ($ERR)" 5 "$RC"
    expect_match "$table4 $option: says why" "cannot exist: its name holds 😀" "$ERR"
  done
  run_fastload --columns "id,$column4" "$file" "$db.t"
  expect_eq "--columns $column4: exit code ($ERR)" 2 "$RC"
  expect_match "--columns $column4: names the column" "$column4" "$ERR"
  # A run of many tables into such a database: the same answer for the database.
  cp "$file" "$TEST_TMP/t.tsv"
  run_fastload "$TEST_TMP/t.tsv" "$db4"
  expect_eq "database $db4: exit code ($ERR)" 5 "$RC"
  expect_match "database $db4: says why" "^fastload: database $db4 cannot exist: its name holds 😀" "$ERR"
  if grep -q "Illegal mix" <<<"$ERR"; then fail "database $db4: the server's comparison failed: $ERR"; else pass; fi
  expect_eq "nothing loaded" 0 "$(count $db.t)"
fi
finish
