# Messages as golden files (tests/golden/*.case): each case is a fastload command, its exit code and every line
# it prints, so a message's wording is reviewed where it is written down. A case:
#   # why the case is here (any number of comment lines)
#   $ ARGS...            fastload's arguments, run in a fresh directory that holds good.tsv ($DIR names it)
#   ! N                  the exit code
#   1> LINE / 2> LINE    each line of stdout / stderr, in order, all of them; a LINE is a bash pattern
#                        (* any text; \* \? \[ \\ the characters themselves)
# GOLDEN_UPDATE=1 rewrites each case's exit code and lines from what fastload printed (the directory as *).
source "$(dirname "$0")/../integration/lib.sh"

# escaped TEXT: TEXT as a pattern that matches only itself.
escaped() { sed -e 's/[][\\*?]/\\&/g' <<<"$1"; }

# check CASE: runs the case and compares; with GOLDEN_UPDATE=1 rewrites it instead.
check() {
  local case=$1 name dir args want_rc="" rc line n
  name=$(basename "$case" .case)
  dir=$TEST_TMP/$name
  mkdir -p "$dir" && printf '1\ta\n2\tb\n' >"$dir/good.tsv"
  args=$(sed -n 's/^\$ //p' "$case")
  [[ -n $args ]] || { fail "$name: no '\$ ARGS' line"; return; }
  args=${args//\$DIR/$dir}
  # shellcheck disable=SC2086  # the case's arguments are words
  (cd "$dir" && exec "$FASTLOAD" $args) >"$dir/stdout" 2>"$dir/stderr" && rc=0 || rc=$?
  if [[ ${GOLDEN_UPDATE:-0} == 1 ]]; then
    { grep -E '^(#|\$ )' "$case"; echo "! $rc"
      while IFS= read -r line; do line=$(escaped "$line") && echo "1> ${line//$dir/*}"; done <"$dir/stdout"
      while IFS= read -r line; do line=$(escaped "$line") && echo "2> ${line//$dir/*}"; done <"$dir/stderr"
    } >"$case.new" && mv "$case.new" "$case"
    pass
    return
  fi
  want_rc=$(sed -n 's/^! //p' "$case")
  expect_eq "$name: exit code" "$want_rc" "$rc"
  for stream in 1 2; do
    local -a want=() got=()
    mapfile -t want < <(sed -n "s/^$stream> //p" "$case")
    mapfile -t got <"$dir/$([[ $stream == 1 ]] && echo stdout || echo stderr)"
    expect_eq "$name: lines on fd $stream" "${#want[@]}" "${#got[@]}"
    for ((n = 0; n < ${#want[@]} && n < ${#got[@]}; n++)); do
      # shellcheck disable=SC2053  # the right side is the case's pattern
      if [[ ${got[n]} == ${want[n]} ]]; then pass; else fail "$name: fd $stream line $((n + 1)): '${got[n]}' is not '${want[n]}'"; fi
    done
  done
}

cases=("$SOURCE_DIR"/tests/golden/*.case)
[[ -e ${cases[0]} ]] || fail "no cases in tests/golden"
for case in "${cases[@]}"; do check "$case"; done
finish
