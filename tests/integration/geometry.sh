# Spatial columns: a field that is no geometry is a bad row located to its line in every mode, the same message
# everywhere, like any refused value. A table with a GEOMETRY and a POINT NOT NULL column, loaded raw (the fields
# in the server's binary form, as SELECT ... INTO OUTFILE writes them; a text field there is error 1416) and
# through --columns @g,@p --set 'g = ST_GeomFromText(@g)' (text that is no POINT leaves p NULL or another
# type: errors 1048, 1366). Without --max-errors the run stops naming the bad rows' lines (exit 8); with
# --max-errors the good rows equal the server's own LOAD DATA INFILE of them, the bad ones go to --rejects.
source "$(dirname "$0")/lib.sh"

db=geometry_rows
fresh_db $db
sql $db <<'EOF'
CREATE TABLE shapes (id int PRIMARY KEY, g geometry, p point NOT NULL) ENGINE=InnoDB;
CREATE TABLE source (id int PRIMARY KEY, g geometry, p point NOT NULL) ENGINE=InnoDB;
INSERT INTO source SELECT seq,
  CASE seq % 4 WHEN 0 THEN NULL WHEN 1 THEN ST_GeomFromText(CONCAT('POINT(', seq, ' ', seq / 8, ')'))
    WHEN 2 THEN ST_GeomFromText(CONCAT('LINESTRING(0 0, ', seq, ' ', seq * 2, ', -1.5 ', seq, ')'))
    ELSE ST_GeomFromText(CONCAT('POLYGON((0 0, ', seq, ' 0, ', seq, ' ', seq, ', 0 0))')) END,
  ST_GeomFromText(CONCAT('POINT(', seq * 1.25, ' ', -seq, ')'))
  FROM seq_1_to_300;
EOF
modes=(load insert multirow row server bulk)
# layouts MODE: the thread and chunk layouts to try (the modes that send the whole file have one).
layouts() { mode_layouts "$1" "--threads 1" "--threads 1" "--threads 2 --chunk-size 1K"; }
# state: the checksum, the row count and a digest of the rows with their values as text, which does not rest on
# how the client and CHECKSUM TABLE read geometry bytes.
state() { echo "$(checksum $db.shapes) $(count $db.shapes) $(rows_digest $db.shapes "id, ST_AsText(g), ST_AsText(p)")"; }
# replace_field FILE LINE FIELD VALUE: FILE with field FIELD of line LINE replaced (bytes kept as they are).
replace_field() { LC_ALL=C awk -F'\t' -v OFS='\t' -v l="$2" -v f="$3" -v v="$4" 'NR == l { $f = v } { print }' "$1"; }

raw=$TEST_TMP/raw.tsv
sql $db -e "SELECT id, g, p INTO OUTFILE '$raw' FROM source ORDER BY id"
text=$TEST_TMP/text.tsv
sql $db -e "SELECT id, COALESCE(ST_AsText(g), 'GEOMETRYCOLLECTION EMPTY'), ST_AsText(p) FROM source ORDER BY id" >"$text"

# Each case: name ; good file ; bad lines (their numbers, space-separated) ; how the bad file is made (a command
# that reads the good file from stdin) ; --columns/--set options ; the message of the first bad line (a regex).
raw_bad() { replace_field /dev/stdin 150 2 'POINT(1 2)' | replace_field /dev/stdin 220 3 garbage; }
text_bad() { replace_field /dev/stdin 150 3 garbage | replace_field /dev/stdin 220 3 'LINESTRING(0 0, 1 1)'; }
cases=(
  "raw;$raw;150 220;raw_bad;;Cannot get geometry object from data you send to the GEOMETRY field \\(server code 1416\\); the field is not a geometry"
  "text;$text;150 220;text_bad;--columns id,@g,@p --set g=ST_GeomFromText(@g) --set p=ST_GeomFromText(@p);Column 'p' cannot be null \\(server code 1048\\)"
)

for case in "${cases[@]}"; do
  IFS=';' read -r name good bad_lines make_bad options message <<<"$case"
  bad=$TEST_TMP/$name.bad.tsv fitting=$TEST_TMP/$name.fitting.tsv
  $make_bad <"$good" >"$bad"
  expect_eq "$name: the bad file differs on its bad lines only" "$(echo "$bad_lines" | tr ' ' '\n')" \
    "$(diff <(cat -v "$good") <(cat -v "$bad") | grep -o '^[0-9]*' )"
  LC_ALL=C awk -v lines=" $bad_lines " 'index(lines, " " NR " ") == 0' "$bad" >"$fitting"
  LC_ALL=C awk -v lines=" $bad_lines " 'index(lines, " " NR " ") > 0' "$bad" >"$TEST_TMP/$name.rejected.tsv"
  first=${bad_lines%% *}
  first_byte=$(head -n $((first - 1)) "$bad" | wc -c)
  # The server's own LOAD DATA INFILE of the good rows, with the same column list and SET.
  set_clause=""
  [[ -z $options ]] || set_clause="(id, @g, @p) SET g = ST_GeomFromText(@g), p = ST_GeomFromText(@p)"
  sql $db -e "TRUNCATE shapes; LOAD DATA INFILE '$fitting' INTO TABLE shapes $set_clause; SHOW WARNINGS" >"$TEST_TMP/warnings"
  expect_eq "$name: the reference load does not warn" "" "$(cat "$TEST_TMP/warnings")"
  expected=$(state)
  expect_match "$name: the reference holds the good rows" " 298 [0-9a-f]+$" "$expected"
  for mode in "${modes[@]}"; do
    while read -r layout; do
      what="$name, --mode $mode $layout"
      sql $db -e "TRUNCATE shapes"
      # shellcheck disable=SC2086 # layout and options are lists of options
      run_fastload --mode $mode $layout $options "$bad" $db.shapes
      expect_eq "$what: exit code: $ERR" 8 "$RC"
      expect_match "$what: the first bad row named" "bad\\.tsv:$first \\(byte $first_byte\\): $message" "$ERR"
      # The INSERT modes' server adds a bare "Unknown error" (1105) after 1416: LOAD DATA does not, so it is dropped.
      if [[ $ERR == *"Unknown error"* ]]; then fail "$what: the message has the server's echo 1105: $ERR"; else pass; fi
      [[ $mode == server ]] && continue  # the server reads its file whole: no row can be left out (exit 2)
      sql $db -e "TRUNCATE shapes"
      rm -f "$TEST_TMP/rejects" "$TEST_TMP/rejects.reasons"
      # shellcheck disable=SC2086
      run_fastload --mode $mode $layout $options --max-errors 2 --rejects "$TEST_TMP/rejects" "$bad" $db.shapes
      expect_eq "$what --max-errors 2: exit code: $ERR" 0 "$RC"
      expect_eq "$what --max-errors 2: the good rows" "$expected" "$(state)"
      expect_eq "$what --max-errors 2: the rejected lines" "$bad_lines" "$(cut -f2 "$TEST_TMP/rejects.reasons" | xargs)"
      if cmp -s "$TEST_TMP/$name.rejected.tsv" "$TEST_TMP/rejects"; then pass; else fail "$what: the rejects file"; fi
    done < <(layouts $mode)
  done
done

finish
