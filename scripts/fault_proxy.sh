#!/usr/bin/env bash
# A misbehaving HTTP proxy (tests/tools/fault_proxy.js) in front of a test server, for the tests of remote
# reads: its rules (DIR/rules, read again on each request) make it answer errors, cut or stall connections.
#
#   scripts/fault_proxy.sh start DIR UPSTREAM     (UPSTREAM: http://127.0.0.1:PORT)
#   scripts/fault_proxy.sh rules DIR RULE...      (DIR/rules replaced by one RULE a line; none: forward all)
#   scripts/fault_proxy.sh count DIR NAME         (a count of DIR/counts, 0 when none yet: requests, ranged...)
#   scripts/fault_proxy.sh stop DIR               (and removes DIR)
#
# After start: DIR/port, DIR/endpoint (http://127.0.0.1:PORT), DIR/counts, DIR/requests.log. The rules' syntax is
# in tests/tools/fault_proxy.js.
set -euo pipefail

usage() { sed -n '2,11p' "$0" >&2; exit 2; }
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=scripts/test_servers.sh
source "$here/test_servers.sh"
[[ $# -ge 2 ]] || usage
action=$1
mkdir -p "$2"
dir=$(cd "$2" && pwd)

start() {
  if [[ -f $dir/pid ]] && kill -0 "$(cat "$dir/pid")" 2>/dev/null; then
    echo "fastload: a fault proxy already runs for $dir" >&2; return 0
  fi
  rm -f "$dir/port"
  node "$here/../tests/tools/fault_proxy.js" --upstream "$1" --dir "$dir" </dev/null >>"$dir/proxy.log" 2>&1 &
  echo $! >"$dir/pid"
  for _ in $(seq 200); do
    if [[ -s $dir/port ]]; then echo "http://127.0.0.1:$(cat "$dir/port")" >"$dir/endpoint"; return 0; fi
    kill -0 "$(cat "$dir/pid")" 2>/dev/null || break
    sleep 0.05
  done
  cat "$dir/proxy.log" >&2
  echo "fastload: the fault proxy did not start (in $dir)" >&2; exit 1
}

case $action in
  start) [[ $# -eq 3 ]] || usage; start "$3" ;;
  rules) if (($# > 2)); then printf '%s\n' "${@:3}"; fi >"$dir/rules.new" && mv "$dir/rules.new" "$dir/rules" ;;
  count) [[ $# -eq 3 ]] || usage; awk -v n="$3" '$1 == n { c = $2 } END { print c + 0 }' "$dir/counts" 2>/dev/null ||
    echo 0 ;;
  stop) stop_pid "$dir/pid"; rm -rf "$dir" ;;
  *) usage ;;
esac
