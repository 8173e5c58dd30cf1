# cpack makes a .deb of this build: package fastload at the project's version, Depends computed, the files at
# Debian's paths, the binary stripped; installed with dpkg into an empty root (its own dpkg database), it runs;
# apt, told that nothing is installed, finds every package it depends on.
source "$(dirname "$0")/../integration/lib.sh"
: "${BUILD_DIR:?run through ctest}"
for tool in cpack dpkg-deb dpkg-shlibdeps file; do
  command -v "$tool" >/dev/null || { echo "SKIP: no $tool (scripts/setup.sh installs dpkg-dev and file)"; exit 77; }
done

# cpack brings the build up to date first (nothing to do in a built tree), then installs it into its own staging
# directory under -B.
if ! cpack --config "$BUILD_DIR/CPackConfig.cmake" -B "$TEST_TMP/package" >"$TEST_TMP/cpack.log" 2>&1; then
  cat "$TEST_TMP/cpack.log" >&2
  fail "cpack failed"
  finish || exit
fi
version=$("$FASTLOAD" --version | cut -d' ' -f2)
deb=$TEST_TMP/package/fastload_${version}_$(dpkg --print-architecture).deb
expect_eq "the package is named by Debian's convention" yes "$([[ -f $deb ]] && echo yes || echo no)"
echo "$(basename "$deb"): $(stat -c %s "$deb") bytes"

field() { dpkg-deb --field "$deb" "$1"; }
expect_eq "Package" fastload "$(field Package)"
expect_eq "Version" "$version" "$(field Version)"
expect_match "Maintainer" ".+ <.+@.+>" "$(field Maintainer)"
expect_match "Description" "MariaDB" "$(field Description)"
depends=$(field Depends)
echo "Depends: $depends"
for library in libc6 "libstdc\\+\\+6" libmariadb3 libfmt libspdlog libzstd1 liblz4-1 libbz2-1.0 liblzma5 libisal2; do
  expect_match "Depends names $library" "(^|, )$library" "$depends"
done
expect_eq "Recommends bash-completion (what loads the completions)" bash-completion "$(field Recommends)"
contents=$(dpkg-deb --contents "$deb" | awk '{print $NF}')
for path in usr/bin/fastload usr/share/man/man1/fastload.1.gz usr/share/bash-completion/completions/fastload \
            usr/share/zsh/vendor-completions/_fastload usr/share/doc/fastload/README.md \
            usr/share/doc/fastload/docs/replicas.md usr/share/doc/fastload/docs/benchmarks.md; do
  expect_match "the package holds /$path" "^\./$path$" "$contents"
done

# A fresh root with an empty dpkg database: dpkg installs the package there (its dependencies are this host's,
# which the root lacks: --force-depends), and lists it as installed.
root=$TEST_TMP/root
mkdir -p "$root/var/lib/dpkg/info" "$root/var/lib/dpkg/updates"
touch "$root/var/lib/dpkg/status"
if ! dpkg --root="$root" --log=/dev/null --force-depends --force-not-root --install "$deb" \
     >"$TEST_TMP/dpkg.log" 2>&1; then
  cat "$TEST_TMP/dpkg.log" >&2
  fail "dpkg --install into $root"
fi
expect_eq "dpkg: installed" "install ok installed" \
  "$(dpkg-query --admindir="$root/var/lib/dpkg" -W -f='${Status}' fastload 2>&1)"
expect_match "installed binary runs" "^fastload $version$" "$("$root/usr/bin/fastload" --version)"
expect_match "installed binary is stripped" ", stripped" "$(file -L "$root/usr/bin/fastload")"
echo "installed fastload: $(stat -c %s "$root/usr/bin/fastload") bytes"

# What a fresh Debian system would do: apt, told that nothing is installed, finds fastload's dependencies (and
# theirs) in the archives this host's apt knows (scripts/setup.sh ran apt-get update).
if command -v apt-get >/dev/null && compgen -G '/var/lib/apt/lists/*_Packages*' >/dev/null; then
  : >"$TEST_TMP/nothing-installed"
  if apt-get --simulate -o Dir::State::status="$TEST_TMP/nothing-installed" install "$deb" >"$TEST_TMP/apt.log" 2>&1
  then
    expect_match "apt on an empty system: fastload" "^Inst fastload " "$(cat "$TEST_TMP/apt.log")"
    expect_match "apt on an empty system: its dependencies" "^Inst libmariadb3 " "$(cat "$TEST_TMP/apt.log")"
  else
    fail "apt cannot install the package on an empty system: $(tail -n 5 "$TEST_TMP/apt.log")"
  fi
else
  echo "no apt package lists: the dependencies were not resolved against the archives"
fi
finish
