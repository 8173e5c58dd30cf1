# A read-only server (read_only=1, a user without READ ONLY ADMIN) refuses the load in every mode with the
# same exit code (7) and a message that says the server is read-only, never that the file is unreadable;
# nothing is loaded.
# The test sets the global read_only and restores it however it ends (it runs serially: "SET GLOBAL").
source "$(dirname "$0")/lib.sh"

db=read_only_db user=read_only_loader
fresh_db $db
sql $db -e "CREATE TABLE t (id int PRIMARY KEY, s varchar(20)) ENGINE=InnoDB"
fresh_user $user "SELECT, INSERT, DELETE, CREATE, DROP, ALTER ON $db.*"
sql -e "GRANT FILE ON *.* TO $user@localhost"
trap 'sql -e "SET GLOBAL read_only = 0; DROP USER IF EXISTS '$user'@localhost" || true' EXIT
file=$TEST_TMP/rows.tsv
for ((i = 1; i <= 300; i++)); do printf '%d\trow%d\n' "$i" "$i"; done >"$file"

sql -e "SET GLOBAL read_only = 1"
for mode in load insert multirow row server bulk; do
  for extra in "" --atomic; do
    [[ -n $extra && ($mode == server || $mode == bulk) ]] && continue
    what="read-only server, --mode $mode $extra"
    layout=(--chunk-size 1K --threads 2)
    [[ $mode == server || $mode == bulk ]] && layout=()  # one statement for the whole file
    as_user $user --mode $mode $extra "${layout[@]}" "$file" $db.t
    expect_eq "$what: exit code: $ERR" 7 "$RC"
    expect_match "$what: says the server is read-only" 'fastload: .*the server is read-only and refuses writes: .*read-only.*\(error 1290\); load into the primary' "$ERR"
    expect_eq "$what: not blamed on the file" "" "$(grep -o "needs the file on the server's host" <<<"$ERR" || true)"
    expect_eq "$what: nothing loaded" 0 "$(count $db.t)"
  done
done
sql -e "SET GLOBAL read_only = 0"

# The same user on a writable server loads (so the refusals above were the read-only server's).
as_user $user --mode load "$file" $db.t
expect_eq "writable server: exit code: $ERR" 0 "$RC"
expect_eq "writable server: rows" 300 "$(count $db.t)"

sql -e "TRUNCATE $db.t"
as_user $user --mode server "$file" $db.t
expect_eq "writable server, --mode server: exit code: $ERR" 0 "$RC"
expect_eq "writable server, --mode server: rows" 300 "$(count $db.t)"

finish
