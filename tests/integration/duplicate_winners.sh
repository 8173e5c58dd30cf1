# Which row of a key wins under --on-duplicate, against the server: `ignore` keeps the file's FIRST row of each
# key and `replace` its LAST, exactly as one `LOAD DATA INFILE 'f' IGNORE|REPLACE INTO TABLE t` of the same file
# into an empty table does, whatever the mode, threads, chunk size, sort and input (a file or a pipe); `error`
# refuses a file with duplicates (exit 8), and with --max-errors leaves the reference IGNORE table, reporting as
# duplicates exactly the lines the reference skipped.
#
# tests/tools/gen_duplicates.py writes the files: for each table shape (INT, DECIMAL, DATE, DATETIME keys,
# VARCHAR keys in utf8mb4_general_ci, _unicode_ci and _bin, BINARY(6), a prefix key, a composite key, a secondary
# UNIQUE key, an AUTO_INCREMENT id the file leaves out) keys repeat, the same spelling again and other spellings
# the index takes for the same key (2 / 2.0 / +2, é / E, ß / ss, x / x\0\0...), each row's `line` column its line
# in the file, in three orders (file, shuffled, key-sorted). The reference loads must not warn (but for the
# duplicate-key warnings of IGNORE): a spelling the server warns about is no spelling of the same key.
#
# The runs (gen_duplicates.py --plan) are, for each shape, one run on one thread in file order (--no-sort: each
# chunk commits after the one before it) and one on one thread sorted by the key (only the sort can change which
# row of a key comes first), then a covering selection of the cross product: every pair of values of any two
# of shape, order, policy, mode, threads, chunk size, sort and input appears in some run. Each is compared row
# by row with the server's (rows_digest); a failing run prints the first rows that differ and a command line
# that makes its table and file again and runs it.
#   SEED=2 ctest --test-dir build -R 'integration\.duplicate_winners$'     another selection and other files
#   ONLY='^(int|unique) ' ...                                               the runs of the plan matching a regex
#   RUNS='int shuffled ignore load 1 4K no-sort file' ...                   these runs (lines) instead of the plan
source "$(dirname "$0")/lib.sh"

GEN=$SOURCE_DIR/tests/tools/gen_duplicates.py
SEED=${SEED:-1}
ROWS=${ROWS:-3000} DUP=${DUP:-0.25}              # the files of ignore and replace
ERROR_ROWS=${ERROR_ROWS:-600} ERROR_DUP=${ERROR_DUP:-0.05}  # error: each duplicate costs a resend of its chunk
ONLY=${ONLY:-}
db=duplicate_winners
fresh_db "$db"
trap 'sql -e "DROP DATABASE IF EXISTS $db"' EXIT

if [[ -n ${RUNS:-} ]]; then mapfile -t plan <<<"$RUNS"; else mapfile -t plan < <(python3 "$GEN" --plan --seed "$SEED"); fi
[[ ${#plan[@]} -gt 0 ]] || { fail "gen_duplicates.py --plan printed no run"; finish; exit 1; }

# The conditions of the statement before it, as the server numbers them: "number N", "affected N" (ROW_COUNT),
# "skipped R R ..." (the rows of its duplicate-key warnings, 1062: MariaDB gives each condition its ROW_NUMBER,
# the line here), "other ..." (any other condition: errno, row and message).
DIAGNOSTICS="DELIMITER //
BEGIN NOT ATOMIC
  DECLARE i INT DEFAULT 1; DECLARE n, affected, e, r INT; DECLARE m TEXT; DECLARE s, o LONGTEXT DEFAULT '';
  GET DIAGNOSTICS n = NUMBER, affected = ROW_COUNT;
  WHILE i <= n DO
    GET DIAGNOSTICS CONDITION i e = MYSQL_ERRNO, r = ROW_NUMBER, m = MESSAGE_TEXT;
    IF e = 1062 THEN SET s = CONCAT(s, ' ', r); ELSE SET o = CONCAT(o, ' ', e, ' at row ', r, ': ', m, ';'); END IF;
    SET i = i + 1;
  END WHILE;
  SELECT CONCAT('number ', n); SELECT CONCAT('affected ', affected); SELECT CONCAT('skipped', s); SELECT CONCAT('other', o);
END //
DELIMITER ;"

# same_lines WHAT A B [MORE]: the files A and B hold the same numbers (one a line, in order); else a failure
# naming the first that differ, and MORE.
same_lines() {
  if cmp -s "$2" "$3"; then pass; return; fi
  local a b
  a=$(cat "$2") b=$(cat "$3")
  fail "$1: they differ; only in the first (first 8):" \
    "$(comm -23 <(sort <<<"$a") <(sort <<<"$b") | sort -n | head -n 8 | tr '\n' ' ')" \
    "only in the second: $(comm -13 <(sort <<<"$a") <(sort <<<"$b") | sort -n | head -n 8 | tr '\n' ' ')${4:+
$4}"
}

# prepare SHAPE ORDER KIND: the file of SHAPE in ORDER (KIND main: ROWS rows; error: ERROR_ROWS rows) and what the
# server makes of it, made once: sets FILE (the file; $FILE.sql its CREATE TABLE t), MAKE (a shell line that makes
# both again, the table in $db), COLUMNS (fastload's --columns, or nothing), COMPARE (the columns compared);
# $FILE.ignore and $FILE.replace hold the rows one LOAD DATA INFILE IGNORE / REPLACE leaves (sorted, as
# rows_digest reads them), $FILE.skipped the lines IGNORE skipped (its duplicate-key warnings' rows);
# IGNORE_DIGEST, REPLACE_DIGEST, LINES, SKIPPED (how many skipped), REPLACED (how many rows REPLACE deleted).
prepare() {
  local shape=$1 order=$2 kind=$3 rows=$ROWS dup=$DUP
  [[ $kind == error ]] && rows=$ERROR_ROWS dup=$ERROR_DUP
  FILE=$TEST_TMP/$shape.$order.$kind.tsv
  local gen=(python3 "$GEN" "$shape" --seed "$SEED" --rows "$rows" --dup-fraction "$dup" --order "$order")
  MAKE="$(printf '%q ' "${gen[@]}" --out "$FILE")| { echo 'CREATE DATABASE IF NOT EXISTS $db; USE $db;"
  MAKE+=" DROP TABLE IF EXISTS t;'; cat; } | mariadb --no-defaults --default-character-set=utf8mb4 -uroot -S $SOCKET"
  local describe
  describe=$(python3 "$GEN" "$shape" --describe)
  COLUMNS=$(sed -n 's/^columns //p' <<<"$describe") COMPARE=$(sed -n 's/^compare //p' <<<"$describe")
  [[ $COLUMNS == - ]] && COLUMNS=
  if [[ ! -e $FILE.state ]]; then
    "${gen[@]}" --out "$FILE" --kept "$FILE.kept" >"$FILE.sql"
    local clause=${COLUMNS:+($COLUMNS)} policy diagnostics other affected what="$shape, $order, $kind"
    LINES=$(wc -l <"$FILE")
    for policy in ignore replace; do
      sql "$db" -e "DROP TABLE IF EXISTS t, ref; $(cat "$FILE.sql") CREATE TABLE ref LIKE t"
      diagnostics=$(sql "$db" -e "SET SESSION max_error_count = 65535;
        LOAD DATA INFILE '$FILE' ${policy^^} INTO TABLE ref CHARACTER SET utf8mb4 $clause;
        $DIAGNOSTICS")
      affected=$(sed -n 's/^affected //p' <<<"$diagnostics")
      other=$(sed -n 's/^other//p' <<<"$diagnostics")
      # A spelling the server takes only with a warning or note is no spelling of the same key.
      [[ -z $other ]] || fail "$what: the reference $policy load raised conditions other than duplicate keys" \
        "(drop the spellings they name from gen_duplicates.py):$(head -c 600 <<<"$other")"
      sql -e "SELECT $COMPARE FROM $db.ref" | LC_ALL=C sort >"$FILE.$policy"
      # The server keeps the lines the generator means: every spelling of a key is one key to the index, and
      # keys meant apart are apart.
      same_lines "$what: the lines the generator's model keeps, and those the reference $policy load keeps" \
        <(sed -n "s/^$policy //p" "$FILE.kept" | tr ' ' '\n') <(sql -e "SELECT line FROM $db.ref" | sort -n)
      if [[ $policy == ignore ]]; then
        IGNORE_DIGEST=$(rows_digest "$db.ref" "$COMPARE")
        sed -n 's/^skipped //p' <<<"$diagnostics" | tr ' ' '\n' | sort -n >"$FILE.skipped"
        SKIPPED=$(grep -c . "$FILE.skipped" || true)
        # Each row of the file is its line, so the lines skipped are those whose row is not kept.
        same_lines "$what: the rows of the reference's duplicate-key warnings, and the lines it did not keep" \
          "$FILE.skipped" <(sql -e "SELECT line FROM $db.ref" | sort | comm -23 <(seq "$LINES" | sort) - | sort -n)
        expect_eq "$what: the reference kept LINES - SKIPPED rows" "$((LINES - SKIPPED))" "$affected"
      else
        REPLACE_DIGEST=$(rows_digest "$db.ref" "$COMPARE")
        REPLACED=$((affected - LINES))
        expect_eq "$what: the reference REPLACE skipped nothing" "" "$(sed -n 's/^skipped//p' <<<"$diagnostics")"
      fi
    done
    # Not vacuous: the file repeats keys, and the first and last rows of a key differ.
    if ((SKIPPED > 0)) && [[ $IGNORE_DIGEST != "$REPLACE_DIGEST" ]]; then pass
    else fail "$what: the file does not tell the first row of a key from its last (skipped $SKIPPED)"; fi
    printf '%s=%q\n' IGNORE_DIGEST "$IGNORE_DIGEST" REPLACE_DIGEST "$REPLACE_DIGEST" LINES "$LINES" \
      SKIPPED "$SKIPPED" REPLACED "$REPLACED" >"$FILE.state"
  fi
  # shellcheck source=/dev/null  # written just above
  source "$FILE.state"
}

# first_differences EXPECTED_ROWS: the first rows in which $db.t (the run's) and EXPECTED_ROWS (the reference's,
# sorted) differ, `-` the reference's, `+` the run's.
first_differences() {
  sql -e "SELECT $COMPARE FROM $db.t" | LC_ALL=C sort >"$TEST_TMP/got"
  echo "    the reference has $(wc -l <"$1") rows, fastload's table $(wc -l <"$TEST_TMP/got"); first differing rows:"
  diff "$1" "$TEST_TMP/got" | grep '^[<>]' | head -n 8 | sed 's/^</    - reference:/; s/^>/    + fastload: /' || true
}

# run_case LINE: one run of the plan: SHAPE ORDER POLICY MODE THREADS CHUNK SORT INPUT.
runs=0
run_case() {
  local shape order policy mode threads chunk sort input
  read -r shape order policy mode threads chunk sort input <<<"$1"
  local kind=main
  [[ $policy == error ]] && kind=error
  prepare "$shape" "$order" "$kind"
  local args=(--on-duplicate "$policy" --json)
  case $mode in
    insert-no-array-binding) args+=(--mode insert --no-array-binding) ;;
    *) args+=(--mode "$mode") ;;
  esac
  [[ $threads == - ]] || args+=(--threads "$threads")
  [[ $chunk == - ]] || args+=(--chunk-size "$chunk")
  [[ $sort == no-sort ]] && args+=(--no-sort)
  [[ -n $COLUMNS ]] && args+=(--columns "$COLUMNS")
  local what="[$1]"
  runs=$((runs + 1))

  # load ARGS...: fastload ARGS of FILE (or of its bytes on a pipe) into a fresh $db.t; sets RC, OUT, ERR, CMD.
  load() {
    sql "$db" -e "DROP TABLE IF EXISTS t; $(cat "$FILE.sql")"
    local target=("$FILE" "$db.t")
    [[ $input == pipe ]] && target=(- "$db.t")
    CMD="$(fastload_binary) --socket $SOCKET -u root $(printf '%q ' "$@" "${target[@]}")"
    [[ $input == pipe ]] && CMD="cat $FILE | $CMD"
    if [[ $input == pipe ]]; then capture bash -c "cat '$FILE' | \"\$@\"" _ "$(fastload_binary)" --socket "$SOCKET" -u root "$@" "${target[@]}"
    else run_fastload "$@" "${target[@]}"; fi
  }
  rerun() { echo "    rerun: $MAKE && $CMD"; }
  # same_rows WHAT DIGEST ROWS_FILE: $db.t holds exactly the reference's rows.
  same_rows() {
    if [[ $(rows_digest "$db.t" "$COMPARE") == "$2" ]]; then pass; return; fi
    fail "$what $1
$(first_differences "$3")
$(rerun)"
  }

  if [[ $policy == error ]]; then
    load "${args[@]}"
    if [[ $RC == 8 && $ERR == *"Duplicate entry"* ]]; then pass
    else fail "$what: exit $RC, not 8 naming a duplicate, on a file of $SKIPPED duplicates: $(head -c 600 <<<"$ERR")
$(rerun)"; fi
    rm -f "$TEST_TMP/rejects" "$TEST_TMP/rejects.reasons"
    load "${args[@]}" --max-errors 100000 --rejects "$TEST_TMP/rejects"
    if [[ $mode == server ]]; then  # the server reads the file: no row can be left out of it (documented)
      expect_match "$what --max-errors 100000: refused, saying why (exit $RC)" "rows cannot be left out" "$ERR"
      return
    fi
    if [[ $RC != 0 ]]; then
      fail "$what --max-errors 100000: exit $RC, not 0: $(head -c 600 <<<"$ERR")
$(rerun)"
      return
    fi
    pass
    same_rows "--max-errors 100000: not the table LOAD DATA INFILE ... IGNORE leaves" "$IGNORE_DIGEST" "$FILE.ignore"
    cut -f2 "$TEST_TMP/rejects.reasons" | sort -n >"$TEST_TMP/reported"
    same_lines "$what --max-errors 100000: the lines LOAD DATA INFILE ... IGNORE skipped ($SKIPPED), and those
    fastload rejected ($(grep -c . "$TEST_TMP/reported" || true))" "$FILE.skipped" "$TEST_TMP/reported" "$(rerun)"
    return
  fi

  load "${args[@]}"
  if [[ $RC != 0 ]]; then
    fail "$what: exit $RC, not 0: $(head -c 600 <<<"$ERR")
$(rerun)"
    return
  fi
  pass
  if [[ $policy == ignore ]]; then
    same_rows "not the table LOAD DATA INFILE ... IGNORE leaves (the first row of each key)" "$IGNORE_DIGEST" "$FILE.ignore"
    expect_eq "$what: duplicates_skipped, as the reference skipped" "$SKIPPED" "$(json duplicates_skipped)"
  else
    same_rows "not the table LOAD DATA INFILE ... REPLACE leaves (the last row of each key)" "$REPLACE_DIGEST" "$FILE.replace"
    expect_eq "$what: rows_replaced, as the reference deleted" "$REPLACED" "$(json rows_replaced)"
  fi
}

start=$SECONDS
for line in "${plan[@]}"; do
  [[ -z $ONLY ]] || grep -Eq -- "$ONLY" <<<"$line" || continue
  run_case "$line"
done
echo "$runs runs of ${#plan[@]} in the plan (seed $SEED) in $((SECONDS - start)) s"
[[ $runs -gt 0 ]] || fail "no run matched ONLY='$ONLY'"
finish
