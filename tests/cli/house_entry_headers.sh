# The house's doors: each folder of src/ has one entry header, FOLDER/FOLDER.h, and the code of the other folders
# (and main.cc, bench/ and the test tools) includes that one alone; the folder's other headers are its own. The
# unit tests are white-box tests of a folder's parts and may include any header. Checked here, beside the build's
# own refusal of an upward include (CMakeLists.txt, fastload_folder).
source "$(dirname "$0")/../integration/lib.sh"

src=$SOURCE_DIR/src

# through_side_doors: "file: header" for each include of another folder's header that is not its entry header.
through_side_doors() {
  local file folder include target name
  while IFS= read -r file; do
    folder=$(dirname "${file#"$SOURCE_DIR"/}")
    folder=${folder#src/}
    while IFS= read -r include; do
      target=${include%%/*}
      name=$(basename "$include" .h)
      [[ -d $src/$target && $target != "$folder" && $name != "$target" ]] && echo "${file#"$SOURCE_DIR"/}: $include"
    done < <(sed -n 's/^#include "\([a-z_]*\/[a-z_0-9]*\.h\)".*/\1/p' "$file")
  done < <(find "$src" "$SOURCE_DIR/bench" "$SOURCE_DIR/tests/tools" -name '*.h' -o -name '*.cc' | sort)
}

# no_entry: each folder of src/ without its entry header.
no_entry() {
  local dir
  for dir in "$src"/*/; do
    dir=${dir%/}
    [[ -f $dir/$(basename "$dir").h ]] || echo "${dir#"$SOURCE_DIR"/}"
  done
}

expect_eq "every folder has its entry header FOLDER/FOLDER.h" "" "$(no_entry)"
expect_eq "no folder includes another's header but its entry header" "" "$(through_side_doors)"
# The check must see includes to judge: the program's driver includes other folders' entry headers.
expect_match "the check reads the tree's includes" '#include "run/run.h"' "$(cat "$src/main.cc")"
finish
