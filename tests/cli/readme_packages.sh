# README.md's "Building by hand" names exactly the packages scripts/setup.sh installs (not its --bench ones).
source "$(dirname "$0")/../integration/lib.sh"

# The words of setup.sh's packages=( ... ) list, one a line, sorted.
setup_list() { sed -n '/^packages=(/,/)/p' "$SOURCE_DIR/scripts/setup.sh" | tr -d '()\\' |
  sed 's/^packages=//' | tr -s ' \n' '\n' | grep -v '^$' | sort; }
# The words after "apt-get install" in README's Building by hand section, continuation lines included.
readme_list() { sed -n '/^## Building by hand/,/^## /p' "$SOURCE_DIR/README.md" |
  sed -n '/apt-get install/,/[^\\]$/p' | sed 's/.*apt-get install//' | tr -d '\\' | tr -s ' \n' '\n' |
  grep -v '^$' | sort; }

setup=$(setup_list)
readme=$(readme_list)
expect_match "setup.sh lists the packages" "^libmariadb-dev$" "$setup"
expect_match "README lists packages" "^cmake$" "$readme"
expect_eq "README's packages are setup.sh's (diff: <setup >README)" "" \
  "$(diff <(echo "$setup") <(echo "$readme") | grep '^[<>]' || true)"
finish
