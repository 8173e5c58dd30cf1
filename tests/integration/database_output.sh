# A run of many tables fails as docs/exit-codes.md says, and --dry-run fails on the same before it would load,
# with the same exit code: a missing database (5), a data-only dump whose table is missing (5), a dump's file that
# cannot be read (3). --json is valid JSON in every failure (a file name that is not UTF-8 included): the run's
# error is the object a one-table run prints (exit_code_name, server_errno, message), each table's exit_code is
# its own, and a table another's failure stopped says so with that failure's code.
source "$(dirname "$0")/lib.sh"

# valid_json: OUT parses as strict UTF-8 JSON; json_get EXPR: a Python expression of the parsed OUT (`d`).
valid_json() { python3 -c 'import json, sys; json.loads(sys.stdin.buffer.read().decode("utf-8"))' <<<"$OUT"; }
json_get() { python3 -c "import json, sys; d = json.loads(sys.stdin.buffer.read().decode('utf-8')); print($1)" <<<"$OUT"; }
# expect_run WHAT CODE ARGS...: fastload --dry-run --json ARGS and fastload --json ARGS both exit CODE with valid
# JSON whose error's exit_code_name is $name.
expect_run() {
  local what=$1 code=$2 dry
  shift 2
  for dry in --dry-run ""; do  # the run last: OUT and ERR are its
    run_fastload --json $dry "$@"
    expect_eq "$what$dry: exit code ($ERR)" "$code" "$RC"
    if valid_json; then pass; else fail "$what$dry: not valid JSON: $OUT"; fi
    expect_eq "$what$dry: json exit code" "$code" "$(json_get 'd["exit_code"]')"
    expect_eq "$what$dry: json error's name" "$name" "$(json_get 'd["error"]["exit_code_name"]')"
  done
}

src=dbout_src
fresh_db $src
sql $src -e "CREATE TABLE big (id int PRIMARY KEY, v varchar(40), n int, KEY v (v)) ENGINE=InnoDB;
  CREATE TABLE small (id int PRIMARY KEY, w varchar(10)) ENGINE=InnoDB;
  CREATE TABLE tiny (id int PRIMARY KEY) ENGINE=InnoDB;
  INSERT INTO big SELECT seq, CONCAT('value ', seq), seq % 10 FROM seq_1_to_20000;
  INSERT INTO small SELECT seq, CONCAT('w', seq) FROM seq_1_to_500; INSERT INTO tiny VALUES (1), (2)"
dump=$TEST_TMP/dump data=$TEST_TMP/data
mkdir -p "$dump" "$data" && chmod 777 "$dump" "$data"
mariadb-dump --no-defaults -uroot -S "$SOCKET" --tab="$dump" $src
mariadb-dump --no-defaults -uroot -S "$SOCKET" --no-create-info --tab="$data" $src

# The database is missing: exit 5 (no_table), before anything is read or made.
sql -e "DROP DATABASE IF EXISTS dbout_none"
name=no_table
expect_run "missing database" 5 "$dump" dbout_none
expect_match "missing database: said" "^fastload: database dbout_none does not exist.*CREATE DATABASE" "$ERR"
expect_eq "missing database: not created" "" "$(sql -e "SHOW DATABASES LIKE 'dbout_none'")"

# A data-only dump (--no-create-info) and one of its tables missing: exit 5, for the table that is missing and for
# the tables the run then did not load; the run's error is the missing table's.
dst=dbout_dst
fresh_db $dst
sql $dst -e "CREATE TABLE big (id int PRIMARY KEY, v varchar(40), n int, KEY v (v)) ENGINE=InnoDB;
  CREATE TABLE tiny (id int PRIMARY KEY) ENGINE=InnoDB"
expect_run "data-only, a table missing" 5 "$data" $dst
small='[t for t in d["tables"] if t["table"].endswith(".small")][0]'
expect_eq "data-only: the missing table's own code" "5 no_table" \
  "$(json_get "$small[\"exit_code\"], $small[\"error\"][\"exit_code_name\"]" | tr -d "(),'")"
expect_eq "data-only: the run's error is the missing table's" True "$(json_get "$small[\"error\"] == d[\"error\"]")"
expect_eq "data-only: every table failed with 5" "failed 5,failed 5,failed 5" \
  "$(json_get '",".join("%s %s" % (t["status"], t["exit_code"]) for t in d["tables"])')"
expect_match "data-only: the others say why" "fastload: $dst.big: not loaded: the run stopped because $dst.small failed" "$ERR"
expect_eq "data-only: nothing loaded" "0 0" "$(count $dst.big) $(count $dst.tiny)"

# A dump's file that cannot be read (a link that leads nowhere; unreadable too, when not root): exit 3, before any
# table is created.
bad=$TEST_TMP/bad
mkdir -p "$bad" && cp "$dump"/* "$bad/"
rm "$bad/small.txt" && ln -s "$bad/gone.txt" "$bad/small.txt"
fresh_db $dst
name=input
expect_run "unreadable file" 3 "$bad" $dst
expect_match "unreadable file: named" "$bad/small.txt" "$ERR"
expect_eq "unreadable file: no table created" 0 "$(sql -e "SELECT COUNT(*) FROM information_schema.TABLES
  WHERE TABLE_SCHEMA = '$dst'")"
if ((EUID != 0)); then
  rm "$bad/small.txt" && cp "$dump/small.txt" "$bad/" && chmod 000 "$bad/small.txt"
  expect_run "mode 000" 3 "$bad" $dst
fi

# A refused chunk in the largest table (loaded first, on one thread): exit 8 for it, and for the tables it
# stopped before they loaded; the run's error is the object a one-table run prints.
rejected=$TEST_TMP/rejected
mkdir -p "$rejected" && cp "$dump"/* "$rejected/"
sed -i '5s/\t[0-9]*$/\tnot a number/' "$rejected/big.txt"
fresh_db $dst
run_fastload --json --threads 1 "$rejected" $dst
expect_eq "rejected: exit code ($ERR)" 8 "$RC"
if valid_json; then pass; else fail "rejected: not valid JSON: $OUT"; fi
expect_eq "rejected: the run's error names it" rejected "$(json_get 'd["error"]["exit_code_name"]')"
expect_eq "rejected: the same object as the table's" True "$(json_get 'd["error"] == d["tables"][0]["error"]')"
expect_eq "rejected: each table's code" "$dst.big 8,$dst.small 8,$dst.tiny 8" \
  "$(json_get '",".join("%s %s" % (t["table"], t["exit_code"]) for t in d["tables"])')"
expect_match "rejected: the others say why" "fastload: $dst.small: not loaded: the run stopped because $dst.big failed" "$ERR"
expect_eq "rejected: no internal error" 0 "$(grep -c 'please report' <<<"$ERR" || true)"

# A server error's number reaches --json: a user who may not insert (exit 7, error 1142).
fresh_db $dst
fresh_user dbout_reader "SELECT ON $dst.*"
sql $dst -e "CREATE TABLE tiny (id int PRIMARY KEY) ENGINE=InnoDB"
capture "$(fastload_binary)" --socket "$SOCKET" -u dbout_reader --json "$TEST_TMP/dump/tiny.txt" $dst
expect_eq "privilege: exit code ($ERR)" 7 "$RC"
expect_eq "privilege: json error" "privilege 1142" "$(json_get 'd["error"]["exit_code_name"], d["error"]["server_errno"]' | tr -d "(),'")"
sql -e "DROP USER dbout_reader@localhost"

# A file name that is not UTF-8 (a byte 0xff): the JSON stays valid, the byte given as \u00ff.
odd=$TEST_TMP/$'tiny.\xff.txt'
printf '1\n2\nx\n' >"$odd"
run_fastload --json "$odd" $dst
expect_eq "not UTF-8: exit code ($ERR)" 8 "$RC"
if valid_json; then pass; else fail "not UTF-8: not valid JSON: $OUT"; fi
expect_eq "not UTF-8: the name's byte" "tiny.ÿ.txt" "$(json_get 'd["tables"][0]["problems"][0]["file"].rsplit("/", 1)[1]')"
sql -e "TRUNCATE $dst.tiny"
printf '1\n2\n' >"$odd"
run_fastload --json "$odd" $dst
expect_eq "not UTF-8, loaded: exit code ($ERR)" 0 "$RC"
if valid_json; then pass; else fail "not UTF-8, loaded: not valid JSON: $OUT"; fi

sql -e "DROP DATABASE $src; DROP DATABASE $dst"
finish
