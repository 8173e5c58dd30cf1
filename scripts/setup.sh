#!/usr/bin/env bash
# Installs the Debian packages fastload needs (only the missing ones), then configures and builds
# into build/ (or $BUILD_DIR; a new one as RelWithDebInfo, whose debug info the demo and the tests keep).
# --bench also installs the tools bench/compare.sh compares with; --print-packages [--bench] only prints the
# packages' names, one a line (scripts/installed-path.sh reads them).
# Other arguments go to `cmake --build`, e.g. --target gen-nodes. Quiet when there is nothing to do.
set -euo pipefail
# shellcheck source=scripts/lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

packages=(cmake g++ make pkg-config openssl python3-minimal python3 mariadb-server mariadb-client libmariadb-dev
          libmariadb-dev-compat libcli11-dev libfmt-dev libspdlog-dev libgtest-dev libxxhash-dev libisal-dev
          zlib1g-dev libzstd-dev liblz4-dev libbz2-dev liblzma-dev gzip zstd lz4 bzip2 xz-utils tabix time
          mariadb-plugin-spider galera-4 rsync iproute2 man-db dpkg-dev file mariadb-test-data mydumper
          libcurl4-openssl-dev curl nginx nodejs libsnappy-dev libbrotli-dev libsimdjson-dev)
# The remote-input tests' servers: nginx (Debian 12's nginx-light is only a name for it), s3rver under node
# (scripts/s3_server.sh). Debian's nodejs comes without npm, which is a package of its own there; a nodejs of
# another origin brings npm itself and conflicts with Debian's npm package.
if ! command -v npm >/dev/null || [[ $(dpkg-query -W -f='${db:Status-Status}' npm 2>/dev/null) == installed ]]; then
  packages+=(npm)
fi
print=no
if [[ ${1:-} == --print-packages ]]; then print=yes; shift; fi
if [[ ${1:-} == --bench ]]; then
  packages+=(percona-toolkit python3-mysqldb gnuplot-nox linux-perf)
  shift
fi
if [[ $print == yes ]]; then printf '%s\n' "${packages[@]}"; exit 0; fi
missing=()
for p in "${packages[@]}"; do
  [[ $(dpkg-query -W -f='${db:Status-Status}' "$p" 2>/dev/null) == installed ]] || missing+=("$p")
done
if ((${#missing[@]})); then
  as_root=()
  if ((EUID != 0)); then
    command -v sudo >/dev/null || die "not root and no sudo: cannot install ${missing[*]}"
    as_root=(sudo)
  fi
  echo "fastload: installing ${missing[*]}"
  "${as_root[@]}" env DEBIAN_FRONTEND=noninteractive apt-get update -qq
  "${as_root[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi

# Configuring again is cheap and repairs a build directory whose last configure failed.
# A build type given before (or by hand) is kept.
build_type=()
[[ -f $BUILD_DIR/CMakeCache.txt ]] || build_type=(-DCMAKE_BUILD_TYPE=RelWithDebInfo)
log=$(cmake -S "$ROOT" -B "$BUILD_DIR" "${build_type[@]}" 2>&1) || { echo "$log" >&2; die "cmake could not configure $BUILD_DIR"; }
# Show what gets rebuilt and every error, not the lines that say a target is up to date.
if ! cmake --build "$BUILD_DIR" -j"$(nproc)" "$@" 2>&1 |
     { grep -v -E '^(\[ *[0-9]+%\] )?Built target |^ninja: no work to do|^g?make(\[[0-9]+\])?: (Entering|Leaving)' || true; }; then
  die "the build failed (in $BUILD_DIR)"
fi
