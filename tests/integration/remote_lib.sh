# Sourced after lib.sh by the tests that read remote inputs: test servers of their own under $TEST_TMP, each
# stopped (and its directory removed) when the test exits, also on failure.
#
#   http_start NAME DOCROOT   nginx (scripts/http_server.sh) in $TEST_TMP/NAME serving DOCROOT: HTTP_URL,
#                             HTTPS_URL (verify with HTTP_CA), BAD_HTTPS_URL (a certificate for another name),
#                             OTHER_CA (an unrelated CA), HTTP_DIR; basic auth under /private/ ($HTTP_DIR/basic_auth
#                             holds USER:PASSWORD), a bearer token under /bearer/ ($HTTP_DIR/bearer_token)
#   s3_start NAME             s3rver (scripts/s3_server.sh) in $TEST_TMP/NAME: S3_ENDPOINT, S3_HTTPS_ENDPOINT
#                             (verify with S3_CA), S3_VERIFY_ENDPOINT (SigV4 signatures checked), S3_ACCESS_KEY,
#                             S3_SECRET_KEY, S3_REGION, S3_DIR
#   s3 ACTION ARGS...         scripts/s3_server.sh ACTION $S3_DIR ARGS: mkbucket BUCKET, put BUCKET KEY FILE,
#                             curl CURL_ARGS...
#   proxy_start NAME UPSTREAM the fault proxy (scripts/fault_proxy.sh) in $TEST_TMP/NAME before UPSTREAM:
#                             PROXY_URL, PROXY_DIR
#   proxy_rules RULE...       its rules, one a word (tests/tools/fault_proxy.js), e.g. proxy_rules "status=503 times=2"
#   proxy_count NAME          one of its counts: requests, ranged, faulted, action.cut, path./b/k...
# Each *_start sets the variables of the last one started; a second server of a kind is in $TEST_TMP/NAME.
# shellcheck shell=bash disable=SC2034  # the variables are the sourcing test's

trap 'exit 130' INT
trap 'exit 143' TERM

http_start() {
  HTTP_DIR=$TEST_TMP/$1
  at_exit "'$SOURCE_DIR/scripts/http_server.sh' stop '$HTTP_DIR'"
  "$SOURCE_DIR"/scripts/http_server.sh start "$HTTP_DIR" "$2"
  HTTP_URL=http://127.0.0.1:$(cat "$HTTP_DIR/http_port")
  HTTPS_URL=https://127.0.0.1:$(cat "$HTTP_DIR/https_port")
  BAD_HTTPS_URL=https://127.0.0.1:$(cat "$HTTP_DIR/bad_https_port")
  HTTP_CA=$HTTP_DIR/ca.pem OTHER_CA=$HTTP_DIR/other_ca.pem
}

s3_start() {
  S3_DIR=$TEST_TMP/$1
  at_exit "'$SOURCE_DIR/scripts/s3_server.sh' stop '$S3_DIR'"
  "$SOURCE_DIR"/scripts/s3_server.sh start "$S3_DIR"
  S3_ENDPOINT=$(cat "$S3_DIR/endpoint") S3_HTTPS_ENDPOINT=$(cat "$S3_DIR/https_endpoint")
  S3_VERIFY_ENDPOINT=$(cat "$S3_DIR/verify_endpoint") S3_CA=$S3_DIR/ca.pem
  S3_ACCESS_KEY=$(cat "$S3_DIR/access_key") S3_SECRET_KEY=$(cat "$S3_DIR/secret_key") S3_REGION=$(cat "$S3_DIR/region")
}
s3() { "$SOURCE_DIR"/scripts/s3_server.sh "$1" "$S3_DIR" "${@:2}"; }

proxy_start() {
  PROXY_DIR=$TEST_TMP/$1
  at_exit "'$SOURCE_DIR/scripts/fault_proxy.sh' stop '$PROXY_DIR'"
  "$SOURCE_DIR"/scripts/fault_proxy.sh start "$PROXY_DIR" "$2"
  PROXY_URL=$(cat "$PROXY_DIR/endpoint")
}
proxy_rules() { "$SOURCE_DIR"/scripts/fault_proxy.sh rules "$PROXY_DIR" "$@"; }
proxy_count() { "$SOURCE_DIR"/scripts/fault_proxy.sh count "$PROXY_DIR" "$1"; }
