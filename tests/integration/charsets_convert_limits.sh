# A file fastload converts to utf8mb4 (--charset sjis, ...) where conversion
# could store something else than the server's LOAD DATA ... CHARACTER SET sjis:
# refused before anything is loaded, and --mode server loads it instead; a
# compressed file refused, its pipe loaded; --resume over a converted file;
# a row the server cannot convert refused with its line.
source "$(dirname "$0")/lib.sh"

DB=charsets_limits
fresh_db $DB
file=$TEST_TMP/sjis.tsv
# ソ (0x835C: its second byte is '\'), ＼ (0x815F, which the server reads as '\'), half-width ｱ (0xB1).
# (A binary column is read byte by byte by the server: there 0x835C x is an escaped x.)
for i in $(seq 1 300); do printf '%d\t\x83\x5c\\\\\x81\x5f\t\xb1\x83\x5cx\n' "$i"; done >"$file"
reference_of() {  # TABLE [CLAUSES]: the server's LOAD DATA INFILE of $file in sjis
  sql $DB -e "TRUNCATE $1; LOAD DATA INFILE '$file' INTO TABLE $1 CHARACTER SET sjis ${2:-}"
  checksum $DB.$1
}

for column in "b varbinary(20)" "b varchar(20) CHARACTER SET sjis"; do
  sql $DB -e "DROP TABLE IF EXISTS t; CREATE TABLE t (id int PRIMARY KEY, a varchar(20), $column)
              ENGINE=InnoDB DEFAULT CHARSET=utf8mb4"
  want=$(reference_of t)
  sql $DB -e "TRUNCATE t"
  run_fastload --charset sjis "$file" $DB.t
  expect_eq "$column: refused (exit code)" 2 "$RC"
  expect_match "$column: says why and what to do" "column b of .* the server stores a sjis field's bytes there as they are.*--mode server" "$ERR"
  expect_eq "$column: nothing loaded" 0 "$(count $DB.t)"
  run_fastload --charset sjis --mode server "$file" $DB.t
  expect_eq "$column: --mode server loads it (exit code, $ERR)" 0 "$RC"
  expect_eq "$column: --mode server as the server's LOAD DATA" "$want" "$(checksum $DB.t)"
done

sql $DB -e "DROP TABLE t; CREATE TABLE t (id int PRIMARY KEY, a varchar(20), b varchar(20))
            ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE utf8mb4_bin"
want=$(reference_of t)
sql $DB -e "TRUNCATE t"
run_fastload --charset sjis --columns id,@a,b --set 'a = HEX(@a)' "$file" $DB.t
expect_eq "--set with a converted charset: refused" 2 "$RC"
expect_match "--set: says why" "HEX, LENGTH and CAST differ" "$ERR"

gzip -c "$file" >"$TEST_TMP/sjis.tsv.gz"
run_fastload --charset sjis "$TEST_TMP/sjis.tsv.gz" $DB.t
expect_eq "a compressed sjis file: refused" 2 "$RC"
expect_match "a compressed sjis file: says to pipe it" "zcat FILE \\| fastload --charset sjis -" "$ERR"
set +e
OUT=$(gzip -dc "$TEST_TMP/sjis.tsv.gz" | fastload --charset sjis --chunk-size 100 - $DB.t 2>"$TEST_TMP/stderr")
RC=$?
set -e
expect_eq "its pipe loads (exit code, $(cat "$TEST_TMP/stderr"))" 0 "$RC"
expect_eq "its pipe: as the server's LOAD DATA" "$want" "$(checksum $DB.t)"

# --resume: part 1 of 2, then the whole load resumed: the chunks part 1 committed are skipped.
sql $DB -e "TRUNCATE t"
run_fastload --charset sjis --resume --chunk-size 200 --part 1/2 "$file" $DB.t
expect_eq "--resume --part 1/2 (exit code, $ERR)" 0 "$RC"
part=$(count $DB.t)
run_fastload --charset sjis --resume --chunk-size 200 --json "$file" $DB.t
expect_eq "--resume the rest (exit code, $ERR)" 0 "$RC"
expect_eq "--resume: as the server's LOAD DATA" "$want" "$(checksum $DB.t)"
expect_eq "--resume: loaded only the rest" "$((300 - part))" "$(json rows)"
run_fastload --charset sjis --resume --chunk-size 200 "$file" $DB.t
expect_eq "--resume once more: nothing to do (exit code, $ERR)" 0 "$RC"
expect_eq "--resume once more: the table unchanged" "$want" "$(checksum $DB.t)"

# 0x815F in CSV (no escape): sent as a plain '\'.
printf '1,"\x81\x5f",\x81\x5f\x83\x5c\n' >"$TEST_TMP/sjis.csv"
sql $DB -e "TRUNCATE t; LOAD DATA INFILE '$TEST_TMP/sjis.csv' INTO TABLE t CHARACTER SET sjis
            FIELDS TERMINATED BY ',' OPTIONALLY ENCLOSED BY '\"' ESCAPED BY ''"
want=$(checksum $DB.t)
sql $DB -e "TRUNCATE t"
run_fastload --charset sjis --csv "$TEST_TMP/sjis.csv" $DB.t
expect_eq "0x815F in CSV (exit code, $ERR)" 0 "$RC"
expect_eq "0x815F in CSV: as the server's LOAD DATA" "$want" "$(checksum $DB.t)"

# A byte sjis cannot convert on line 3 (a head byte before a TAB): that row is refused, with its line.
printf '1\ta\tb\n2\t\x83\x5c\t\\N\n3\tx\x81\ty\n4\tc\td\n' >"$TEST_TMP/bad.tsv"
sql $DB -e "TRUNCATE t"
run_fastload --charset sjis --threads 1 "$TEST_TMP/bad.tsv" $DB.t
expect_eq "an unconvertible byte: refused (exit code)" 8 "$RC"
expect_match "names line 3, its byte in the file, and says why" \
  "bad.tsv:3 \\(byte 14\\).*1366.*not valid in the file's character set" "$ERR"
run_fastload --charset sjis --max-errors 1 --rejects "$TEST_TMP/rejects" "$TEST_TMP/bad.tsv" $DB.t
expect_eq "--max-errors 1: the rest loads" 0 "$RC"
expect_eq "--max-errors 1: rows 1, 2, 4" "1,2,4" "$(sql $DB -e "SELECT GROUP_CONCAT(id ORDER BY id) FROM t")"
expect_eq "--rejects names line 3" 3 "$(cut -f2 "$TEST_TMP/rejects.reasons")"
expect_eq "--rejects names its byte in the file" 14 "$(cut -f3 "$TEST_TMP/rejects.reasons")"
expect_match "the summary says the rejects file is utf8mb4 and how to load it" \
  "rows in .*/rejects \\(written in utf8mb4: load it with --charset utf8mb4\\)" "$ERR"

# big5 takes the same refusals: 功 (0xA55C: its second byte is '\') and 0xA145 (which fastload corrects: the
# server reads U+2022, glibc U+2027) into a big5 column, a binary column, with --set, compressed.
printf '1\t\xa5\x5c\xa1\x45\t\xa5\x5cx\n' >"$TEST_TMP/big5.tsv"
for column in "b varbinary(20)" "b varchar(20) CHARACTER SET big5"; do
  sql $DB -e "DROP TABLE IF EXISTS t5; CREATE TABLE t5 (id int PRIMARY KEY, a varchar(20), $column)
              ENGINE=InnoDB DEFAULT CHARSET=utf8mb4"
  sql $DB -e "LOAD DATA INFILE '$TEST_TMP/big5.tsv' INTO TABLE t5 CHARACTER SET big5"
  want=$(checksum $DB.t5)
  sql $DB -e "TRUNCATE t5"
  run_fastload --charset big5 "$TEST_TMP/big5.tsv" $DB.t5
  expect_eq "big5, $column: refused (exit code)" 2 "$RC"
  expect_match "big5, $column: says why" "column b of .* the server stores a big5 field's bytes there" "$ERR"
  run_fastload --charset big5 --mode server "$TEST_TMP/big5.tsv" $DB.t5
  expect_eq "big5, $column: --mode server as the server's LOAD DATA ($ERR)" "$want" "$(checksum $DB.t5)"
done
run_fastload --charset big5 --columns id,@a,b --set 'a = HEX(@a)' "$TEST_TMP/big5.tsv" $DB.t
expect_eq "big5 with --set: refused" 2 "$RC"
gzip -c "$TEST_TMP/big5.tsv" >"$TEST_TMP/big5.tsv.gz"
run_fastload --charset big5 "$TEST_TMP/big5.tsv.gz" $DB.t
expect_eq "a compressed big5 file: refused" 2 "$RC"
expect_match "a compressed big5 file: says to pipe it" "zcat FILE \\| fastload --charset big5 -" "$ERR"
sql $DB -e "TRUNCATE t; LOAD DATA INFILE '$TEST_TMP/big5.tsv' INTO TABLE t CHARACTER SET big5"
want=$(checksum $DB.t)
sql $DB -e "TRUNCATE t"
run_fastload --charset big5 "$TEST_TMP/big5.tsv" $DB.t
expect_eq "big5 into utf8mb4 columns: loads (exit code, $ERR)" 0 "$RC"
expect_eq "big5 into utf8mb4 columns: as the server's LOAD DATA" "$want" "$(checksum $DB.t)"

# utf16: a lone surrogate on line 2 (the file's byte 12; the converted text's 6).
printf '\x00\x31\x00\t\x00a\x00\t\x00b\x00\n\x00\x32\x00\t\xd8\x00\x00\t\x00c\x00\n\x00\x33\x00\t\x00d\x00\t\x00e\x00\n' \
  >"$TEST_TMP/bad.utf16"
sql $DB -e "TRUNCATE t"
run_fastload --charset utf16 --max-errors 1 "$TEST_TMP/bad.utf16" $DB.t
expect_eq "utf16, a lone surrogate: the rest loads" 0 "$RC"
expect_match "utf16: names line 2 and its byte in the file" "bad.utf16:2 \\(byte 12\\).*1366" "$ERR"
expect_eq "utf16: rows 1 and 3" "1:a:b,3:d:e" "$(sql $DB -e "SELECT GROUP_CONCAT(CONCAT_WS(':', id, a, b) ORDER BY id) FROM t")"
finish
