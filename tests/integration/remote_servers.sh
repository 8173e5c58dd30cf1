# The test servers of the remote-input tests, checked with curl alone (no fastload): nginx over HTTP and HTTPS
# (ranges, ETag, If-Match, the certificates, basic and bearer auth), s3rver (buckets, objects, ranged reads,
# ListObjectsV2), the SigV4-checking proxy (a wrong secret refused), and each rule of the fault proxy.
source "$(dirname "$0")/lib.sh"
source "$(dirname "$0")/remote_lib.sh"

doc=$TEST_TMP/doc
mkdir -p "$doc/private" "$doc/bearer"
seq 1 200000 >"$doc/data.txt"  # 1.3 MB: more than one read of the proxies
echo private >"$doc/private/p.txt"
echo bearer >"$doc/bearer/b.txt"
# bytes FILE FIRST LAST: FILE's bytes FIRST to LAST (from 0), as a Range asks for them.
bytes() { head -c $(($3 + 1)) "$1" | tail -c $(($3 - $2 + 1)); }
# get ARGS...: curl ARGS; RC its exit code, OUT the HTTP status, the body in $TEST_TMP/body, the headers in
# $TEST_TMP/headers.
get() {
  : >"$TEST_TMP/body"  # curl leaves the file as it was when no body came
  capture curl -sS -o "$TEST_TMP/body" -D "$TEST_TMP/headers" -w '%{http_code}' "$@"
}
header() { sed -n "s/^$1: //Ip" "$TEST_TMP/headers" | tr -d '\r'; }
body_is() { expect_eq "$1" "$(sha256sum <"$2")" "$(sha256sum <"$TEST_TMP/body")"; }
bytes "$doc/data.txt" 1000 1999 >"$TEST_TMP/range"

start=$EPOCHREALTIME
http_start http "$doc"
echo "nginx started in $(since "$start") s"

# nginx over HTTP: a range, its ETag, If-Match.
get -r 1000-1999 "$HTTP_URL/data.txt"
expect_eq "http range: status ($ERR)" 206 "$OUT"
body_is "http range: bytes" "$TEST_TMP/range"
etag=$(header ETag)
expect_match "http: ETag" '^"[0-9a-f]+-[0-9a-f]+"$' "$etag"
expect_match "http: Last-Modified" 'GMT$' "$(header Last-Modified)"
get -r 1000-1999 -H "If-Match: $etag" "$HTTP_URL/data.txt"
expect_eq "http If-Match, same ETag" 206 "$OUT"
get -r 1000-1999 -H 'If-Match: "0-0"' "$HTTP_URL/data.txt"
expect_eq "http If-Match, another ETag" 412 "$OUT"
get -r 1000-1999 -H 'If-Range: "0-0"' "$HTTP_URL/data.txt"
expect_eq "http If-Range, another ETag: the whole file" 200 "$OUT"
get "$HTTP_URL/missing.txt"
expect_eq "http: a missing file" 404 "$OUT"

# nginx over HTTPS: the test CA verifies it; another CA, or a certificate for another name, fails.
get --cacert "$HTTP_CA" -r 1000-1999 "$HTTPS_URL/data.txt"
expect_eq "https range: status ($ERR)" 206 "$OUT"
body_is "https range: bytes" "$TEST_TMP/range"
expect_eq "https: the same ETag" "$etag" "$(header ETag)"
get --cacert "$OTHER_CA" "$HTTPS_URL/data.txt"
expect_eq "https, another CA: curl's exit code ($ERR)" 60 "$RC"
get --cacert "$HTTP_CA" "$BAD_HTTPS_URL/data.txt"
expect_eq "https, a certificate for another name: curl's exit code ($ERR)" 60 "$RC"
expect_match "https, a certificate for another name: why" 'name' "$ERR"

# Basic auth and a bearer token.
get "$HTTP_URL/private/p.txt"
expect_eq "basic auth: none" 401 "$OUT"
get -u "$(cat "$HTTP_DIR/basic_auth")" "$HTTP_URL/private/p.txt"
expect_eq "basic auth: right" 200 "$OUT"
get -u "fastload:wrong" "$HTTP_URL/private/p.txt"
expect_eq "basic auth: wrong password" 401 "$OUT"
get -H "Authorization: Bearer wrong" "$HTTP_URL/bearer/b.txt"
expect_eq "bearer: wrong token" 401 "$OUT"
get -H "Authorization: Bearer $(cat "$HTTP_DIR/bearer_token")" "$HTTP_URL/bearer/b.txt"
expect_eq "bearer: right token" 200 "$OUT"
expect_eq "bearer: body" bearer "$(cat "$TEST_TMP/body")"
# /paced/: the same bytes, at most 8 MB/s a connection: 24 MB take 2 s at least, however fast the machine (less
# than 3 s would be the socket's buffers filled at once).
head -c 24000000 /dev/urandom >"$doc/big.bin"
start=$EPOCHREALTIME
get "$HTTP_URL/paced/big.bin"
took=$(since "$start")
expect_eq "paced: status" 200 "$OUT"
body_is "paced: body" "$doc/big.bin"
expect_eq "paced: held to the rate ($took s)" 1 "$(calc "$took >= 2")"

# s3rver: a bucket, objects (a key with a space, '=' and '+'), a ranged read, ListObjectsV2 with a prefix.
start=$EPOCHREALTIME
s3_start s3
echo "s3rver started in $(since "$start") s"
s3 mkbucket data
s3 put data "dir/a b=c+d.csv" "$doc/data.txt"
s3 put data "dir/other.csv" "$doc/private/p.txt"
key=dir/a%20b%3Dc%2Bd.csv
sign=(--aws-sigv4 "aws:amz:$S3_REGION:s3" -H "x-amz-content-sha256: UNSIGNED-PAYLOAD")
get "${sign[@]}" --user "$S3_ACCESS_KEY:$S3_SECRET_KEY" -r 1000-1999 "$S3_ENDPOINT/data/$key"
expect_eq "s3 range: status ($ERR)" 206 "$OUT"
body_is "s3 range: bytes" "$TEST_TMP/range"
expect_eq "s3: ETag is the MD5" "\"$(md5sum <"$doc/data.txt" | cut -d' ' -f1)\"" "$(header ETag)"
get "${sign[@]}" --user "$S3_ACCESS_KEY:$S3_SECRET_KEY" "$S3_ENDPOINT/data?list-type=2&prefix=dir%2Fa%20b%3D"
expect_eq "s3 list: status" 200 "$OUT"
expect_match "s3 list: the key" '<Key>dir/a b=c\+d.csv</Key>' "$(cat "$TEST_TMP/body")"
expect_match "s3 list: only it" '<KeyCount>1</KeyCount>' "$(cat "$TEST_TMP/body")"
get "${sign[@]}" --user "$S3_ACCESS_KEY:$S3_SECRET_KEY" --cacert "$S3_CA" -r 1000-1999 "$S3_HTTPS_ENDPOINT/data/$key"
expect_eq "s3 https range: status ($ERR)" 206 "$OUT"
body_is "s3 https range: bytes" "$TEST_TMP/range"
get "${sign[@]}" --user "$S3_ACCESS_KEY:$S3_SECRET_KEY" --cacert "$S3_DIR/other_ca.pem" "$S3_HTTPS_ENDPOINT/data/$key"
expect_eq "s3 https, another CA: curl's exit code" 60 "$RC"

# The signature-checking endpoint: the right secret passes, a wrong one or an unknown key is refused.
capture node "$SOURCE_DIR/tests/tools/s3_verify_proxy.js" --self-test
expect_eq "SigV4: the AWS documentation's examples ($OUT)" 0 "$RC"
get "${sign[@]}" --user "$S3_ACCESS_KEY:$S3_SECRET_KEY" "$S3_VERIFY_ENDPOINT/data?list-type=2&prefix=dir%2Fa%20b%3D"
expect_eq "verify, right secret: list" 200 "$OUT"
expect_match "verify, right secret: the key" '<Key>dir/a b=c\+d.csv</Key>' "$(cat "$TEST_TMP/body")"
get "${sign[@]}" --user "$S3_ACCESS_KEY:$S3_SECRET_KEY" -r 1000-1999 "$S3_VERIFY_ENDPOINT/data/$key"
expect_eq "verify, right secret: range" 206 "$OUT"
body_is "verify, right secret: bytes" "$TEST_TMP/range"
get "${sign[@]}" --user "$S3_ACCESS_KEY:wrong-secret" -r 1000-1999 "$S3_VERIFY_ENDPOINT/data/$key"
expect_eq "verify, wrong secret" 403 "$OUT"
expect_match "verify, wrong secret: code" '<Code>SignatureDoesNotMatch</Code>' "$(cat "$TEST_TMP/body")"
get "${sign[@]}" --user "$S3_ACCESS_KEY:wrong-secret" "$S3_VERIFY_ENDPOINT/data?list-type=2&prefix=dir%2Fa%20b%3D"
expect_eq "verify, wrong secret: list" 403 "$OUT"
get "${sign[@]}" --user "NOSUCHKEY:$S3_SECRET_KEY" "$S3_VERIFY_ENDPOINT/data/$key"
expect_eq "verify, unknown access key" 403 "$OUT"
expect_match "verify, unknown access key: code" '<Code>InvalidAccessKeyId</Code>' "$(cat "$TEST_TMP/body")"
get "$S3_VERIFY_ENDPOINT/data/$key"
expect_eq "verify, no signature" 403 "$OUT"

# The fault proxy before nginx: each rule's effect, and its counts.
proxy_start proxy "$HTTP_URL"
get "$PROXY_URL/data.txt"
expect_eq "proxy, no rule: status" 200 "$OUT"
body_is "proxy, no rule: bytes" "$doc/data.txt"
proxy_rules "slowdown times=2 range retry-after=1"
get -r 1000-1999 "$PROXY_URL/data.txt"
expect_eq "slowdown: status" 503 "$OUT"
expect_match "slowdown: S3's code" '<Code>SlowDown</Code>' "$(cat "$TEST_TMP/body")"
expect_eq "slowdown: Retry-After" 1 "$(header Retry-After)"
get "$PROXY_URL/data.txt"
expect_eq "slowdown on ranges only: a whole read passes" 200 "$OUT"
get -r 1000-1999 "$PROXY_URL/data.txt"
expect_eq "slowdown: second" 503 "$OUT"
get -r 1000-1999 "$PROXY_URL/data.txt"
expect_eq "slowdown: used up" 206 "$OUT"
body_is "slowdown: used up: bytes" "$TEST_TMP/range"
proxy_rules "pass" "status=500 path=^/data method=GET times=*"
get "$PROXY_URL/data.txt"
expect_eq "pass, then 500: first passes" 200 "$OUT"
get "$PROXY_URL/data.txt"
expect_eq "pass, then 500: second" 500 "$OUT"
get "$PROXY_URL/private/p.txt"
expect_eq "500 by path: another path passes" 401 "$OUT"
get "$PROXY_URL/data.txt"
expect_eq "500 times=*: again" 500 "$OUT"
proxy_rules "status=500 from=2000 times=*"
get -r 1000-1999 "$PROXY_URL/data.txt"
expect_eq "from=2000: a range before passes" 206 "$OUT"
get "$PROXY_URL/data.txt"
expect_eq "from=2000: a whole read passes" 200 "$OUT"
get -r 2000-2999 "$PROXY_URL/data.txt"
expect_eq "from=2000: a range from there fails" 500 "$OUT"
proxy_rules "status=503"
get -I "$PROXY_URL/data.txt"
expect_eq "503 to a HEAD" 503 "$OUT"
proxy_rules "cut=100000"
get "$PROXY_URL/data.txt"
expect_eq "cut: curl's exit code (partial file)" 18 "$RC"
expect_eq "cut: bytes received" 100000 "$(stat -c %s "$TEST_TMP/body")"
expect_eq "cut: the bytes are the file's" "$(head -c 100000 "$doc/data.txt" | sha256sum)" "$(sha256sum <"$TEST_TMP/body")"
proxy_rules "close-after-headers range"
get -r 1000-1999 "$PROXY_URL/data.txt"
expect_eq "close after headers: curl's exit code" 18 "$RC"
expect_eq "close after headers: the status came" 206 "$OUT"
expect_eq "close after headers: no body" 0 "$(stat -c %s "$TEST_TMP/body")"
proxy_rules "drop"
get "$PROXY_URL/data.txt"
expect_eq "drop: curl's exit code (empty reply)" 52 "$RC"
proxy_rules "stall=1"
start=$EPOCHREALTIME
get "$PROXY_URL/data.txt"
took=$(since "$start")
expect_eq "stall: status" 200 "$OUT"
expect_eq "stall: took a second ($took s)" 1 "$(calc "$took >= 1")"
get --max-time 0.5 "$PROXY_URL/data.txt"
expect_eq "stall used up: no wait" 200 "$OUT"
proxy_rules "stall=1@500000"
start=$EPOCHREALTIME
get "$PROXY_URL/data.txt"
took=$(since "$start")
expect_eq "stall mid-body: took a second ($took s)" 1 "$(calc "$took >= 1")"
body_is "stall mid-body: bytes" "$doc/data.txt"
get --max-time 0.5 "$PROXY_URL/data.txt"
expect_eq "stall mid-body used up: curl's exit code" 0 "$RC"
proxy_rules "stall=3@500000"
get --max-time 1 "$PROXY_URL/data.txt"
expect_eq "stall mid-body, a timeout shorter than the stall: curl's exit code" 28 "$RC"
expect_eq "counts: requests" 21 "$(proxy_count requests)"
expect_eq "counts: ranged" 6 "$(proxy_count ranged)"
expect_eq "counts: slowdown" 2 "$(proxy_count action.slowdown)"
expect_eq "counts: 500" 3 "$(proxy_count action.status=500)"
expect_eq "counts: faulted" 12 "$(proxy_count faulted)"
expect_eq "counts: HEAD" 1 "$(proxy_count method.HEAD)"
expect_eq "counts: per path" 20 "$(proxy_count path./data.txt)"
expect_eq "counts: none of a kind" 0 "$(proxy_count action.nothing)"
expect_eq "requests.log: a line a request" 21 "$(wc -l <"$PROXY_DIR/requests.log")"

# The fault proxy before the signature check: a signed request goes through unchanged.
proxy_start s3proxy "$S3_VERIFY_ENDPOINT"
proxy_rules "status=503 range"
get "${sign[@]}" --user "$S3_ACCESS_KEY:$S3_SECRET_KEY" -r 1000-1999 "$PROXY_URL/data/$key"
expect_eq "s3 through the proxy: 503 first" 503 "$OUT"
get "${sign[@]}" --user "$S3_ACCESS_KEY:$S3_SECRET_KEY" -r 1000-1999 "$PROXY_URL/data/$key"
expect_eq "s3 through the proxy: then the range" 206 "$OUT"
body_is "s3 through the proxy: bytes" "$TEST_TMP/range"
get "${sign[@]}" --user "$S3_ACCESS_KEY:wrong-secret" "$PROXY_URL/data/$key"
expect_eq "s3 through the proxy: a wrong secret" 403 "$OUT"

finish
