# A compressed SQL dump file (fastload DUMP.sql.gz [DB]) is decoded once: the scan copies its content to an unnamed
# file in --tmpdir, and every table's rows are read from that copy. A gzip and a zstd dump of six tables restore
# row by row as `mariadb < dump.sql` does, and so do three dumps in one run (two files and standard input, each
# read from its own copy); while the rows load the dump file is no longer mapped, its copy is (of the dump's
# uncompressed size), and after the run nothing is left in --tmpdir. A --tmpdir without room (missing, or a 1 MB
# tmpfs when mounting one is allowed) falls back to decoding the file for each table, with one note, and restores
# the same rows. A restore killed after a chunk's COMMIT is resumed exactly, also by a run that falls back (the
# chunks are the same whichever way the rows are read). --dry-run makes no copy.
source "$(dirname "$0")/lib.sh"

db=sqldump_gz dir=$TEST_TMP spill=$TEST_TMP/spill ledger=sqldump_gz_ledger
mkdir -p "$spill"
fresh_db $db
for t in 1 2 3 4 5 6; do
  sql $db -e "CREATE TABLE t$t (id int PRIMARY KEY, name varchar(60), n decimal(12,3), at datetime) ENGINE=InnoDB;
    INSERT INTO t$t SELECT seq, CONCAT('row ', seq, ' of t$t, it''s (', seq % 97, ') 😀'), seq / 7,
      '2024-01-01' + INTERVAL seq MINUTE FROM seq_1_to_$((4000 * t))"
done
mariadb-dump --no-defaults -uroot -S "$SOCKET" $db >"$dir/d.sql"
gzip -c "$dir/d.sql" >"$dir/d.sql.gz"
zstd -q -c "$dir/d.sql" >"$dir/d.sql.zst"
size=$(stat -c %s "$dir/d.sql")
# snapshot: the database's definitions and each table's rows as a digest.
snapshot() {
  definitions $db
  for t in 1 2 3 4 5 6; do echo "t$t $(rows_digest "$db.t$t")"; done
}
fresh_db $db
sql $db <"$dir/d.sql"
expected=$(snapshot)
expect_match "reference: six tables" "t6 [0-9a-f]" "$expected"
same() { expect_eq "$1: row by row" "$expected" "$(snapshot)"; fresh_db $db; }
fresh_db $db

for f in d.sql.gz d.sql.zst; do
  run_fastload --tmpdir "$spill" --threads 2 --chunk-size 64K "$dir/$f" $db
  expect_eq "$f: exit code ($ERR)" 0 "$RC"
  expect_eq "$f: no note of a fallback" "" "$(grep -i 'decoding the dump again' <<<"$ERR" || true)"
  expect_eq "$f: nothing left in --tmpdir" "" "$(ls -A "$spill")"
  same "$f"
done

# Two compressed dumps in one run (and one on standard input): each read from its own copy.
sql $db <"$dir/d.sql"
mariadb-dump --no-defaults -uroot -S "$SOCKET" $db t1 t2 | gzip >"$dir/a.sql.gz"
mariadb-dump --no-defaults -uroot -S "$SOCKET" $db t3 t4 | zstd -q >"$dir/b.sql.zst"
mariadb-dump --no-defaults -uroot -S "$SOCKET" $db t5 t6 | gzip >"$dir/c.sql.gz"
fresh_db $db
capture bash -c "'$FASTLOAD' --socket '$SOCKET' -u root --tmpdir '$spill' --threads 2 --chunk-size 64K \
  '$dir/a.sql.gz' '$dir/b.sql.zst' - $db <'$dir/c.sql.gz'"
expect_eq "three dumps: exit code ($ERR)" 0 "$RC"
expect_eq "three dumps: nothing left in --tmpdir" "" "$(ls -A "$spill")"
same "three dumps"

# While the rows load: mapped is the copy (in --tmpdir, unnamed, the dump's uncompressed size), not the dump file.
# maps_seen: the pause's view of the process's mappings, in $dir/maps.
maps_seen() {
  cat "/proc/$PID/maps" >"$dir/maps"
  local fd
  for fd in /proc/$PID/fd/*; do
    [[ $(readlink "$fd") == "$spill/"*"(deleted)" ]] && stat -L -c %s "$fd" >>"$dir/copy_size"
  done
  true
}
rm -f "$dir/copy_size"
paused_load 2 maps_seen --tmpdir "$spill" --threads 1 --chunk-size 64K "$dir/d.sql.gz" $db
expect_eq "paused: exit code ($ERR)" 0 "$RC"
expect_eq "paused: the dump file is not mapped while rows load" 0 "$(grep -c "$dir/d.sql.gz" "$dir/maps" || true)"
expect_match "paused: its copy in --tmpdir is" "$spill/.* \\(deleted\\)" "$(cat "$dir/maps")"
expect_eq "paused: the copy is the dump's uncompressed size" "$size" "$(sort -u "$dir/copy_size" 2>&1)"
same "paused"

# No room in --tmpdir: each table decodes the file again (the file mapped while rows load), told once.
paused_load 2 maps_seen --tmpdir "$dir/no such dir" --threads 1 --chunk-size 64K "$dir/d.sql.gz" $db
expect_eq "no --tmpdir: exit code ($ERR)" 0 "$RC"
expect_eq "no --tmpdir: one note" 1 "$(grep -c '^fastload: .*d.sql.gz: its decompressed copy (.* MB, the dump.s uncompressed size) could not be written in --tmpdir .*no such dir.*decoding the dump again' <<<"$ERR")"
expect_match "no --tmpdir: the dump file is mapped while rows load" "$dir/d.sql.gz" "$(cat "$dir/maps")"
same "no --tmpdir"
small=$dir/small
mkdir -p "$small"
if mount -t tmpfs -o size=1m tmpfs "$small" 2>/dev/null; then
  at_exit "umount '$small'"
  run_fastload --tmpdir "$small" --threads 2 --chunk-size 64K "$dir/d.sql.zst" $db
  expect_eq "1 MB --tmpdir: exit code ($ERR)" 0 "$RC"
  expect_eq "1 MB --tmpdir: one note" 1 "$(grep -c '^fastload: .*d.sql.zst: its decompressed copy .*could not be written in --tmpdir .*decoding the dump again' <<<"$ERR")"
  expect_eq "1 MB --tmpdir: the partial copy freed" "0" "$(df --output=used -B1 "$small" | tail -1 | tr -d ' ')"
  same "1 MB --tmpdir"
else
  echo "note: cannot mount a tmpfs here; the full --tmpdir case is not run" >&2
fi

# --dry-run reads no rows: no copy (a --tmpdir that is missing says nothing).
run_fastload --dry-run --tmpdir "$dir/no such dir" "$dir/d.sql.gz" $db
expect_eq "dry run: exit code ($ERR)" 0 "$RC"
expect_eq "dry run: no note" "" "$(grep 'decompressed copy' <<<"$ERR" || true)"

# Killed after a chunk's COMMIT, resumed: from the copy, and by a run that falls back (the same chunks).
for again in "$spill" "$dir/no such dir"; do
  fresh_db $ledger
  killed_after 3 --resume --ledger $ledger.fastload_ledger --tmpdir "$spill" --threads 2 --chunk-size 16K \
    "$dir/d.sql.gz" $db
  expect_eq "killed: killed" 137 "$KILLED"
  expect_eq "killed: nothing left in --tmpdir" "" "$(ls -A "$spill")"
  run_fastload --resume --ledger $ledger.fastload_ledger --tmpdir "$again" --threads 2 --chunk-size 16K \
    "$dir/d.sql.gz" $db
  expect_eq "resumed with --tmpdir $again: exit code ($ERR)" 0 "$RC"
  expect_match "resumed with --tmpdir $again: rows loaded before" 'rows were loaded before by an earlier --resume run' "$ERR"
  same "resumed with --tmpdir $again"
done
sql -e "DROP DATABASE $ledger; DROP DATABASE $db"
finish
