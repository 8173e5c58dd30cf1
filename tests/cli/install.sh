# `cmake --install --strip` into a temporary prefix: the program runs and is stripped; the man page renders
# without warnings, names every long option `fastload --help` lists and has docs/exit-codes.md's codes; the bash
# completion, sourced in bash, offers the options and the values; the zsh one parses (where zsh is installed).
source "$(dirname "$0")/../integration/lib.sh"
: "${BUILD_DIR:?run through ctest}"
command -v man >/dev/null || { echo "SKIP: no man (package man-db; scripts/setup.sh installs it)"; exit 77; }

prefix=$TEST_TMP/prefix
if ! cmake --install "$BUILD_DIR" --prefix "$prefix" --strip >"$TEST_TMP/install.log" 2>&1; then
  cat "$TEST_TMP/install.log" >&2
  fail "cmake --install $BUILD_DIR failed"
  finish || exit
fi
bin=$prefix/bin/fastload
page=$prefix/share/man/man1/fastload.1.gz
bash_completion=$prefix/share/bash-completion/completions/fastload
zsh_completion=$prefix/share/zsh/vendor-completions/_fastload
for file in "$bin" "$page" "$bash_completion" "$zsh_completion"; do
  expect_eq "installed: ${file#"$prefix"/}" yes "$([[ -f $file ]] && echo yes || echo no)"
done
# Every link between the installed documents (README.md and docs/) resolves in the installed copy.
docdir=$prefix/share/doc/fastload
links=0 broken=""
for page_md in "$docdir"/README.md "$docdir"/docs/*.md; do
  for target in $(grep -oE '\]\([^)#: ]+[)#]' "$page_md" | sed -E 's/^..//; s/.$//' | sort -u); do
    links=$((links + 1))
    [[ -e $(dirname "$page_md")/$target ]] || broken+=" ${page_md#"$docdir"/} -> $target"
  done
done
expect_match "installed documents: the README links docs/replicas.md" "replicas" "$(ls "$docdir/docs")"
[[ $links -ge 8 ]] && pass || fail "only $links links found in the installed documents"
expect_eq "installed documents: links that do not resolve" "" "$broken"
expect_match "installed binary runs" "^fastload [0-9]+\.[0-9]+" "$("$bin" --version)"
expect_match "installed binary is stripped" ", stripped" "$(file -L "$bin")"
echo "installed fastload: $(stat -c %s "$bin") bytes"

# The long options --help lists, one a line, and the mode table's names (src/request/modes.cc).
help_options=$("$bin" --help | grep -oE -- '--[a-z][a-z0-9-]*[a-z0-9]' | sort -u)
modes=$(grep -oE '\{Mode::[a-z]+, "[a-z]+"' "$SOURCE_DIR/src/request/modes.cc" | cut -d'"' -f2 | sort)
expect_match "--help lists options" "^--threads$" "$help_options"
expect_match "modes.cc's mode table read" "^bulk$" "$modes"

# The man page: renders without a warning, its NAME line for whatis, every option, the exit codes.
warnings=$(LC_ALL=C.UTF-8 MANWIDTH=80 man --warnings -l "$page" 2>&1 >"$TEST_TMP/page.txt") || fail "man -l failed"
expect_eq "man -l warnings" "" "$warnings"
expect_match "man page rendered" "^SYNOPSIS" "$(cat "$TEST_TMP/page.txt")"
if command -v lexgrog >/dev/null; then
  expect_match "whatis line (lexgrog)" '"fastload - load ' "$(lexgrog "$page")"
fi
source_text=$(zcat "$page" | sed 's/\\-/-/g')
missing=""
for option in $help_options; do
  grep -qE -- "(^|[^a-z0-9-])$option([^a-z0-9-]|$)" <<<"$source_text" || missing+=" $option"
done
expect_eq "options --help lists but the man page lacks" "" "$missing"
expect_match "man page: version" "fastload $("$bin" --version | cut -d' ' -f2)" "$(tail -n 3 "$TEST_TMP/page.txt")"
page_codes=$(sed -n '/^EXIT STATUS/,/^FILES/p' "$TEST_TMP/page.txt" | grep -oE '^ +[0-9]+ [a-z_]+' |
  sed 's/^ *//' | sort -n)
doc_codes=$(grep -oE '^\| *[0-9]+ \| [a-z_]+ \|' "$SOURCE_DIR/docs/exit-codes.md" | tr -d '| ' |
  sed -E 's/^([0-9]+)/\1 /' | sort -n)
expect_match "docs/exit-codes.md read" "^12 cannot_resume$" "$doc_codes"
expect_eq "exit codes: man page vs docs/exit-codes.md" "$doc_codes" "$page_codes"

# offers WORD...: what the bash completion offers for the last WORD of `fastload WORD...`, one a line, sorted.
offers() {
  bash -c 'source "$1"; shift; COMP_WORDS=(fastload "$@"); COMP_CWORD=$#; _fastload
           printf "%s\n" "${COMPREPLY[@]}"' _ "$bash_completion" "$@" | sort
}
expect_match "bash: registered" "-F _fastload fastload" "$(bash -c 'source "$1"; complete -p fastload' _ "$bash_completion")"
expect_eq "bash: --thr" --threads "$(offers --thr)"
expect_eq "bash: --mode" "$modes" "$(offers --mode "")"
expect_eq "bash: --mode=" "$modes" "$(offers --mode = "")"
expect_eq "bash: --mode=mu" multirow "$(offers --mode = mu)"
expect_eq "bash: --on-duplicate" "$(printf '%s\n' error ignore replace)" "$(offers --on-duplicate "")"
expect_eq "bash: --protocol" "$(printf '%s\n' SOCKET TCP)" "$(offers --protocol "")"
expect_match "bash: --ssl-mode" "^VERIFY_IDENTITY$" "$(offers --ssl-mode V)"
touch "$TEST_TMP/nodes.tsv" "$TEST_TMP/option-file.cnf"
expect_eq "bash: FILE" "$TEST_TMP/nodes.tsv" "$(offers --threads 2 "$TEST_TMP/no")"
expect_eq "bash: --defaults-file FILE" "$TEST_TMP/option-file.cnf" "$(offers --defaults-file "$TEST_TMP/opt")"
expect_eq "bash: --rejects FILE" "$TEST_TMP/nodes.tsv" "$(offers --rejects "$TEST_TMP/no")"
expect_eq "bash: --threads takes a number" "" "$(offers --threads "")"
offered=$(offers --)
expect_eq "options --help lists but bash does not offer" "" "$(comm -23 <(echo "$help_options") <(echo "$offered"))"

if command -v zsh >/dev/null; then
  zsh -n "$zsh_completion" 2>"$TEST_TMP/zsh.err" || fail "zsh -n: $(cat "$TEST_TMP/zsh.err")"
  pass
  zsh_options=$(grep -oE -- '--[a-z][a-z0-9-]*[a-z0-9]' "$zsh_completion" | sort -u)
  expect_eq "options --help lists but zsh lacks" "" "$(comm -23 <(echo "$help_options") <(echo "$zsh_options"))"
  expect_eq "zsh: --mode's values" "$modes" \
    "$(grep -- "'--mode=" "$zsh_completion" | grep -oE ':\([a-z ]+\)' | tr -d ':()' | tr ' ' '\n' | sort)"
else
  echo "zsh is not installed: the zsh completion was not checked"
fi
finish
