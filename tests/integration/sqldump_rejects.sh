# A SQL dump's rows whose INSERT stores another value than LOAD DATA of their text would (a number into a BIT
# column, a hex literal into a numeric one, another charset's introducer, a tuple of another count of values than
# columns) are rejected rows, as a value the server would convert is: left out as --max-errors allows, written to
# --rejects FILE (FILE.t; FILE.t.reasons names each one's dump line and byte), recorded in the ledger so that a
# resumed restore loads every other row once. Without --max-errors the restore stops at the first, naming it,
# with nothing stored. Each restore is compared row by row with `mariadb <` of the dump without those rows; in
# load and insert modes, plain and compressed, with chunks small enough that the bad rows fall in different ones;
# and a mydumper directory's data file.
source "$(dirname "$0")/lib.sh"

src=sqldump_rej_src ref=sqldump_rej_ref dst=sqldump_rej_dst ledger=sqldump_rej_ledger
rows=3000
fresh_db $src
sql $src -e "CREATE TABLE t (id int PRIMARY KEY, bt bit(8), i int, s varchar(10), b varbinary(8)) ENGINE=InnoDB;
  INSERT INTO t SELECT seq, seq % 256, seq * 7, CONCAT('s', seq), UNHEX(HEX(seq)) FROM seq_1_to_$rows"
dir=$TEST_TMP
mariadb-dump --no-defaults -uroot -S "$SOCKET" --net-buffer-length=16384 $src >"$dir/good.sql"
expect_match "the dump has several INSERTs" '^[5-9]$|^[1-9][0-9]+$' "$(grep -c '^INSERT INTO `t`' "$dir/good.sql")"

# The bad tuples, each in place of a row of the dump: id|tuple|what the message says.
bad=(
  "7|(7,5,1,'x','')|column \`bt\`: a number into a BIT column"
  "1500|(1500,_binary 0x01,0x41,'y','')|column \`i\`: a hex literal into a numeric column"
  "2000|(2000,_binary 0x01,1)|a row of 3 values for 5 columns"
  "2999|(2999,_binary 0x01,1,_latin1 X'E9','')|column \`s\`: a string with the introducer _latin1"
)
# inject FROM TO CASE...: FROM with each CASE's tuple in place of its id's, written to TO.
inject() {
  python3 - "$@" <<'EOF'
import re, sys
text = open(sys.argv[1], encoding='utf-8', errors='surrogateescape').read()
for case in sys.argv[3:]:
    key, tuple_, _ = case.split('|')
    text, n = re.subn(r'\(' + key + r',[^()]*\)(?=[,;])', lambda m: tuple_, text, count=1)
    assert n == 1, key
open(sys.argv[2], 'w', encoding='utf-8', errors='surrogateescape').write(text)
EOF
}
inject "$dir/good.sql" "$dir/bad.sql" "${bad[@]}"
gzip -k "$dir/bad.sql"
bad_ids=$(for case in "${bad[@]}"; do echo "${case%%|*}"; done | paste -sd,)

# The reference: the dump as the mariadb client restores it, without the bad rows.
fresh_db $ref
sql $ref <"$dir/good.sql"
sql $ref -e "DELETE FROM t WHERE id IN ($bad_ids)"
expected=$(rows_digest $ref.t)
expect_eq "reference rows" $((rows - ${#bad[@]})) "$(count $ref.t)"

# line_of ID: the bad dump's line of ID's tuple.
line_of() { grep -n "($1," "$dir/bad.sql" | head -1 | cut -d: -f1; }

# Without --max-errors: the first bad row stops the restore, named, before anything is stored.
fresh_db $dst
run_fastload --threads 2 --chunk-size 16K "$dir/bad.sql" $dst
expect_eq "no --max-errors: exit code ($ERR)" 8 "$RC"
expect_match "no --max-errors: the first bad row named" \
  "bad.sql:$(line_of 7) \\(byte [0-9]+\\): table \`t\`: column \`bt\`: a number into a BIT column" "$ERR"
expect_eq "no --max-errors: nothing stored" 0 "$(sql -e "SELECT COUNT(*) FROM information_schema.TABLES
  WHERE TABLE_SCHEMA = '$dst' AND TABLE_NAME = 't'")"

# --max-errors: every bad row left out and written to --rejects, named by line; the rest exact.
for mode in load insert; do
  for file in bad.sql bad.sql.gz; do
    what="--mode $mode, $file"
    fresh_db $dst
    rejects=$dir/rejects.$mode.$file
    run_fastload --mode $mode --threads 2 --chunk-size 16K --max-errors ${#bad[@]} --rejects "$rejects" \
      --json "$dir/$file" $dst
    expect_eq "$what: exit code ($ERR)" 0 "$RC"
    expect_eq "$what: row by row" "$expected" "$(rows_digest $dst.t)"
    expect_eq "$what: rejects file" "$bad_ids" "$(cut -f1 "$rejects.t" 2>&1 | paste -sd,)"
    for case in "${bad[@]}"; do
      IFS='|' read -r id _ why <<<"$case"
      expect_match "$what: row $id named" "/$file"$'\t'"$(line_of "$id")"$'\t'"[0-9]+"$'\t'"0"$'\t'"byte [0-9]+: $why" \
        "$(cat "$rejects.t.reasons")"
    done
    expect_match "$what: json counts them" "\"rows_rejected\":${#bad[@]}[,}]" "$OUT"
  done
done

# One more bad row than --max-errors allows: the restore fails, saying so.
fresh_db $dst
run_fastload --threads 2 --chunk-size 16K --max-errors $((${#bad[@]} - 1)) "$dir/bad.sql" $dst
expect_eq "over --max-errors: exit code" 8 "$RC"
expect_match "over --max-errors: said" "more than --max-errors $((${#bad[@]} - 1)) rows were rejected" "$ERR"

# Killed after a chunk's COMMIT, resumed: every good row once, the bad ones rejected in the run that met them.
fresh_db $dst
sql -e "DROP DATABASE IF EXISTS $ledger; CREATE DATABASE $ledger"
FASTLOAD_FAULT=after-commit:3 run_fastload --threads 2 --chunk-size 16K --max-errors 9 --resume \
  --ledger $ledger.l --json "$dir/bad.sql" $dst
expect_eq "resume: killed" 137 "$RC"
settle $dst.t $ledger.l
run_fastload --threads 2 --chunk-size 16K --max-errors 9 --resume --ledger $ledger.l --json "$dir/bad.sql" $dst
expect_eq "resume: rerun exit code ($ERR)" 0 "$RC"
expect_eq "resume: row by row" "$expected" "$(rows_digest $dst.t)"
expect_match "resume: some rows loaded before" '"rows_loaded_before":[1-9]' "$OUT"
expect_eq "resume: every row once" $((rows - ${#bad[@]})) $(($(json rows) + $(json rows_loaded_before)))

# A mydumper directory's data file: its bad rows rejected the same way, named by the data file's lines.
mydumper -S "$SOCKET" -u root -B $src --threads 2 -o "$dir/md" >/dev/null 2>&1
data=$dir/md/$src.t.sql
inject "$data" "$data" "${bad[0]}" "${bad[1]}"
fresh_db $dst
run_fastload --threads 2 --chunk-size 16K --max-errors 2 --rejects "$dir/md_rejects" "$dir/md" $dst
expect_eq "mydumper: exit code ($ERR)" 0 "$RC"
fresh_db $ref
sql $ref <"$dir/good.sql"
sql $ref -e "DELETE FROM t WHERE id IN (7, 1500)"
expect_eq "mydumper: row by row" "$(rows_digest $ref.t)" "$(rows_digest $dst.t)"
expect_eq "mydumper: rejects file" "7,1500" "$(cut -f1 "$dir/md_rejects.t" 2>&1 | paste -sd,)"
expect_match "mydumper: named by the data file's line" \
  "/$src\.t\.sql"$'\t'"$(grep -n "^(7," "$data" | cut -d: -f1)"$'\t'".*a number into a BIT column" \
  "$(cat "$dir/md_rejects.t.reasons")"

sql -e "DROP DATABASE $src; DROP DATABASE $ref; DROP DATABASE $dst; DROP DATABASE IF EXISTS $ledger"
finish
