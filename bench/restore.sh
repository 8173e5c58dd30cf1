#!/usr/bin/env bash
# bench/restore.sh [ROWS [ROUNDS]]          (SHAPE=shop in the environment: the shop shape)
#
# Restoring a database of several tables with foreign keys and secondary indexes, of one of two shapes (SHAPE):
# - nodes (the default): one big table (ROWS nodes rows, default 2000000, two secondary indexes, a foreign key to
#   changesets), two medium ones (changesets, users: the nodes' distinct changesets and users) and a small one (a
#   lookup of 1,000 rows).
# - shop: an online shop, ROWS order_items rows (default 1500000) and the other tables in proportion, the counts
#   at the default in brackets: customers (ROWS*2/15: 200,000; UNIQUE email, keys on name and (country,
#   created_at), TIMESTAMP created_at, a text note mostly NULL), products (ROWS/75: 20,000; UNIQUE sku, keys on
#   name and price, DECIMAL price and weight_kg, a text description, TIMESTAMP updated_at, NULLs), orders
#   (ROWS*2/5: 600,000; a foreign key to customers, ENUM status, TIMESTAMP placed_at and shipped_at (NULL unless
#   shipped), DECIMAL total, a coupon mostly NULL, keys on (customer_id, placed_at) and (status, placed_at)) and
#   order_items (ROWS; primary key (order_id, line), foreign keys to orders (ON DELETE CASCADE) and products,
#   DECIMAL unit_price and discount (mostly NULL)). A few customers' notes and products' descriptions hold tabs,
#   line ends, carriage returns and backslashes (which --tab escapes), the two characters \N, '' and 'NULL';
#   names hold multi-byte UTF-8. Generated on the server from seq_1_to_N with CRC32 and MOD of the sequence: the
#   same rows every run.
# The database is dumped once with `mariadb-dump --tab`, once with mydumper and once as a plain SQL dump
# (`mariadb-dump src > dump.sql`, its default options: extended inserts), then restored into an empty database,
# ROUNDS rounds (default 2) alternating (every other round in reverse order), by:
#   fastload DIR DB          fastload --threads 2 on the --tab directory (it creates the tables itself)
#   mariadb-import           the tables created first from the T.sql files (untimed), then
#                            mariadb-import --local --use-threads=2 --ignore-foreign-keys of the T.txt files
#   myloader                 myloader --threads 2 of the mydumper directory (it creates the tables)
#   fastload mydumper DIR    fastload --threads 2 on the mydumper directory
#   fastload DUMP.sql        fastload --threads 2 on the SQL dump
#   mariadb < DUMP.sql       the mariadb client running the SQL dump
# and prints each one's median wall time, server and client CPU, and its wall time relative to fastload, then
# fastload's own account (a line a table) of its last restore. Every restore's tables are compared with the
# source's by digest_table (their rows and CHECKSUM TABLE). Scratch MariaDB: buffer pool 4G (BUFFER_POOL), redo
# log 2G. Results (nodes) are in docs/benchmarks.md ("Restoring a database").
set -euo pipefail
# shellcheck source=scripts/lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/../scripts/lib.sh"

shape=${SHAPE:-nodes}
case $shape in
  nodes) rows=${1:-2000000} ;;
  shop) rows=${1:-1500000} ;;
  *) die "SHAPE is nodes (the default) or shop, not '$shape'" ;;
esac
rounds=${2:-2}
scripts/setup.sh
command -v mydumper >/dev/null || { step "installing mydumper (myloader)"; apt-get install -y -q mydumper >/dev/null; }
step "starting a scratch server (buffer pool ${BUFFER_POOL:-4G}, redo log 2G)"
scratch_server --buffer-pool "${BUFFER_POOL:-4G}" --log-file-size 2G

# nodes_source, shop_source: create the shape's source database src and set tables (its tables).
nodes_source() {
  step "the source database: $rows nodes rows and the tables they refer to"
  "$BUILD_DIR/bench/gen-nodes" "$rows" -o "$SCRATCH/nodes.tsv"
  sql -e "CREATE DATABASE src"
  sql src -e "$NODES_DDL; LOAD DATA INFILE '$SCRATCH/nodes.tsv' INTO TABLE nodes;
    CREATE TABLE users (uid bigint PRIMARY KEY, name varchar(255), KEY name (name)) ENGINE=InnoDB
      AS SELECT uid, MAX(user) AS name FROM nodes GROUP BY uid;
    CREATE TABLE changesets (id bigint PRIMARY KEY, uid bigint, opened timestamp NULL, KEY opened (opened),
      CONSTRAINT changeset_user FOREIGN KEY (uid) REFERENCES users (uid)) ENGINE=InnoDB
      AS SELECT changeset AS id, MIN(uid) AS uid, MIN(timestamp) AS opened FROM nodes GROUP BY changeset;
    CREATE TABLE tags (id int PRIMARY KEY, tag varchar(64), weight decimal(6,3)) ENGINE=InnoDB;
    INSERT INTO tags SELECT seq, CONCAT('tag-', seq), seq / 7 FROM seq_1_to_1000;
    ALTER TABLE nodes ADD KEY changeset (changeset), ADD KEY uid_ts (uid, timestamp),
      ADD CONSTRAINT node_changeset FOREIGN KEY (changeset) REFERENCES changesets (id)"
  tables="nodes changesets users tags"
}

# The pseudo-random choices are CRC32 of a letter and the row's number: each column its own letter.
shop_source() {
  local customers=$((rows * 2 / 15)) products=$((rows / 75)) orders=$((rows * 2 / 5))
  ((products > 0)) || die "SHAPE=shop needs ROWS of 75 or more"
  step "the source database (shop): $customers customers, $products products, $orders orders, $rows order_items"
  sql -e "CREATE DATABASE src"
  sql src <<SQL
SET time_zone = '+00:00', @tab = CHAR(9 USING utf8mb4), @lf = CHAR(10 USING utf8mb4),
  @cr = CHAR(13 USING utf8mb4), @bs = CHAR(92 USING utf8mb4);
CREATE TABLE customers (id int unsigned PRIMARY KEY, email varchar(255) NOT NULL, name varchar(100) NOT NULL,
  country char(2) NOT NULL, created_at timestamp NOT NULL DEFAULT CURRENT_TIMESTAMP, note text,
  UNIQUE KEY email (email), KEY name (name), KEY country_created (country, created_at))
  ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;
CREATE TABLE products (id int unsigned PRIMARY KEY, sku char(12) NOT NULL, name varchar(200) NOT NULL,
  price decimal(10,2) NOT NULL, weight_kg decimal(7,3), description text, updated_at timestamp NULL,
  UNIQUE KEY sku (sku), KEY name (name), KEY price (price)) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;
CREATE TABLE orders (id int unsigned PRIMARY KEY, customer_id int unsigned NOT NULL,
  status enum('pending','paid','shipped','delivered','cancelled','refunded') NOT NULL DEFAULT 'pending',
  placed_at timestamp NOT NULL DEFAULT CURRENT_TIMESTAMP, shipped_at timestamp NULL,
  total decimal(12,2) NOT NULL DEFAULT 0, coupon varchar(16),
  KEY customer_placed (customer_id, placed_at), KEY status_placed (status, placed_at),
  CONSTRAINT order_customer FOREIGN KEY (customer_id) REFERENCES customers (id))
  ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;
CREATE TABLE order_items (order_id int unsigned NOT NULL, line tinyint unsigned NOT NULL,
  product_id int unsigned NOT NULL, quantity smallint unsigned NOT NULL, unit_price decimal(10,2) NOT NULL,
  discount decimal(8,2), PRIMARY KEY (order_id, line), KEY product (product_id),
  CONSTRAINT item_order FOREIGN KEY (order_id) REFERENCES orders (id) ON DELETE CASCADE,
  CONSTRAINT item_product FOREIGN KEY (product_id) REFERENCES products (id)) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;

INSERT INTO customers SELECT seq,
  CONCAT(ELT(1 + seq MOD 5, 'anna', 'bob', 'chloé', 'dmitri', 'eve'), '.', seq, '@',
    ELT(1 + seq MOD 3, 'example.com', 'mail.test', 'shop.invalid')),
  CONCAT(ELT(1 + CRC32(CONCAT('f', seq)) MOD 8, 'Anna', 'Bob', 'Chloé', 'José', 'Zoë', 'Øystein', 'Анна', '李'),
    ' ', ELT(1 + CRC32(CONCAT('l', seq)) MOD 6, 'Smith', 'Müller', 'García', 'Nguyễn', 'O''Brien', '🙂 Kim')),
  ELT(1 + CRC32(CONCAT('c', seq)) MOD 8, 'US', 'DE', 'FR', 'GB', 'JP', 'BR', 'IN', 'NO'),
  FROM_UNIXTIME(1420070400 + CRC32(CONCAT('t', seq)) MOD 252460800),  -- 2015 to 2022
  CASE seq MOD 1000
    WHEN 1 THEN CONCAT('leave at the back door', @tab, 'gate code ', seq)
    WHEN 2 THEN CONCAT('first line', @lf, 'second line', @lf)
    WHEN 3 THEN CONCAT('C:', @bs, 'Users', @bs, 'c', seq, @bs)
    WHEN 4 THEN CONCAT(@bs, 'N')
    WHEN 5 THEN CONCAT('all', @tab, @lf, @cr, @lf, @bs, @bs, 'n', @tab, 'end')
    WHEN 6 THEN ''
    WHEN 7 THEN 'NULL'
    ELSE IF(seq MOD 10 = 0, CONCAT('VIP since ', 2000 + seq MOD 24), NULL) END
  FROM seq_1_to_$customers;
INSERT INTO products SELECT seq, CONCAT('SKU-', LPAD(seq, 8, '0')),
  CONCAT(ELT(1 + seq MOD 8, 'Red', 'Blue', 'Große', 'Tiny', 'Über', 'Café', 'Smart', 'Eco'), ' ',
    ELT(1 + seq DIV 8 MOD 6, 'mug', 'lamp', 'chair', 'kettle', 'desk', 'socks'), ' ', seq),
  0.99 + CRC32(CONCAT('p', seq)) MOD 50000 / 100,
  IF(seq MOD 7 = 0, NULL, CRC32(CONCAT('w', seq)) MOD 20000 / 1000),
  CASE seq MOD 500
    WHEN 1 THEN CONCAT('size', @tab, 'M', @tab, 'L', @tab, 'XL')
    WHEN 2 THEN CONCAT('Care:', @lf, '- wash cold', @lf, '- no dryer')
    WHEN 3 THEN CONCAT('fits 1/2', @bs, '" pipes, see ', @bs, @bs, 'share', @bs, 'manuals')
    WHEN 4 THEN CONCAT(@bs, @tab, @bs, @lf, @bs, 'N', @cr)
    ELSE IF(seq MOD 4 = 0, NULL, CONCAT('A fine product, number ', seq, '.')) END,
  IF(seq MOD 3 = 0, NULL, FROM_UNIXTIME(1600000000 + CRC32(CONCAT('u', seq)) MOD 100000000))
  FROM seq_1_to_$products;
INSERT INTO orders SELECT id, customer_id, status, placed_at,
  IF(status IN ('shipped', 'delivered'), placed_at + INTERVAL (1 + id MOD 96) HOUR, NULL), 0, coupon
  FROM (SELECT seq AS id, 1 + CRC32(CONCAT('o', seq)) MOD $customers AS customer_id,
      ELT(1 + CRC32(CONCAT('s', seq)) MOD 10, 'delivered', 'delivered', 'delivered', 'delivered', 'shipped',
        'shipped', 'paid', 'pending', 'cancelled', 'refunded') AS status,
      FROM_UNIXTIME(1577836800 + seq * (126230400 DIV $orders) + CRC32(CONCAT('t', seq)) MOD 3600) AS placed_at,
      IF(CRC32(CONCAT('k', seq)) MOD 9 = 0, CONCAT('SAVE', 5 * (1 + seq MOD 4)), NULL) AS coupon
    FROM seq_1_to_$orders) o;
-- Item i is line (i - 1) DIV orders + 1 of order (i - 1) MOD orders + 1: every order has 2 or 3 lines.
INSERT INTO order_items SELECT (seq - 1) MOD $orders + 1, (seq - 1) DIV $orders + 1, p.id,
  1 + CRC32(CONCAT('q', seq)) MOD 4, p.price, IF(seq MOD 8 = 0, ROUND(p.price / 10, 2), NULL)
  FROM seq_1_to_$rows JOIN products p ON p.id = 1 + CRC32(CONCAT('p', seq)) MOD $products;
UPDATE orders JOIN (SELECT order_id, SUM(quantity * unit_price - IFNULL(discount, 0)) AS total
    FROM order_items GROUP BY order_id) s ON s.order_id = orders.id
  SET orders.total = s.total;
SQL
  tables="customers products orders order_items"
}

"${shape}_source"
sums() { local t out=""; for t in $tables; do out+="$t=$(digest_table "$1.$t" sql) "; done; echo "$out"; }
want=$(sums src)
mkdir -p "$SCRATCH/tab" "$SCRATCH/mydumper" && chmod 777 "$SCRATCH/tab"
mariadb-dump --no-defaults -uroot -S "$SOCKET" --tab="$SCRATCH/tab" src
mydumper -u root -S "$SOCKET" -B src -o "$SCRATCH/mydumper" --threads 2 >/dev/null
mariadb-dump --no-defaults -uroot -S "$SOCKET" src >"$SCRATCH/dump.sql"
du -sh "$SCRATCH/tab" "$SCRATCH/mydumper" "$SCRATCH/dump.sql"

variants=(fastload mariadb-import myloader "fastload mydumper DIR" "fastload DUMP.sql" "mariadb < DUMP.sql")
# restore VARIANT: one restore into an empty database `dst`; appends "INDEX wall server client" to results.
restore() {
  local TIMEFORMAT='%3R %3U %3S' before after wall user sys i=$1 t
  sql -e "DROP DATABASE IF EXISTS dst; CREATE DATABASE dst"
  case ${variants[$i]} in
    fastload) command=("$BUILD_DIR/fastload" --socket "$SOCKET" -u root --threads 2 "$SCRATCH/tab" dst) ;;
    mariadb-import)
      for t in $tables; do
        { echo "SET foreign_key_checks = 0;"; cat "$SCRATCH/tab/$t.sql"; } | sql dst
      done
      # --ignore-foreign-keys: a child's file may load before its parent's, as in fastload's restore.
      command=(mariadb-import --no-defaults -uroot -S "$SOCKET" --local --use-threads=2 --ignore-foreign-keys dst)
      for t in $tables; do command+=("$SCRATCH/tab/$t.txt"); done ;;
    myloader) command=(myloader -u root -S "$SOCKET" -d "$SCRATCH/mydumper" -B dst --threads 2) ;;
    "fastload mydumper DIR") command=("$BUILD_DIR/fastload" --socket "$SOCKET" -u root --threads 2 "$SCRATCH/mydumper" dst) ;;
    "fastload DUMP.sql") command=("$BUILD_DIR/fastload" --socket "$SOCKET" -u root --threads 2 "$SCRATCH/dump.sql" dst) ;;
    "mariadb < DUMP.sql") command=(sh -c 'exec mariadb --no-defaults -uroot -S "$1" dst <"$2"' sh "$SOCKET" "$SCRATCH/dump.sql") ;;
  esac
  before=$(server_cpu)
  { time "${command[@]}" >"$SCRATCH/out" 2>&1; } 2>"$SCRATCH/time" || { cat "$SCRATCH/out" >&2; die "${variants[$i]} failed"; }
  after=$(server_cpu)
  [[ ${variants[$i]} != fastload ]] || cp "$SCRATCH/out" "$SCRATCH/fastload.out"
  read -r wall user sys <"$SCRATCH/time"
  [[ $(sums dst) == "$want" ]] || die "${variants[$i]}: the restored tables differ from the source: $(sums dst)"
  awk -v i="$i" -v w="$wall" -v u="$user" -v s="$sys" -v b="$before" -v a="$after" \
    'BEGIN { printf "%d %.3f %.2f %.2f\n", i, w, a - b, u + s }' >>"$SCRATCH/results"
  printf 'round %d/%d  %-20s wall %7.2f s (tables equal to the source)\n' "$round" "$rounds" "${variants[$i]}" "$wall"
}

step "$rounds rounds of ${#variants[@]} restores, alternating (every other round in reverse order)"
: >"$SCRATCH/results"
for ((round = 1; round <= rounds; round++)); do
  order=()
  for ((i = 0; i < ${#variants[@]}; i++)); do ((round % 2)) && order+=("$i") || order=("$i" "${order[@]}"); done
  for i in "${order[@]}"; do restore "$i"; done
done

step "medians over $rounds rounds"
echo "| restore | median wall (s) | server CPU (s) | client CPU (s) | wall vs fastload |"
echo "|---|---:|---:|---:|---:|"
(IFS='|'; echo "${variants[*]}") >"$SCRATCH/names"
awk -v names="$(cat "$SCRATCH/names")" 'BEGIN { count = split(names, name, "|") }
  { n[$1]++; wall[$1, n[$1]] = $2; srv[$1, n[$1]] = $3; cli[$1, n[$1]] = $4 }
  function median(a, i, k,   v, j, m, t) { for (j = 1; j <= k; j++) v[j] = a[i, j]
    for (j = 2; j <= k; j++) for (m = j; m > 1 && v[m-1] > v[m]; m--) { t = v[m]; v[m] = v[m-1]; v[m-1] = t }
    return k % 2 ? v[(k + 1) / 2] : (v[k / 2] + v[k / 2 + 1]) / 2 }
  END { base = median(wall, 0, n[0])
    for (i = 0; i < count; i++) printf "| %s | %.2f | %.2f | %.2f | %.2f |\n", name[i + 1], median(wall, i, n[i]),
      median(srv, i, n[i]), median(cli, i, n[i]), median(wall, i, n[i]) / base }' "$SCRATCH/results"
step "fastload's own account of its last restore"
cat "$SCRATCH/fastload.out"
