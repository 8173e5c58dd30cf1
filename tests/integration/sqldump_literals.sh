# Differential test of reading dumps' INSERTs (src/sqldump/): tables of many column types filled with hostile
# values (tests/tools/gen_literal_tables.py) are dumped by the real mariadb-dump under several of its options;
# one copy is restored by the server (`mariadb db < dump.sql`), another by converting the dump's INSERTs with
# dump::SqlRowsStream (tests/tools/sqldump_rows.cc: the columns' kinds from information_schema.COLUMNS, long
# statements in parts, read in small pieces) into delimited text loaded by one LOAD DATA LOCAL INFILE in the dump's
# character set and session settings; the two must hold the same rows, every column's bytes (HEX) row by row. The
# literals whose INSERT stores another value than LOAD DATA of their bytes must be refused, naming their line.
source "$(dirname "$0")/lib.sh"

: "${SQLDUMP_ROWS:?run through ctest}"
src=sqldump_lit_src
tables=(ints nums times texts bins bits enums jsons)

fresh_db $src
python3 "$SOURCE_DIR/tests/tools/gen_literal_tables.py" 7 60 | sql $src

# digest DB TABLE: every row of TABLE by its key, each column's bytes as HEX (NULL as -), hashed; and the count.
digest() {
  local columns
  columns=$(sql -e "SELECT GROUP_CONCAT(CONCAT('IFNULL(HEX(CONCAT(\`', COLUMN_NAME, '\`)), ''-'')')
    ORDER BY ORDINAL_POSITION) FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = '$1' AND TABLE_NAME = '$2'")
  echo "$(sql "$1" -e "SELECT $columns FROM \`$2\` ORDER BY id" | sha256sum | cut -c1-16) $(count "$1.\`$2\`")"
}

# column_types DB TABLE: TABLE's columns as sqldump-rows takes them, "name:data_type:charset,...".
column_types() {
  sql -e "SELECT GROUP_CONCAT(CONCAT(COLUMN_NAME, ':', DATA_TYPE, ':', IFNULL(CHARACTER_SET_NAME, ''))
    ORDER BY ORDINAL_POSITION) FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = '$1' AND TABLE_NAME = '$2'"
}

# convert DUMP TABLE DB FEED MAX: TABLE's rows of DUMP read through src/sqldump/ and loaded into DB.TABLE; 3 when
# sqldump-rows refused them ($TEST_TMP/TABLE.meta says why).
convert() {
  local dump=$1 table=$2 db=$3 tsv=$TEST_TMP/$2.tsv meta=$TEST_TMP/$2.meta charset verb columns="" modifier=""
  "$SQLDUMP_ROWS" "$dump" "$table" "$4" "$5" "$(column_types "$db" "$table")" >"$tsv" 2>"$meta" || return 3
  charset=$(sed -n 's/^charset //p' "$meta")
  verb=$(sed -n 's/^verb //p' "$meta")
  [[ $verb == replace ]] && modifier=REPLACE
  [[ $verb == insert_ignore ]] && modifier=IGNORE
  # shellcheck disable=SC2016  # the backticks quote the names for SQL
  if grep -q '^columns ' "$meta"; then columns="($(sed -n 's/^columns //p' "$meta" | sed 's/[^,]*/`&`/g'))"; fi
  sql --local-infile=1 "$db" -e "SET sql_mode = 'NO_AUTO_VALUE_ON_ZERO', time_zone = '+00:00';
    LOAD DATA LOCAL INFILE '$tsv' $modifier INTO TABLE \`$table\` CHARACTER SET $charset $columns;
    SHOW WARNINGS" >"$TEST_TMP/$table.warnings"
  expect_eq "$what: $table loaded without warnings" "" "$(head -3 "$TEST_TMP/$table.warnings")"
  cat "$meta" >>"$TEST_TMP/kinds.log"
}

# Each round: mariadb-dump's options | sqldump-rows' feed size and statement limit | the tables it must refuse.
# --compatible=ansi writes no SET NAMES: the restore reads the dump in the client's character set (utf8mb4 here)
# while mariadb-dump wrote latin1 bytes (é as E9); the INSERTs make '?' of them, LOAD DATA would read fields into
# each other: the reader refuses those tables' values in character columns.
rounds=(
  "|65536 1048576"
  "--hex-blob|4096 4096"
  "--skip-extended-insert|7 512"
  "--order-by-primary|5 1"
  "--complete-insert --hex-blob|1 100000"
  "--insert-ignore --net-buffer-length=16384|1000 1000"
  "--replace|333 2048"
  "--default-character-set=latin1|65536 300"
  "--default-character-set=latin1 --hex-blob --complete-insert|17 64"
  "--compatible=ansi --hex-blob|4096 512|texts enums"
  "--compatible=ansi --skip-extended-insert|100 100|texts enums"
)
n=0
for round in "${rounds[@]}"; do
  IFS='|' read -r options reading refused <<<"$round"
  n=$((n + 1))
  what="dump $n ($options; read $reading)"
  dump=$TEST_TMP/dump$n.sql
  # shellcheck disable=SC2086  # options, one a word
  mariadb-dump --no-defaults -uroot -S "$SOCKET" $options $src >"$dump"
  fresh_db sqldump_lit_ref
  sql sqldump_lit_ref <"$dump"
  fresh_db sqldump_lit_conv
  for table in "${tables[@]}"; do
    sql sqldump_lit_conv -e "$(sql --raw $src -e "SHOW CREATE TABLE \`$table\`" | cut -f2-)"
    # shellcheck disable=SC2086  # two numbers
    if ! convert "$dump" "$table" sqldump_lit_conv $reading; then
      if [[ " $refused " == *" $table "* ]]; then
        expect_match "$what: $table refused" \
          "^refused .*/dump$n.sql:[0-9]+ \\(byte [0-9]+\\): table \`$table\`: column \`[a-z]\`: a string whose bytes are not valid utf8mb4" \
          "$(cat "$TEST_TMP/$table.meta")"
      else
        fail "$what: $table: sqldump-rows: $(cat "$TEST_TMP/$table.meta")"
      fi
      continue
    fi
    [[ " $refused " != *" $table "* ]] || fail "$what: $table not refused"
    ref=$(digest sqldump_lit_ref "$table")
    expect_match "$what: $table restored at all" ' [1-9][0-9]*$' "$ref"
    expect_eq "$what: $table row by row" "$ref" "$(digest sqldump_lit_conv "$table")"
  done
done

# A hand-written dump with the literals mariadb-dump does not write: adjacent strings, introducers and COLLATE,
# N'', every escape, bit and hex literals into binary and BIT columns, TRUE, signs, \N, comments between rows,
# numbers as the server prints them, TRUE, hex, bit and _binary literals into a utf8mb4 column, numbers into YEAR,
# NO_BACKSLASH_ESCAPES set by the dump, DELIMITER (one table's statements are all INSERTs: REPLACE and INSERT
# IGNORE are the dump rounds').
hand=$TEST_TMP/hand.sql
cat >"$hand" <<'SQL'
/*!40101 SET NAMES utf8mb4 */;
CREATE TABLE h (id INT PRIMARY KEY, s VARCHAR(100), b VARBINARY(100), bt BIT(16), i INT, l VARCHAR(50) CHARACTER SET latin1, c VARCHAR(20), y YEAR);
INSERT INTO h VALUES (1, 'a' "b" 'c', _binary 'x\0y', b'1010', TRUE, _utf8mb4 'é' COLLATE utf8mb4_bin, 12, 2024),
 (2, N'n\'q', X'00FF5C', 0x1234, FALSE, 'ÿ', -3, 0000),
 (3, '\%\_\q\Z\b\r\n\t\"', 0b101, b'1111111111111111', -12, "dq""x\\", 1.50, 1999),
 /* a comment ; ),( */ (4, 'tab	here', x'', 0x0, +7, '#--', TRUE, NULL),
 -- a line comment ;
 (5, NULL, \N, NULL, NULL, NULL, NULL, NULL), # another
 (6, _utf8mb4 X'C3A9' COLLATE utf8mb4_bin, _binary X'E9', b'', 1.4e1, 'a\'b', X'41', 2155);
SET sql_mode = 'NO_BACKSLASH_ESCAPES';
INSERT INTO h VALUES (7, 'back\slash''s', 'a\0b', b'1', 2, 'c\', _binary 'q', 1901);
SET sql_mode = '';
DELIMITER ;;
INSERT INTO h VALUES (8, 'semi;colon', ';;', b'0', 0, ';', b'1000001', 2000);;
DELIMITER ;
INSERT INTO h VALUES (9, 'r', 'r', 0x01, 1, 'r', 0, 1970);
INSERT INTO h VALUES (10, 'i', 'i', X'0101', 1, 'i', -0.5, 2069);
SQL
fresh_db sqldump_lit_ref
sql sqldump_lit_ref <"$hand"
fresh_db sqldump_lit_conv
sql sqldump_lit_conv -e "$(sql --raw sqldump_lit_ref -e "SHOW CREATE TABLE h" | cut -f2-)"
what="hand-written dump"
convert "$hand" h sqldump_lit_conv 3 16 || fail "$what: sqldump-rows: $(cat "$TEST_TMP/h.meta")"
ref=$(digest sqldump_lit_ref h)
expect_eq "$what: all its rows" 10 "${ref#* }"
expect_eq "$what: row by row" "$ref" "$(digest sqldump_lit_conv h)"

# The literals whose INSERT stores another value than LOAD DATA of their bytes: each is refused, naming the dump's
# line and the value's byte, the table and column; and the server shows why: the INSERT's row and the row text's
# bytes loaded by LOAD DATA differ. Each case: column|the second row's tuple|what the refusal says|its row text.
refusals=(
  "bt|(2, 5, 1, 'b')|a number into a BIT column|2\t5\t1\tb"
  "i|(2, b'1', 0x41, 'b')|a hex literal into a numeric column|2\t\x01\tA\tb"
  "s|(2, b'1', 1, _latin1 X'E9')|a string with the introducer _latin1|2\t\x01\t1\t\xe9"
)
for case in "${refusals[@]}"; do
  IFS='|' read -r column tuple why text <<<"$case"
  what="refused: $tuple"
  bad=$TEST_TMP/refused.sql
  printf "SET NAMES utf8mb4;\nCREATE TABLE r (id INT PRIMARY KEY, bt BIT(8), i INT, s VARCHAR(10));\n%s\n%s;\n" \
    "INSERT INTO r VALUES (1, b'1', 1, 'a')," "$tuple" >"$bad"
  fresh_db sqldump_lit_ref
  sql sqldump_lit_ref <"$bad"
  fresh_db sqldump_lit_conv
  sql sqldump_lit_conv -e "$(sql --raw sqldump_lit_ref -e "SHOW CREATE TABLE r" | cut -f2-)"
  capture "$SQLDUMP_ROWS" "$bad" r 5 16 "$(column_types sqldump_lit_conv r)"
  expect_eq "$what: exit code" 3 "$RC"
  value=${tuple#*, }
  [[ $column == bt ]] || value=${value#*, }
  [[ $column != s ]] || value=${value#*, }
  line4=$(sed -n 4p "$bad")
  before=${line4%%"${value%%,*}"*}
  byte=$(($(head -3 "$bad" | wc -c) + ${#before}))
  expect_match "$what: named" "^refused .*/refused.sql:4 \\(byte $byte\\): table \`r\`: column \`$column\`: $why" \
    "$(cat "$TEST_TMP/stderr")"
  printf "1\t\x01\t1\ta\n$text\n" >"$TEST_TMP/naive.tsv"
  sql --local-infile=1 sqldump_lit_conv -e "SET sql_mode = '';
    LOAD DATA LOCAL INFILE '$TEST_TMP/naive.tsv' INTO TABLE r CHARACTER SET utf8mb4"
  [[ $(digest sqldump_lit_ref r) != "$(digest sqldump_lit_conv r)" ]] || fail "$what: LOAD DATA of its text stores the same"
done

# The kinds of literal mariadb-dump 10.11 writes, as the reader saw them: numbers for numeric columns, strings for
# the others (BIT ones too), hex for binary and BIT columns under --hex-blob.
expect_match "strings read" '^kinds [2-7] (null,)?string$' "$(cat "$TEST_TMP/kinds.log")"
expect_match "hex literals read" '^kinds [2-5] hex' "$(cat "$TEST_TMP/kinds.log")"
expect_match "numbers read" '^kinds 11 null,number$' "$(cat "$TEST_TMP/kinds.log")"
finish
