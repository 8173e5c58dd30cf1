# TIMESTAMP values through an SQL dump on a server whose time zone is not UTC (a private server started with
# --default-time-zone=+05:30): TIMESTAMP columns with and without fractions, values written in sessions of other
# fixed offsets (no daylight saving time), near 1970 and near 2038, NULL and the zero value. mariadb-dump's default
# dump (--tz-utc: SET TIME_ZONE='+00:00' in its header, the values as UTC text) and a --skip-tz-utc dump (the values
# as text in the server's +05:30) are each restored by `mariadb db <` and by fastload in two modes; every copy must
# hold the source's instants, compared row by row as UNIX_TIMESTAMP(column) (the text shown depends on the
# reading session's time zone, the instant does not). A copy that ignores the dump's time zone must differ.
source "$(dirname "$0")/lib.sh"

private_server tz --set default-time-zone=+05:30
SOCKET=$PRIVATE_SERVER/mysql.sock  # sql and fastload on the private server
expect_eq "the server's time zone" "+05:30" "$(sql -e "SELECT @@global.time_zone")"

src=sqltz_src ref=sqltz_ref dst=sqltz_dst
fresh_db $src
sql $src -e "CREATE TABLE ts (id int PRIMARY KEY, zone varchar(6), a timestamp(6) NULL DEFAULT NULL,
  b timestamp NULL DEFAULT NULL, c timestamp(3) NULL DEFAULT NULL) ENGINE=InnoDB"
# Each instant (seconds since 1970 UTC, with a fraction) written from a session in each zone, as FROM_UNIXTIME's
# text in that zone: the same instant whatever the zone.
id=0
for zone in +05:30 +00:00 -08:00 +13:00 -12:00 +09:45; do
  values=""
  for instant in 1 1.000001 59.5 86399.999999 19800.25 946684800.123456 1700000000.5 2147483646.999999 2147483647; do
    id=$((id + 1))
    values+="${values:+,}($id, '$zone', FROM_UNIXTIME($instant), FROM_UNIXTIME(FLOOR($instant)),
      FROM_UNIXTIME(TRUNCATE($instant, 3)))"
  done
  sql $src -e "SET time_zone = '$zone'; INSERT INTO ts VALUES $values"
done
sql $src -e "SET sql_mode = ''; INSERT INTO ts VALUES (900, 'null', NULL, NULL, NULL),
  (901, 'zero', '0000-00-00 00:00:00', '0000-00-00 00:00:00', '0000-00-00 00:00:00')"
instants() { digest_rows "$1.ts" "id, zone, UNIX_TIMESTAMP(a), UNIX_TIMESTAMP(b), UNIX_TIMESTAMP(c), a IS NULL" sql; }
expected=$(instants $src)
expect_eq "the source's last instant" "2147483647.000000" \
  "$(sql -e "SELECT UNIX_TIMESTAMP(a) FROM $src.ts WHERE zone = '-12:00' ORDER BY id DESC LIMIT 1")"

for dumped in tz-utc skip-tz-utc; do
  dump=$TEST_TMP/$dumped.sql
  mariadb-dump --no-defaults -uroot -S "$SOCKET" "--$dumped" $src >"$dump"
  if [[ $dumped == tz-utc ]]; then
    expect_match "$dumped: the header sets UTC" "SET TIME_ZONE='\\+00:00'" "$(cat "$dump")"
  else
    expect_eq "$dumped: no time zone in the dump" "" "$(grep -i "TIME_ZONE='" "$dump" || true)"
  fi
  fresh_db $ref
  sql $ref <"$dump"
  expect_eq "$dumped: the mariadb client's restore, instant by instant" "$expected" "$(instants $ref)"
  for mode in load insert; do
    fresh_db $dst
    run_fastload --mode $mode --threads 2 --chunk-size 4K "$dump" $dst
    expect_eq "$dumped, --mode $mode: exit code ($ERR)" 0 "$RC"
    expect_eq "$dumped, --mode $mode: instant by instant" "$expected" "$(instants $dst)"
    expect_eq "$dumped, --mode $mode: as the mariadb client's, shown in UTC" \
      "$(sql -e "SET time_zone = '+00:00'; SELECT * FROM $ref.ts ORDER BY id" | md5sum)" \
      "$(sql -e "SET time_zone = '+00:00'; SELECT * FROM $dst.ts ORDER BY id" | md5sum)"
  done
done

# The comparison sees a shift: the UTC dump read in the server's zone (its SET TIME_ZONE left out) differs.
fresh_db $ref
grep -v "SET TIME_ZONE='+00:00'" "$TEST_TMP/tz-utc.sql" | sql $ref
expect_eq "a restore in the wrong zone differs" different \
  "$([[ $(instants $ref) != "$expected" ]] && echo different)"

sql -e "DROP DATABASE $src; DROP DATABASE $ref; DROP DATABASE $dst"
finish
