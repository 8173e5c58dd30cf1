#!/usr/bin/env bash
# A throwaway S3 API server (s3rver, from npm) on 127.0.0.1 with DIR/data as its storage, for the tests and
# benchmarks of remote inputs; and in front of it a proxy that checks SigV4 signatures (s3rver does not).
#
#   scripts/s3_server.sh start DIR
#   scripts/s3_server.sh stop DIR                (and removes DIR, the stored objects too)
#   scripts/s3_server.sh mkbucket DIR BUCKET
#   scripts/s3_server.sh put DIR BUCKET KEY FILE
#   scripts/s3_server.sh curl DIR CURL_ARGS...   (curl signing with DIR's keys, e.g. "$(cat DIR/endpoint)/b/k")
#   scripts/s3_server.sh install                 (only the npm install: start does it when needed)
#
# After start: DIR/endpoint (http://127.0.0.1:PORT, no signature check) and DIR/port, DIR/https_endpoint (its
# certificate for IP 127.0.0.1 is signed by DIR/ca.pem; DIR/other_ca.pem is an unrelated CA), DIR/verify_endpoint
# (signatures checked: 403 SignatureDoesNotMatch or InvalidAccessKeyId), DIR/access_key and DIR/secret_key,
# DIR/region (us-east-1). Path-style URLs: ENDPOINT/BUCKET/KEY.
# s3rver is installed once by npm (tests/tools/s3rver's package-lock.json) under ${BUILD_DIR:-build}/npm; after
# that no network is needed.
set -euo pipefail

usage() { sed -n '2,17p' "$0" >&2; exit 2; }
[[ $# -ge 1 ]] || usage
action=$1
if [[ $action != install ]]; then
  [[ $# -ge 2 ]] || usage
  mkdir -p "$2"
  dir=$(cd "$2" && pwd)
fi
# ROOT and BUILD_DIR from scripts/lib.sh, read in a subshell: that file cds, and FILE or curl's paths may be relative.
# shellcheck source=scripts/lib.sh
eval "$(source "$(dirname "${BASH_SOURCE[0]}")/lib.sh" && declare -p ROOT BUILD_DIR)"
die() { echo "fastload: $*" >&2; exit 1; }
# shellcheck source=scripts/test_servers.sh
source "$ROOT/scripts/test_servers.sh"
NPM_DIR=$BUILD_DIR/npm

# The pinned s3rver in NPM_DIR, installed once.
install() { npm_ci "$ROOT/tests/tools/s3rver" "$NPM_DIR" s3rver; }

start() {
  if [[ -f $dir/pid ]] && kill -0 "$(cat "$dir/pid")" 2>/dev/null; then
    echo "fastload: an S3 server already runs for $dir" >&2; return 0
  fi
  install
  test_certs "$dir"
  mkdir -p "$dir/data"
  echo S3RVER >"$dir/access_key"  # s3rver's one account (it knows no other access key)
  echo S3RVER >"$dir/secret_key"
  echo us-east-1 >"$dir/region"
  rm -f "$dir/ready"
  node "$ROOT/tests/tools/s3rver_run.js" "$NPM_DIR/node_modules" "$dir/data" "$dir" "$dir/server.pem" \
    "$dir/server-key.pem" S3RVER:S3RVER </dev/null >>"$dir/s3rver.log" 2>&1 &
  echo $! >"$dir/pid"
  for _ in $(seq 300); do
    if [[ -f $dir/ready ]]; then
      echo "http://127.0.0.1:$(cat "$dir/port")" >"$dir/endpoint"
      echo "https://127.0.0.1:$(cat "$dir/https_port")" >"$dir/https_endpoint"
      echo "http://127.0.0.1:$(cat "$dir/verify_port")" >"$dir/verify_endpoint"
      return 0
    fi
    kill -0 "$(cat "$dir/pid")" 2>/dev/null || break
    sleep 0.05
  done
  cat "$dir/s3rver.log" >&2
  stop
  die "the S3 server did not start (in $dir)"
}

stop() { stop_pid "$dir/pid"; rm -f "$dir/ready"; }

# s3curl ARGS...: curl signing with SigV4 and DIR's keys (the payload unsigned, as S3 allows), failing on an
# HTTP error.
s3curl() {
  curl -sS --fail-with-body --aws-sigv4 "aws:amz:$(cat "$dir/region"):s3" \
    --user "$(cat "$dir/access_key"):$(cat "$dir/secret_key")" -H "x-amz-content-sha256: UNSIGNED-PAYLOAD" "$@"
}
# urlencode TEXT: TEXT percent-encoded as SigV4 canonicalizes a path ('/' kept), byte by byte.
urlencode() {
  local LC_ALL=C i c out=""
  for ((i = 0; i < ${#1}; i++)); do
    c=${1:i:1}
    if [[ $c == [A-Za-z0-9._~/-] ]]; then out+=$c; else printf -v c '%%%02X' "'$c"; out+=$c; fi
  done
  echo "$out"
}

case $action in
  install) install ;;
  start) start ;;
  stop) stop; rm -rf "$dir" ;;
  mkbucket) [[ $# -eq 3 ]] || usage; s3curl -o /dev/null -X PUT "$(cat "$dir/endpoint")/$3" ;;
  put) [[ $# -eq 5 ]] || usage; s3curl -o /dev/null -T "$5" "$(cat "$dir/endpoint")/$3/$(urlencode "$4")" ;;
  curl) s3curl "${@:3}" ;;
  *) usage ;;
esac
