# fastload reading FILE as a URL (http://, https://, s3://BUCKET/KEY) from the test's own nginx, s3rver (and its
# SigV4-checking endpoint) and the fault proxy: every load compared row by row (digest_table) with the server's
# own LOAD DATA LOCAL INFILE of the same local file; the failures' exit codes (3, 16, 17, 2, 12) and messages.
source "$(dirname "$0")/lib.sh"
source "$(dirname "$0")/remote_lib.sh"

rows=120000  # about 9 MB: several chunks of --chunk-size 1M
doc=$TEST_TMP/doc
mkdir -p "$doc/private" "$doc/bearer"
plain=$doc/nodes.tsv
"$GEN_NODES" $rows --seed 5 -o "$plain"
gzip -c "$plain" >"$doc/nodes.tsv.gz"
zstd -q -c "$plain" >"$doc/nodes.tsv.zst"
cp "$plain" "$doc/private/nodes.tsv"
cp "$plain" "$doc/bearer/nodes.tsv"
"$GEN_NODES" 50000 --seed 6 -o "$TEST_TMP/other.tsv"  # another version of an object

fresh_db rl
sql rl -e "$NODES_DDL; CREATE TABLE ref LIKE nodes; CREATE TABLE ref2 LIKE nodes"
sql --local-infile rl -e "LOAD DATA LOCAL INFILE '$plain' INTO TABLE ref CHARACTER SET utf8mb4"
sql --local-infile rl -e "LOAD DATA LOCAL INFILE '$TEST_TMP/other.tsv' INTO TABLE ref2 CHARACTER SET utf8mb4"
want=$(checksum rl.ref)
expect_eq "reference: rows" $rows "$(count rl.ref)"

# loads WHAT ARGS...: rl.nodes emptied, then fastload --threads 2 --chunk-size 1M ARGS rl.nodes: exit 0 and the
# reference's rows.
loads() {
  local what=$1
  shift
  sql -e "TRUNCATE rl.nodes"
  run_fastload --threads 2 --chunk-size 1M "$@" rl.nodes
  expect_eq "$what: exit code ($ERR)" 0 "$RC"
  expect_eq "$what: rows as the reference's" "$want" "$(checksum rl.nodes)"
}
# fails WHAT CODE REGEX ARGS...: fastload ARGS rl.nodes exits CODE with REGEX in its stderr.
fails() {
  local what=$1 code=$2 regex=$3
  shift 3
  run_fastload --threads 2 --chunk-size 1M "$@" rl.nodes
  expect_eq "$what: exit code ($ERR)" "$code" "$RC"
  expect_match "$what: message" "$regex" "$ERR"
}
# not_in_reference: how many of rl.nodes' rows are not the reference's (every column).
not_in_reference() {
  sql -e "SELECT COUNT(*) FROM rl.nodes n WHERE NOT EXISTS (SELECT 1 FROM rl.ref r WHERE r.id <=> n.id AND
    r.lat <=> n.lat AND r.lon <=> n.lon AND r.version <=> n.version AND r.timestamp <=> n.timestamp AND
    r.changeset <=> n.changeset AND r.uid <=> n.uid AND r.user <=> n.user)"
}

http_start http "$doc"
s3_start s3
s3 mkbucket data
s3 put data nodes.tsv "$plain"
s3 put data nodes.tsv.gz "$doc/nodes.tsv.gz"
s3 put data nodes.tsv.zst "$doc/nodes.tsv.zst"
s3 put data "dir/a b=c+d&e.tsv" "$plain"
unset AWS_ACCESS_KEY_ID AWS_SECRET_ACCESS_KEY AWS_SESSION_TOKEN AWS_PROFILE AWS_ENDPOINT_URL AWS_ENDPOINT_URL_S3
s3env=(env AWS_ACCESS_KEY_ID="$S3_ACCESS_KEY" AWS_SECRET_ACCESS_KEY="$S3_SECRET_KEY" AWS_REGION="$S3_REGION")
fastload_env() { "${s3env[@]}" "$(fastload_binary)" --socket "$SOCKET" -u root "$@"; }
s3_loads() {  # s3_loads WHAT ARGS...: loads with the S3 keys in the environment
  local what=$1
  shift
  sql -e "TRUNCATE rl.nodes"
  capture fastload_env --threads 2 --chunk-size 1M "$@" rl.nodes
  expect_eq "$what: exit code ($ERR)" 0 "$RC"
  expect_eq "$what: rows as the reference's" "$want" "$(checksum rl.nodes)"
}

# 1. Plain TSV over http, https (verified), s3 and the signature-checking endpoint; each mode.
loads "http" "$HTTP_URL/nodes.tsv"
loads "https, --http-ca-file" --http-ca-file "$HTTP_CA" "$HTTPS_URL/nodes.tsv"
s3_loads "s3" --s3-endpoint "$S3_ENDPOINT" s3://data/nodes.tsv
s3_loads "s3, signatures checked" --s3-endpoint "$S3_VERIFY_ENDPOINT" s3://data/nodes.tsv
s3_loads "s3 over https, --http-ca-file" --s3-endpoint "$S3_HTTPS_ENDPOINT" --http-ca-file "$S3_CA" s3://data/nodes.tsv
capture fastload_env --s3-endpoint "$S3_HTTPS_ENDPOINT" s3://data/nodes.tsv rl.nodes
expect_eq "s3 over https, no --http-ca-file: exit code ($ERR)" 17 "$RC"
expect_match "s3 over https, no --http-ca-file: message" "TLS" "$ERR"
for mode in load insert; do
  loads "http, --mode $mode" --mode $mode "$HTTP_URL/nodes.tsv"
  s3_loads "s3, --mode $mode" --mode $mode --s3-endpoint "$S3_VERIFY_ENDPOINT" s3://data/nodes.tsv
done

# 2. Compressed objects.
for ext in gz zst; do
  loads "http, .$ext" "$HTTP_URL/nodes.tsv.$ext"
  s3_loads "s3, .$ext" --s3-endpoint "$S3_VERIFY_ENDPOINT" "s3://data/nodes.tsv.$ext"
done

# 2a. A damaged object (its gzip CRC wrong): read ahead of the commits as a local file is, so nothing of it
# commits (a pipe's chunks would commit before the check and be reported unverified).
cp "$doc/nodes.tsv.gz" "$doc/damaged.tsv.gz"
printf '\x00\x00' | dd of="$doc/damaged.tsv.gz" bs=1 seek=$(($(stat -c %s "$doc/damaged.tsv.gz") - 8)) conv=notrunc 2>/dev/null
sql -e "TRUNCATE rl.nodes"
fails "http, a damaged .gz" 3 "damaged\.tsv\.gz" "$HTTP_URL/damaged.tsv.gz"
expect_eq "http, a damaged .gz: nothing committed" 0 "$(count rl.nodes)"

# 2b. Objects of several members, as parallel compressors write them: decoded in parallel pieces, as local ones.
pzstd -q -1 -p 2 -c "$plain" >"$doc/pzstd.zst"
split -n l/4 -d "$plain" "$TEST_TMP/m-"
for m in "$TEST_TMP"/m-0?; do gzip -c "$m"; done >"$doc/members.gz"
loads "http, pzstd frames" "$HTTP_URL/pzstd.zst"
s3 put data members.gz "$doc/members.gz"
s3_loads "s3, gzip members" --s3-endpoint "$S3_VERIFY_ENDPOINT" s3://data/members.gz

# 2c. --part: two processes at once, each reading the object whole, each loading its own chunks.
for url in "$HTTP_URL/nodes.tsv" "$HTTP_URL/pzstd.zst"; do
  sql -e "TRUNCATE rl.nodes"
  run_fastload --threads 1 --chunk-size 1M --part 1/2 "$url" rl.nodes
  expect_eq "--part 1/2 of $url: exit code ($ERR)" 0 "$RC"
  half=$(count rl.nodes)
  expect_eq "--part 1/2 of $url: some rows, not all ($half)" 1 "$(calc "($half > 0) && ($half < $rows)")"
  sql -e "TRUNCATE rl.nodes"
  start_fastload --threads 1 --chunk-size 1M --part 1/2 "$url" rl.nodes
  first=$PID
  run_fastload --threads 1 --chunk-size 1M --part 2/2 "$url" rl.nodes
  expect_eq "--part 2/2 of $url: exit code ($ERR)" 0 "$RC"
  PID=$first
  reap
  expect_eq "--part 1/2 of $url, beside 2/2: exit code ($ERR)" 0 "$RC"
  expect_eq "--part 1/2 and 2/2 of $url: rows as the reference's" "$want" "$(checksum rl.nodes)"
done

# 3. A key with characters that need encoding, signed.
s3_loads "s3, a key with a space, '=', '+', '&'" --s3-endpoint "$S3_VERIFY_ENDPOINT" "s3://data/dir/a b=c+d&e.tsv"

# 3b. A quoted pattern over an S3 prefix: the objects it matches (not those below another '/'), listed and loaded.
split -n l/3 -d --additional-suffix=.tsv "$plain" "$TEST_TMP/n-"
for part in "$TEST_TMP"/n-0*.tsv; do s3 put data "parts/$(basename "$part")" "$part"; done
s3 put data "parts/deeper/n-09.tsv" "$TEST_TMP/other.tsv"
s3_loads "s3 pattern: the three parts" --s3-endpoint "$S3_VERIFY_ENDPOINT" "s3://data/parts/n-0*.tsv"
capture fastload_env --s3-endpoint "$S3_VERIFY_ENDPOINT" "s3://data/parts/m-*.tsv" rl.nodes
expect_eq "s3 pattern matching nothing: exit code ($ERR)" 3 "$RC"
expect_match "s3 pattern matching nothing: message" "no object matches this pattern" "$ERR"

# 4. Credentials from a profile; refusals; missing objects.
creds=$TEST_TMP/aws_credentials
printf '[p1]\naws_access_key_id = %s\naws_secret_access_key = %s\n[bad]\naws_access_key_id = %s\naws_secret_access_key = %s\n' \
  "$S3_ACCESS_KEY" "$S3_SECRET_KEY" "$S3_ACCESS_KEY" "wrong-Secret-4711" >"$creds"
export AWS_SHARED_CREDENTIALS_FILE=$creds AWS_CONFIG_FILE=$TEST_TMP/no_aws_config
loads "s3, --aws-profile p1" --aws-profile p1 --s3-region "$S3_REGION" --s3-endpoint "$S3_VERIFY_ENDPOINT" \
  s3://data/nodes.tsv
fails "s3, a wrong secret" 16 "nodes\.tsv" --aws-profile bad --s3-region "$S3_REGION" \
  --s3-endpoint "$S3_VERIFY_ENDPOINT" s3://data/nodes.tsv
expect_eq "s3, a wrong secret: not printed" "" "$(grep -o 'wrong-Secret-4711' <<<"$ERR$OUT" || true)"
fails "s3, a missing key" 3 "no such object" --aws-profile p1 --s3-region "$S3_REGION" \
  --s3-endpoint "$S3_VERIFY_ENDPOINT" s3://data/missing.tsv
fails "s3, a missing bucket" 3 "no such bucket" --aws-profile p1 --s3-region "$S3_REGION" \
  --s3-endpoint "$S3_VERIFY_ENDPOINT" s3://nosuchbucket/nodes.tsv
fails "http 404" 3 "missing\.tsv" "$HTTP_URL/missing.tsv"

# 5. Unreachable: TLS that does not verify, a name that does not resolve, a closed port.
fails "https, no --http-ca-file" 17 "TLS" "$HTTPS_URL/nodes.tsv"
fails "https, another CA" 17 "TLS" --http-ca-file "$OTHER_CA" "$HTTPS_URL/nodes.tsv"
fails "https, a certificate for another name" 17 "TLS" --http-ca-file "$HTTP_CA" "$BAD_HTTPS_URL/nodes.tsv"
fails "a host that does not resolve" 17 "nosuch\.invalid" http://nosuch.invalid/x.tsv
fails "a closed port" 17 "127\.0\.0\.1" --http-retries 1 http://127.0.0.1:1/x.tsv

# 5b. The modes that need a plain file (the server reads it, or one statement sends it whole): refused.
for mode in server bulk; do
  run_fastload --mode $mode "$HTTP_URL/nodes.tsv" rl.nodes
  expect_eq "--mode $mode: exit code ($ERR)" 2 "$RC"
  expect_match "--mode $mode: message" "nodes\.tsv: --mode $mode .* this is a remote object: download it to a file first" "$ERR"
done

# 6. HTTP credentials: never on the command line; from an option file's [fastload] group.
fails "--http-password on the command line" 2 "http-password" --http-password Cmd-Line-Secret-9 \
  "$HTTP_URL/private/nodes.tsv"
expect_eq "--http-password on the command line: not printed" "" \
  "$(grep -o 'Cmd-Line-Secret-9' <<<"$ERR$OUT" || true)"
basic=$(cat "$HTTP_DIR/basic_auth")
printf '[fastload]\nhttp-user=%s\nhttp-password=%s\n' "${basic%%:*}" "${basic#*:}" >"$TEST_TMP/basic.cnf"
printf '[fastload]\nhttp-bearer-token=%s\n' "$(cat "$HTTP_DIR/bearer_token")" >"$TEST_TMP/bearer.cnf"
loads "basic auth from an option file" --defaults-extra-file="$TEST_TMP/basic.cnf" "$HTTP_URL/private/nodes.tsv"
fails "basic auth: none" 16 "private/nodes\.tsv" "$HTTP_URL/private/nodes.tsv"
expect_eq "basic auth: password not printed" "" "$(grep -oF "${basic#*:}" <<<"$ERR$OUT" || true)"
loads "bearer token from an option file" --defaults-extra-file="$TEST_TMP/bearer.cnf" "$HTTP_URL/bearer/nodes.tsv"
fails "bearer token: none" 16 "bearer/nodes\.tsv" "$HTTP_URL/bearer/nodes.tsv"
capture "$(fastload_binary)" --defaults-extra-file="$TEST_TMP/basic.cnf" --print-defaults
expect_match "--print-defaults: the user shown" "--http-user=${basic%%:*}" "$OUT"
expect_eq "--print-defaults: the password not shown" "" "$(grep -oF "${basic#*:}" <<<"$ERR$OUT" || true)"
capture "$(fastload_binary)" --defaults-extra-file="$TEST_TMP/bearer.cnf" --print-defaults
expect_eq "--print-defaults: the bearer token not shown" "" \
  "$(grep -oF "$(cat "$HTTP_DIR/bearer_token")" <<<"$ERR$OUT" || true)"

# 7. Faults between fastload and nginx: retried, the rows still the reference's.
proxy_start proxy "$HTTP_URL"
proxy_rules "slowdown times=2 range"
loads "proxy, SlowDown twice" --http-retries 3 "$PROXY_URL/nodes.tsv"
expect_eq "proxy, SlowDown twice: both answered" 2 "$(proxy_count action.slowdown)"
proxy_rules "cut=100000 times=2 range"
loads "proxy, cut twice" --http-retries 3 "$PROXY_URL/nodes.tsv"
expect_eq "proxy, cut twice: both cut" 2 "$(proxy_count action.cut)"
proxy_rules "stall=3 times=1 range"
loads "proxy, a stall past --http-stall-timeout" --http-retries 3 --http-stall-timeout 1 "$PROXY_URL/nodes.tsv"
expect_eq "proxy, a stall: stalled" 1 "$(proxy_count action.stall)"
proxy_rules "status=503 times=*"
sql -e "TRUNCATE rl.nodes"
fails "proxy, 503 every time" 17 "503" --http-retries 2 "$PROXY_URL/nodes.tsv"
proxy_rules "pass"
# An object is found once a run: the open pass's check, the place and --resume's identity share one HEAD.
heads=$(proxy_count method.HEAD)
loads "proxy, with --resume" --resume "$PROXY_URL/nodes.tsv"
expect_eq "proxy, with --resume: one HEAD a run" 1 $(($(proxy_count method.HEAD) - ${heads:-0}))

# 8. --resume: killed after its first chunk's COMMIT, rerun; then the object replaced under an unfinished load.
ledger=rl.fastload_ledger
clear_load rl.nodes $ledger
killed_after 1 --resume --threads 2 --chunk-size 1M "$HTTP_URL/nodes.tsv" rl.nodes
expect_eq "resume: killed after chunk 1" 137 "$KILLED"
settle rl.nodes $ledger
committed=$(count rl.nodes)
expect_eq "resume: killed mid-way (some rows, not all: $committed)" 1 "$(calc "($committed > 0) && ($committed < $rows)")"
run_fastload --resume --threads 2 --chunk-size 1M "$HTTP_URL/nodes.tsv" rl.nodes
expect_eq "resume: rerun: exit code ($ERR)" 0 "$RC"
expect_eq "resume: rerun: rows as the reference's" "$want" "$(checksum rl.nodes)"
expect_eq "resume: no row twice" 0 "$(duplicate_ids rl.nodes)"
# A connection cut for good (every read past the first 4 MiB block cut, through every retry): exit 17 with some
# chunks committed; the rerun loads the rest, exact.
clear_load rl.nodes $ledger
proxy_rules "cut=50000 times=* range from=4194304"
run_fastload --resume --threads 2 --chunk-size 1M --http-retries 1 "$PROXY_URL/nodes.tsv" rl.nodes
expect_eq "resume, cut for good: exit code ($ERR)" 17 "$RC"
committed=$(count rl.nodes)
expect_eq "resume, cut for good: some rows, not all ($committed)" 1 "$(calc "($committed > 0) && ($committed < $rows)")"
proxy_rules "pass"
run_fastload --resume --threads 2 --chunk-size 1M "$PROXY_URL/nodes.tsv" rl.nodes
expect_eq "resume after the cut: exit code ($ERR)" 0 "$RC"
check_exact "resume after the cut" rl.nodes "$want" $rows
cp "$plain" "$doc/resume.tsv"
clear_load rl.nodes $ledger
killed_after 1 --resume --threads 2 --chunk-size 1M "$HTTP_URL/resume.tsv" rl.nodes
settle rl.nodes $ledger
before=$(checksum rl.nodes)
cp "$TEST_TMP/other.tsv" "$doc/resume.tsv.new" && mv "$doc/resume.tsv.new" "$doc/resume.tsv"
run_fastload --resume --threads 2 --chunk-size 1M "$HTTP_URL/resume.tsv" rl.nodes
expect_eq "resume, the object replaced: exit code ($ERR)" 12 "$RC"
expect_eq "resume, the object replaced: nothing loaded" "$before" "$(checksum rl.nodes)"

# 9. The object replaced while it loads: its first ranged read passes, the others are held 2 s before they reach
# nginx, and the file is replaced meanwhile: the load stops (exit 3), and nothing of the new version is in the table.
cp "$plain" "$doc/changing.tsv"
sql -e "TRUNCATE rl.nodes"
proxy_rules "pass times=1 range path=changing" "stall=2 times=* range path=changing"
ranged=$(proxy_count ranged)
start_fastload --threads 2 --chunk-size 1M "$PROXY_URL/changing.tsv" rl.nodes
# The first ranged read answered (the proxy counts a request once it ends): the others are being held.
for _ in $(seq 300); do (($(proxy_count ranged) > ${ranged:-0})) && break; sleep 0.02; done
cp "$TEST_TMP/other.tsv" "$doc/changing.tsv.new" && mv "$doc/changing.tsv.new" "$doc/changing.tsv"
for _ in $(seq 150); do kill -0 "$PID" 2>/dev/null || break; sleep 0.1; done
hung=no
if kill -0 "$PID" 2>/dev/null; then hung=yes; kill -9 "$PID"; fi
reap
[[ $RC == 3 ]] || grep changing "$PROXY_DIR/requests.log" >&2
expect_eq "changed while it loads: ends (not hung 15 s after the reads' 412)" no $hung
expect_eq "changed while it loads: exit code ($ERR)" 3 "$RC"
expect_match "changed while it loads: message" "changed while it loaded" "$ERR"
expect_eq "changed while it loads: no row but the old version's" 0 "$(not_in_reference)"
proxy_rules "pass"

# 10. A database run: each object into the table of its file name (http and https, then s3).
fresh_db rdb
sql rdb -e "$NODES_DDL; CREATE TABLE other LIKE nodes"
cp "$TEST_TMP/other.tsv" "$doc/other.tsv"
run_fastload --threads 2 --chunk-size 1M --http-ca-file "$HTTP_CA" "$HTTP_URL/nodes.tsv" "$HTTPS_URL/other.tsv" rdb
expect_eq "database run: exit code ($ERR)" 0 "$RC"
expect_eq "database run: nodes" "$want" "$(checksum rdb.nodes)"
expect_eq "database run: other" "$(checksum rl.ref2)" "$(checksum rdb.other)"
s3 put data other.tsv "$TEST_TMP/other.tsv"
sql rdb -e "TRUNCATE nodes; TRUNCATE other"
capture fastload_env --threads 2 --chunk-size 1M --s3-endpoint "$S3_VERIFY_ENDPOINT" s3://data/nodes.tsv.zst \
  s3://data/other.tsv rdb
expect_eq "database run over s3: exit code ($ERR)" 0 "$RC"
expect_eq "database run over s3: nodes (from .zst)" "$want" "$(checksum rdb.nodes)"
expect_eq "database run over s3: other" "$(checksum rl.ref2)" "$(checksum rdb.other)"

finish
