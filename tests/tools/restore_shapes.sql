-- The tables of the restore tests (tests/integration/sqldump_restore.sh, mydumper_restore.sh) besides the
-- generated literal tables: generated, invisible, spatial and temporal columns with an AUTO_INCREMENT id 0 and zero
-- dates; BLOBs of any bytes, BIT, ENUM, SET and JSON; no primary key; a foreign key, a trigger, an empty table; a
-- view and a view over it.
SET sql_mode = 'NO_AUTO_VALUE_ON_ZERO', time_zone = '+00:00';
CREATE TABLE shapes (id INT AUTO_INCREMENT PRIMARY KEY, a INT, v BIGINT AS (a * 2) VIRTUAL,
  s VARCHAR(20) AS (CONCAT('s', a)) STORED, hidden INT INVISIBLE DEFAULT 7, g GEOMETRY, p POINT, d DATE,
  dt DATETIME(3), ts TIMESTAMP(6) NULL, KEY (a), KEY (s));
INSERT INTO shapes (a, hidden, g, p, d, dt, ts) SELECT seq, seq % 5,
  ST_GeomFromText(CONCAT('LINESTRING(0 0, ', seq, ' ', -seq, ')')), POINT(seq / 3, seq),
  DATE('2020-02-29') + INTERVAL seq DAY, '1999-12-31 23:59:59.999' - INTERVAL seq SECOND,
  '2038-01-19 03:14:07.999999' - INTERVAL seq HOUR FROM seq_1_to_3000;
INSERT INTO shapes (id, a, hidden, d, dt) VALUES (0, 0, 0, '0000-00-00', '0000-00-00 00:00:00.000');
CREATE TABLE blobs (id INT PRIMARY KEY, b BLOB, vb VARBINARY(300), t TEXT, l VARCHAR(50) CHARACTER SET latin1,
  bt BIT(13), e ENUM('a', 'b,c', 'é'), st SET('x', 'y', 'z'), j JSON);
INSERT INTO blobs SELECT seq, UNHEX(REPEAT(LPAD(HEX(seq), 2, '0'), 3)),
  CONCAT(CHAR(seq), '\\', '''', '"', CHAR(0), '\n\r\t', CHAR(255 - seq)), CONCAT('😀é', seq, '\\"'''),
  CONCAT('ÿé', seq, '"'), seq * 31, ELT(1 + seq % 3, 'a', 'b,c', 'é'), seq % 8,
  JSON_OBJECT('k', seq, 's', CONCAT('"😀', seq)) FROM seq_0_to_255;
CREATE TABLE nokey (a INT, b VARCHAR(10), c TEXT CHARACTER SET latin1);
INSERT INTO nokey SELECT seq % 7, CONCAT('b', seq % 3), CONCAT('ÿé', seq) FROM seq_1_to_2000;
INSERT INTO nokey VALUES (NULL, NULL, NULL), (1, 'b1', 'ÿé1');
CREATE TABLE parent (id INT PRIMARY KEY, name VARCHAR(30) CHARACTER SET utf8mb4 COLLATE utf8mb4_bin UNIQUE);
INSERT INTO parent SELECT seq, CONCAT('p😀', seq) FROM seq_1_to_5000;
CREATE TABLE child (id INT PRIMARY KEY, parent_id INT NOT NULL, amount DECIMAL(12,4), KEY (parent_id),
  CONSTRAINT child_parent FOREIGN KEY (parent_id) REFERENCES parent (id));
INSERT INTO child SELECT seq, 1 + seq % 5000, seq / 7 FROM seq_1_to_20000;
CREATE TRIGGER child_amount BEFORE INSERT ON child FOR EACH ROW SET NEW.amount = NEW.amount + 1000;
CREATE TABLE empty_one (a INT PRIMARY KEY, b TEXT);
CREATE VIEW big_parents AS SELECT p.id, COUNT(*) AS children FROM parent p JOIN child c ON c.parent_id = p.id
  GROUP BY p.id;
CREATE VIEW over_view AS SELECT id FROM big_parents WHERE children > 3;
