# --set expressions give every row what one LOAD DATA INFILE of the whole file gives it, whatever the mode,
# threads and chunks: subqueries and REGEXP patterns over the row's fields (which MariaDB's array binding
# would evaluate once a batch), RAND(seed), tables and functions named without their database (each session's
# default database is the target's), NOW() and DEFAULT CURRENT_TIMESTAMP (one value for the whole load, as one
# statement has). What depends on the statement or the session (ROWNUM(), CONNECTION_ID(), sequences, ':='
# counters) is refused before anything is loaded.
source "$(dirname "$0")/lib.sh"

DB=set_per_row
fresh_db $DB
sql $DB -e "CREATE TABLE names (n int PRIMARY KEY, s varchar(10));
  INSERT INTO names VALUES (1,'one'),(2,'two'),(3,'three'),(4,'four');
  CREATE FUNCTION spelled(v int) RETURNS varchar(20) READS SQL DATA RETURN (SELECT s FROM names WHERE n = v);
  CREATE TABLE t (id int PRIMARY KEY, c varchar(60)) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;
  CREATE TABLE times (id int PRIMARY KEY, ts datetime(6), d datetime(6) DEFAULT CURRENT_TIMESTAMP(6),
    u timestamp(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3) ON UPDATE CURRENT_TIMESTAMP(3),
    day date DEFAULT (curdate() + INTERVAL 1 DAY), h int INVISIBLE DEFAULT (UNIX_TIMESTAMP() % 1000000))
    ENGINE=InnoDB DEFAULT CHARSET=utf8mb4"

file=$TEST_TMP/rows.tsv
awk 'BEGIN { for (i = 1; i <= 3000; i++) printf "%d\t%d\n", i, (i * 7) % 6 }' >"$file"

EXPRESSIONS=(
  "(SELECT s FROM names WHERE n = @n)"
  "CONCAT(@n, (SELECT COUNT(*) FROM names WHERE n < @n))"
  "@n IN (SELECT n FROM names WHERE n > 2)"
  "EXISTS (SELECT 1 FROM $DB.names WHERE n = @n + 1)"
  "CONCAT('a', @n) REGEXP CONCAT('^a', @n, '\$')"
  "RAND(@n)"
  "spelled(@n)"
)
RUNS=("--mode load --threads 2 --chunk-size 2K" "--mode insert --threads 2 --chunk-size 3K --batch-rows 100"
      "--mode insert --threads 1" "--mode multirow --threads 3 --chunk-size 2K" "--mode row --threads 2 --chunk-size 8K"
      "--mode server" "--mode bulk")

for e in "${EXPRESSIONS[@]}"; do
  sql $DB -e "TRUNCATE t; LOAD DATA INFILE '$file' INTO TABLE t CHARACTER SET utf8mb4 (id, @n) SET c = $e"
  expected=$(checksum $DB.t)
  for run in "${RUNS[@]}"; do
    sql $DB -e "TRUNCATE t"
    # shellcheck disable=SC2086  # $run is a list of options
    run_fastload $run --columns id,@n --set "c = $e" "$file" $DB.t
    expect_eq "exit of $run, c = $e" 0 "$RC"
    expect_eq "table after $run, c = $e" "$expected" "$(checksum $DB.t)"
  done
done

# The insert mode says why it does not use array binding here.
run_fastload --mode insert -v --columns id,@n --set "c = (SELECT s FROM names WHERE n = @n)" "$file" $DB.t
expect_match "method without array binding" "not array binding: --set expressions read the fields" "$ERR"

# One timestamp for the whole load, as one statement has: NOW() in --set and the columns' DEFAULTs (of their
# precision, ON UPDATE, an expression, an invisible column's), also where REPLACE replaces every row.
for run in "${RUNS[@]}"; do
  for duplicates in "" "--on-duplicate replace"; do
    [[ -z $duplicates || $run != *bulk* ]] || continue  # --mode bulk loads an empty table only
    [[ -n $duplicates ]] || sql $DB -e "TRUNCATE times"
    [[ -z $duplicates ]] || sleep 1.1  # the rows replaced are a second older
    # shellcheck disable=SC2086
    run_fastload $run $duplicates --columns id,@n --set "ts = NOW(6)" "$file" $DB.times
    expect_eq "exit of $run $duplicates, NOW(6)" 0 "$RC"
    expect_eq "one NOW(6) and one of each DEFAULT for the load, the same, $run $duplicates" "3000 1 1 1 1 1 1 1 1 1" \
      "$(sql $DB -e "SELECT COUNT(*), COUNT(DISTINCT ts), COUNT(DISTINCT d), COUNT(DISTINCT u), COUNT(DISTINCT day),
                            COUNT(DISTINCT h), MIN(ts = d), MIN(u = LEFT(ts, 23)), MIN(day = DATE(ts) + INTERVAL 1 DAY),
                            MIN(h = UNIX_TIMESTAMP(LEFT(ts, 19)) % 1000000) FROM times" | tr '\t' ' ')"
  done
done
# A session opened again after a lost connection (a COMMIT answer lost, the ledger says the chunk is not in)
# keeps the run's timestamp.
sql $DB -e "TRUNCATE times"
FASTLOAD_FAULT=before-commit:2:lose run_fastload --threads 2 --chunk-size 2K --resume --columns id,@n \
  --set "ts = NOW(6)" "$file" $DB.times
expect_eq "exit after a lost connection" 0 "$RC"
expect_match "the chunk was tried again" "the ledger says it was not committed" "$ERR"
expect_eq "one timestamp across the reconnect" "3000 1" \
  "$(sql $DB -e "SELECT COUNT(*), COUNT(DISTINCT ts) FROM times" | tr '\t' ' ')"
# ... and it is the time the run started: within the minute around it.
expect_eq "NOW() is the run's" 1 \
  "$(sql $DB -e "SELECT MAX(ts) BETWEEN NOW(6) - INTERVAL 60 SECOND AND NOW(6) FROM times")"

# What depends on the statement or the session is refused before anything is loaded, in every mode.
sql $DB -e "TRUNCATE t; CREATE SEQUENCE seq"
for e in "ROWNUM()" "CONNECTION_ID()" "LAST_INSERT_ID() + @n" "NEXT VALUE FOR seq" "NEXTVAL(seq)" \
         "(@k := IFNULL(@k, 0) + 1)"; do
  for mode in load insert multirow server; do
    run_fastload --mode $mode --columns id,@n --set "c = $e" "$file" $DB.t
    expect_eq "exit for c = $e, --mode $mode" 2 "$RC"
    expect_match "message for c = $e" "^fastload: --set 'c = .*(depends on the statement or the session|sequence|':=').*" "$ERR"
  done
done
expect_eq "nothing loaded by refused runs" 0 "$(count $DB.t)"

sql -e "DROP DATABASE $DB"
finish
