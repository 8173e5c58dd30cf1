# fastload's reading of random files, value by value, against the server's:
# each file is full of what matters in its dialect (terminators whole and cut
# short, quotes opening, closing, doubled and stray, escapes, NULL markers,
# header lines), made and read by tests/tools/dialect_rows.cc with fastload's
# row scanner and field parser, and loaded by LOAD DATA INFILE into a table
# with a text column for every field, so that rows end where the server's
# READ_INFO ends them and missing fields are NULL.
source "$(dirname "$0")/lib.sh"

columns=48
fresh_db dialect_values
ddl="CREATE TABLE t (n int AUTO_INCREMENT PRIMARY KEY"
select="SELECT n"
for c in $(seq "$columns"); do
  ddl+=", c$c text CHARACTER SET utf8mb4"
  select+=", IFNULL(HEX(c$c), 'NULL')"
done
sql dialect_values -e "$ddl) ENGINE=InnoDB"
select+=" FROM dialect_values.t ORDER BY n"
cols=$(seq -s, -f 'c%g' 1 "$columns")

dialects=("" "--csv" "--csv --lines-terminated-by=\\r\\n" "--fields-terminated-by=, --fields-enclosed-by=\""
          "--fields-terminated-by=, --fields-enclosed-by=\" --fields-escaped-by=\""
          "--lines-terminated-by=\\r\\n" "--fields-terminated-by=||" "--fields-terminated-by=, --fields-escaped-by="
          "--fields-terminated-by=|| --fields-enclosed-by=' --fields-escaped-by= --lines-terminated-by=\\r\\n"
          "--fields-terminated-by=, --lines-terminated-by=,\\n --fields-enclosed-by=\""
          "--fields-terminated-by=|\\n" "--fields-terminated-by=; --lines-terminated-by=xx --fields-enclosed-by=\"")
for options in "${dialects[@]}"; do
  read -r -a dialect <<<"$options"
  for skip in 0 2; do
    clause=$("$DIALECT_ROWS" --clause "${dialect[@]}" --skip-rows "$skip")
    for seed in $(seq 1 25); do
      file=$TEST_TMP/random.txt
      "$DIALECT_ROWS" --seed "$seed" --columns "$columns" -o "$file" "${dialect[@]}" --skip-rows "$skip" \
        >"$TEST_TMP/ours.txt" || { fail "dialect-rows $options --seed $seed"; continue; }
      sql -e "SET sql_mode = ''; TRUNCATE dialect_values.t;
              LOAD DATA INFILE '$file' INTO TABLE dialect_values.t CHARACTER SET utf8mb4 $clause ($cols)"
      sql -e "$select" | cut -f2- >"$TEST_TMP/server.txt"
      if cmp -s "$TEST_TMP/ours.txt" "$TEST_TMP/server.txt"; then pass; else
        fail "[$options] --skip-rows $skip, seed $seed: fastload and the server read $(od -c "$file" | head -20)
$(diff "$TEST_TMP/ours.txt" "$TEST_TMP/server.txt" | head -10)"
      fi
    done
  done
done
finish
