# A hostile server asking for a file fastload never offered gets no byte of it:
# during fastload's own LOAD DATA it gets the chunk whatever name it asks for,
# and any other request, or a second one in the same statement, is refused.
# Runs against tests/tools/fake_server.cc, not the scratch server.
source "$(dirname "$0")/lib.sh"
: "${FAKE_SERVER:?run through ctest}"

printf '1\tone\n2\ttwo\n3\tthree\n' >"$TEST_TMP/rows.tsv"
rows_escaped='1\tone\n2\ttwo\n3\tthree\n'  # as the fake server logs bytes
marker="fastload-secret-$$-$RANDOM"
printf 'secret:%s\n' "$marker" >"$TEST_TMP/secret.txt"
passwd_line=$(head -n 1 /etc/passwd)

SERVER_PID=
trap stop_fake_server EXIT
trap 'exit 1' INT TERM  # through the EXIT trap: no server left behind

# against NAME MODE ARGS...: fastload ARGS rows.tsv db.t on a fake server asking
# for $ask on MODE; RC and ERR as run_fastload gives them, a hang being RC 124.
against() {
  local name=$1 mode=$2
  shift 2
  start_fake_server "$name-$tag" --ask "$ask" --ask-on "$mode"
  capture timeout 60 "$FASTLOAD" --socket "$SOCK" -u root "$@" "$TEST_TMP/rows.tsv" db.t
  stop_fake_server
}

expect_has() {  # expect_has WHAT FIXED_TEXT TEXT
  if grep -qF -- "$2" <<<"$3"; then pass; else fail "$1: no '$2' in: $3"; fi
}

# expect_no_leak WHAT TOTAL: the server received TOTAL bytes, all of them
# pieces of rows.tsv, and nothing of /etc/passwd or the secret file.
expect_no_leak() {
  local line payload total=0 foreign=0
  while IFS= read -r line; do
    payload=${line#RECEIVED * bytes: }
    total=$((total + $(cut -d' ' -f2 <<<"$line")))
    [[ $rows_escaped == *"$payload"* ]] || foreign=$((foreign + 1))
  done < <(grep '^RECEIVED ' "$LOG")
  expect_eq "$1: bytes received" "$2" "$total"
  expect_eq "$1: received lines not from rows.tsv" 0 "$foreign"
  expect_eq "$1: secret file lines in the log" 0 "$(grep -cF -- "$marker" "$LOG" || true)"
  expect_eq "$1: /etc/passwd lines in the log" 0 "$(grep -cF -- "$passwd_line" "$LOG" || true)"
}

# expect_refused WHAT FILE: fastload failed cleanly, naming the file it refused.
expect_refused() {
  if ((RC > 1 && RC < 124)); then pass; else fail "$1: exit code $RC, expected a clean failure ($ERR)"; fi
  expect_match "$1: message" '^fastload: ' "$ERR"
  expect_has "$1: message" "asked for the local file '$2', which fastload did not offer; refused" "$ERR"
}

for ask in /etc/passwd "$TEST_TMP/secret.txt"; do
  what="ask $ask" tag=$(basename "$ask")

  # Only LOAD DATA asks: fastload's statements get the chunk, and the load succeeds.
  against load load
  expect_eq "$what, on LOAD: exit code ($ERR)" 0 "$RC"
  expect_has "$what, on LOAD: client offers LOCAL INFILE" "local_files=yes" "$(grep '^CONNECT' "$LOG")"
  expect_has "$what, on LOAD: chunk sent" "RECEIVED 20 bytes: $rows_escaped" "$(cat "$LOG")"
  expect_no_leak "$what, on LOAD" 20

  # Several chunks over several connections: each statement gets its own chunk.
  against chunks load --threads 2 --chunk-size 8
  expect_eq "$what, on LOAD, small chunks: exit code ($ERR)" 0 "$RC"
  expect_no_leak "$what, on LOAD, small chunks" 20

  # Every statement asks: the first (a SELECT) is refused and the load stops.
  against all all
  expect_refused "$what, on every statement" "$ask"
  expect_no_leak "$what, on every statement" 0

  # A second request in the same LOAD DATA, after the chunk: refused.
  against twice load-twice
  expect_refused "$what, twice per LOAD" "$ask"
  expect_no_leak "$what, twice per LOAD" 20

  # A request right after fastload's LOAD DATA, which got none: refused too.
  against after after-load
  expect_refused "$what, after a LOAD" "$ask"
  expect_no_leak "$what, after a LOAD" 0
done
finish
