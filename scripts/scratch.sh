# Sourced by the scratch server scripts.
# shellcheck shell=bash

# free_port [TAKEN...]: a TCP port nothing on 127.0.0.1 listens on, none of TAKEN (ports chosen already but not
# yet listened on: a cluster's nodes name each other's first). Chosen below the kernel's ephemeral range
# (ip_local_port_range, 32768-60999 by default), which every outgoing connection and every bind to port 0 takes
# from: a port chosen there could be taken before the server listens on it (a Galera node's IST port, bound only
# when it joins, was).
free_port() {
  local port low=32768
  read -r low _ 2>/dev/null </proc/sys/net/ipv4/ip_local_port_range || true
  ((low > 12000)) || low=32768  # an ephemeral range that starts low: the ports below 32768 still
  for _ in $(seq 200); do
    port=$((10000 + RANDOM % (low - 10000)))
    [[ " $* " == *" $port "* ]] && continue
    if ! (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then echo "$port"; return; fi
  done
  echo "fastload: no free TCP port found for the scratch server" >&2; exit 1
}

# ports_beside DIR: the ports the scratch servers in DIR's sibling directories have chosen (their port and
# galera-ports files), which servers started at the same time may not listen on yet.
ports_beside() { cat "$1"/../*/port "$1"/../*/galera-ports 2>/dev/null || true; }

# slow_applier_sql DB TABLE MICROSECONDS: the SQL that makes a replica's (or a Galera node's) applier spend
# MICROSECONDS more on each row it inserts into DB.TABLE (0: no more): a trigger, which appliers fire for row
# events when slave_run_triggers_for_rbr=YES. It sleeps 10 ms every 10,000/MICROSECONDS rows rather than a little
# a row: SLEEP overshoots by about 0.1 ms here, and under 10 us it returns at once.
slow_applier_sql() {
  local trigger="\`$1\`.\`slow_$2\`" every
  if (($3 == 0)); then echo "DROP TRIGGER IF EXISTS $trigger"; return; fi
  every=$(((10000 + $3 / 2) / $3))
  ((every > 0)) || every=1
  echo "CREATE OR REPLACE TRIGGER $trigger BEFORE INSERT ON \`$1\`.\`$2\` FOR EACH ROW
    DO SLEEP(IF((@slowed_rows := IFNULL(@slowed_rows, 0) + 1) % $every = 0, $every * $3 / 1000000, 0))"
}

# wait_for_table CLIENT DB TABLE: waits (a minute at most) until the server CLIENT (a command) has DB.TABLE.
wait_for_table() {
  for _ in $(seq 300); do
    [[ -n $($1 -e "SHOW TABLES FROM \`$2\` LIKE '$3'" 2>/dev/null) ]] && return 0
    sleep 0.2
  done
}
