# The house's names: every file of a folder of src/ opens its declarations in the namespace named as the folder
# (fastload::FOLDER, or one nested in it); base/'s are fastload's own, the words every folder's namespace, nested in
# it, sees unqualified (a chunk, a problem, a failure). Files that do not yet are listed in
# tests/house/namespace_debt.txt ("path namespace"), the debt left to pay: a file not listed that strays fails this
# test, and so does a listed one that no longer strays (take it off the list), so the list only shrinks.
source "$(dirname "$0")/../integration/lib.sh"

src=$SOURCE_DIR/src
debt=$SOURCE_DIR/tests/house/namespace_debt.txt
[[ -f $debt ]] || fail "no $debt"

# opened FILE: the namespaces FILE opens, one a line; a block that only declares another folder's classes ahead
# (`namespace fastload::input { class MappedFile; }`) opens none.
opened() {
  awk '/^namespace fastload(::[a-z_:]+)? \{$/ { ns = $2; only_ahead = 1; n = 0; next }
       ns != "" && /^\}/ { if (!only_ahead || n == 0) print ns; ns = ""; next }
       ns != "" { n++; if ($0 !~ /^(class|struct) [A-Za-z_0-9]+;$/) { print ns; ns = "" } }' "$1" | sort -u
}

# stray: "path namespace" for each file of a folder whose namespace is not the folder's, one line each.
strays() {
  local file folder ns want
  for file in "$src"/*/*.h "$src"/*/*.cc; do
    folder=$(basename "$(dirname "$file")")
    case $folder in base) want=fastload ;; *) want=fastload::$folder ;; esac
    while read -r ns; do
      [[ $ns == "$want" || $ns == "$want"::* ]] && continue
      [[ $want == fastload && $ns == fastload ]] && continue
      echo "${file#"$SOURCE_DIR"/} $ns"
    done < <(opened "$file")
  done | sort -u
}

strays >"$TEST_TMP/strays"
{ grep -v '^#' "$debt" || true; } | sed '/^$/d' | sort -u >"$TEST_TMP/debt"
new=$(comm -23 "$TEST_TMP/strays" "$TEST_TMP/debt")
paid=$(comm -13 "$TEST_TMP/strays" "$TEST_TMP/debt")
expect_eq "no file strays from its folder's namespace beyond the recorded debt" "" "$new"
expect_eq "the debt lists only files that still stray (take the paid ones off $debt)" "" "$paid"
expect_match "the check sees the tree's files" "[0-9]" "$(ls "$src"/text/*.h | wc -l)"
finish
