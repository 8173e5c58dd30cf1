# fastload's Parquet reader (src/parquet/) against real writers, no server needed: DuckDB and parquet-wasm
# (arrow-rs) write files over values at every type's limits, in each codec, encoding and page version they offer
# (tests/tools/parquet_writers/write_cases.mjs); parquet-cat's text of each must be what the writer's own reader
# read, row by row (FLOAT and DOUBLE as numbers; nested columns, lists, maps and structs over generated rows with
# NULLs at every level, as JSON token by token, compare.mjs), and a changed value in the expected JSON must be
# caught. Then damaged files and a codec fastload does not read: refused with exit code 3 and a message naming
# the file (and the codec).
#   BUILD_DIR=build bash tests/integration/parquet_reader.sh    (ctest sets PARQUET_CAT and BUILD_DIR)
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/../.." && pwd)
BUILD_DIR=$(realpath -m "${BUILD_DIR:-$ROOT/build}")
PARQUET_CAT=${PARQUET_CAT:-$BUILD_DIR/tests/parquet-cat}
[[ -x $PARQUET_CAT ]] || { echo "fastload: no $PARQUET_CAT: build the parquet-cat target" >&2; exit 1; }
WRITERS=$ROOT/tests/tools/parquet_writers
work=$(mktemp -d "${TMPDIR:-/tmp}/fastload-parquet.XXXXXX")
trap 'rm -rf "$work"' EXIT
FAILURES=0
CHECKS=0
fail() { echo "FAIL: $*" >&2; FAILURES=$((FAILURES + 1)); }
pass() { CHECKS=$((CHECKS + 1)); }
# refused WHAT FILE REGEX: parquet-cat FILE must exit 3 with a message naming FILE and matching REGEX.
refused() {
  local rc=0 err
  "$PARQUET_CAT" "$2" >/dev/null 2>"$work/stderr" || rc=$?
  err=$(cat "$work/stderr")
  if [[ $rc -ne 3 ]]; then fail "$1: exit code $rc, not 3 ($err)"
  elif [[ $err != "fastload: $2: "* ]]; then fail "$1: the message does not name the file: $err"
  elif ! grep -Eq -- "$3" <<<"$err"; then fail "$1: no match for /$3/ in: $err"
  else pass; fi
}

start=$EPOCHREALTIME
since() { awk -v a="$1" -v b="$EPOCHREALTIME" 'BEGIN { printf "%.1f", b - a }'; }
modules=$(BUILD_DIR=$BUILD_DIR "$ROOT/scripts/parquet_writers.sh" install)
node "$WRITERS/write_cases.mjs" "$modules" "$work/cases"
echo "writers installed and files written in $(since "$start") s"

files=0
for parquet in "$work"/cases/*.parquet; do
  name=$(basename "$parquet" .parquet)
  [[ $name == refuse_* ]] && continue
  files=$((files + 1))
  if ! "$PARQUET_CAT" "$parquet" >"$work/$name.out" 2>"$work/$name.err"; then
    fail "$name: parquet-cat failed: $(cat "$work/$name.err")"
  elif ! diff=$(node "$WRITERS/compare.mjs" "${parquet%.parquet}.expected" "$work/$name.out"); then
    fail "$name: $diff"
  else
    pass
  fi
done
[[ $files -ge 35 ]] || fail "only $files files written"
nested=$(ls "$work"/cases/nested_*.parquet | wc -l)
[[ $nested -ge 6 ]] || fail "only $nested files of nested columns written"

# The comparison of nested values can fail: a BIGINT's last digit, a DOUBLE's and a string's changed in the
# expected JSON, each must be caught.
expected=$work/cases/nested_duckdb_v1_snappy.expected
out=$work/nested_duckdb_v1_snappy.out
grep -q '!refused' "$expected" || fail "no nested row is expected refused (NaN, infinity, bytes not UTF-8)"
grep -q '^!refused: ' "$out" || fail "parquet-cat refused no nested row"
for change in '9223372036854775807>9223372036854775806' '~d1e+21>~d1.0000000000000001e+21' '"y9">"y8"' \
              '[]>[null]' ':null}>:0}'; do
  FROM=${change%%>*} TO=${change#*>} perl -pe '$done ||= s/\Q$ENV{FROM}\E/$ENV{TO}/' "$expected" >"$work/changed.expected"
  if cmp -s "$work/changed.expected" "$expected"; then fail "the change $change matched nothing"
  elif node "$WRITERS/compare.mjs" "$work/changed.expected" "$out" >/dev/null; then fail "a nested value changed by $change was not caught"
  else pass; fi
done

# What fastload does not read: the Hadoop-framed LZ4 codec.
refused "LZ4 (Hadoop framing)" "$work/cases/refuse_codec_lz4.parquet" "compressed with LZ4, which fastload does not read"

# Damage: a truncated file, a footer length past the start, flipped page bytes, a footer of garbage.
good=$work/cases/duckdb_v1_snappy.parquet
size=$(stat -c %s "$good")
head -c $((size / 2)) "$good" >"$work/truncated.parquet"
refused "a truncated file" "$work/truncated.parquet" "not a Parquet file"
cp "$good" "$work/footer_length.parquet"
printf '\xff\xff\xff\x7f' | dd of="$work/footer_length.parquet" bs=1 seek=$((size - 8)) conv=notrunc status=none
refused "a damaged footer length" "$work/footer_length.parquet" "footer's length"
cp "$good" "$work/footer.parquet"
footer=$(od -An -tu4 -j $((size - 8)) -N4 "$good" | tr -d ' ')
head -c "$footer" /dev/urandom | dd of="$work/footer.parquet" bs=1 seek=$((size - 8 - footer)) conv=notrunc status=none
refused "a footer of random bytes" "$work/footer.parquet" "footer .*damaged|row group"
# Every byte of the first pages inverted (after the "PAR1" magic): page headers and compressed bodies.
cp "$good" "$work/pages.parquet"
head -c 2000 "$good" | tail -c 1996 | perl -0777 -pe '$_ = ~$_' |
  dd of="$work/pages.parquet" bs=1 seek=4 conv=notrunc status=none
refused "flipped page bytes" "$work/pages.parquet" "row group 0, column id, page at byte 4: .*damaged"
# Random damage in the data pages, many times over: a Failure (exit 3) or right rows, never a crash.
for seed in $(seq 1 40); do
  cp "$good" "$work/random.parquet"
  at=$(( (seed * 7919) % (size - footer - 12) + 4 ))
  printf "\\x$(printf %02x $((seed * 37 % 256)))" | dd of="$work/random.parquet" bs=1 seek="$at" conv=notrunc status=none
  rc=0
  "$PARQUET_CAT" "$work/random.parquet" >/dev/null 2>"$work/stderr" || rc=$?
  if [[ $rc -ne 0 && $rc -ne 3 ]]; then fail "a byte changed at $at: exit code $rc ($(cat "$work/stderr"))"; else pass; fi
done

# The same in a file of nested columns (levels, lists, maps): a Failure or right rows, never a crash or a hang.
good=$work/cases/nested_duckdb_v1_uncompressed.parquet
size=$(stat -c %s "$good")
footer=$(od -An -tu4 -j $((size - 8)) -N4 "$good" | tr -d ' ')
for seed in $(seq 1 40); do
  cp "$good" "$work/random.parquet"
  at=$(( (seed * 7919) % (size - footer - 12) + 4 ))
  printf "\\x$(printf %02x $((seed * 37 % 256)))" | dd of="$work/random.parquet" bs=1 seek="$at" conv=notrunc status=none
  rc=0
  timeout 60 "$PARQUET_CAT" "$work/random.parquet" >/dev/null 2>"$work/stderr" || rc=$?
  if [[ $rc -ne 0 && $rc -ne 3 ]]; then fail "nested: a byte changed at $at: exit code $rc ($(cat "$work/stderr"))"; else pass; fi
done

echo "$files files compared in $(since "$start") s; $CHECKS checks passed, $FAILURES failed"
[[ $FAILURES -eq 0 && $CHECKS -gt 0 ]]
