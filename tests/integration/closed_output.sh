# A reader that goes away early (`fastload ... 2>&1 | head -2`, a closed stdout under --json) takes nothing
# from the load: the rows are loaded or refused as without it and the exit code is the documented one, never
# an abort from a failed write.
source "$(dirname "$0")/lib.sh"

db=closed_output_db
fresh_db $db
sql $db -e "CREATE TABLE t (a int PRIMARY KEY, b int) ENGINE=InnoDB"
file=$TEST_TMP/rows.tsv
for ((i = 1; i <= 400; i++)); do
  if ((i % 2)); then printf 'x%d\t1\n' "$i"; else printf '%d\t1\n' "$i"; fi
done >"$file"

# Runs fastload with stdout and stderr into a pipe whose reader leaves after the first line.
closed_run() {
  set +e
  "$FASTLOAD" --socket "$SOCKET" -u root "$@" 2>&1 | head -1 >/dev/null
  RC=${PIPESTATUS[0]}
  set -e
}

for mode in load insert; do
  sql $db -e "TRUNCATE t"
  closed_run --mode $mode --chunk-size 1K --threads 2 --max-errors 1000 "$file" $db.t
  expect_eq "--mode $mode, 200 rows rejected, output closed: exit code" 0 "$RC"
  expect_eq "--mode $mode, output closed: the good rows are loaded" 200 "$(count $db.t)"

  sql $db -e "TRUNCATE t"
  closed_run --mode $mode --chunk-size 1K --threads 2 "$file" $db.t
  expect_eq "--mode $mode, bad rows refused, output closed: exit code" 8 "$RC"

  sql $db -e "TRUNCATE t"
  closed_run --mode $mode --json --max-errors 1000 "$file" $db.t
  expect_eq "--mode $mode --json, output closed: exit code" 0 "$RC"
done
finish
