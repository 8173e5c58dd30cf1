# A last line without a line terminator that holds more fields than the table
# (or --columns) takes: the server's LOAD DATA drops the extra fields without
# a warning (LOCAL or not, in every dialect; with its terminator the same line
# warns 1262). fastload refuses that row in every mode, from a file or a
# stream, with exit 8 and its line and byte, within --max-errors and
# --rejects like any bad row; a last line the server reads whole loads as the
# server loads it.
source "$(dirname "$0")/lib.sh"

db=last_line_$$
fresh_db $db
make_table() { sql $db -e "DROP TABLE IF EXISTS t; CREATE TABLE t (id int PRIMARY KEY, v varchar(20)) ENGINE=InnoDB"; }
rows=300
body=$TEST_TMP/body.tsv
for ((i = 1; i <= rows; i++)); do printf '%d\tv%d\n' "$i" "$i"; done >"$body"
last=$((rows + 1))
byte=$(wc -c <"$body")
# with_last NAME TEXT: the body, then TEXT as its last line, without a terminator.
with_last() { { cat "$body"; printf '%b' "$2"; } >"$TEST_TMP/$1"; echo "$TEST_TMP/$1"; }
extra=$(with_last extra.tsv "$last\tv$last\textra")
empties=$(with_last empties.tsv "$last\tv$last\t\t")
one_empty=$(with_last one_empty.tsv "$last\tv$last\t")
exact=$(with_last exact.tsv "$last\tv$last")

# The server's own reading of the good rows, and of the files it reads whole.
make_table
expected_body=$(reference $db t "$body")
expected_one_empty=$(reference $db t "$one_empty")
expected_exact=$(reference $db t "$exact")
# The silence this test is about, checked once: the reference load of `extra` warns of nothing and drops a field.
expect_eq "the server drops the extra field silently" "$expected_exact" "$(reference $db t "$extra")"

# layouts MODE: the --threads/--chunk-size variants of MODE, one a line (empty: the defaults).
layouts() { mode_layouts "$1" "" "--threads 1 --chunk-size 1K" "--threads 3 --chunk-size 2K" ""; }

# refused WHAT FILE FIELDS MODE LAYOUT [ARGS...]: exit 8, the last line named, nothing of it stored.
refused() {
  local what=$1 file=$2 fields=$3 mode=$4 layout=$5 name
  shift 5
  name=$(basename "$file")
  make_table
  # shellcheck disable=SC2086
  run_fastload --mode "$mode" $layout "$@" --json "$file" $db.t
  expect_eq "$what: exit code" 8 "$RC"
  expect_match "$what: names the last line and its byte" "${name//./\\.}:$last \\(byte $byte\\).*the row has $fields fields" "$ERR"
  expect_match "$what: says why" "without a line terminator" "$ERR"
  expect_eq "$what: the last row not stored" 0 "$(sql -e "SELECT COUNT(*) FROM $db.t WHERE id = $last")"
  expect_eq "$what: the rows committed are the file's" 0 \
    "$(sql -e "SELECT COUNT(*) FROM $db.t WHERE v <> CONCAT('v', id)")"
}

# loaded WHAT FILE EXPECTED MODE LAYOUT [ARGS...]: exit 0, the table as EXPECTED.
loaded() {
  local what=$1 file=$2 expected=$3 mode=$4 layout=$5
  shift 5
  make_table
  # shellcheck disable=SC2086
  run_fastload --mode "$mode" $layout "$@" "$file" $db.t
  expect_eq "$what: exit code" 0 "$RC"
  expect_eq "$what: the server's load" "$expected" "$(checksum $db.t)"
}

for mode in load insert multirow row server bulk; do
  while read -r layout; do
    what="$mode ${layout:-default layout}"
    refused "$what: an extra field" "$extra" 3 $mode "$layout"
    refused "$what: two empty extra fields" "$empties" 4 $mode "$layout"
    loaded "$what: one empty field after the last (the server ignores it, terminated too)" "$one_empty" \
      "$expected_one_empty" $mode "$layout"
    loaded "$what: as many fields as columns" "$exact" "$expected_exact" $mode "$layout"
    [[ $mode == server ]] && continue  # no --max-errors: the server reads the file itself
    rejects=$TEST_TMP/rejects.tsv
    rm -f "$rejects" "$rejects.reasons"
    loaded "$what: --max-errors leaves it out" "$extra" "$expected_body" $mode "$layout" --max-errors 1 \
      --rejects "$rejects"
    expect_eq "$what: its bytes in --rejects" "$(printf '%d\tv%d\textra' $last $last)" "$(cat "$rejects")"
    expect_match "$what: its line in the reasons" "extra\\.tsv	$last	$byte	" "$(cat "$rejects.reasons")"
  done < <(layouts $mode)
done

# --columns: the fields it lists, not the table's columns, are what the row may hold.
sql $db -e "DROP TABLE IF EXISTS w; CREATE TABLE w (id int PRIMARY KEY, v varchar(20), x varchar(5) DEFAULT 'd')"
for mode in load insert server; do
  sql $db -e "TRUNCATE w"
  run_fastload --mode $mode --columns id,v "$extra" $db.w
  expect_eq "--columns, $mode: exit code" 8 "$RC"
  expect_match "--columns, $mode: names the row" "extra\\.tsv:$last \\(byte $byte\\).*3 fields but --columns lists 2" "$ERR"
done

# CSV: enclosed fields do not hide the extra one.
csv=$TEST_TMP/extra.csv
{ tr '\t' ',' <"$body"; printf '%d,"v%d","extra, quoted"' $last $last; } >"$csv"
for mode in load insert bulk; do
  make_table
  run_fastload --mode $mode --csv "$csv" $db.t
  expect_eq "csv, $mode: exit code" 8 "$RC"
  expect_match "csv, $mode: names the row" "extra\\.csv:$last \\(byte $byte\\).*3 fields" "$ERR"
done

# Streams: the stream's last chunk's last row, compressed or on standard input.
gzip -c "$extra" >"$TEST_TMP/extra.tsv.gz"
for mode in load insert; do
  for size in 1K 8M; do
    make_table
    run_fastload --mode $mode --threads 2 --chunk-size $size "$TEST_TMP/extra.tsv.gz" $db.t
    expect_eq "gzip, $mode, $size: exit code" 8 "$RC"
    expect_match "gzip, $mode, $size: names the row" "extra\\.tsv\\.gz:$last \\(byte $byte\\)" "$ERR"
    make_table
    run_fastload --mode $mode --threads 2 --chunk-size $size - $db.t <"$extra"
    expect_eq "stdin, $mode, $size: exit code" 8 "$RC"
    expect_match "stdin, $mode, $size: names the row" ":$last \\(byte $byte\\).*3 fields" "$ERR"
    expect_eq "stdin, $mode, $size: the last row not stored" 0 "$(sql -e "SELECT COUNT(*) FROM $db.t WHERE id = $last")"
  done
done

sql -e "DROP DATABASE $db"
finish
