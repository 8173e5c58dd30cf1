# fastload's partition function (src/shard/partitioning.h) against the
# server's. For each form it reproduces (HASH, LINEAR HASH, RANGE, LIST,
# RANGE COLUMNS, LIST COLUMNS over signed and unsigned integers of several
# sizes, DATE and DATETIME), a file of random and edge values, NULL and
# forms fastload does not read among them, is loaded by the server's LOAD
# DATA INFILE ... IGNORE (what LOAD DATA LOCAL does with a bad row) into a
# partitioned InnoDB table, and each row's partition as the server chose it
# is compared with the one partition-of computes. A row fastload refuses must
# be one the server refuses too (a warning, or no partition) or one written
# in a form fastload does not read; those are counted. Then the tables it
# refuses, as the server's own information_schema describes them.
source "$(dirname "$0")/lib.sh"
: "${PARTITION_OF:?run through ctest}"

ROWS=3000
fresh_db part

# values KIND EDGES SEED: ROWS lines "VALUE<TAB>CATEGORY" for a column of KIND
# (s8 u8 s16 s32 u32 s64 u64: integers by bits and sign; date; dt0 dt3 dt6:
# datetime(N)), written as LOAD DATA's default format reads them: NULL, edge
# values (|-separated EDGES, all in forms fastload reads), random values (out
# of the column's range too), and forms fastload does not read ("noncanonical").
values() {
  # The edges through the environment: awk -v would turn their \t into a TAB.
  EDGES=$2 awk -v kind="$1" -v seed="$3" -v rows="$ROWS" '
    function random_integer(   s, k, length_) {
      if (rand() < 0.5) return int(rand() * 2001) - 1000
      length_ = int(rand() * digits) + 1
      s = int(rand() * 9) + 1
      for (k = 1; k < length_; k++) s = s int(rand() * 10)
      return (kind ~ /^s/ && rand() < 0.5 ? "-" : "") s
    }
    function random_date(   year) {
      year = rand() < 0.6 ? 2015 + int(rand() * 10) : int(rand() * 10000)
      return sprintf("%04d-%02d-%02d", year, int(rand() * 12) + 1, int(rand() * 31) + 1)
    }
    function random_datetime(   s, k, n) {
      s = random_date()
      if (rand() < 0.1) return s
      s = s sprintf(" %02d:%02d:%02d", int(rand() * 24), int(rand() * 60), int(rand() * 60))
      if (precision == 0 || rand() < 0.3) return s
      n = int(rand() * precision) + 1
      s = s "."
      for (k = 0; k < n; k++) s = s int(rand() * 10)
      return s
    }
    function random_value() {
      return kind ~ /^[su]/ ? random_integer() : kind == "date" ? random_date() : random_datetime()
    }
    BEGIN {
      srand(seed)
      edge_count = split(ENVIRON["EDGES"], edge, "|")
      if (kind ~ /^[su]/) {
        digits = kind ~ /8$/ ? 3 : kind ~ /16$/ ? 5 : kind ~ /32$/ ? 10 : kind == "s64" ? 19 : 20
        odd_count = split("5 |5.0|5.5|-5.4|1e3|0x10||abc|5abc|- 5|+|.5|1,000|\v5|5\\t", odd, "|")
      } else {
        precision = kind == "date" ? -1 : substr(kind, 3) + 0
        odd_count = split("2020-1-1|20200101|2020/01/01|2020-01-01 |0000-00-00|2020-00-10|2020-10-00|" \
                          "2020-01-01T10:00:00|2020-01-01 10:00||abc", odd, "|")
        # A time on a DATE column, one fractional digit more than a DATETIME column keeps.
        odd[++odd_count] = precision < 0 ? "2020-01-01 00:00:00" \
                                         : "2020-01-01 10:00:00." substr("1234567", 1, precision + 1)
      }
      for (i = 0; i < rows; i++) {
        r = rand()
        if (r < 0.08) print "\\N\tcanonical"
        else if (r < 0.16) print odd[int(rand() * odd_count) + 1] "\tnoncanonical"
        else if (r < 0.46 && edge_count) print edge[int(rand() * edge_count) + 1] "\tcanonical"
        else print random_value() "\tcanonical"
      }
    }'
}

# rows NAME [KIND EDGES]...: NAME.tsv, a row a line: its number, then a value
# a column (values KIND EDGES); NAME.category, a line a row: noncanonical when
# a value is, ambiguous when one is $AMBIGUOUS, canonical otherwise.
rows() {
  local name=$1 columns=() seed
  seed=$(cksum <<<"$name" | cut -d' ' -f1)
  shift
  while (($#)); do
    values "$1" "$2" $((seed + ${#columns[@]})) >"$TEST_TMP/$name.column${#columns[@]}"
    columns+=("$TEST_TMP/$name.column${#columns[@]}")
    shift 2
  done
  paste "${columns[@]}" | awk -F'\t' -v ambiguous="${AMBIGUOUS:-}" \
    -v tsv="$TEST_TMP/$name.tsv" -v categories="$TEST_TMP/$name.category" '{
      row = NR
      category = "canonical"
      for (i = 1; i < NF; i += 2) {
        row = row "\t" $i
        if ($(i + 1) == "noncanonical") category = "noncanonical"
        else if ($i "" == ambiguous && category == "canonical") category = "ambiguous"  # as text, not numbers
      }
      print row >tsv
      print category >categories
    }'
}

# info TABLE: what information_schema says of part.TABLE, as partition-of reads it.
info() {
  sql -e "SELECT HEX(PARTITION_NAME), HEX(PARTITION_METHOD), HEX(SUBPARTITION_METHOD), HEX(PARTITION_EXPRESSION),
                 HEX(PARTITION_DESCRIPTION), PARTITION_ORDINAL_POSITION FROM information_schema.PARTITIONS
          WHERE TABLE_SCHEMA = 'part' AND TABLE_NAME = '$1'
          ORDER BY PARTITION_ORDINAL_POSITION, SUBPARTITION_ORDINAL_POSITION" >"$TEST_TMP/$1.partitions"
  sql -e "SELECT HEX(COLUMN_NAME), HEX(DATA_TYPE), HEX(COLUMN_TYPE), HEX(IS_NULLABLE), HEX(EXTRA)
          FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = 'part' AND TABLE_NAME = '$1'
          ORDER BY ORDINAL_POSITION" >"$TEST_TMP/$1.columns"
}

# server_rows TABLE: loads TABLE.tsv into part.TABLE as the server would,
# writing the rows it warned of (TABLE.warned) and each stored row's
# partition (TABLE.server: row, partition).
server_rows() {
  sql -e "SET max_error_count = 65535;
          LOAD DATA INFILE '$TEST_TMP/$1.tsv' IGNORE INTO TABLE part.\`$1\` CHARACTER SET utf8mb4; SHOW WARNINGS" |
    { grep -o 'at row [0-9]*$' || true; } | cut -d' ' -f3 | sort -u >"$TEST_TMP/$1.warned"
  local query="" partition
  for partition in $(sql -e "SELECT PARTITION_NAME FROM information_schema.PARTITIONS
                             WHERE TABLE_SCHEMA = 'part' AND TABLE_NAME = '$1'"); do
    query+="${query:+ UNION ALL }SELECT line, '$partition' FROM part.\`$1\` PARTITION (\`$partition\`)"
  done
  sql -e "$query" >"$TEST_TMP/$1.server"
}

# compare TABLE: a line for each row where fastload and the server disagree,
# then the counts "routed none refused-by-both refused-noncanonical
# refused-ambiguous partitions-routed-to".
compare() {
  awk -F'\t' '
    FILENAME == ARGV[1] { server[$1] = $2; next }
    FILENAME == ARGV[2] { warned[$1] = 1; next }
    FILENAME == ARGV[3] { category[FNR] = $1; next }
    {
      where = FNR in server ? server[FNR] : "no partition"
      refused_too = FNR in warned || !(FNR in server)
      if ($1 == "partition") {
        ok = $2 == where && !(FNR in warned)
        routed++
        if (!($2 in used)) partitions++
        used[$2] = 1
      }
      else if ($1 == "none") { ok = !(FNR in server); none++ }
      else if (refused_too) { ok = 1; both++ }
      else if (category[FNR] == "canonical") ok = 0
      else if (category[FNR] == "noncanonical") { ok = 1; noncanonical++ }
      else { ok = $2 ~ /MAXVALUE/; ambiguous++ }
      if (category[FNR] != "canonical" && $1 != "refused") ok = 0
      if (!ok) printf "row %d: fastload: %s %s; the server: %s%s (%s)\n", FNR, $1, $2, where,
                      FNR in warned ? ", with a warning" : "", category[FNR]
    }
    END { printf "%d %d %d %d %d %d\n", routed, none, both, noncanonical, ambiguous, partitions }
  ' "$TEST_TMP/$1.server" "$TEST_TMP/$1.warned" "$TEST_TMP/$1.category" "$TEST_TMP/$1.fastload"
}

# check TABLE DDL NONE [KIND EDGES]...: creates part.TABLE (DDL after its first
# column, the row number), fills it from random rows of the columns' KINDs and
# compares; NONE says whether some rows must have no partition ("some") or
# none may ("none").
check() {
  local table=$1 ddl=$2 expect_none=$3
  shift 3
  sql part -e "CREATE TABLE \`$table\` (line int NOT NULL, $ddl"
  rows "$table" "$@"
  info "$table"
  "$PARTITION_OF" "$TEST_TMP/$table.partitions" "$TEST_TMP/$table.columns" "$TEST_TMP/$table.tsv" \
    >"$TEST_TMP/$table.fastload"
  server_rows "$table"
  local report counts routed none both noncanonical ambiguous used partitions
  report=$(compare "$table")
  counts=$(tail -1 <<<"$report")
  read -r routed none both noncanonical ambiguous used <<<"$counts"
  echo "$table: $routed routed, $none without partition, $both refused by both," \
       "$noncanonical in forms fastload does not read, $ambiguous in doubt"
  expect_eq "$table: rows where fastload and the server disagree" "" "$(head -n -1 <<<"$report" | head -20)"
  expect_eq "$table: a line a row" "$ROWS" "$(wc -l <"$TEST_TMP/$table.fastload")"
  partitions=$(wc -l <"$TEST_TMP/$table.partitions")
  expect_eq "$table: partitions with routed rows" "$partitions" "$used"
  expect_eq "$table: rows without partition" "$expect_none" "$( ((none > 0)) && echo some || echo none)"
  expect_match "$table: rows refused by both" '^[1-9]' "$both"
  expect_match "$table: rows refused for their form" '^[1-9]' "$noncanonical"
  if [[ -n ${AMBIGUOUS:-} ]]; then expect_match "$table: rows in doubt" '^[1-9]' "$ambiguous"
  else expect_eq "$table: rows in doubt" 0 "$ambiguous"; fi
}

S8="-128|-129|127|128|0|-0|-1|1| 7|+7"
U8="0|-0|255|256|-1|1|007"
S16="-32768|-32769|32767|32768|0|1|-1"
S32="-2147483648|-2147483649|2147483647|2147483648|0|-0|1|-1| 5|\\t5|+5|0005"
S64="-9223372036854775808|-9223372036854775809|9223372036854775807|9223372036854775808|0|-0|+0|1|-1|\\t7| 7|+7|007"
S64+="|-007|00000000000000000000000000000000042"
U64="0|-0|1|-1|9223372036854775807|9223372036854775808|9223372036854775809|18446744073709551614"
U64+="|18446744073709551615|18446744073709551616|+18446744073709551615| 3|\\t3|003"

check hash2 "id bigint) PARTITION BY HASH(id) PARTITIONS 2" none s64 "$S64"
check hash3 "id bigint unsigned) PARTITION BY HASH(id) PARTITIONS 3" none u64 "$U64"
check hash5 "id int NOT NULL) PARTITION BY HASH(id) PARTITIONS 5" none s32 "$S32"
check hash3_tiny "id tinyint) PARTITION BY HASH(id) PARTITIONS 3" none s8 "$S8"
check linear3 "id bigint) PARTITION BY LINEAR HASH(id) PARTITIONS 3" none s64 "$S64"
check linear6 "id bigint unsigned) PARTITION BY LINEAR HASH(id) PARTITIONS 6" none u64 "$U64"
check linear6_tiny "id tinyint unsigned) PARTITION BY LINEAR HASH(id) PARTITIONS 6" none u8 "$U8"

check range_int "id int) PARTITION BY RANGE(id) (PARTITION p0 VALUES LESS THAN (-1000),
  PARTITION p1 VALUES LESS THAN (-5), PARTITION p2 VALUES LESS THAN (0), PARTITION p3 VALUES LESS THAN (100),
  PARTITION p4 VALUES LESS THAN (1000000), PARTITION p5 VALUES LESS THAN MAXVALUE)" none \
  s32 "$S32|-1001|-1000|-999|-6|-5|-4|-1|99|100|101|999999|1000000|1000001"
# information_schema writes the bounds of an unsigned column from 2^63 up as negative numbers.
check range_ubig "id bigint unsigned) PARTITION BY RANGE(id) (PARTITION p0 VALUES LESS THAN (16),
  PARTITION p1 VALUES LESS THAN (9223372036854775808), PARTITION p2 VALUES LESS THAN (18446744073709551614))" some \
  u64 "$U64|15|16|17|18446744073709551613"
# ... and a bound 9223372036854775807 as MAXVALUE: the last partition's MAXVALUE leaves that value in doubt,
AMBIGUOUS=9223372036854775807 check range_max "id bigint) PARTITION BY RANGE(id) (
  PARTITION p0 VALUES LESS THAN (-9223372036854775807), PARTITION p1 VALUES LESS THAN (0),
  PARTITION p2 VALUES LESS THAN MAXVALUE)" none s64 "$S64|-9223372036854775807|-9223372036854775806|9223372036854775806"
# ... an earlier one does not.
check range_literal "id bigint) PARTITION BY RANGE(id) (PARTITION p0 VALUES LESS THAN (-5),
  PARTITION p1 VALUES LESS THAN (9223372036854775807), PARTITION p2 VALUES LESS THAN MAXVALUE)" none \
  s64 "$S64|-6|-5|-4|9223372036854775806"
check range_tiny "id tinyint NOT NULL) PARTITION BY RANGE(id) (PARTITION p0 VALUES LESS THAN (-100),
  PARTITION p1 VALUES LESS THAN (0), PARTITION p2 VALUES LESS THAN (300))" none s8 "$S8|-101|-100|-99"
check list_int "id int) PARTITION BY LIST(id) (PARTITION p0 VALUES IN (NULL, -1, 3),
  PARTITION p1 VALUES IN (5, 2, -2147483648), PARTITION p2 VALUES IN (2147483647, 0))" some \
  s32 "$S32|-1|3|5|2|4|-2"
check list_ubig "id bigint unsigned NOT NULL) PARTITION BY LIST(id) (PARTITION p0 VALUES IN (0, 9223372036854775808),
  PARTITION p1 VALUES IN (18446744073709551615, 1))" some u64 "$U64"

DATES="0999-12-31|1000-01-01|2019-12-31|2020-01-01|2020-02-28|2020-02-29|2020-03-01| 2020-01-01|\\t2020-02-29"
DATES+="|0000-01-01|9999-12-31|2019-02-29|0000-02-29|2021-04-31"
check rcols_date "d date) PARTITION BY RANGE COLUMNS(d) (PARTITION p0 VALUES LESS THAN ('1000-01-01'),
  PARTITION p1 VALUES LESS THAN ('2020-01-01'), PARTITION p2 VALUES LESS THAN ('2020-02-29'),
  PARTITION p3 VALUES LESS THAN (MAXVALUE))" none date "$DATES"
MILLISECONDS="2020-01-01 00:00:00.499|2020-01-01 00:00:00.5|2020-01-01 00:00:00.500|2020-01-01 00:00:00.501"
MILLISECONDS+="|2020-01-01|2019-06-30 12:00:00|2019-06-30 11:59:59.999|2019-06-30 12:00:00.0"
MILLISECONDS+="|\\t2019-06-30 12:00:00.001|2020-02-30 10:00:00"
check rcols_int_dt3 "a int, t datetime(3)) PARTITION BY RANGE COLUMNS(a, t) (
  PARTITION p0 VALUES LESS THAN (0, '2020-01-01 00:00:00.5'), PARTITION p1 VALUES LESS THAN (0, MAXVALUE),
  PARTITION p2 VALUES LESS THAN (100, '2019-06-30 12:00:00'), PARTITION p3 VALUES LESS THAN (MAXVALUE, MAXVALUE))" \
  none s32 "$S32|-1|0|1|99|100|101" dt3 "$MILLISECONDS"
check rcols_ubig_tiny "a bigint unsigned, b tinyint NOT NULL) PARTITION BY RANGE COLUMNS(a, b) (
  PARTITION p0 VALUES LESS THAN (100, 0), PARTITION p1 VALUES LESS THAN (100, MAXVALUE),
  PARTITION p2 VALUES LESS THAN (9223372036854775807, -5), PARTITION p3 VALUES LESS THAN (9223372036854775807, 100))" \
  some u64 "$U64|99|100|101|9223372036854775806" s8 "$S8|-6|-5|-4|99|100|101"
check rcols_dt0 "t datetime NOT NULL) PARTITION BY RANGE COLUMNS(t) (
  PARTITION p0 VALUES LESS THAN ('2000-01-01 00:00:00'), PARTITION p1 VALUES LESS THAN ('2020-06-15 12:30:45'),
  PARTITION p2 VALUES LESS THAN (MAXVALUE))" none \
  dt0 "1999-12-31 23:59:59|2000-01-01|2000-01-01 00:00:00|2020-06-15 12:30:44|2020-06-15 12:30:45|2020-06-15 12:30:46"
check lcols_small "a smallint) PARTITION BY LIST COLUMNS(a) (PARTITION p0 VALUES IN (1, NULL),
  PARTITION p1 VALUES IN (-2, 32767), PARTITION p2 VALUES IN (-32768))" some s16 "$S16|1|-2|2"
check lcols_int_date "a int, b date) PARTITION BY LIST COLUMNS(a, b) (
  PARTITION p0 VALUES IN ((1, '2020-01-01'), (NULL, NULL)), PARTITION p1 VALUES IN ((-2, '2021-02-03'), (1, NULL)),
  PARTITION p2 VALUES IN ((NULL, '2020-01-01')))" some s32 "1|-2|0|+1|-02" date "2020-01-01|2021-02-03|2020-01-02"
MICROSECONDS="2020-01-01 00:00:00.000001|2020-01-01 00:00:00.000000|2020-01-01|2020-01-01 00:00:00"
MICROSECONDS+="|2020-01-01 00:00:00.1|1999-12-31 23:59:59.999999|1999-12-31 23:59:59.99999"
check lcols_dt6 "t datetime(6)) PARTITION BY LIST COLUMNS(t) (
  PARTITION p0 VALUES IN ('2020-01-01 00:00:00.000001', '2020-01-01 00:00:00'),
  PARTITION p1 VALUES IN ('1999-12-31 23:59:59.999999'))" some dt6 "$MICROSECONDS"

# Tables fastload does not route, as information_schema describes them.
refused() {  # refused TABLE DDL REASON
  sql part -e "CREATE TABLE \`$1\` $2"
  info "$1"
  set +e
  local said
  said=$("$PARTITION_OF" "$TEST_TMP/$1.partitions" "$TEST_TMP/$1.columns")
  expect_eq "$1: exit code" 3 $?
  set -e
  expect_eq "$1: reason" "unsupported: $3" "$said"
}
refused key "(id int) PARTITION BY KEY(id) PARTITIONS 2" \
  "it is partitioned BY KEY, whose hash fastload does not reproduce"
refused linear_key "(id int) PARTITION BY LINEAR KEY(id) PARTITIONS 2" \
  "it is partitioned BY LINEAR KEY, whose hash fastload does not reproduce"
refused sub "(id int, b int) PARTITION BY RANGE(id) SUBPARTITION BY HASH(b) SUBPARTITIONS 2
  (PARTITION p0 VALUES LESS THAN (10), PARTITION p1 VALUES LESS THAN MAXVALUE)" \
  "it is sub-partitioned (SUBPARTITION BY HASH), which fastload does not route"
refused by_year "(ts datetime) PARTITION BY RANGE(YEAR(ts))
  (PARTITION p0 VALUES LESS THAN (2020), PARTITION p1 VALUES LESS THAN MAXVALUE)" \
  "it is partitioned by the expression year(\`ts\`), not by a plain column"
refused by_div "(id int) PARTITION BY HASH(id DIV 10) PARTITIONS 2" \
  "it is partitioned by the expression \`id\` DIV 10, not by a plain column"
refused by_sum "(id int) PARTITION BY HASH(id + 1) PARTITIONS 2" \
  "it is partitioned by the expression \`id\` + 1, not by a plain column"
refused generated "(a int, b int AS (a + 1) PERSISTENT) PARTITION BY HASH(b) PARTITIONS 2" \
  "its partitioning column \`b\` is generated by the server"
# refused_type TABLE TYPE PARTITIONING: a table of one column c of TYPE.
refused_type() {
  refused "$1" "(c $2) PARTITION BY $3" "its partitioning column \`c\` is $2, which fastload does not route by (it \
routes by integer columns, and by DATE and DATETIME ones with RANGE COLUMNS and LIST COLUMNS)"
}
refused_type text "varchar(10)" "RANGE COLUMNS(c)
  (PARTITION p0 VALUES LESS THAN ('m'), PARTITION p1 VALUES LESS THAN (MAXVALUE))"
refused_type fixed_text "char(3)" "LIST COLUMNS(c) (PARTITION p0 VALUES IN ('a'))"
refused_type clock "time" "RANGE COLUMNS(c) (PARTITION p0 VALUES LESS THAN ('10:00:00'))"
refused_type year "year(4)" "HASH(c) PARTITIONS 2"
refused_type bits "bit(8)" "HASH(c) PARTITIONS 2"
refused plain "(id int)" "it is not partitioned"
refused versioned "(x int) WITH SYSTEM VERSIONING
  PARTITION BY SYSTEM_TIME (PARTITION p_hist HISTORY, PARTITION p_cur CURRENT)" \
  "it is partitioned BY SYSTEM_TIME, which fastload does not route"
refused short_date "(d date) PARTITION BY RANGE COLUMNS(d)
  (PARTITION p0 VALUES LESS THAN ('2020-1-1'), PARTITION p1 VALUES LESS THAN (MAXVALUE))" \
  "the values of partition \`p0\` ('2020-1-1') are not in a form fastload reads exactly"
refused cut_bound "(t datetime) PARTITION BY RANGE COLUMNS(t)
  (PARTITION p0 VALUES LESS THAN ('2020-01-01 00:00:00.7'), PARTITION p1 VALUES LESS THAN (MAXVALUE))" \
  "the values of partition \`p0\` ('2020-01-01 00:00:00.7') are not in a form fastload reads exactly"

# Names with backquotes and spaces are read as the server writes them.
sql part -e "CREATE TABLE \`we\`\`ird\` (\`i\`\`D\` bigint unsigned) PARTITION BY RANGE (\`i\`\`d\`)
  (PARTITION \`p 0\` VALUES LESS THAN (9223372036854775808), PARTITION p1 VALUES LESS THAN MAXVALUE)"
info 'we`ird'
expect_eq "odd names" "routes by the partitions p 0,p1" \
  "$("$PARTITION_OF" "$TEST_TMP/we\`ird.partitions" "$TEST_TMP/we\`ird.columns")"

finish
