# Integer columns over generated text: --mode insert sends a value that is exactly an integer as a binary
# number and anything else as text (the column then goes as text for the rest of its chunk), and leaves the
# int-fraction check out for the values it read as integers. For each seed, a file of every integer type's
# edges, leading zeros, signs, -0, NULLs, more digits than 19, and now and then a value that is not plain digits
# ("12.0", "1e2", "+7"), loaded with small batches and chunks and with the defaults, must equal the server's own
# LOAD DATA INFILE of the same file row for row; a fraction the server would round is still refused, at its line.
source "$(dirname "$0")/lib.sh"

db=integer_texts
fresh_db $db
ddl="id int PRIMARY KEY, t tinyint, su smallint unsigned, i int, b bigint, ub bigint unsigned"

# generate SEED ROWS: the file on stdout; column 1 numbers the rows.
generate() {
  awk -v seed="$1" -v rows="$2" 'function digits(n,   s, k) { s = ""; for (k = 0; k < n; k++) s = s int(rand() * 10); return s }
    function pick(a, n) { return a[1 + int(rand() * n)] }
    BEGIN {
      srand(seed)
      nt = split("-128 127 0 -0 007 -007 +7 \\N 12.0 1e2", edge_t, " ")
      nb = split("9223372036854775807 -9223372036854775808 -0 0000000000000000000009 -00000000000000000001 1e18 \\N", edge_b, " ")
      nu = split("18446744073709551615 9223372036854775808 00000000000000000000018446744073709551615 0 \\N", edge_u, " ")
      for (r = 1; r <= rows; r++) {
        odd = rand() < 0.02                                  # now and then an edge or a value not plain digits
        t = odd ? pick(edge_t, nt) : int(rand() * 256) - 128
        su = odd ? (rand() < 0.5 ? "65535" : "00042") : int(rand() * 65536)
        i = odd ? (rand() < 0.5 ? "-2147483648" : "2147483647.0") : (rand() < 0.5 ? "-" : "") int(rand() * 2147483647)
        b = odd ? pick(edge_b, nb) : (rand() < 0.5 ? "-" : "") (1 + int(rand() * 9)) digits(int(rand() * 18))
        ub = odd ? pick(edge_u, nu) : (1 + int(rand() * 9)) digits(int(rand() * 19))
        printf "%d\t%s\t%s\t%s\t%s\t%s\n", r, t, su, i, b, ub
      }
    }'
}

for seed in 1 2 3; do
  file=$TEST_TMP/ints$seed.tsv
  generate $seed 4000 >"$file"
  sql $db -e "DROP TABLE IF EXISTS t; CREATE TABLE t ($ddl) ENGINE=InnoDB"
  batch_layouts_match "seed $seed" "$file" $db.t "$(reference $db t "$file")" insert multirow load
done

# A fraction the server would round, after thousands of values sent as numbers: refused at its line.
# (Column i plain digits before it, so that it is the first value of its chunk that is not read as a number.)
generate 4 3000 | awk -F'\t' -v OFS='\t' '{ $4 = NR == 2500 ? "17.5" : NR * 3 } { print }' >"$TEST_TMP/fraction.tsv"
sql $db -e "TRUNCATE t"
run_fastload --mode insert --chunk-size 64K "$TEST_TMP/fraction.tsv" $db.t
expect_eq "a fraction: exit code" 8 "$RC"
expect_match "a fraction: its line, and why" "fraction.tsv:2500 \\(byte [0-9]+\\): column \`i\` \\(int.*would round '17\\.5'" "$ERR"
expect_eq "a fraction: nothing of its chunk loaded" 0 "$(sql -e "SELECT COUNT(*) FROM $db.t WHERE id = 2500")"

sql -e "DROP DATABASE $db"
finish
