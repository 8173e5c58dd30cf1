# A row longer than fastload reads (1G; FASTLOAD_MAX_ROW_BYTES lowers it here to 1000 bytes, so no test
# streams gigabytes) is refused with exit 3, naming the input, the line and the byte where the row starts,
# instead of growing a buffer until memory runs out: a file without line terminators (/dev/zero, a pipe of
# zeros, the wrong --lines-terminated-by), an enclosure never closed, an endless header line. A row of exactly
# the limit loads as the server's own LOAD DATA INFILE loads it, mapped or streamed, in every mode.
source "$(dirname "$0")/lib.sh"
export FASTLOAD_MAX_ROW_BYTES=1000

fresh_db longrows
sql longrows -e "CREATE TABLE t (id int PRIMARY KEY, v varchar(2000)) ENGINE=InnoDB; CREATE TABLE ref LIKE t"
x() { head -c "$1" /dev/zero | tr '\0' x; }

# The limit itself loads: a row of 1000 bytes (2 + 998) among short ones.
edge=$TEST_TMP/edge.tsv
{ printf '1\ta\n2\t'; x 998; printf '\n3\tc\n4\t'; x 998; } >"$edge"
want=$(reference longrows ref "$edge")
for mode in load insert multirow row; do
  for args in "--threads 1 --chunk-size 100" "--threads 2"; do
    sql -e "TRUNCATE longrows.t"
    # shellcheck disable=SC2086  # args: several options
    run_fastload --mode "$mode" $args "$edge" longrows.t
    expect_eq "row of the limit, $mode $args: exit code ($ERR)" 0 "$RC"
    expect_eq "row of the limit, $mode $args: checksum" "$want" "$(checksum longrows.t)"
  done
  sql -e "TRUNCATE longrows.t"
  set +e
  ERR=$(cat "$edge" | fastload --mode "$mode" --chunk-size 100 - longrows.t 2>&1)
  RC=$?
  set -e
  expect_eq "row of the limit through a pipe, $mode: exit code ($ERR)" 0 "$RC"
  expect_eq "row of the limit through a pipe, $mode: checksum" "$want" "$(checksum longrows.t)"
done

# One byte more, on line 3 at byte 8: refused before anything is loaded from a mapped file.
long=$TEST_TMP/long.tsv
{ printf '1\ta\n2\tb\n3\t'; x 999; printf '\n4\td\n'; } >"$long"
for mode in load insert; do
  for chunk in 100 1M; do
    sql -e "TRUNCATE longrows.t"
    run_fastload --mode "$mode" --threads 2 --chunk-size "$chunk" "$long" longrows.t
    expect_eq "long row, $mode --chunk-size $chunk: exit code" 3 "$RC"
    expect_match "long row, $mode --chunk-size $chunk: message" \
      "^fastload: .*long.tsv:3 \\(byte 8\\): this row runs on for more than 1000 bytes .*--lines-terminated-by" "$ERR"
    expect_eq "long row, $mode --chunk-size $chunk: nothing loaded" 0 "$(count longrows.t)"
  done
done
# ... through a pipe: the rows before it may be committed, nothing from it on.
for chunk in 4 1K; do
  sql -e "TRUNCATE longrows.t"
  set +e
  ERR=$(cat "$long" | fastload --threads 2 --chunk-size "$chunk" - longrows.t 2>&1)
  RC=$?
  set -e
  expect_eq "long row through a pipe, --chunk-size $chunk: exit code" 3 "$RC"
  expect_match "long row through a pipe, --chunk-size $chunk: message" \
    "^fastload: standard input:3 \\(byte 8\\): this row runs on for more than 1000 bytes" "$ERR"
  expect_eq "long row through a pipe, --chunk-size $chunk: nothing from it on" 0 \
    "$(sql -e 'SELECT COUNT(*) FROM longrows.t WHERE id >= 3')"
done

# No line terminator at all: /dev/zero itself (the memory stays bounded: the stream is refused after about
# the limit plus a chunk, not read to its end), and zeros through a pipe that end within the first chunk.
run_fastload /dev/zero longrows.t
expect_eq "/dev/zero: exit code" 3 "$RC"
expect_match "/dev/zero: message" "^fastload: /dev/zero:1 \\(byte 0\\): this row runs on" "$ERR"
set +e
ERR=$(head -c 100000 /dev/zero | fastload --mode insert - longrows.t 2>&1)
RC=$?
set -e
expect_eq "zeros through a pipe: exit code" 3 "$RC"
expect_match "zeros through a pipe: message" "^fastload: standard input:1 \\(byte 0\\)" "$ERR"

# A CRLF file read with --lines-terminated-by '\r': a terminator that never comes.
printf '1\ta\n2\tb\n' >"$TEST_TMP/lf.tsv"
for ((i = 3; i < 300; i++)); do printf '%d\tv\n' "$i"; done >>"$TEST_TMP/lf.tsv"
run_fastload --lines-terminated-by '\r' "$TEST_TMP/lf.tsv" longrows.t
expect_eq "wrong line terminator: exit code" 3 "$RC"
expect_match "wrong line terminator: message names the format" \
  "lf.tsv:1 \\(byte 0\\): .*read as tsv --lines-terminated-by '\\\\r'" "$ERR"

# A CSV enclosure never closed swallows the rest of the file into one row.
{ printf '1,"a\n'; for ((i = 2; i < 300; i++)); do printf '%d,v\n' "$i"; done; } >"$TEST_TMP/open.csv"
run_fastload --csv "$TEST_TMP/open.csv" longrows.t
expect_eq "unclosed quote: exit code" 3 "$RC"
expect_match "unclosed quote: message" "open.csv:1 \\(byte 0\\): this row runs on" "$ERR"
set +e
ERR=$(cat "$TEST_TMP/open.csv" | fastload --csv --chunk-size 64 - longrows.t 2>&1)
RC=$?
set -e
expect_eq "unclosed quote through a pipe: exit code" 3 "$RC"
expect_match "unclosed quote through a pipe: message" "standard input:1 \\(byte 0\\)" "$ERR"

# An endless header line through a pipe (--skip-rows reads it before any chunk).
set +e
ERR=$( (printf 'header\n'; x 5000) | fastload --skip-rows 2 --chunk-size 64 - longrows.t 2>&1)
RC=$?
set -e
expect_eq "endless header line: exit code" 3 "$RC"
expect_match "endless header line: message" "standard input:2 \\(byte 7\\): this row runs on" "$ERR"
finish
