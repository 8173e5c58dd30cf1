# Tables with INVISIBLE and generated columns load in every mode as the server's own LOAD DATA INFILE loads
# them (the same rows): without --columns the fields fill the visible columns, an invisible column named in
# --columns is filled. A field for a generated column, whose value the server would drop without a word, is
# refused before anything is read (exit 2, saying which --columns leaves it out), and loads once read into a
# variable.
source "$(dirname "$0")/lib.sh"

DB=hidden_columns
fresh_db $DB
sql $DB -e "CREATE TABLE iv (id int PRIMARY KEY, h int INVISIBLE DEFAULT 7, s varchar(20)) DEFAULT CHARSET=utf8mb4;
  CREATE TABLE gv (id int PRIMARY KEY, g int AS (id * 2) STORED, s varchar(20), v varchar(30) AS (CONCAT(s, '!')) VIRTUAL,
    KEY (g)) DEFAULT CHARSET=utf8mb4"

two=$TEST_TMP/two.tsv three=$TEST_TMP/three.tsv four=$TEST_TMP/four.tsv
awk 'BEGIN { for (i = 1; i <= 2000; i++) printf "%d\tname %d\n", i, i }' >"$two"
awk 'BEGIN { for (i = 1; i <= 2000; i++) printf "%d\t%d\tname %d\n", i, i % 9, i }' >"$three"
awk 'BEGIN { for (i = 1; i <= 2000; i++) printf "%d\t%d\tname %d\tjunk %d\n", i, i * 3, i, i }' >"$four"

RUNS=("--mode load --threads 2 --chunk-size 4K" "--mode insert --threads 2 --chunk-size 4K --batch-rows 50"
      "--mode multirow --threads 3 --chunk-size 4K" "--mode row" "--mode server" "--mode bulk")

# rows TABLE: TABLE's rows: iv's checksum (its invisible column too), gv's rows digest alone: MariaDB 10.11 gave
# CHECKSUM TABLE different for two loads of the same rows into a table with a VIRTUAL column.
rows() {
  case $1 in
    iv) checksum $DB.iv ;;
    gv) rows_digest $DB.gv ;;
  esac
}

# same TABLE FILE CLAUSES [OPTIONS...]: every run loads FILE into TABLE as LOAD DATA INFILE ... CLAUSES does.
same() {
  local table=$1 file=$2 clauses=$3
  shift 3
  sql $DB -e "TRUNCATE $table; LOAD DATA INFILE '$file' INTO TABLE $table CHARACTER SET utf8mb4 $clauses"
  local expected
  expected=$(rows "$table")
  for run in "${RUNS[@]}"; do
    sql $DB -e "TRUNCATE $table"
    # shellcheck disable=SC2086  # $run is a list of options
    run_fastload $run "$@" "$file" $DB.$table
    expect_eq "exit, $table $clauses, $run" 0 "$RC"
    expect_eq "table, $table $clauses, $run" "$expected" "$(rows "$table")"
  done
}

same iv "$two" ""
expect_eq "the invisible column kept its default" "2000" "$(sql $DB -e "SELECT COUNT(*) FROM iv WHERE h = 7")"
same iv "$three" "(id, h, s)" --columns id,h,s
same gv "$two" "(id, s)" --columns id,s
same gv "$four" "(id, @g, s, @v)" --columns id,@g,s,@v

for run in "${RUNS[@]}"; do
  sql $DB -e "TRUNCATE gv"
  # shellcheck disable=SC2086
  run_fastload $run "$four" $DB.gv
  expect_eq "a field for a generated column, $run: exit" 2 "$RC"
  expect_match "a field for a generated column, $run: message" \
    "^fastload: \`g\` is a generated column of $DB.gv: .* e\.g\. --columns id,@g,s,@v" "$ERR"
  # shellcheck disable=SC2086
  run_fastload $run --columns id,g,s,@v "$four" $DB.gv
  expect_eq "a generated column in --columns, $run: exit" 2 "$RC"
  expect_match "a generated column in --columns, $run: message" "\(@g instead of g in --columns\)" "$ERR"
done
expect_eq "nothing loaded by the refused runs" 0 "$(count $DB.gv)"

sql -e "DROP DATABASE $DB"
finish
