# Files full of escapes load to the same table as the server's own LOAD DATA
# INFILE, whatever the thread count and chunk size.
source "$(dirname "$0")/lib.sh"

fresh_db tricky
sql tricky -e "CREATE TABLE tricky (id int PRIMARY KEY, a varchar(200) CHARACTER SET utf8mb4,
  b text CHARACTER SET utf8mb4, c int NULL) ENGINE=InnoDB"

for variant in "1500 --seed 1" "1500 --seed 2 --no-final-lf" "20000 --seed 3"; do
  file=$TEST_TMP/tricky.tsv
  # shellcheck disable=SC2086
  "$GEN_TRICKY" $variant -o "$file"
  rows=$(echo "$variant" | cut -d' ' -f1)
  expected=$(reference tricky tricky "$file")
  sizes="1 3 17 64 4096 64M"
  [[ $rows -gt 5000 ]] && sizes="64 65536 1M"   # tiny chunks on the small files only: one COMMIT each
  for threads in 1 2 3 8; do
    for size in $sizes; do
      sql -e "TRUNCATE tricky.tricky"
      run_fastload --threads "$threads" --chunk-size "$size" --json "$file" tricky.tricky
      expect_eq "exit code ($variant, $threads threads, chunk $size): $ERR" 0 "$RC"
      expect_eq "checksum ($variant, $threads threads, chunk $size)" "$expected" "$(checksum tricky.tricky)"
      expect_eq "row count ($variant, $threads threads, chunk $size)" "$rows" "$(count tricky.tricky)"
      expect_match "json rows" "\"rows\":$rows," "$OUT"
    done
  done
done
finish
