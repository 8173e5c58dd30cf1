# Strict by default: a bad decimal, a short row, an extra column and a
# duplicate key each fail the load with exit code 8, naming the right line and
# byte offset, and nothing of the failing chunk is committed.
source "$(dirname "$0")/lib.sh"

fresh_db strict
sql strict -e "CREATE TABLE t (id int PRIMARY KEY, d decimal(5,2), s varchar(10)) ENGINE=InnoDB"
file=$TEST_TMP/bad.tsv

# make_file LINE TEXT: 2000 good rows (id = line number), line LINE replaced by TEXT.
make_file() {
  for ((i = 1; i <= 2000; i++)); do
    if ((i == $1)); then printf '%b\n' "$2"; else printf '%d\t%d.25\trow%d\n' "$i" $((i % 900)) "$i"; fi
  done >"$file"
}

# span FIELD STATE: FIELD of the first chunk span in STATE from the JSON summary.
span() { grep -o "\"state\":\"$2\"[^}]*" <<<"$OUT" | head -1 | grep -o "\"$1\":[0-9]*" | cut -d: -f2; }

check_rejected() {  # check_rejected WHAT LINE THREADS CHUNK_SIZE [MODE]
  local what=$1 line=$2 mode=${5:-load} layout=(--threads "$3" --chunk-size "$4")
  [[ $mode == server ]] && layout=()
  sql -e "TRUNCATE strict.t; INSERT INTO strict.t VALUES (999999, 1, 'existing')"
  run_fastload --mode "$mode" "${layout[@]}" --json "$file" strict.t
  expect_eq "$what: exit code" 8 "$RC"
  local byte
  byte=$(head -n $((line - 1)) "$file" | wc -c)
  expect_match "$what: names line and byte" "bad\\.tsv:$line \\(byte $byte\\)" "$ERR"
  expect_match "$what: json problem" "\"line\":$line,\"byte\":$byte" "$OUT"
  local first last
  first=$(span first_line rejected)
  last=$(span last_line rejected)
  [[ -n $first && $first -le $line && $line -le $last ]] && pass || fail "$what: rejected span $first-$last misses line $line"
  expect_eq "$what: nothing of the rejected chunk committed" 0 \
    "$(sql -e "SELECT COUNT(*) FROM strict.t WHERE id BETWEEN $first AND $last")"
  local committed
  committed=$(grep -o '"rows":[0-9]*' <<<"$OUT" | head -1 | cut -d: -f2)
  expect_eq "$what: committed rows are in the table" $((committed + 1)) "$(count strict.t)"
}

for layout in "1 64M load" "1 2K load" "2 4K load" "1 64M insert" "2 4K insert" "2 4K multirow" "1 64M row" \
  "1 0 server"; do
  read -r threads size mode <<<"$layout"
  make_file 1234 '1234\tabc\tbad decimal'
  check_rejected "bad decimal ($layout)" 1234 "$threads" "$size" "$mode"
  make_file 777 '777\t1.5'
  check_rejected "short row ($layout)" 777 "$threads" "$size" "$mode"
  make_file 1500 '1500\t1.5\tx\textra'
  check_rejected "extra column ($layout)" 1500 "$threads" "$size" "$mode"
  make_file 1999 '999999\t1.5\tdup'
  check_rejected "duplicate of a row in the table ($layout)" 1999 "$threads" "$size" "$mode"
  make_file 1700 '1700\t12345.5\tout of range'
  check_rejected "value out of range ($layout)" 1700 "$threads" "$size" "$mode"
done
make_file 1800 '1790\t1.5\tdup'
check_rejected "duplicate within one chunk" 1800 1 64M

# With one thread the chunks before the bad one are committed, the rest not loaded.
make_file 1234 '1234\tabc\tbad decimal'
check_rejected "chunks after the failure" 1234 1 2K
expect_match "later chunks not loaded" '"state":"not loaded"' "$OUT"
expect_match "summary lists committed spans" 'committed chunks? [0-9-]+ \(bytes 0-' "$ERR"
finish
