#!/usr/bin/env bash
# Runs the README's two commands, scripts/demo.sh then scripts/test.sh, as root in a fresh Debian 12 minbase
# root (debootstrap; no /etc/hosts, no git, /root of mode 700) on a clone of this checkout's committed HEAD.
# By hand, as root, before a release: it takes longer than CI allows.
#
#   scripts/fresh-root.sh [--rev REV] [--user NAME] [--cache FILE] [--dir DIR] [--log FILE] [--keep] [-- ctest args]
#
# --rev: the commit to test (default HEAD). --user NAME: then also as a new user NAME (home of mode 700, a clone
# of its own there), after scripts/setup.sh as root. --cache FILE: the bare root as a tarball (.tar, .tar.gz,
# .tar.zst...), written by a run that does not find it, extracted by the next instead of debootstrap. --dir: where
# the root's temporary directory goes (default ${TMPDIR:-/tmp}). --log: the full log, time-stamped (default
# DIR/fresh-root.TIMESTAMP.log). --keep: leave the root (unmounted) for a look. Arguments after -- go to test.sh.
# The mirror, the suites (bookworm, -updates, -security) and what apt needs to reach them here (proxy, date
# checks) come from this machine's apt configuration. At exit, also on failure or Ctrl-C, the processes left in
# the root are stopped and everything mounted in it is unmounted; the root is removed only when nothing is.
set -euo pipefail

usage() { sed -n '2,15p' "$0" >&2; exit 2; }
die() { echo "fastload: $*" >&2; exit 1; }
git() { command git -c safe.directory='*' "$@"; }

rev=HEAD user='' cache='' base=${TMPDIR:-/tmp} log='' keep=0 test_args=()
while [[ $# -gt 0 ]]; do
  case $1 in
    --rev) rev=${2:?}; shift 2 ;;
    --user) user=${2:?}; shift 2 ;;
    --cache) cache=$(realpath -m "${2:?}"); shift 2 ;;
    --dir) base=${2:?}; shift 2 ;;
    --log) log=$(realpath -m "${2:?}"); shift 2 ;;
    --keep) keep=1; shift ;;
    --) shift; test_args=("$@"); break ;;
    *) usage ;;
  esac
done
((EUID == 0)) || die "run me as root (debootstrap, chroot and mount need it)"
[[ -z $user || $user =~ ^[a-z_][a-z0-9_-]*$ ]] || die "--user $user: not a user name"
repo=$(git -C "$(dirname "$0")" rev-parse --show-toplevel) || die "not in a git checkout"
sha=$(git -C "$repo" rev-parse --verify "$rev^{commit}") || die "--rev $rev: no such commit"
base=$(realpath "$base") || die "--dir: no such directory"
# Mount points are compared with /proc/mounts, which escapes blanks: keep the path plain.
[[ $base =~ ^[A-Za-z0-9/._+-]+$ ]] || die "$base: use a directory whose path has no blanks or special characters"
log=${log:-$base/fresh-root.$(date +%Y%m%d-%H%M%S).log}

# Everything to the terminal and the log, each line time-stamped; the logger ignores Ctrl-C to log the clean-up.
stamp() { local l; while IFS= read -r l || [[ -n $l ]]; do printf '%(%H:%M:%S)T %s\n' -1 "$l"; done; }
exec 3>&1 4>&2
exec > >(trap '' INT TERM; stamp | tee -a "$log") 2>&1
logger=$!
step() { printf '\nfastload: == %s\n' "$*"; }
echo "fastload: testing commit $sha of $repo; log $log"

root='' results=() failed=()
mounts() { awk -v r="$root" '$2 == r || index($2, r "/") == 1 { print $2 }' /proc/mounts | sort -r; }
cleanup() {
  local rc=$? round left
  set +e
  trap - ERR
  trap '' INT TERM
  if [[ -n $root && -d $root ]]; then
    # A server a failed or interrupted test left running would hold the mounts.
    for round in TERM KILL; do
      left=$(for p in /proc/[0-9]*; do [[ $(readlink "$p/root" 2>/dev/null) == "$root" ]] && echo "${p#/proc/}"; done)
      [[ -n $left ]] || break
      echo "fastload: stopping the processes left in the root: $(echo "$left" | tr '\n' ' ')"
      # shellcheck disable=SC2086  # one pid a word
      kill "-$round" $left 2>/dev/null
      sleep 5
    done
    mounts | while read -r m; do umount "$m" 2>/dev/null || umount -l "$m" || echo "fastload: cannot unmount $m"; done
    if [[ -n $(mounts) ]]; then
      echo "fastload: still mounted under $root, so it stays:"; mounts; rc=1
    elif ((keep)); then
      echo "fastload: the root stays in $root (nothing is mounted in it): chroot $root /bin/bash"
    else
      rm -rf --one-file-system "$root"
    fi
  fi
  echo "fastload: the log is $log"
  exec 1>&3 2>&4 3>&- 4>&-
  wait "$logger" 2>/dev/null || true
  exit "$rc"
}
trap cleanup EXIT
trap 'echo "fastload: line $LINENO failed: $BASH_COMMAND"' ERR
trap 'echo "fastload: interrupted"; exit 130' INT
trap 'echo "fastload: terminated"; exit 143' TERM

# The apt sources of this machine that serve Debian bookworm (main), deb822 stanzas and one-line entries.
debian_stanzas() {
  awk 'function flush() { if (t ~ / deb / && s ~ / bookworm(-updates|-security)? / && c ~ / main /) print st "\n"
                          st = t = s = c = "" }
       FNR == 1 || /^[ \t]*$/ { flush() }  /^[ \t]*$/ || /^#/ { next }
       { st = st (st == "" ? "" : "\n") $0; k = tolower($1); $1 = "" }
       k == "types:" { t = $0 " " }  k == "suites:" { s = $0 " " }  k == "components:" { c = $0 " " }
       END { flush() }' /etc/apt/sources.list.d/*.sources 2>/dev/null || true
}
debian_lines() {
  cat /etc/apt/sources.list /etc/apt/sources.list.d/*.list 2>/dev/null |
    awk '$1 == "deb" { i = 1; if ($2 ~ /^\[/) for (i = 2; $i !~ /\]$/ && i < NF; i++) ;
                       if ($(i + 2) ~ /^bookworm(-updates|-security)?$/ && / main( |$)/) print }' || true
}
stanzas=$(debian_stanzas) lines=$(debian_lines)
sources=$stanzas$'\n'$lines
mirror=$(awk '/^$/ { u = s = "" }  tolower($1) == "uris:" { u = $2 }  tolower($1) == "suites:" { s = $0 " " }
              u != "" && s ~ / bookworm / { print u; exit }' <<<"$stanzas")
mirror=${mirror:-$(awk '{ i = 1; if ($2 ~ /^\[/) for (i = 2; $i !~ /\]$/ && i < NF; i++) ; if ($(i + 2) == "bookworm") { print $(i + 1); exit } }' <<<"$lines")}
[[ -n $mirror ]] || die "no Debian bookworm source in /etc/apt/sources.list or /etc/apt/sources.list.d/*.sources"
for suite in bookworm bookworm-updates bookworm-security; do
  grep -qE "^(Suites:|deb )(.* )?$suite( |$)" <<<"$sources" || echo "fastload: note: no $suite in this machine's apt sources"
done

t0=$SECONDS
if ! command -v debootstrap >/dev/null; then
  step "installing debootstrap"
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq debootstrap
fi
root=$(mktemp -d "$base/fresh-root.XXXXXX")
chmod 755 "$root"
if [[ -n $cache && -f $cache ]]; then
  step "extracting the bare root from $cache into $root"
  tar -xpf "$cache" --numeric-owner -C "$root"
else
  step "debootstrap --variant=minbase bookworm $root $mirror"
  debootstrap --variant=minbase bookworm "$root" "$mirror"
fi
rm -f "$root/etc/hosts"  # the case to test: a root without one
if [[ -n $cache && ! -f $cache ]]; then
  tar -capf "${cache%/*}/partial.${cache##*/}" --numeric-owner -C "$root" . && mv "${cache%/*}/partial.${cache##*/}" "$cache"
  echo "fastload: the bare root is cached in $cache"
fi
results+=("making the root: $((SECONDS - t0)) s")

step "configuring apt in the root like this machine's"
cp -L /etc/resolv.conf "$root/etc/resolv.conf" && chmod 644 "$root/etc/resolv.conf"
rm -f "$root"/etc/apt/sources.list "$root"/etc/apt/sources.list.d/*
[[ -z $stanzas ]] || printf '%s\n' "$stanzas" >"$root/etc/apt/sources.list.d/debian.sources"
[[ -z $lines ]] || printf '%s\n' "$lines" >"$root/etc/apt/sources.list"
# The keyrings the sources name that the root lacks; apt's settings for reaching the mirror from here.
sed -n 's/^Signed-By: *\(\/[^ ]*\)$/\1/p; s/.*signed-by=\([^] ]*\).*/\1/p' <<<"$sources" | while read -r key; do
  [[ -e $root$key || ! -e $key ]] || { mkdir -p "$root${key%/*}"; cp "$key" "$root$key"; }
done
[[ ! -f /etc/apt/apt.conf ]] || cp /etc/apt/apt.conf "$root/etc/apt/apt.conf"
for f in $(grep -liE '^[^#/]*(proxy|check-valid-until|check-date|verify-peer|cainfo)' /etc/apt/apt.conf.d/* || true); do
  echo "fastload: apt setting from $f"; cp "$f" "$root/etc/apt/apt.conf.d/"
done
cp -a /etc/apt/auth.conf.d/. "$root/etc/apt/auth.conf.d/" 2>/dev/null || true
# No init runs in the root: a service a package starts would outlive the run.
printf '#!/bin/sh\nexit 101\n' >"$root/usr/sbin/policy-rc.d" && chmod 755 "$root/usr/sbin/policy-rc.d"
grep -shE '^(URIs|Suites|deb) ' "$root"/etc/apt/sources.list "$root"/etc/apt/sources.list.d/* | sed 's/^/fastload: /' || true

step "mounting proc, sys and a minimal /dev (null, zero, full, random, urandom, tty, pts, shm)"
mount -t proc proc "$root/proc"
mount -t sysfs sysfs "$root/sys"
mount -t tmpfs -o mode=755,size=1m fresh-root-dev "$root/dev"
for node in 'null c 1 3' 'zero c 1 5' 'full c 1 7' 'random c 1 8' 'urandom c 1 9' 'tty c 5 0'; do
  read -r name type major minor <<<"$node"
  mknod -m 666 "$root/dev/$name" "$type" "$major" "$minor"
done
mkdir -m 755 "$root/dev/pts" && mkdir -m 1777 "$root/dev/shm"
ln -s pts/ptmx "$root/dev/ptmx" && ln -s /proc/self/fd "$root/dev/fd"
ln -s /proc/self/fd/0 "$root/dev/stdin" && ln -s /proc/self/fd/1 "$root/dev/stdout" && ln -s /proc/self/fd/2 "$root/dev/stderr"
mount -t devpts -o newinstance,ptmxmode=0666,mode=620 devpts "$root/dev/pts"
mount -t tmpfs -o mode=1777 shm "$root/dev/shm"
mounts | sed 's/^/fastload: mounted /'

# clone_into DIR OWNER: a clone of the commit under test, made on this machine (git is not in minbase).
clone_into() {
  git clone -q --no-hardlinks --no-checkout "$repo" "$root$1"
  git -C "$root$1" checkout -q --detach "$sha"
  chown -R "$2" "$root$1"
  echo "fastload: $1: $(git -C "$root$1" log -1 --format='%h %s' | cut -c1-100)"
}
step "cloning $sha into /root/fastload"
chmod 700 "$root/root"
clone_into /root/fastload 0:0

# run NAME USER COMMAND: COMMAND in the root, in a login shell of USER (runuser -l: a clean environment,
# /etc/profile's PATH) from ~/fastload; its time and result go to the summary.
run() {
  local name=$1 who=$2 cmd=$3 t=$SECONDS rc=0
  step "$name: $cmd (as $who, in the root)"
  chroot "$root" /usr/sbin/runuser -l "$who" -c "cd ~/fastload && $cmd" </dev/null || rc=$?
  results+=("$name as $who: $((SECONDS - t)) s, $( ((rc == 0)) && echo ok || echo "FAILED (exit $rc)")")
  ((rc == 0)) || failed+=("$name as $who")
}
test_cmd=scripts/test.sh
((${#test_args[@]} == 0)) || test_cmd+=$(printf ' %q' "${test_args[@]}")
run demo.sh root scripts/demo.sh
run test.sh root "$test_cmd"
if [[ -n $user ]]; then
  step "creating user $user (home of mode 700, a clone of its own)"
  chroot "$root" /usr/sbin/useradd -m -s /bin/bash "$user"
  home=$(chroot "$root" getent passwd "$user" | cut -d: -f6)
  chmod 700 "$root$home"
  clone_into "$home/fastload" "$(chroot "$root" id -u "$user"):$(chroot "$root" id -g "$user")"
  run setup.sh root scripts/setup.sh
  run demo.sh "$user" scripts/demo.sh
  run test.sh "$user" "$test_cmd"
fi

step "summary"
printf 'fastload: %s\n' "${results[@]}"
((${#failed[@]} == 0)) || die "failed in the fresh root: $(printf '%s, ' "${failed[@]}" | sed 's/, $//')"
echo "fastload: demo.sh and test.sh passed in a fresh Debian 12 root"
