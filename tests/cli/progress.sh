# The progress line: shown on a terminal or with --progress, never in a log by
# default, never past 100%, and at 100% only once the barrier has returned.
source "$(dirname "$0")/../integration/lib.sh"

fresh_db prog
sql prog -e "CREATE TABLE t (id int PRIMARY KEY, v varchar(200)) ENGINE=InnoDB"
pad=$(printf '%0150d' 0)
for ((i = 1; i <= 200000; i++)); do printf '%d\t%s\n' "$i" "$pad"; done >"$TEST_TMP/rows.tsv"

run_fastload --threads 2 --chunk-size 256K "$TEST_TMP/rows.tsv" prog.t
expect_eq "plain run: exit code ($ERR)" 0 "$RC"
if grep -q '%' <<<"$ERR"; then fail "progress shown in a log without --progress"; else pass; fi

sql -e "TRUNCATE prog.t"
run_fastload --progress --verbose --threads 2 --chunk-size 256K "$TEST_TMP/rows.tsv" prog.t
expect_eq "--progress: exit code ($ERR)" 0 "$RC"
progress=$(grep -E '^fastload: +[0-9.]+%' <<<"$ERR")
expect_match "--progress: lines in a log" "%" "$progress"
last=$(tail -n 1 <<<"$progress")
expect_match "the last line is 100% and done" '100\.0%.*done$' "$last"
early=$(head -n -1 <<<"$progress" | awk '{ sub("%", "", $2); if ($2 + 0 >= 100) n++ } END { print n + 0 }')
expect_eq "no line before the last at or past 100%" 0 "$early"
barrier_at=$(grep -n 'barrier returned' <<<"$ERR" | cut -d: -f1 || true)
done_at=$(grep -n '100\.0%' <<<"$ERR" | cut -d: -f1 || true)
[[ -n $barrier_at && -n $done_at && $barrier_at -lt $done_at ]] && pass ||
  fail "100% (line $done_at) not after the barrier returned (line $barrier_at)"

# On a terminal it is drawn without --progress.
sql -e "TRUNCATE prog.t"
script -qec "'$FASTLOAD' --socket '$SOCKET' -u root --chunk-size 256K '$TEST_TMP/rows.tsv' prog.t" /dev/null \
  >"$TEST_TMP/tty" 2>&1 || true
expect_match "terminal: progress drawn" $'\r''fastload: +[0-9.]+%' "$(cat "$TEST_TMP/tty")"
expect_eq "terminal: rows loaded" 200000 "$(count prog.t)"

# Fitted to the terminal: at 40 columns no redraw is wider (a wrapped line would be repeated, not redrawn).
sql -e "TRUNCATE prog.t"
script -qec "stty cols 40; '$FASTLOAD' --socket '$SOCKET' -u root --max-rate 10M --chunk-size 1M '$TEST_TMP/rows.tsv' \
  prog.t" /dev/null >"$TEST_TMP/tty40" 2>&1 || true
redraws=$(tr '\r' '\n' <"$TEST_TMP/tty40" | sed 's/\x1b\[K//g' | grep -E '^fastload: +[0-9.]+%' || true)
expect_match "40 columns: progress drawn" '%' "$redraws"
widest=$(awk '{ if (length > n) n = length } END { print n + 0 }' <<<"$redraws")
[[ $widest -le 40 ]] && pass || fail "40 columns: a redraw of $widest columns: $redraws"
expect_match "40 columns: ETA as h:mm:ss" 'ETA [0-9]+:[0-5][0-9]:[0-5][0-9]' "$redraws"

# --max-rate: the percent moves by the bytes sent, before any chunk commits (one chunk of 8M at 4M/s).
sql -e "TRUNCATE prog.t"
run_fastload --progress --max-rate 4M --threads 1 --chunk-size 8M "$TEST_TMP/rows.tsv" prog.t
expect_eq "--max-rate: exit code ($ERR)" 0 "$RC"
first_moves=$(grep -E '^fastload: +[0-9.]+%' <<<"$ERR" | awk '{ sub("%", "", $2); if ($2 + 0 > 0 && $3 == 0) n++ } END { print n + 0 }')
[[ $first_moves -gt 0 ]] && pass || fail "--max-rate: the percent did not move before the first commit: $ERR"

# After a signal the line says what it waits for while the chunks in flight finish: a chunk into a table that
# cannot roll back is given time to end (a chunk that can is abandoned at once). The MyISAM table's trigger holds
# the chunk of row 5000 for 20 s.
sql prog -e "CREATE TABLE plain LIKE t; ALTER TABLE plain ENGINE=MyISAM;
  CREATE TRIGGER plain_slow BEFORE INSERT ON plain FOR EACH ROW SET @progress_slept = IF(NEW.id = 5000, SLEEP(20), 0)"
start_fastload --progress --threads 2 --chunk-size 256K --mode load "$TEST_TMP/rows.tsv" prog.plain
# (The processlist shows the trigger's statement while it sleeps, not the LOAD DATA.)
sleeping() { sql -e "SELECT ID FROM information_schema.PROCESSLIST WHERE STATE = 'User sleep' AND INFO LIKE 'SET @progress\\_slept%'"; }
for _ in $(seq 200); do [[ -n $(sleeping) ]] && break; sleep 0.05; done
[[ -n $(sleeping) ]] && pass || fail "signal: the trigger never held the chunk"
signal_and_reap "$PID" INT
sleeper=$(sleeping)
[[ -z $sleeper ]] || sql -e "KILL $sleeper"
expect_eq "signal: exit code ($ERR)" 11 "$RC"
expect_match "signal: the notice" '^fastload: .*stopping: finishing [0-9]+ chunks? in flight' "$ERR"

finish
