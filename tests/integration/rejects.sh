# --rejects and --max-errors: bad rows scattered over many chunks are left out
# and written, byte for byte and with their line numbers, to the rejects file;
# the rest loads to the same table the server's own LOAD DATA INFILE makes of
# the file without them; loaded + rejected = input rows, also across --resume.
# An existing rejects file is never replaced, except by a --resume rerun of the load that wrote it.
source "$(dirname "$0")/lib.sh"

fresh_db rej
sql rej -e "CREATE TABLE t (id int PRIMARY KEY, d decimal(5,2), s varchar(10)) ENGINE=InnoDB;
            CREATE TABLE ref LIKE t"
file=$TEST_TMP/input.tsv good=$TEST_TMP/good.tsv rejects=$TEST_TMP/rejects.tsv

# Bad rows on these lines; a duplicate of the row before it on 9001 (same chunk,
# so which of the two is refused does not depend on commit order).
declare -A bad=([37]='37\tabc\tbad decimal' [2500]='2500\t1.5' [7777]='7777\t1.5\tx\textra'
                [9001]='9000\t2.5\tdup' [12345]='12345\t12345.5\tout of range' [19999]='19999\t\\N\tx\ty')
rows=20000
for ((i = 1; i <= rows; i++)); do
  if [[ -n ${bad[$i]:-} ]]; then printf '%b\n' "${bad[$i]}"; else printf '%d\t%d.25\trow%d\n' "$i" $((i % 900)) "$i"; fi
done >"$file"
bad_lines=$(printf '%s\n' "${!bad[@]}" | sort -n)
awk -v skip="$(tr '\n' ' ' <<<"$bad_lines")" 'BEGIN { n = split(skip, s, " "); for (i = 1; i <= n; i++) drop[s[i]] = 1 }
  !(NR in drop)' "$file" >"$good"
want=$(reference rej ref "$good")
expected_rejects=$(for l in $bad_lines; do sed -n "${l}p" "$file"; done)


check_rejects() {  # check_rejects WHAT: the run in OUT/ERR/RC left out exactly the bad rows
  local what=$1
  expect_eq "$what: exit code" 0 "$RC"
  expect_eq "$what: checksum" "$want" "$(checksum rej.t)"
  expect_eq "$what: rejects file holds the bad rows" "$expected_rejects" "$(cat "$rejects")"
  expect_eq "$what: reasons name their file" "$file" "$(cut -f1 "$rejects.reasons" | sort -u)"
  expect_eq "$what: reasons name their lines" "$bad_lines" "$(cut -f2 "$rejects.reasons")"
  local byte37
  byte37=$(head -n 36 "$file" | wc -c)
  expect_match "$what: reason has byte offset and message" "	37	$byte37	1366	Incorrect decimal value" \
    "$(head -1 "$rejects.reasons")"
  expect_eq "$what: rows rejected" 6 "$(json rows_rejected)"
  expect_eq "$what: loaded + rejected + loaded before = input" "$rows" \
    $(($(json rows) + $(json rows_rejected) + $(json rows_loaded_before)))
  expect_match "$what: summary" "6 rows rejected and left out: rows in .*rejects.tsv" "$ERR"
}

# fresh TRUNCATE: an empty rej.t and no rejects file (fastload never replaces one).
fresh() { sql -e "TRUNCATE rej.t; $*"; rm -f "$rejects" "$rejects.reasons"; }

for mode in load insert multirow row; do
  fresh
  run_fastload --mode "$mode" --threads 2 --chunk-size 16K --max-errors 10 --rejects "$rejects" --json "$file" rej.t
  check_rejects "--mode $mode"
done

# Too many bad rows: the load fails, naming the limit; the rejects file still
# lists the rows left out of the chunks that were committed.
fresh
run_fastload --threads 1 --chunk-size 16K --max-errors 3 --rejects "$rejects" --json "$file" rej.t
expect_eq "over --max-errors: exit code" 8 "$RC"
expect_match "over --max-errors: message" "more than --max-errors 3 rows were rejected" "$ERR"
expect_eq "over --max-errors: committed rows are in the table" "$(json rows)" "$(count rej.t)"
expect_eq "over --max-errors: rejects of committed chunks" 3 "$(wc -l <"$rejects")"

# Without --rejects the rows left out are listed in the summary.
sql -e "TRUNCATE rej.t"
run_fastload --threads 2 --chunk-size 16K --max-errors 6 --json "$file" rej.t
expect_eq "no rejects file: exit code" 0 "$RC"
expect_match "no rejects file: rows listed" "fastload: rejected .*input.tsv:7777 \\(byte [0-9]+\\): " "$ERR"
expect_eq "no rejects file: checksum" "$want" "$(checksum rej.t)"

# Killed after a chunk with a rejected row committed: the rerun's rejects file
# still has that row (the ledger keeps it), and nothing is rejected twice.
fresh "DROP TABLE IF EXISTS rej.fastload_ledger"
killed_after 0 --threads 1 --chunk-size 16K --max-errors 10 --resume --rejects "$rejects" "$file" rej.t
expect_eq "killed after the first commit" 137 "$KILLED"
run_fastload --threads 2 --chunk-size 16K --max-errors 10 --resume --rejects "$rejects" --json "$file" rej.t
check_rejects "resumed"
expect_match "resumed: the first chunk was loaded before" '"chunks_loaded_before":1,' "$OUT"

# A rerun with --resume replaces the rejects file the earlier run of the same load wrote (it writes all the
# load's rejected rows again): here a run stopped by --max-errors 3 wrote 3, the rerun writes all 6.
fresh "DROP TABLE IF EXISTS rej.fastload_ledger"
run_fastload --threads 1 --chunk-size 16K --max-errors 3 --resume --rejects "$rejects" "$file" rej.t
expect_eq "stopped by --max-errors with --resume: exit code" 8 "$RC"
expect_eq "stopped by --max-errors with --resume: rejects written" 3 "$(wc -l <"$rejects.reasons")"
run_fastload --threads 2 --chunk-size 16K --max-errors 10 --resume --rejects "$rejects" --json "$file" rej.t
check_rejects "resumed after --max-errors"
# ... and a rerun of the finished load writes the same file again.
run_fastload --threads 2 --chunk-size 16K --max-errors 10 --resume --rejects "$rejects" --json "$file" rej.t
expect_eq "finished load rerun: exit code ($ERR)" 0 "$RC"
expect_eq "finished load rerun: the same rejects" "$expected_rejects" "$(cat "$rejects")"

# Never a file the load did not write: refused (exit 2) before anything is loaded, the file untouched.
# expect_refused WHAT EXISTING: the run in RC/ERR refused the existing file EXISTING, whose bytes were SUM.
expect_refused() {
  expect_eq "$1: exit code" 2 "$RC"
  expect_match "$1: message" "^fastload: --rejects .*: $2 already exists.*remove it or choose another name" "$ERR"
  expect_eq "$1: the file is untouched" "$sum" "$(md5sum <"$2")"
}
clear_load rej.t rej.fastload_ledger
sum=$(md5sum <"$file")
run_fastload --max-errors 10 --rejects "$file" "$file" rej.t
expect_refused "the input as rejects file" "$file"
expect_eq "the input as rejects file: nothing loaded" 0 "$(count rej.t)"
run_fastload --max-errors 10 --resume --rejects "$file" "$file" rej.t
expect_refused "the input as rejects file, --resume" "$file"
sum=$(md5sum <"$good")
cp "$good" "$TEST_TMP/kept.reasons"
run_fastload --max-errors 10 --rejects "$TEST_TMP/kept" "$file" rej.t
expect_refused "an existing FILE.reasons" "$TEST_TMP/kept.reasons"
sum=$(md5sum <"$rejects")
run_fastload --max-errors 10 --rejects "$rejects" "$file" rej.t
expect_refused "an earlier run's rejects file without --resume" "$rejects"
expect_eq "refused runs loaded nothing" 0 "$(count rej.t)"
# --resume: the first run has no earlier run whose file it could be; a rerun may not replace another file.
run_fastload --max-errors 10 --resume --rejects "$rejects" "$file" rej.t
expect_refused "--resume, first run, an existing rejects file" "$rejects"
rm -f "$rejects" "$rejects.reasons"
killed_after 0 --threads 1 --chunk-size 16K --max-errors 10 --resume --rejects "$rejects" "$file" rej.t
sum=$(md5sum <"$good")
run_fastload --threads 2 --chunk-size 16K --max-errors 10 --resume --rejects "$good" "$file" rej.t
expect_refused "--resume rerun, a file the load did not write" "$good"
finish
