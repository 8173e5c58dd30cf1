# JSON lines, against the server's own reading of them: each line is loaded whole into a one-column table and
# read with JSON_VALUE/JSON_QUERY (a JSON column's scalars with JSON_EXTRACT, as written; keys in either case), written out by SELECT ... INTO OUTFILE and loaded by
# LOAD DATA INFILE: the reference table. fastload's load of the same file, in every mode that streams, on one
# and two threads, in small chunks, compressed and from a pipe, must leave the same rows. Then the refusals: a key
# no column has, a key a line lacks, a line that is no JSON object, each with its line and byte, left out within
# --max-errors, and what --unknown-keys ignore and --missing-keys null make of them.
source "$(dirname "$0")/lib.sh"
source "$(dirname "$0")/remote_lib.sh"

db=jsonl_$$
fresh_db "$db"
at_exit "sql -e 'DROP DATABASE IF EXISTS $db'"
ddl="(id int PRIMARY KEY, name varchar(400), amount decimal(40,10), big bigint, doc json, flag tinyint,
      at datetime(6)) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4"
sql "$db" -e "CREATE TABLE t $ddl; CREATE TABLE ref $ddl; CREATE TABLE raw (n int AUTO_INCREMENT PRIMARY KEY, line longtext)"

file=$TEST_TMP/rows.jsonl
python3 "$SOURCE_DIR/tests/tools/gen_json_lines.py" 4000 "$RANDOM" >"$file"
rows=$(grep -c . "$file")

# The reference: the server's JSON functions read each line (no TAB is raw in the file: a line is one field).
value() { echo "COALESCE(JSON_VALUE(line, '\$.$1'), JSON_VALUE(line, '\$.${1^^}'))"; }
query() { echo "COALESCE(JSON_QUERY(line, '\$.$1'), JSON_QUERY(line, '\$.${1^^}'))"; }
# A JSON column's value: an object's or array's JSON text (JSON_QUERY), else a scalar's as written (JSON_EXTRACT:
# a string's quotes kept), a JSON null SQL's NULL (as JSON_VALUE and JSON_QUERY read it).
json_text() { echo "COALESCE($(query "$1"), NULLIF(COALESCE(JSON_EXTRACT(line, '\$.$1'), JSON_EXTRACT(line, '\$.${1^^}')), 'null'))"; }
sql "$db" -e "LOAD DATA INFILE '$file' INTO TABLE raw FIELDS TERMINATED BY '\t' ESCAPED BY '' (line);
  DELETE FROM raw WHERE line = '';
  SELECT $(value id), $(value name), $(value amount), $(value big), $(json_text doc), $(value flag), $(value at)
    INTO OUTFILE '$TEST_TMP/ref.tsv' FROM raw ORDER BY n"
expected=$(reference "$db" ref "$TEST_TMP/ref.tsv")
expect_eq "the reference holds every line" "$rows" "$(count "$db.ref")"
expect_eq "the reference holds a JSON string, quoted" 1 "$(sql -e "SELECT COUNT(*) > 0 FROM $db.ref WHERE doc = '\"plain\"'")"
expect_eq "the reference read every name" 0 "$(sql "$db" -e "SELECT COUNT(*) FROM raw WHERE line LIKE '%\"name\": \"%' AND $(value name) IS NULL")"

for mode in insert load multirow row; do
  for layout in "--threads 1" "--threads 2 --chunk-size 16K"; do
    # shellcheck disable=SC2086  # the layout's words
    check_load "--mode $mode $layout" "$db.t" "$rows" "$expected" --mode "$mode" $layout "$file"
  done
done
gzip -c "$file" >"$TEST_TMP/rows.jsonl.gz"
check_load "a .jsonl.gz file" "$db.t" "$rows" "$expected" --chunk-size 16K "$TEST_TMP/rows.jsonl.gz"
sql -e "TRUNCATE $db.t"
capture bash -c "gzip -dc '$TEST_TMP/rows.jsonl.gz' | '$(fastload_binary)' --socket '$SOCKET' -u root --format jsonl - $db.t"
expect_eq "a pipe with --format jsonl: exit code ($ERR)" 0 "$RC"
expect_eq "a pipe with --format jsonl: checksum" "$expected" "$(checksum "$db.t")"
http_start http "$TEST_TMP"
check_load "a .jsonl.gz object over HTTP" "$db.t" "$rows" "$expected" --chunk-size 16K "$HTTP_URL/rows.jsonl.gz"
mkfifo "$TEST_TMP/fifo.jsonl"  # known by its name: a pipe's first bytes are never read before the load
cat "$file" >"$TEST_TMP/fifo.jsonl" &
check_load "a named pipe called .jsonl" "$db.t" "$rows" "$expected" "$TEST_TMP/fifo.jsonl"
wait
cp "$file" "$TEST_TMP/rows.data"
check_load "--format jsonl on a file of another name" "$db.t" "$rows" "$expected" --format jsonl "$TEST_TMP/rows.data"

# --resume: killed right after its third chunk's COMMIT, then run again: the rows of the reference, none twice.
sql -e "TRUNCATE $db.t; DROP TABLE IF EXISTS $db.fastload_ledger"
killed_after 2 --threads 2 --chunk-size 16K --resume "$file" "$db.t"
expect_eq "--resume: killed" 137 "$KILLED"
run_fastload --threads 2 --chunk-size 16K --resume --json "$file" "$db.t"
expect_eq "--resume: the rerun's exit code ($ERR)" 0 "$RC"
expect_match "--resume: chunks loaded before" '"chunks_loaded_before":[1-9]' "$OUT"
expect_eq "--resume: checksum" "$expected" "$(checksum "$db.t")"

# Refusals, each naming its line and byte.
bad=$TEST_TMP/bad.jsonl
full='"amount": 1.5, "big": 7, "doc": null, "flag": true, "at": null'
printf '%s\n' "{\"id\": 1, \"name\": \"one\", $full}" '{"id": 2, "color": "red"}' '{"id": 3' '[3]' \
  '{"id": 4, "id": 5}' '{"id": 6, "name": "six"} 7' "{\"id\": 7, \"name\": \"seven\", $full}" >"$bad"
sql -e "TRUNCATE $db.t"
run_fastload "$bad" "$db.t"
expect_eq "a bad line: exit code" 8 "$RC"
expect_match "a bad line: its line and byte" 'bad.jsonl: line 2 \(byte 89\): key "color" names no column the rows fill; give --columns to name what the keys fill, or --unknown-keys ignore to pass such keys over; or give --max-errors' "$ERR"
expect_eq "a bad line: nothing loaded" 0 "$(count "$db.t")"
run_fastload --max-errors 10 --rejects "$TEST_TMP/rejects.jsonl" "$bad" "$db.t"
expect_eq "--max-errors: exit code ($ERR)" 0 "$RC"
expect_eq "--rejects: the refused lines as they were" "$(sed -n '2,6p' "$bad")" "$(cat "$TEST_TMP/rejects.jsonl")"
expect_match "an unknown key: named" 'bad.jsonl:2 \(byte 89\): key "color" names no column the rows fill' "$ERR"
expect_match "a line cut short: named" 'bad.jsonl:3 \(byte 115\): the line is not one JSON object' "$ERR"
expect_match "a line that is no object: named" 'bad.jsonl:4 \(byte 124\): the line is not one JSON object' "$ERR"
expect_match "a key given twice: named" 'bad.jsonl:5 \(byte 128\): key "id" is given twice' "$ERR"
expect_match "more than one value: named" 'bad.jsonl:6 \(byte 147\): the line ' "$ERR"
expect_eq "--max-errors: the good lines" "1 one,7 seven" "$(sql -e "SELECT GROUP_CONCAT(id, ' ', name ORDER BY id) FROM $db.t")"
sql -e "TRUNCATE $db.t"
run_fastload --max-errors 10 --unknown-keys ignore --missing-keys null --columns id,name,amount "$bad" "$db.t"
expect_eq "ignore and null: exit code ($ERR)" 0 "$RC"
printf '%s\n' '{"id": 8, "name": "a name far too long for the column, which takes 400 characters at most: '"$(printf 'x%.0s' $(seq 400))"'"}' \
  '{"id": 9, "amount": "not a number"}' >"$TEST_TMP/server_refused.jsonl"
run_fastload --max-errors 10 --missing-keys null --columns id,name,amount --rejects "$TEST_TMP/rejects2.jsonl" "$TEST_TMP/server_refused.jsonl" "$db.t"
expect_eq "rows the server refuses: exit code ($ERR)" 0 "$RC"
expect_eq "rows the server refuses: --rejects holds their lines" "$(cat "$TEST_TMP/server_refused.jsonl")" "$(cat "$TEST_TMP/rejects2.jsonl")"
expect_eq "ignore and null: the lines" "1 one 1.5000000000,2 NULL NULL,7 seven 1.5000000000" \
  "$(sql -e "SELECT GROUP_CONCAT(id, ' ', IFNULL(name, 'NULL'), ' ', IFNULL(amount, 'NULL') ORDER BY id) FROM $db.t")"
run_fastload --mode server "$file" "$db.t"
expect_eq "--mode server: exit code" 2 "$RC"
expect_match "--mode server: what to do" 'is JSON lines, whose values fastload reads and sends as rows; --mode server' "$ERR"
run_fastload --csv "$file" "$db.t"
expect_eq "--csv: exit code" 2 "$RC"
expect_match "--csv: refused" 'rows.jsonl: is JSON lines, whose values are typed: the format options' "$ERR"

finish
