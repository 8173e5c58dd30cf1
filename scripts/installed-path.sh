#!/usr/bin/env bash
# The commands a fresh machine has once scripts/setup.sh ran: those of a minimal Debian (debootstrap minbase: the
# packages of Priority required, and apt) and those of setup.sh's packages and of everything they depend on.
#
#   scripts/installed-path.sh DIR [--bench]
#
# Fills DIR (made anew) with a link to each of them under the name it has on this machine's PATH, and prints DIR.
# scripts/test.sh runs the tests with PATH=DIR, so a test or script that calls a command only this machine has
# fails here as it would on a fresh one, naming the command (tests/integration/lib.sh), and its package goes into
# setup.sh. --bench: with the packages of setup.sh --bench too.
set -euo pipefail

[[ $# -ge 1 && $1 != -* ]] || { sed -n '2,10p' "$0" >&2; exit 2; }
dir=$1
shift
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d "${TMPDIR:-/tmp}/fastload-path.XXXXXX")
trap 'rm -rf "$work"' EXIT

# The packages: required ones, apt, and setup.sh's with what they depend on (installed ones: setup.sh ran).
mapfile -t wanted < <("$here"/setup.sh --print-packages "$@")
{
  dpkg-query -W -f='${Package} ${Priority}\n' | awk '$2 == "required" { print $1 }'
  apt-cache depends --recurse --installed --no-recommends --no-suggests --no-conflicts --no-breaks --no-replaces \
    --no-enhances apt "${wanted[@]}" | grep -v '^[ <]'
} | sort -u >"$work/packages"

# Their files in bin and sbin directories, as real paths (/bin is /usr/bin on a merged /usr; alternatives resolve).
arch=$(dpkg --print-architecture)
while read -r package; do
  for list in "/var/lib/dpkg/info/$package.list" "/var/lib/dpkg/info/$package:$arch.list"; do
    [[ -f $list ]] && grep -E '/s?bin/[^/]+$' "$list"
  done
done <"$work/packages" | tr '\n' '\0' | xargs -0 -r realpath -eq -- | sort -u >"$work/files" || true

# Each name on PATH whose real file is one of those (of one name, the first such on PATH: a shim or a hand-built
# command earlier on PATH is passed over).
rm -rf "$dir"
mkdir -p -m 755 "$dir"
IFS=: read -r -a path_dirs <<<"$PATH"
for path_dir in "${path_dirs[@]}"; do
  [[ -d $path_dir ]] || continue
  for command in "$path_dir"/*; do
    [[ -x $command && ! -d $command ]] || continue
    echo "${command##*/}"$'\t'"$command"$'\t'"$(realpath -eq -- "$command" || true)"
  done
done | awk -F'\t' 'NR == FNR { have[$0] = 1; next } ($3 in have) && !seen[$1]++ { print $1 "\t" $2 }' \
  "$work/files" - | while IFS=$'\t' read -r name command; do ln -s "$command" "$dir/$name"; done
echo "$dir"
