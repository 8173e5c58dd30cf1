# A dump's text in the charset mariadb-dump wrote it in: a table of utf8mb4, latin1 and binary columns (hand-picked
# non-ASCII values and 400 generated from a fixed seed) dumped with --tab four ways (no --default-character-set,
# =utf8mb4, =latin1, =binary), each restored by fastload (--charset X for a dump made with X, nothing for the
# default one) and compared row by row with the server's own LOAD DATA INFILE ... CHARACTER SET of the same file
# (binary for the default). Read as bytes (no --charset), a dump written in utf8mb4 or latin1 is refused with its
# file, line and column, nothing loaded: before the load from its first chunk (a compressed dump's too), and
# during it from a later one, the rest then loaded by --resume with the dump's --charset. Latin1 bytes that read
# as UTF-8 text are refused too (the check's false alarm), and load with --charset binary.
source "$(dirname "$0")/lib.sh"

# The client in utf8mb4 for the literals below; the rows compared by their bytes (HEX), whatever the client's charset.
usql() { sql --default-character-set=utf8mb4 "$@"; }
# exact TABLE: TABLE's rows as their columns' bytes, for rows_digest.
exact() { echo "(SELECT id, HEX(u), HEX(l), HEX(b), HEX(bl), HEX(n) FROM $1) AS x"; }

src=dcs_src
fresh_db $src
ddl="CREATE TABLE t (id int PRIMARY KEY, u varchar(60) CHARACTER SET utf8mb4, l varchar(60) CHARACTER SET latin1,
  b varbinary(60), bl blob, n text CHARACTER SET latin1) ENGINE=InnoDB"
usql $src -e "$ddl;
  INSERT INTO t VALUES
    (1, 'café ñ € 日本 😀', 'café ñ €', X'80FF00C3A9', X'DEADBEEF80', 'ascii'),
    (2, 'plain', 'plain', 'plain', NULL, NULL),
    (3, 'ñandú\tà la ligne\ncrème \\\\ brûlée', 'À É Î Õ Ü ß ÿ Œ ‰ ™', X'C3', X'E9', 'Ñ'),
    (4, '日本語テキスト', NULL, X'F09F9880', X'00090A5C', '¿¡'),
    (5, '😀🎉 ok', 'naïve', NULL, X'', ''),
    (6, CONVERT(X'EDA080' USING binary), 'x', NULL, NULL, NULL)"  # a surrogate's encoding: utf8mb4 stores it

# Rows 100-499: random text from a fixed seed. u: any character; l, n: latin1's (MariaDB's latin1 is cp1252),
# never a value whose latin1 bytes happen to read as UTF-8 (the check's documented false alarm, below); b, bl:
# any bytes, 0x80-0xFF among them.
python3 - "$TEST_TMP/generated.sql" <<'EOF'
import random, sys
rng = random.Random(20240611)
ascii_ = "abcXYZ 019-_.,;:'\"\t\n\\"
latin1 = "éèêëàâäçñüöïîôûÿßÀÉÑÜÖ€ŒœŠšŽž‰™“”‘’•–—¿¡«»°±²³µ¶·¼½¾©®ÆØÅæøå"
wide = "日本語中文한국어Ωλπ€ĀŁő😀🎉🚀𝄞"
def text(pool, most):
    return "".join(rng.choice(pool) for _ in range(rng.randint(0, most)))
def latin1_text(most):
    while True:
        s = text(ascii_ + latin1 * 2, most)
        raw = s.encode("cp1252")
        try:
            raw.decode("utf-8")
            if any(b >= 0x80 for b in raw):
                continue  # reads as UTF-8 text: left out
        except UnicodeDecodeError:
            pass
        return s
def hexed(s): return "X'" + s.encode("utf-8").hex() + "'"
def raw(most): return "X'" + bytes(rng.randrange(256) for _ in range(rng.randint(0, most))).hex() + "'"
rows = []
for i in range(100, 500):
    u = "_utf8mb4 " + hexed(text(ascii_ + latin1 + wide * 2, 20)) if rng.random() > 0.05 else "NULL"
    rows.append(f"({i}, {u}, _utf8mb4 {hexed(latin1_text(20))}, {raw(20)}, {raw(40)}, "
                f"_utf8mb4 {hexed(latin1_text(8))})")
with open(sys.argv[1], "w") as f:
    f.write("INSERT INTO t VALUES\n" + ",\n".join(rows) + ";\n")
EOF
sql $src <"$TEST_TMP/generated.sql"
expect_eq "the source's rows" 406 "$(count $src.t)"

# dump NAME [OPTION]: mariadb-dump --tab of the source into $TEST_TMP/NAME (the server writes the files).
dump() {
  local dir=$TEST_TMP/$1
  rm -rf "$dir" && mkdir -p "$dir" && chmod 777 "$dir"
  mariadb-dump --no-defaults -uroot -S "$SOCKET" ${2:+"$2"} --tab="$dir" $src t
}
# reference_of NAME CHARSET: the server's LOAD DATA INFILE of dump NAME's t.txt in CHARSET into a fresh copy of
# the table, which must raise no warning; its digest in `want`.
reference_of() {
  local db=dcs_ref_$1
  fresh_db "$db"
  sql "$db" -e "$ddl"
  sql "$db" -e "LOAD DATA INFILE '$TEST_TMP/$1/t.txt' INTO TABLE t CHARACTER SET $2; SHOW WARNINGS" \
    >"$TEST_TMP/ref.warnings"
  expect_eq "$1: the reference load warns of nothing" "" "$(cat "$TEST_TMP/ref.warnings")"
  want=$(rows_digest "$(exact "$db.t")")
}
# restore NAME ARGS...: fastload ARGS of dump NAME into a fresh database; RC, ERR as run_fastload sets them.
restore() {
  local name=$1
  shift
  fresh_db dcs_dst
  run_fastload "$@" "$TEST_TMP/$name" dcs_dst
}
source_digest=$(rows_digest "$(exact $src.t)")

dump plain
dump utf8mb4 --default-character-set=utf8mb4
dump latin1 --default-character-set=latin1
dump binary --default-character-set=binary
expect_eq "the dumps' headers read the same" "$(head -c 400 "$TEST_TMP/plain/t.sql" | md5sum)" \
  "$(head -c 400 "$TEST_TMP/utf8mb4/t.sql" | md5sum)"
expect_eq "the utf8mb4 dump holds latin1 'é' as UTF-8" 1 "$(grep -c $'^1\t.*\tcaf\xc3\xa9 \xc3\xb1 \xe2\x82\xac\t' \
  "$TEST_TMP/utf8mb4/t.txt")"
expect_eq "the latin1 dump holds utf8mb4 'é' as latin1, 日本 as ?" 1 "$(grep -c $'^1\tcaf\xe9 \xf1 \x80 ?? ?\t' \
  "$TEST_TMP/latin1/t.txt")"

# Each dump restored as it was written, row by row as the server's LOAD DATA of the same file.
compared=0
for case in "plain binary" "plain binary --charset binary" "utf8mb4 utf8mb4 --charset utf8mb4" \
    "utf8mb4 utf8mb4 --charset utf8mb4 --mode load" "latin1 latin1 --charset latin1" \
    "latin1 latin1 --charset latin1 --mode insert" "binary binary --charset binary" "binary binary"; do
  read -r name charset args <<<"$case"
  reference_of "$name" "$charset"
  restore "$name" $args
  expect_eq "$name dump, ${args:-no --charset}: exit code ($ERR)" 0 "$RC"
  expect_eq "$name dump, ${args:-no --charset}: row by row as LOAD DATA ... CHARACTER SET $charset" "$want" \
    "$(rows_digest "$(exact dcs_dst.t)")"
  compared=$((compared + 1))
done
reference_of plain binary
expect_eq "the default dump's reference is the source" "$source_digest" "$want"
# mariadb-dump --default-character-set=utf8mb4 converts the binary columns too: their bytes that are not UTF-8
# are '?' in its file (the dump lost them; nothing restores them), its text columns are the source's.
text_only() { echo "(SELECT id, HEX(u), HEX(l), HEX(n) FROM $1) AS x"; }
reference_of utf8mb4 utf8mb4
expect_eq "the utf8mb4 dump's reference is the source in its text columns" \
  "$(rows_digest "$(text_only $src.t)")" "$(rows_digest "$(text_only dcs_ref_utf8mb4.t)")"
expect_eq "the utf8mb4 dump wrote the binary bytes that are not UTF-8 as '?'" "3F3F00C3A9 DEAD3F3F3F" \
  "$(sql -e "SELECT HEX(b), HEX(bl) FROM dcs_ref_utf8mb4.t WHERE id = 1" | xargs)"
reference_of latin1 latin1
expect_eq "the latin1 dump kept the binary bytes" "$(rows_digest $src.t "id, HEX(b), HEX(bl)")" \
  "$(rows_digest dcs_ref_latin1.t "id, HEX(b), HEX(bl)")"

tables_in() { sql -e "SELECT COUNT(*) FROM information_schema.TABLES WHERE TABLE_SCHEMA = '$1'"; }
# Read as bytes, the utf8mb4 dump would store latin1 'é' as 'Ã©': refused before the load, from its first chunk,
# naming the file, line, column and value and what to give.
restore utf8mb4
expect_eq "utf8mb4 dump, no --charset: exit code" 8 "$RC"
expect_match "utf8mb4 dump, no --charset: file, line, byte" "fastload: $TEST_TMP/utf8mb4/t.txt:1 \(byte 0\): column \`l\` is latin1 and its value 'café ñ €' is UTF-8 text \('é' is C3 A9 at byte 3 of the field\)" "$ERR"
expect_match "utf8mb4 dump, no --charset: what to give" "give --charset utf8mb4 \(the dump's --default-character-set\), or --charset binary if these bytes are the column's own" "$ERR"
expect_match "utf8mb4 dump, no --charset: nothing was loaded" "nothing was loaded" "$ERR"
expect_eq "utf8mb4 dump, no --charset: nothing committed, the table it created dropped" 0 "$(tables_in dcs_dst)"

# Read as bytes, the latin1 dump's utf8mb4 text is not UTF-8: refused likewise.
restore latin1
expect_eq "latin1 dump, no --charset: exit code" 8 "$RC"
expect_match "latin1 dump, no --charset: file, line, column" "fastload: $TEST_TMP/latin1/t.txt:1 \(byte 0\): column \`u\` is utf8mb4 and its value 'caf\\\\xE9 \\\\xF1 \\\\x80 \?\? \?' is not UTF-8 \(byte E9 at byte 3" "$ERR"
expect_match "latin1 dump, no --charset: what to give" "give --charset with the dump's --default-character-set \(e.g. --charset latin1\)" "$ERR"
expect_eq "latin1 dump, no --charset: nothing committed, the table it created dropped" 0 "$(tables_in dcs_dst)"

# The same dump compressed (T.txt.gz, read as a stream): refused from its first chunk likewise, and restored with
# its --charset as the server's LOAD DATA of the plain file.
mkdir -p "$TEST_TMP/utf8mb4gz" && cp "$TEST_TMP/utf8mb4/t.sql" "$TEST_TMP/utf8mb4gz/"
gzip -c "$TEST_TMP/utf8mb4/t.txt" >"$TEST_TMP/utf8mb4gz/t.txt.gz"
restore utf8mb4gz
expect_eq "compressed utf8mb4 dump, no --charset: exit code" 8 "$RC"
expect_match "compressed utf8mb4 dump, no --charset: file, line, column" "fastload: $TEST_TMP/utf8mb4gz/t.txt.gz:1 \(byte 0\): column \`l\` is latin1" "$ERR"
expect_eq "compressed utf8mb4 dump, no --charset: nothing committed, the table it created dropped" 0 "$(tables_in dcs_dst)"
reference_of utf8mb4 utf8mb4
restore utf8mb4gz --charset utf8mb4
expect_eq "compressed utf8mb4 dump, --charset utf8mb4: exit code ($ERR)" 0 "$RC"
expect_eq "compressed utf8mb4 dump, --charset utf8mb4: row by row as LOAD DATA" "$want" \
  "$(rows_digest "$(exact dcs_dst.t)")"
compared=$((compared + 1))
echo "compared $compared restores x 6 columns x $(count $src.t) rows with the server's LOAD DATA, row by row"

# A mismatch past the first chunk: the load's own check refuses the row with its line, in its chunk.
late=dcs_late
fresh_db $late
usql $late -e "CREATE TABLE t (id int PRIMARY KEY, l varchar(60) CHARACTER SET latin1) ENGINE=InnoDB;
  INSERT INTO t SELECT seq, CONCAT('ascii row ', seq) FROM seq_1_to_3000; UPDATE t SET l = 'déjà vu' WHERE id = 2900"
rm -rf "$TEST_TMP/late" && mkdir -p "$TEST_TMP/late" && chmod 777 "$TEST_TMP/late"
mariadb-dump --no-defaults -uroot -S "$SOCKET" --default-character-set=utf8mb4 --tab="$TEST_TMP/late" $late
restore late --resume --threads 1 --chunk-size 4K
expect_eq "a later chunk: exit code" 8 "$RC"
expect_match "a later chunk: the row named" "fastload: $TEST_TMP/late/t.txt:2900 \(byte [0-9]+\): column \`l\` is latin1 and its value 'déjà vu' is UTF-8 text" "$ERR"
expect_eq "a later chunk: the chunks before it committed, their rows ASCII, the same either way" "yes" \
  "$(sql -e "SELECT COUNT(*) > 0 AND SUM(l <> CONCAT('ascii row ', id)) = 0 FROM dcs_dst.t" | sed 's/^1$/yes/')"
# The rest loaded by a --resume run with the dump's --charset: the whole table as the source.
run_fastload --resume --threads 1 --chunk-size 4K --charset utf8mb4 "$TEST_TMP/late" dcs_dst
expect_eq "a later chunk, resumed with --charset utf8mb4: exit code ($ERR)" 0 "$RC"
expect_eq "a later chunk, resumed with --charset utf8mb4: as the source" \
  "$(rows_digest "(SELECT id, HEX(l) FROM $late.t) AS x")" "$(rows_digest "(SELECT id, HEX(l) FROM dcs_dst.t) AS x")"

# The check's false alarm: latin1 bytes that read as UTF-8 text ('Ã©' is C3 A9) in a default dump are refused;
# --charset binary says they are the column's own.
odd=dcs_odd
fresh_db $odd
usql $odd -e "CREATE TABLE t (id int PRIMARY KEY, l varchar(10) CHARACTER SET latin1) ENGINE=InnoDB;
  INSERT INTO t VALUES (1, 'Ã©')"
rm -rf "$TEST_TMP/odd" && mkdir -p "$TEST_TMP/odd" && chmod 777 "$TEST_TMP/odd"
mariadb-dump --no-defaults -uroot -S "$SOCKET" --tab="$TEST_TMP/odd" $odd
restore odd
expect_eq "latin1 bytes that read as UTF-8: refused" 8 "$RC"
restore odd --charset binary
expect_eq "latin1 bytes that read as UTF-8, --charset binary: exit code ($ERR)" 0 "$RC"
expect_eq "latin1 bytes that read as UTF-8, --charset binary: as the source" "C3A9" \
  "$(sql -e "SELECT HEX(l) FROM dcs_dst.t")"

sql -e "DROP DATABASE $src; DROP DATABASE $late; DROP DATABASE $odd; DROP DATABASE dcs_dst"
for name in plain utf8mb4 latin1 binary; do sql -e "DROP DATABASE dcs_ref_$name"; done
finish
