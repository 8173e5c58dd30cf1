# What a run says besides loading: --quiet (errors only), --log-file (every message, timestamped),
# --progress-json (JSON lines for orchestrators) and the --json summary's fields.
source "$(dirname "$0")/../integration/lib.sh"

fresh_db outp
sql outp -e "CREATE TABLE t (id int PRIMARY KEY, v varchar(20)) ENGINE=InnoDB"
for ((i = 1; i <= 20000; i++)); do printf '%d\tv%d\n' "$i" "$i"; done >"$TEST_TMP/rows.tsv"
printf '1\tone\nx\ttwo\n' >"$TEST_TMP/bad.tsv"

# --quiet: a load that succeeds says nothing; one that fails says why, with the same exit code.
run_fastload -q --chunk-size 64K "$TEST_TMP/rows.tsv" outp.t
expect_eq "--quiet success: exit code" 0 "$RC"
expect_eq "--quiet success: nothing on stderr" "" "$ERR"
expect_eq "--quiet success: rows" 20000 "$(count outp.t)"
sql -e "TRUNCATE outp.t"
run_fastload --quiet "$TEST_TMP/bad.tsv" outp.t
expect_eq "--quiet failure: exit code" 8 "$RC"
expect_match "--quiet failure: the refused row" 'bad\.tsv:2 .*Incorrect integer value' "$ERR"
expect_match "--quiet failure: the error" '^fastload: .*rows were rejected' "$ERR"
if grep -q 'chunks committed' <<<"$ERR"; then fail "--quiet failure: summary lines shown: $ERR"; else pass; fi
sql -e "TRUNCATE outp.t"
run_fastload --quiet --json "$TEST_TMP/rows.tsv" outp.t
expect_match "--quiet --json: the JSON on stdout" '^\{"status":' "$OUT"
run_fastload -q "$TEST_TMP/missing.tsv" outp.t
expect_eq "--quiet, a missing file: exit code" 3 "$RC"
expect_match "--quiet, a missing file: said" 'missing\.tsv' "$ERR"

# --log-file: every message on stderr also in the file, each line timestamped, appended to; with --quiet too.
log=$TEST_TMP/fastload.log
echo "an earlier line" >"$log"
sql -e "TRUNCATE outp.t"
run_fastload --log-file "$log" --progress --chunk-size 64K "$TEST_TMP/rows.tsv" outp.t
expect_eq "--log-file: exit code ($ERR)" 0 "$RC"
expect_eq "--log-file: appended to" "an earlier line" "$(head -n 1 "$log")"
stamp='^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}\.[0-9]{3}[+-][0-9]{2}:[0-9]{2} fastload: '
expect_match "--log-file: the summary, timestamped" "${stamp}loaded 20000 of 20000 rows" "$(cat "$log")"
expect_eq "--log-file: each line of the run timestamped" 0 "$(tail -n +2 "$log" | grep -Evc "$stamp" || true)"
if grep -q '%' "$log"; then fail "--log-file: the progress line is in the log"; else pass; fi
run_fastload -q --log-file "$log" "$TEST_TMP/bad.tsv" outp.t
expect_eq "--quiet --log-file failure: exit code" 8 "$RC"
expect_match "--quiet --log-file: the failure in the log" "${stamp}.*rows were rejected" "$(cat "$log")"
expect_match "--quiet --log-file: the summary in the log" "${stamp}FAILED: committed" "$(cat "$log")"
if grep -q 'FAILED: committed' <<<"$ERR"; then fail "--quiet --log-file: the summary on stderr"; else pass; fi
run_fastload --log-file "$TEST_TMP/no/such/dir/x.log" "$TEST_TMP/rows.tsv" outp.t
expect_eq "--log-file in a missing directory: exit code" 2 "$RC"
expect_match "--log-file in a missing directory: said" '^fastload: --log-file .*no/such/dir' "$ERR"

# --progress-json: JSON lines on stdout, about one a second, then --json's summary on the last line.
sql -e "TRUNCATE outp.t"
run_fastload --progress-json --json --max-rate 200K --chunk-size 64K "$TEST_TMP/rows.tsv" outp.t
expect_eq "--progress-json: exit code ($ERR)" 0 "$RC"
checked=$(python3 -c '
import json, sys
lines = sys.stdin.read().splitlines()
objects = [json.loads(line) for line in lines]
progress, summary = objects[:-1], objects[-1]
assert summary["status"] == "ok", summary
assert len(progress) >= 2, lines
keys = {"state", "bytes_read", "bytes_sent", "bytes_committed", "rows_committed", "rows_per_second",
        "mb_per_second", "percent", "eta_seconds", "paused", "why"}
for p in progress:
    assert p["type"] == "progress" and keys <= p.keys(), p
    assert p["paused"] is False and p["why"] is None, p
assert progress[-1]["state"] == "done" and progress[-1]["percent"] == 100, progress[-1]
loading = [p for p in progress if p["state"] == "loading"]
# --max-rate: the percent moves before any chunk commits, by the bytes sent
assert any(p["percent"] > 0 and p["bytes_committed"] == 0 for p in loading) or len(loading) < 3, loading
assert all(a["percent"] <= b["percent"] for a, b in zip(progress, progress[1:])), progress
print("ok")
' <<<"$OUT" 2>&1)
expect_eq "--progress-json: the lines parse and say what they should" ok "$checked"

# --json: null for what is not set, a structured error, timestamps, the server version, files on problems.
sql -e "TRUNCATE outp.t"
run_fastload --json "$TEST_TMP/rows.tsv" outp.t
checked=$(python3 -c '
import json, re, sys
s = json.load(sys.stdin)
stamp = r"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$"
assert s["status"] == "ok" and s["exit_code"] == 0 and s["error"] is None, s
assert s["part"] is None and s["via_head"] is None, s
assert re.match(stamp, s["started_at"]) and re.match(stamp, s["finished_at"]), s
assert s["started_at"] <= s["finished_at"], s
assert "MariaDB" in s["server_version"], s
print("ok")
' <<<"$OUT" 2>&1)
expect_eq "--json success" ok "$checked"
run_fastload --json "$TEST_TMP/bad.tsv" outp.t
checked=$(python3 -c '
import json, sys
s = json.load(sys.stdin)
e = s["error"]
assert s["status"] == "failed" and s["exit_code"] == 8, s
assert e["exit_code_name"] == "rejected" and e["server_errno"] is None, e
assert "rows were rejected" in e["message"] and not e["message"].startswith("fastload: "), e
assert s["problems"] and all(p["file"].endswith("bad.tsv") for p in s["problems"]), s["problems"]
print("ok")
' <<<"$OUT" 2>&1)
expect_eq "--json rejected" ok "$checked"
sql outp -e "CREATE TABLE ro (id int PRIMARY KEY) ENGINE=InnoDB"
sql -e "DROP USER IF EXISTS 'outro'@'localhost'; CREATE USER 'outro'@'localhost'; GRANT SELECT ON outp.* TO 'outro'@'localhost'"
as_user outro --json "$TEST_TMP/rows.tsv" outp.ro
checked=$(python3 -c '
import json, sys
s = json.load(sys.stdin)
e = s["error"]
assert e["exit_code_name"] == "privilege" and isinstance(e["server_errno"], int), e
print("ok")
' <<<"$OUT" 2>&1)
expect_eq "--json privilege: the server errno ($ERR)" ok "$checked"

finish
