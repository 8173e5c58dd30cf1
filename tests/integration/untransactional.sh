# Tables that cannot roll back (MyISAM, Aria, MEMORY): a chunk holding a bad
# row is never "rolled back" and sent again. --max-errors is refused before
# anything is read (exit 2); without it the load stops (exit 8) and says
# exactly what the failed chunk left in the table: in load mode (LOAD DATA
# LOCAL, which the server runs as IGNORE) every row of it, the bad one changed;
# in the INSERT modes and server mode (strict) the rows before the bad one. A
# connection lost around a COMMIT is not retried (exit 9) and says what may
# be stored, and a lock wait timeout is not retried. Each case asserts the exit code, the account and the table's
# exact content, in every mode.
source "$(dirname "$0")/lib.sh"

db=untrans
fresh_db $db
engines=(MyISAM Aria MEMORY)
for engine in "${engines[@]}"; do
  sql $db -e "CREATE TABLE t_$engine (id int NOT NULL, v decimal(5,2)) ENGINE=$engine"
done
# 12 rows of 8 bytes (`07<TAB>1.25`): with --chunk-size 32 (the smallest chunks) and one thread, chunk 0 is lines 1-4,
# chunk 1 lines 5-8 (line 7 bad), chunk 2 lines 9-12.
file=$TEST_TMP/bad.tsv
for i in $(seq 1 12); do
  if ((i == 7)); then printf '07\tabcd\n'; else printf '%02d\t1.25\n' "$i"; fi
done >"$file"
ok_rows() { for i in "$@"; do printf '%d 1.25\n' "$i"; done; }
content() { sql -e "SELECT id, v FROM $db.t_$1 ORDER BY id, v" | tr '\t' ' '; }
# layout MODE: one thread and chunks of 4 rows (--mode server reads the whole file: one chunk).
layout() { [[ $1 == server ]] && layout=(--json) || layout=(--threads 1 --chunk-size 32 --json); }

for engine in "${engines[@]}"; do
  table=$db.t_$engine
  # --max-errors: refused before anything is read, saying why and what to do.
  for mode in load insert multirow row server; do
    sql -e "TRUNCATE $table"
    layout $mode
    run_fastload "${layout[@]}" --mode $mode --max-errors 1 "$file" $table
    what="$engine, --mode $mode, --max-errors 1"
    expect_eq "$what: exit code: $ERR" 2 "$RC"
    article=a
    [[ $engine == Aria ]] && article=an
    if [[ $mode == server ]]; then  # the server reads the file itself: --max-errors needs another mode anyway
      expect_match "$what: message" "^fastload: --mode server: .*rows cannot be left out" "$ERR"
    else
      expect_match "$what: message" "^fastload: --max-errors needs a transactional table and $table is $article $engine table, which cannot roll back: .*stored twice\\. Load without --max-errors.*ALTER TABLE \`$db\`\\.\`t_$engine\` ENGINE=InnoDB" "$ERR"
    fi
    expect_eq "$what: nothing loaded" 0 "$(count $table)"
  done

  # No --max-errors: the load stops at the bad chunk, and says what it left.
  for mode in load insert multirow row server; do
    sql -e "TRUNCATE $table"
    layout $mode
    run_fastload "${layout[@]}" --mode $mode "$file" $table
    what="$engine, --mode $mode, a bad row"
    expect_eq "$what: exit code: $ERR" 8 "$RC"
    case $mode in
      load)  # LOAD DATA LOCAL: chunk 0 committed, chunk 1 stored whole with 'abcd' as 0, chunk 2 not sent
        expect_eq "$what: table" "$(ok_rows 1 2 3 4 5 6; echo '7 0.00'; ok_rows 8)" "$(content $engine)"
        expect_match "$what: account" "^fastload: $file: chunk 1 \\(bytes 32-[0-9]+, lines 5-8, 4 rows\\): 4 rows stored in $table before the failure could be handled, 1 of them changed by the server \\(line 7: [^)]*'abcd'[^)]*\\); engine $engine cannot roll back: delete or restore them" "$ERR"
        expect_match "$what: span" "rejected \\(not rolled back\\) chunk 1 \\(bytes 32-64, lines 5-8" "$ERR"
        ;;
      server)  # one statement for the whole file, strict: the rows before line 7
        expect_eq "$what: table" "$(ok_rows 1 2 3 4 5 6)" "$(content $engine)"
        expect_match "$what: account" "^fastload: $file: chunk 0 \\(bytes 0-[0-9]+, lines 1-12, 12 rows\\): 6 rows stored in $table \\(of the chunk's rows before line 7\\) before the failure could be handled; engine $engine cannot roll back: delete or restore them" "$ERR"
        ;;
      *)  # strict INSERTs: chunk 0 committed, chunk 1's rows before line 7 stored
        expect_eq "$what: table" "$(ok_rows 1 2 3 4 5 6)" "$(content $engine)"
        expect_match "$what: account" "^fastload: $file: chunk 1 \\(bytes 32-[0-9]+, lines 5-8, 4 rows\\): 2 rows stored in $table \\(of the chunk's rows before line 7\\) before the failure could be handled; engine $engine cannot roll back: delete or restore them" "$ERR"
        ;;
    esac
    expect_match "$what: the bad row named" "line 7" "$ERR"
    expect_match "$what: json failed" '"status":"failed","exit_code":8' "$OUT"
  done

  # Two threads: whatever the other worker committed, the table holds the committed rows plus what the account says.
  for mode in load insert multirow; do
    sql -e "TRUNCATE $table"
    run_fastload --threads 2 --chunk-size 32 --json --mode $mode "$file" $table
    what="$engine, --mode $mode, --threads 2, a bad row"
    expect_eq "$what: exit code: $ERR" 8 "$RC"
    stored=$(grep -o "chunk 1 ([^)]*): [0-9]* rows stored in $table" <<<"$ERR" | grep -o '[0-9]* rows stored' | cut -d' ' -f1)
    expect_eq "$what: table rows = committed + the account's" $(($(json rows) + ${stored:-999})) "$(count $table)"
  done

  # --resume and --mode bulk are refused too, before anything is loaded.
  sql -e "TRUNCATE $table"
  run_fastload --resume "$file" $table
  expect_eq "$engine, --resume: exit code" 12 "$RC"
  expect_match "$engine, --resume: message" "^fastload: --resume needs a transactional table and $table is an? $engine table, which cannot roll back" "$ERR"
  run_fastload --mode bulk "$file" $table
  expect_eq "$engine, --mode bulk: exit code" 2 "$RC"
  expect_eq "$engine, --resume, --mode bulk: nothing loaded" 0 "$(count $table)"

  # A connection lost before a COMMIT is not retried: the chunk's rows are stored and the run says they may be.
  for mode in load insert; do
    sql -e "TRUNCATE $table"
    head -n 6 "$file" >"$TEST_TMP/good.tsv"
    layout $mode
    FASTLOAD_FAULT=before-commit:1:lose run_fastload "${layout[@]}" --mode $mode --retries 3 "$TEST_TMP/good.tsv" $table
    what="$engine, --mode $mode, connection lost before chunk 1's COMMIT"
    expect_eq "$what: exit code: $ERR" 9 "$RC"
    expect_eq "$what: table: every row once" "$(ok_rows 1 2 3 4 5 6)" "$(content $engine)"
    expect_match "$what: account" "chunk 1 \\(bytes 32-48, lines 5-6, 2 rows\\): up to 2 rows may be stored in $table: .*engine $engine cannot roll back: check for them" "$ERR"
    if grep -q "trying the chunk again" <<<"$ERR"; then fail "$what: retried: $ERR"; else pass; fi
  done
done

# A lock wait timeout (a transient error, retried on InnoDB) is not retried either: another session holds the
# table with LOCK TABLES while the load (slowed by --max-rate) is between chunks. Exit 9, no retry, and the table
# holds exactly the chunks committed (the waiting statement stored nothing).
for i in $(seq 1 2000); do printf '%04d\t1.25\n' "$i"; done >"$TEST_TMP/many.tsv"
sql -e "SET GLOBAL lock_wait_timeout = 1"
trap 'sql -e "SET GLOBAL lock_wait_timeout = DEFAULT"' EXIT
for mode in load insert; do
  sql -e "TRUNCATE $db.t_MyISAM"
  (sleep 1 && sql -e "SET SESSION lock_wait_timeout = 30; LOCK TABLES $db.t_MyISAM WRITE; SELECT SLEEP(3);
                      UNLOCK TABLES" >/dev/null) &
  locker=$!
  run_fastload --threads 1 --chunk-size 1K --max-rate 4K --json --mode $mode "$TEST_TMP/many.tsv" $db.t_MyISAM
  wait $locker
  what="MyISAM, --mode $mode, a lock wait timeout"
  expect_eq "$what: exit code: $ERR" 9 "$RC"
  expect_match "$what: not retried, says why" "error 1205\\): another session held locks.* \\(not tried again: engine MyISAM cannot roll back" "$ERR"
  expect_match "$what: account" "up to [0-9]+ rows may be stored in $db.t_MyISAM" "$ERR"
  if grep -q "trying the chunk again" <<<"$ERR"; then fail "$what: retried: $ERR"; else pass; fi
  committed=$(json rows)
  ((committed > 0 && committed < 2000)) && pass || fail "$what: $committed rows committed"
  expect_eq "$what: the table holds the committed chunks' rows" "$(ok_rows $(seq 1 "$committed"))" "$(content MyISAM)"
done

# InnoDB still rolls back and leaves the bad row out under --max-errors (the contrast).
sql $db -e "CREATE TABLE t_InnoDB (id int NOT NULL, v decimal(5,2)) ENGINE=InnoDB"
layout load
run_fastload "${layout[@]}" --max-errors 1 "$file" $db.t_InnoDB
expect_eq "InnoDB, --max-errors 1: exit code: $ERR" 0 "$RC"
expect_eq "InnoDB, --max-errors 1: table" "$(ok_rows 1 2 3 4 5 6 8 9 10 11 12)" "$(content InnoDB)"
finish
