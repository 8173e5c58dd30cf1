# DATETIME, TIMESTAMP, DATE, DOUBLE and FLOAT columns over generated text: --mode insert sends a value whose
# text is exactly one canonical value of its column's type (YYYY-MM-DD hh:mm:ss[.f] within the column's
# fraction digits, YYYY-MM-DD, a plain finite number) in its binary form, and anything else as text (the column
# then goes as text for the rest of its chunk). For each seed, a file of dates and times at their limits (leap
# days, every fraction length, the first and last instants of TIMESTAMP), doubles and floats over their whole
# exponent range (subnormals, 17 and more digits, -0) with NULLs, and now and then a form the server reads
# without a word but that is not canonical ("2020-1-2 3:4:5", "20200102030405", "2020/01/02", ".5", "+5", "1E5"),
# loaded with small batches and chunks and with the defaults, must equal the server's own LOAD DATA INFILE of the
# same file row for row.
source "$(dirname "$0")/lib.sh"

db=temporal_real_texts
fresh_db $db
ddl="id int PRIMARY KEY, dt datetime, dt3 datetime(3), dt6 datetime(6), ts timestamp(6) NULL, d date, r double, f float"

# generate SEED ROWS: the file on stdout; column 1 numbers the rows.
generate() {
  awk -v seed="$1" -v rows="$2" 'function pick(a, n) { return a[1 + int(rand() * n)] }
    function two(n) { return sprintf("%02d", n) }
    function day(y,   m, last) {
      m = 1 + int(rand() * 12)
      last = m == 2 ? (y % 4 == 0 && (y % 100 != 0 || y % 400 == 0) ? 29 : 28) : (m == 4 || m == 6 || m == 9 || m == 11 ? 30 : 31)
      return sprintf("%04d-%s-%s", y, two(m), two(rand() < 0.1 ? last : 1 + int(rand() * last)))
    }
    function clock() { return two(int(rand() * 24)) ":" two(int(rand() * 60)) ":" two(int(rand() * 60)) }
    function fraction(most,   n, s, k) { n = int(rand() * (most + 1)); if (n == 0) return ""
      s = "."; for (k = 0; k < n; k++) s = s int(rand() * 10); return s }
    function real(lo, hi, digits,   x) { x = (rand() < 0.5 ? -1 : 1) * (1 + rand() * 9) * 10 ^ (lo + int(rand() * (hi - lo)))
      return sprintf("%." digits "g", x) }
    BEGIN {
      srand(seed)
      nt = split("2020-1-2_3:4:5 20200102030405 2020/01/02_03:04:05 2020-01-02 2000-02-29_23:59:59 9999-12-31_23:59:59 1000-01-01_00:00:00 \\N", odd_t, " ")
      nts = split("1970-01-01_00:00:01 2038-01-19_03:14:07.999999 2038-01-19_03:14:07 1970-01-01_00:00:01.000001 2020-1-2_3:4:5.5 \\N", odd_ts, " ")
      nd = split("2020-1-2 20200102 2020/01/02 2000-02-29 1000-01-01 9999-12-31 \\N", odd_d, " ")
      nr = split(".5 5. +5 1E5 -0 0 0.000 4.9e-324 2.2250738585072014e-308 1.7976931348623157e308 3.14159265358979323846264338 00012.5000 \\N", odd_r, " ")
      nf = split(".5 +5 -0 3.4028234e38 1.17549435e-38 0.1 16777217 1.000000001 \\N", odd_f, " ")
      for (r = 1; r <= rows; r++) {
        odd = rand() < 0.03
        y = 1000 + int(rand() * 9000)
        dt = odd ? pick(odd_t, nt) : day(y) " " clock()
        dt3 = odd ? pick(odd_t, nt) : day(y) " " clock() fraction(3)
        dt6 = odd ? pick(odd_t, nt) : day(y) " " clock() fraction(6)
        ts = odd ? pick(odd_ts, nts) : day(1971 + int(rand() * 66)) " " clock() fraction(6)
        d = odd ? pick(odd_d, nd) : day(y)
        rr = odd ? pick(odd_r, nr) : rand() < 0.5 ? real(-300, 300, 17) : real(-20, 20, 1 + int(rand() * 16))
        f = odd ? pick(odd_f, nf) : real(-30, 30, 1 + int(rand() * 9))
        line = r "\t" dt "\t" dt3 "\t" dt6 "\t" ts "\t" d "\t" rr "\t" f
        gsub("_", " ", line)
        print line
      }
    }'
}

for seed in 1 2 3; do
  file=$TEST_TMP/values$seed.tsv
  generate $seed 4000 >"$file"
  sql $db -e "DROP TABLE IF EXISTS t; CREATE TABLE t ($ddl) ENGINE=InnoDB"
  batch_layouts_match "seed $seed" "$file" $db.t "$(reference $db t "$file")" insert multirow
done

# A date that does not exist, after thousands sent binary, goes as text: the server's refusal names its line.
generate 4 3000 | awk -F'\t' -v OFS='\t' '{ if (NR == 2500) $2 = "2021-02-29 10:00:00" } { print }' >"$TEST_TMP/no_day.tsv"
sql $db -e "TRUNCATE t"
run_fastload --mode insert --chunk-size 64K "$TEST_TMP/no_day.tsv" $db.t
expect_eq "a date that does not exist: exit code" 8 "$RC"
expect_match "a date that does not exist: its line" "no_day.tsv:2500 \\(byte [0-9]+\\): Incorrect datetime value: '2021-02-29 10:00:00' for column .*\`dt\`" "$ERR"
expect_eq "a date that does not exist: nothing of its chunk loaded" 0 "$(sql -e "SELECT COUNT(*) FROM $db.t WHERE id = 2500")"

sql -e "DROP DATABASE $db"
finish
