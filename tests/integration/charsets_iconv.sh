# Files in sjis, cp932, gbk, big5, ucs2, utf16, utf16le and utf32 are converted to
# utf8mb4 on the client (glibc iconv) and must load exactly as the server reads
# them. Every character each charset has, one a row, loaded by the server's own
# LOAD DATA INFILE ... CHARACTER SET X and by fastload, compared row by row;
# the characters the server cannot convert, refused row by row as the server
# refuses them; and a file full of escapes next to characters whose second byte
# is '\' or '|', in every mode, against the server's checksum.
source "$(dirname "$0")/lib.sh"

DB=charsets_iconv
fresh_db $DB
row() { printf '%s\t%s\n' "$1" "$2"; }

# The server's mapping: every 1-byte code and every head/tail pair, as the
# server converts it to utf8mb4 ('' for what it cannot).
server_map() {  # CHARSET HEADS
  sql $DB -e "SELECT h, IFNULL(HEX(CONVERT(CONVERT(UNHEX(h) USING $1) USING utf8mb4)), '')
    FROM (SELECT LPAD(HEX(seq), IF(seq < 256, 2, 4), '0') h FROM seq_0_to_65535
          WHERE seq < 256 OR (seq >> 8) BETWEEN $2) c" 2>/dev/null
}

# FILE of every character CHARSET has (one a row: its hex, TAB, the character; TAB, LF and '\' escaped),
# and BAD.tsv of the bytes the server cannot convert.
all_characters() {  # CHARSET HEADS FILE
  server_map "$1" "$2" | perl -ne '
    my ($h, $u) = split /\t/; chomp $u;
    my $b = pack("H*", $h); my $c = pack("H*", $u);
    my $one = $u ne "" && ($c ne "?" || $b eq "?") && ($c =~ /^(?:[\x00-\x7f]|[\xc0-\xdf][\x80-\xbf]|[\xe0-\xef][\x80-\xbf]{2}|[\xf0-\xf7][\x80-\xbf]{3})\z/);
    if (length($b) == 1) { $b =~ s/\\/\\\\/g; $b =~ s/\t/\\t/g; $b =~ s/\n/\\n/g; }  # not inside a character
    if ($c eq "\xef\xbf\xbd" && length($b) == 2) { print SILENT "$h\t$b\n" }  # a code read as U+FFFD
    elsif ($one) { print GOOD "$h\t$b\n" } elsif ($b !~ /[\t\n]/) { print BAD "$h\t$b\n" }  # a pair with a TAB or LF: two rows
    BEGIN { open GOOD, ">", $ENV{GOOD} or die; open BAD, ">", $ENV{BAD} or die; open SILENT, ">", $ENV{SILENT} or die }'
}

# The codes CHARSET's server reads as U+FFFD (FILE): the server stores U+FFFD for each without a word, strict as
# it is; fastload refuses each (error 1366) and stores none.
expect_silent_refused() {  # CHARSET FILE
  local rows
  rows=$(wc -l <"$2")
  sql $DB -e "TRUNCATE r; TRUNCATE f"
  expect_eq "$1: the server stores U+FFFD for the $rows codes, without a warning" "$rows 0" \
    "$(sql $DB -e "LOAD DATA INFILE '$2' INTO TABLE r CHARACTER SET $1; SELECT COUNT(*), @@warning_count FROM r
                   WHERE u = _utf8mb4 X'EFBFBD'" | tail -1 | tr '\t' ' ')"
  run_fastload --charset $1 --max-errors 1000 --rejects "$TEST_TMP/rejects-fffd-$1" "$2" $DB.f
  expect_eq "$1: fastload refuses each, with error 1366 ($ERR)" "$rows 1366" \
    "$(wc -l <"$TEST_TMP/rejects-fffd-$1.reasons") $(cut -f4 "$TEST_TMP/rejects-fffd-$1.reasons" | sort -u | xargs)"
  expect_eq "$1: and stores none of them" 0 "$(count $DB.f)"
}

sql $DB -e "CREATE TABLE r (h varchar(8) PRIMARY KEY, u varchar(4) CHARACTER SET utf8mb4 COLLATE utf8mb4_bin);
            CREATE TABLE f LIKE r"
rows_of() { sql $DB -e "SELECT h, HEX(u) FROM $1 ORDER BY h"; }

# Table f (fastload's) holds row for row what table r (REFERENCE's) holds.
same_rows() {  # CHARSET REFERENCE
  if ! diff <(rows_of r) <(rows_of f) >"$TEST_TMP/diff-$1"; then
    fail "$1: fastload stored other characters than $2: $(head -c 600 "$TEST_TMP/diff-$1")"
  else
    pass
  fi
}
# An exact comparison of CHARSET's characters: the server's LOAD DATA INFILE against fastload's conversion.
compare_all() {  # CHARSET HEADS
  local cs=$1 file=$TEST_TMP/all-$1.tsv bad=$TEST_TMP/bad-$1.tsv
  GOOD=$file BAD=$bad SILENT=$TEST_TMP/fffd-$1.tsv all_characters "$cs" "$2"
  [[ -s $TEST_TMP/fffd-$1.tsv ]] && expect_silent_refused "$cs" "$TEST_TMP/fffd-$1.tsv"
  sql $DB -e "TRUNCATE r; TRUNCATE f; LOAD DATA INFILE '$file' INTO TABLE r CHARACTER SET $cs"
  run_fastload --charset $cs "$file" $DB.f
  expect_eq "$cs: every character ($(wc -l <"$file") rows): exit code ($ERR)" 0 "$RC"
  same_rows "$cs" "the server"
  expect_eq "$cs: as many rows as the file" "$(wc -l <"$file")" "$(count $DB.f)"
  # What the server cannot convert: it warns for exactly these rows (non-strict, so it goes on).
  sql $DB -e "TRUNCATE r; TRUNCATE f; SET sql_mode = '', max_error_count = 65535;
              LOAD DATA INFILE '$bad' INTO TABLE r CHARACTER SET $cs; SHOW WARNINGS" |
    grep -o 'at row [0-9]*' | awk '{print $3}' | sort -n >"$TEST_TMP/server-bad-$cs"
  run_fastload --charset $cs --max-errors 1000000 --rejects "$TEST_TMP/rejects-$cs" "$bad" $DB.f
  expect_eq "$cs: unconvertible bytes: exit code ($ERR)" 0 "$RC"
  expect_eq "$cs: the rows refused are the ones the server cannot convert ($(wc -l <"$bad") rows)" \
    "$(cat "$TEST_TMP/server-bad-$cs" | tr '\n' ' ')" \
    "$(cut -f2 "$TEST_TMP/rejects-$cs.reasons" | sort -n | tr '\n' ' ')"
  expect_eq "$cs: each refused with error 1366" "1366" "$(cut -f4 "$TEST_TMP/rejects-$cs.reasons" | sort -u | tr '\n' ' ' | xargs)"
  expect_eq "$cs: and no other row stored" "$(($(wc -l <"$bad") - $(wc -l <"$TEST_TMP/server-bad-$cs")))" "$(count $DB.f)"
}
compare_all sjis "129 AND 159 OR (seq >> 8) BETWEEN 224 AND 252"
compare_all cp932 "129 AND 159 OR (seq >> 8) BETWEEN 224 AND 252"
compare_all gbk "129 AND 254"
compare_all big5 "161 AND 249"  # with the 461 pairs fastload corrects (input/big5_corrections.cc)

# A file full of escapes beside characters whose second byte is '\' (sjis and cp932 0x835C, gbk 0x815C, big5
# 0xA55C) or '|' (0x837C, 0x817C, 0xA57C), in three formats, in every mode, threads and chunk sizes: as the
# server reads it.
realistic() {  # CHARSET BACKSLASH-CHAR BAR-CHAR FILE FORMAT
  perl -e '
    my ($k, $p, $fmt) = (pack("H*", $ARGV[0]), pack("H*", $ARGV[1]), $ARGV[2]);
    for my $i (1 .. 400) {
      if ($fmt eq "tsv") {
        print "$i\t$k\t$k\\\\$k$p\t\\N\n" if $i % 4 == 0;          # K, K\KP, NULL
        print "$i\t$k\\t$k\t$k\\\n$p\t$k$k\n" if $i % 4 == 1;      # K<TAB>K, K<LF>P, KK
        print "$i\t\\N$k\t$p$k\t$k\n" if $i % 4 == 2;                # NK, PK, K
        print "$i\t$k\\\t$k\tx$k\t\n" if $i % 4 == 3;               # K<TAB>K (escaped TAB), xK, empty
      } elsif ($fmt eq "csv") {
        print "$i,\"$k\"\"$k,$p\",$k$p,\"$k\n$k\"\n" if $i % 2 == 0;  # K"K,P  KP  K<LF>K
        print "$i,$k,\"$p\"\"\",NULL\n" if $i % 2 == 1;                 # K  P"  NULL
      } else {                                                           # fields terminated by |
        print "$i|$k$p|$p\\|$k|\\N\n";                                 # KP  P|K  NULL
      }
    }' "$2" "$3" "$5" >"$4"
}
format_options() {  # FORMAT
  case $1 in tsv) ;; csv) echo --csv ;; bar) echo --fields-terminated-by '|' ;; esac
}
format_clauses() {  # FORMAT
  case $1 in
    tsv) ;;
    csv) echo "FIELDS TERMINATED BY ',' OPTIONALLY ENCLOSED BY '\"' ESCAPED BY ''" ;;
    bar) echo "FIELDS TERMINATED BY '|'" ;;
  esac
}
check_realistic() {  # CHARSET BACKSLASH-CHAR BAR-CHAR
  local cs=$1 fmt file want mode threads size
  for fmt in tsv csv bar; do
    file=$TEST_TMP/real-$cs-$fmt.txt
    realistic "$cs" "$2" "$3" "$file" $fmt
    sql $DB -e "DROP TABLE IF EXISTS rt; CREATE TABLE rt (id int PRIMARY KEY, a varchar(20), c text, d varchar(20))
                ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE utf8mb4_bin;
                LOAD DATA INFILE '$file' INTO TABLE rt CHARACTER SET $cs $(format_clauses $fmt); SHOW WARNINGS" \
      >"$TEST_TMP/real.warnings"
    expect_eq "$cs $fmt: the server's reference loads without a warning" "" "$(cat "$TEST_TMP/real.warnings")"
    want=$(checksum $DB.rt)
    expect_eq "$cs $fmt: 400 rows" 400 "$(count $DB.rt)"
    sql $DB -e "CREATE TABLE IF NOT EXISTS ft LIKE rt"
    for mode in load insert multirow row server bulk; do
      for sizing in "--threads 1 --chunk-size 700" "--threads 2 --chunk-size 64"; do
        [[ $mode == server || $mode == bulk ]] && { [[ $sizing == *700 ]] || continue; sizing=; }
        sql $DB -e "TRUNCATE ft"
        run_fastload --charset $cs --mode $mode $sizing $(format_options $fmt) "$file" $DB.ft
        expect_eq "$cs $fmt --mode $mode $sizing: exit code ($ERR)" 0 "$RC"
        expect_eq "$cs $fmt --mode $mode $sizing: as the server's LOAD DATA CHARACTER SET $cs" \
          "$want" "$(checksum $DB.ft)"
      done
    done
    sql $DB -e "DROP TABLE ft"
  done
}
check_realistic sjis 835C 837C
check_realistic cp932 835C 837C
check_realistic gbk 815C 817C
check_realistic big5 A55C A57C

# ucs2, utf16, utf16le, utf32: MariaDB's LOAD DATA matches terminators byte by byte, so it cannot read such a
# file at all (a TAB is 00 09, whose 09 it takes alone). The reference is the same text as a utf8mb4 file,
# loaded by the server, and the server's own encoding of each stored value, which must give the file's bytes.
ucs_files() {  # ENCODING FILE UTF8FILE: every code point but surrogates (and a sample beyond the BMP)
  perl -MEncode -e '
    my ($enc, $file, $utf8) = @ARGV;
    open my $o, ">:raw", $file or die; open my $u, ">:raw", $utf8 or die;
    my @cps = ((0 .. 0xD7FF), (0xE000 .. 0xFFFF));
    push @cps, map { 0x10000 + $_ * 4099 } 0 .. 255 unless $enc eq "UCS-2BE";
    for my $cp (@cps) {
      my $c = chr($cp);
      my $bytes = eval { encode($enc, $c, Encode::FB_CROAK) };
      next unless defined $bytes && eval { encode("UTF-8", $c, Encode::FB_CROAK) };  # noncharacters
      my $h = uc unpack("H*", $bytes);
      my $field = $c eq "\\" ? "\\\\" : $c eq "\t" ? "\\t" : $c eq "\n" ? "\\n" : $c;
      print $o encode($enc, "$h\t$field\n");
      print $u encode("UTF-8", "$h\t$field\n");
    }' "$@"
}
compare_ucs() {  # CHARSET ENCODING
  local cs=$1 file=$TEST_TMP/all-$1.txt utf8=$TEST_TMP/all-$1.utf8
  ucs_files "$2" "$file" "$utf8"
  sql $DB -e "TRUNCATE r; TRUNCATE f; LOAD DATA INFILE '$utf8' INTO TABLE r CHARACTER SET utf8mb4"
  run_fastload --charset $cs "$file" $DB.f
  expect_eq "$cs: every character ($(wc -l <"$utf8") rows): exit code ($ERR)" 0 "$RC"
  same_rows "$cs" "the utf8mb4 text"
  expect_eq "$cs: the server's $cs of each value is the file's bytes" 0 \
    "$(sql $DB -e "SELECT COUNT(*) FROM f WHERE HEX(CONVERT(u USING $cs)) <> h")"
}
compare_ucs ucs2 UCS-2BE
compare_ucs utf16 UTF-16BE
compare_ucs utf16le UTF-16LE
compare_ucs utf32 UTF-32BE
finish
