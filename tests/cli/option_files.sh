# Option files as the mariadb client reads them: every long option in [fastload], the command line after the
# files (the last of a repeated option wins), unknown keys refused with their file and line, the standard
# --no-defaults/--defaults-*/--print-defaults set, a world-writable file ignored with the client's warning,
# and the file's password never in the process list.
source "$(dirname "$0")/../integration/lib.sh"

fresh_db opt
sql opt -e "CREATE TABLE t (id int PRIMARY KEY, v varchar(5)) ENGINE=InnoDB"
fresh_user optu "ALL ON opt.*" "IDENTIFIED BY 'Opt-secret7'"
printf '1\ta\n2\tb\n' >"$TEST_TMP/two.tsv"

# run FASTLOAD-ARGS...: loads two.tsv into an emptied opt.t with the user's home in $TEST_TMP/home, --json.
mkdir -p "$TEST_TMP/home"
run() {
  sql -e "TRUNCATE opt.t"
  capture env HOME="$TEST_TMP/home" "$FASTLOAD" --json "$@" "$TEST_TMP/two.tsv" opt.t
}
json_text() { grep -o "\"$1\":\"[^\"]*\"" <<<"$OUT" | head -1 | cut -d'"' -f4; }

cnf=$TEST_TMP/my.cnf
printf '[client]\nuser=optu\npassword=Opt-secret7\ndefault-character-set=utf8mb4\n# a comment\n[fastload]\nsocket="%s"\nthreads=1\nmode=insert\nloose-no-such-option=1\n' \
  "$SOCKET" >"$cnf"
run --defaults-file "$cnf"
expect_eq "[fastload] threads and mode ($ERR)" 0 "$RC"
expect_eq "[fastload] threads=1" 1 "$(json threads)"
expect_eq "[fastload] mode=insert" insert "$(json_text mode)"
expect_eq "rows" 2 "$(count opt.t)"
run --defaults-file "$cnf" --threads 2 --mode load
expect_eq "the command line wins: threads" 2 "$(json threads)"
expect_eq "the command line wins: mode" load "$(json_text mode)"
run --threads 1 --threads 3 --defaults-file "$cnf"
expect_eq "a repeated option: the last wins ($ERR)" 3 "$(json threads)"

# --print-defaults: the arguments the files give, the password as *****.
capture "$FASTLOAD" --defaults-file "$cnf" --print-defaults
expect_eq "--print-defaults exit code" 0 "$RC"
expect_match "--print-defaults output" "^--user=optu --password=\\*\\*\\*\\*\\* --socket=.* --threads=1 --mode=insert" \
  "$(tail -1 <<<"$OUT")"
[[ $OUT != *Opt-secret7* ]] && pass || fail "--print-defaults shows the password: $OUT"

# The file's password is in no process's arguments, nor in the verbose output.
head -c 100000 /dev/zero | tr '\0' 'x' | fold -w 3 | awk '{print NR "\t" $0}' >"$TEST_TMP/many.tsv"
sql -e "TRUNCATE opt.t"
env HOME="$TEST_TMP/home" "$FASTLOAD" --defaults-file "$cnf" --verbose --max-rate 200K --threads 1 --chunk-size 64K \
  "$TEST_TMP/many.tsv" opt.t >"$TEST_TMP/out" 2>"$TEST_TMP/err" &
pid=$!
sleep 0.5
args=$(ps -o args= -p $pid || true)
wait $pid && pass || fail "the slow load failed: $(cat "$TEST_TMP/err")"
[[ -n $args && $args != *Opt-secret7* ]] && pass || fail "the process list shows '$args'"
! grep -q Opt-secret7 "$TEST_TMP/out" "$TEST_TMP/err" && pass || fail "the output shows the password"

# Mistakes in option files are refused, naming the file and line.
run --defaults-file "$TEST_TMP/missing.cnf"
expect_eq "a missing --defaults-file" 2 "$RC"
expect_match "a missing --defaults-file: message" "^fastload: cannot open the option file '.*missing.cnf'" "$ERR"
run --defaults-extra-file "$TEST_TMP/missing.cnf"
expect_eq "a missing --defaults-extra-file" 2 "$RC"
printf '[fastload]\nthreads=1\nthreds=2\n' >"$TEST_TMP/typo.cnf"
run --defaults-file "$TEST_TMP/typo.cnf"
expect_eq "an unknown key in [fastload]" 2 "$RC"
expect_match "an unknown key in [fastload]: message" "^fastload: option file .*typo.cnf line 3: \\[fastload\\] has no option 'threds'" "$ERR"
printf '[client]\nfoo=1\n' >"$TEST_TMP/foo.cnf"
run --defaults-file "$TEST_TMP/foo.cnf"
expect_eq "an unknown key in [client], as the mariadb client" 2 "$RC"
expect_match "an unknown key in [client]: message" "foo.cnf line 2: unknown option 'foo'" "$ERR"
# A value the option refuses names its file and line, whether CLI11 or fastload reads it; the same value given
# on the command line is the command line's.
printf '[fastload]\nthreads=1\nthreads=abc\n' >"$TEST_TMP/badnum.cnf"
run --defaults-file "$TEST_TMP/badnum.cnf"
expect_eq "a bad number in a file" 2 "$RC"
expect_match "a bad number in a file: message" "^fastload: option file .*badnum.cnf line 3: --threads: 'abc' is not a whole number" "$ERR"
printf '[fastload]\nchunk-size=zz\n' >"$TEST_TMP/badsize.cnf"
run --defaults-file "$TEST_TMP/badsize.cnf"
expect_match "a bad size in a file: message" "^fastload: option file .*badsize.cnf line 2: --chunk-size 'zz' is not a size" "$ERR"
run --defaults-file "$TEST_TMP/badsize.cnf" --chunk-size zz
expect_match "the same bad size on the command line: its own" "^fastload: --chunk-size 'zz' is not a size" "$ERR"
run --no-defaults=1 -S "$SOCKET" -u root
expect_eq "--no-defaults=1" 2 "$RC"
expect_match "--no-defaults=1: message" "^fastload: --no-defaults takes no value: give --no-defaults alone" "$ERR"

# A world-writable file is ignored with the client's warning: its wrong user does not count.
printf '[client]\nuser=nobody-at-all\n' >"$TEST_TMP/open.cnf"
chmod 666 "$TEST_TMP/open.cnf"
run --defaults-extra-file "$TEST_TMP/open.cnf" -S "$SOCKET" -u root
expect_eq "a world-writable file ($ERR)" 0 "$RC"
expect_match "a world-writable file: warning" "^fastload: World-writable config file '.*open.cnf' is ignored" "$ERR"

# ~/.my.cnf is read, with --defaults-group-suffix its suffixed groups too; --no-defaults reads none.
printf '[client]\nuser=optu\npassword=Opt-secret7\nsocket=%s\n[fastload]\nthreads=1\n[fastload_night]\nthreads=3\n' \
  "$SOCKET" >"$TEST_TMP/home/.my.cnf"
chmod 600 "$TEST_TMP/home/.my.cnf"
run
expect_eq "~/.my.cnf ($ERR)" 1 "$(json threads)"
run --defaults-group-suffix _night
expect_eq "--defaults-group-suffix ($ERR)" 3 "$(json threads)"
run --no-defaults -S "$SOCKET" -u root
expect_eq "--no-defaults ($ERR)" 0 "$RC"
[[ $(json threads) -ge 2 ]] && pass || fail "--no-defaults read ~/.my.cnf: threads $(json threads)"
finish
