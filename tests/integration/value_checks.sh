# Values the server converts without a word even in a strict sql_mode (each
# kind seen on MariaDB 10.11: the reference load of the whole file warns of
# nothing): a fraction into an integer or YEAR column (rounded), fraction
# digits beyond a temporal column's (cut), NULL into TIMESTAMP NOT NULL
# (now()), digits into BIT (the text's bytes), a number into ENUM or SET that
# names no member (an index, a bit mask). In every mode, with 1 and 2 threads
# and tiny chunks: without --accept-conversion the bad rows are refused with
# exit 8, each named by its line and byte and nothing else named; with
# --max-errors the good rows load as the server's LOAD DATA INFILE of the good
# rows only, the bad ones in --rejects; with --accept-conversion KIND the table
# is the server's LOAD DATA INFILE of the whole file.
source "$(dirname "$0")/lib.sh"

db=value_checks_$$
fresh_db $db
rows=120

# Per kind: the table's columns after id, good values, bad values (one a row, fields tab-separated).
ddl_int="n int, y year"
good_int=($'1\t2001' $'1.0\t2002' $'1e3\t1999' $'-0\t2000' $'007\t2003' $'+3\t2004' $'5.\t2005' $'120e-1\t2006')
bad_int=($'1.5\t2001' $'2.5\t2001' $'-0.5\t2001' $'15e-1\t2001' $'.5\t2001' $' 1.5\t2001' $'7\t2001.5')

ddl_time="t time, d datetime(1), dt date, ts timestamp(2) NULL"
good_time=($'10:00:00\t2020-01-01 10:00:00.5\t2020-01-01\t2020-01-01 10:00:00.12'
  $'10:00:00.0\t2020-01-01 10:00:00.50\t2020-01-02\t2020-01-01 10:00:00.1200'
  $'10:00\t2020.01.01 10.00.00\t2020.01.03\t2020-01-01 10:00:00')
bad_time=($'10:00:00.5\t2020-01-01 10:00:00.5\t2020-01-01\t2020-01-01 10:00:00.12'
  $'10:00:00\t2020-01-01 10:00:00.55\t2020-01-01\t2020-01-01 10:00:00.12'
  $'10:00:00\t2020-01-01 10:00:00.5\t2020-01-01 00:00:00.5\t2020-01-01 10:00:00.12'
  $'10:00:00\t2020-01-01 10:00:00.5\t2020-01-01\t2020-01-01 10:00:00.125'
  $'10.5\t2020-01-01 10:00:00.5\t2020-01-01\t2020-01-01 10:00:00.12')

ddl_timestamp="ts timestamp NOT NULL DEFAULT '2000-01-01 00:00:00', v varchar(5)"
good_timestamp=($'2020-01-01 10:00:00\ta' $'2021-06-01 00:00:00\t\\N')
bad_timestamp=($'\\N\tb')

ddl_bit="b bit(16), v varchar(5)"
good_bit=($'ab\ta' $'x\tb' $'\tc' $'a1\td')
bad_bit=($'1\ta' $'12\tb' $'07\tc')

ddl_enum="e enum('a','b','c','7'), s set('x','y','z')"
good_enum=($'a\tx' $'7\tx,y' $'b\t' $'c\tz' $'7 \ty')
bad_enum=($'2\tx' $' 2\tx' $'a\t3' $'a\t0' $'+1\tx')

kinds=(int time timestamp bit enum)
declare -A accept=([int]=int-fraction [time]=time-fraction [timestamp]=timestamp-null [bit]=bit-text
  [enum]=enum-index)

# write_files KIND: $TEST_TMP/KIND.tsv (every 13th row bad, cycling through the bad values),
# KIND-good.tsv (the same without them), KIND.bad (the bad rows' "line byte") and KIND.rejects (their bytes).
write_files() {
  local kind=$1 i byte=0 line g=0 b=0
  local -n good=good_$kind bad=bad_$kind
  : >"$TEST_TMP/$kind.tsv"; : >"$TEST_TMP/$kind-good.tsv"; : >"$TEST_TMP/$kind.bad"; : >"$TEST_TMP/$kind.rejects"
  for ((i = 1; i <= rows; i++)); do
    if ((i % 13 == 5)); then
      line="$i	${bad[b++ % ${#bad[@]}]}"
      echo "$i $byte" >>"$TEST_TMP/$kind.bad"
      printf '%s\n' "$line" >>"$TEST_TMP/$kind.rejects"
    else
      line="$i	${good[g++ % ${#good[@]}]}"
      printf '%s\n' "$line" >>"$TEST_TMP/$kind-good.tsv"
    fi
    printf '%s\n' "$line" >>"$TEST_TMP/$kind.tsv"
    byte=$((byte + ${#line} + 1))
  done
}

make_table() { sql $db -e "DROP TABLE IF EXISTS t_$1; CREATE TABLE t_$1 (id int PRIMARY KEY, ${2}) ENGINE=InnoDB"; }
# The table's checksum, now() of a TIMESTAMP NOT NULL given NULL made one value: the load's time is not the file's.
table_sum() {
  [[ $1 != timestamp ]] || sql $db -e "UPDATE t_$1 SET ts = '1999-09-09 09:09:09' WHERE ts > '2025-01-01'"
  checksum "$db.t_$1"
}
# expected KIND FILE: the server's own LOAD DATA INFILE of FILE into the kind's table.
expected() {
  local -n ddl=ddl_$1
  make_table "$1" "$ddl"
  reference $db "t_$1" "$2" >/dev/null
  table_sum "$1"
}

# layouts MODE: the --threads/--chunk-size variants of MODE, one a line (empty: the defaults).
layouts() { mode_layouts "$1" "" "--threads 1 --chunk-size 1K" "--threads 2 --chunk-size 1K"; }

# run KIND MODE LAYOUT ARGS...: fastload of the kind's whole file into a fresh table.
run() {
  local kind=$1 mode=$2 layout=$3
  local -n ddl=ddl_$kind
  shift 3
  make_table "$kind" "$ddl"
  # shellcheck disable=SC2086
  run_fastload --mode "$mode" $layout "$@" "$TEST_TMP/$kind.tsv" "$db.t_$kind"
}

# refused WHAT KIND: exit 8, every row named is a bad row at its byte, saying why and how to accept it.
refused() {
  local what=$1 kind=$2 named
  expect_eq "$what: exit code" 8 "$RC"
  named=$(grep -oE "$kind\\.tsv:[0-9]+ \\(byte [0-9]+\\)" <<<"$ERR" | sed -E 's/.*:([0-9]+) \(byte ([0-9]+)\)/\1 \2/' |
    sort -u)
  [[ -n $named ]] || fail "$what: no row named in: $ERR"
  expect_eq "$what: only bad rows named, at their bytes" "" "$(comm -23 <(echo "$named") <(sort "$TEST_TMP/$kind.bad"))"
  expect_match "$what: says how to accept it" "without a word.*--accept-conversion ${accept[$kind]}" "$ERR"
}

for kind in "${kinds[@]}"; do
  write_files $kind
  whole=$(expected $kind "$TEST_TMP/$kind.tsv")
  # The silence this test is about: the server loads every bad row (reference() fails on any warning) otherwise.
  expect_eq "$kind: the server loads the bad rows" $rows "$(count $db.t_$kind)"
  good=$(expected $kind "$TEST_TMP/$kind-good.tsv")
  [[ $whole != "$good" ]] || fail "$kind: the whole file and its good rows load the same"
  for mode in load insert multirow row server bulk; do
    while read -r layout; do
      what="$kind, $mode ${layout:-default layout}"
      run $kind $mode "$layout"
      refused "$what" $kind
      run $kind $mode "$layout" --accept-conversion "${accept[$kind]}"
      expect_eq "$what, accepted: exit code" 0 "$RC"
      expect_eq "$what, accepted: the server's load of the whole file" "$whole" "$(table_sum $kind)"
      [[ $mode == server ]] && continue  # no --max-errors: the server reads the file itself
      rm -f "$TEST_TMP/rejects" "$TEST_TMP/rejects.reasons"
      run $kind $mode "$layout" --max-errors $rows --rejects "$TEST_TMP/rejects"
      expect_eq "$what, --max-errors: exit code" 0 "$RC"
      expect_eq "$what, --max-errors: the server's load of the good rows" "$good" "$(table_sum $kind)"
      expect_eq "$what, --max-errors: the bad rows in --rejects" "$(sort "$TEST_TMP/$kind.rejects")" \
        "$(sort "$TEST_TMP/rejects")"
    done < <(layouts $mode)
  done
done

# Another kind accepted checks the rest; all accepts every kind.
run int load "" --accept-conversion time-fraction,bit-text
refused "int, other kinds accepted" int
run enum insert "" --accept-conversion all
expect_eq "all: exit code" 0 "$RC"
expect_eq "all: the server's load" "$(expected enum "$TEST_TMP/enum.tsv")" "$(table_sum enum)"
run int load "" --accept-conversion int-fractions
expect_eq "an unknown kind: exit code" 2 "$RC"
expect_match "an unknown kind: named" "accept-conversion.*int-fractions" "$ERR"

# A field read into a variable for --set is the server's to convert: not checked.
make_table int "$ddl_int"
run_fastload --columns id,@n,@y --set 'n = @n' "$TEST_TMP/int.tsv" $db.t_int
expect_eq "--set column: exit code" 0 "$RC"
expect_eq "--set column: '1.5' as the server converts it" 2 "$(sql -e "SELECT n FROM $db.t_int WHERE id = 5")"
# --columns maps fields to columns: the check follows the field to its column.
sql $db -e "DROP TABLE IF EXISTS swapped; CREATE TABLE swapped (y year, id int PRIMARY KEY, n varchar(10))"
run_fastload --columns id,n,y "$TEST_TMP/int.tsv" $db.swapped
expect_eq "--columns: a fraction into the text column loads; YEAR's refused" 8 "$RC"
expect_match "--columns: names the YEAR field" "int\\.tsv:[0-9]+ \\(byte [0-9]+\\): column \`y\` \\(year\\).*'2001\\.5'" "$ERR"
[[ $ERR != *"column \`n\`"* ]] || fail "--columns: a text column checked: $ERR"

# CSV: an enclosed value is read as the server reads it; a compressed stream is checked as a mapped file is.
tr '\t' ',' <"$TEST_TMP/enum-good.tsv" | sed 's/,\(x,y\)$/,"\1"/' >"$TEST_TMP/enum-good.csv"
{ head -n 20 "$TEST_TMP/enum-good.csv"; printf '%s\n' '500,"2","x"'; } >"$TEST_TMP/enum.csv"
for mode in load insert; do
  make_table enum "$ddl_enum"
  run_fastload --mode $mode --csv "$TEST_TMP/enum.csv" $db.t_enum
  expect_eq "csv, $mode: exit code" 8 "$RC"
  expect_match "csv, $mode: names the enclosed number" "enum\\.csv:21 \\(byte [0-9]+\\): column \`e\`.*'2'" "$ERR"
done
gzip -c "$TEST_TMP/time.tsv" >"$TEST_TMP/time.tsv.gz"
good=$(expected time "$TEST_TMP/time-good.tsv")
make_table time "$ddl_time"
run_fastload --threads 2 --chunk-size 1K --max-errors $rows "$TEST_TMP/time.tsv.gz" $db.t_time
expect_eq "gzip: exit code" 0 "$RC"
expect_eq "gzip: the server's load of the good rows" "$good" "$(table_sum time)"
expect_match "gzip: the bad rows named" "time\\.tsv\\.gz:5 \\(byte [0-9]+\\): column \`t\` \\(time\\(0\\)\\)" "$ERR"

sql -e "DROP DATABASE $db"
finish
