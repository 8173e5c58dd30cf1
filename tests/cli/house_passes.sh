# The pass list in one file: every pass the run times is called from src/run/passes.cc, for a run of one table and
# a run of many alike (mold's driver is the model: a list of named passes, a timer each). A pass timed elsewhere
# would be a pass the list does not show.
source "$(dirname "$0")/../integration/lib.sh"

src=$SOURCE_DIR/src

# timed_outside: each call of timed( outside passes.cc (state.h defines it), "file:line: text".
timed_outside() {
  grep -rn --include='*.cc' --include='*.h' -E '(^|[^a-z_])timed\(' "$src" |
    grep -v -E "^$src/run/(passes\.cc|state\.h):" | sed "s|^$SOURCE_DIR/||"
}

expect_eq "no pass is timed outside src/run/passes.cc" "" "$(timed_outside)"
# The list itself: both kinds of run go through run_passes, and each named pass is there.
expect_match "run() hands every run to the one list" 'run_passes\(' "$(cat "$src/run/run.cc")"
for pass in open connect stage shards fetch map split check sort resume indexes reindex publish barrier analyze throttle; do
  expect_match "the list times the $pass pass" "timed\\([a-z_>.-]+, \"$pass\"" "$(cat "$src/run/passes.cc")"
done
finish
