#!/usr/bin/env python3
"""gen_dump_db.py SEED [TABLES]: the SQL of a random database for tests/integration/dump_differential.sh, the same
for the same SEED: TABLES tables (6 unless given) of random shapes (most column types, NULLs, generated VIRTUAL and
STORED columns, INVISIBLE columns, BIT, latin1 and utf8mb4 text with escapes, names mariadb-dump encodes), rows
with values near each type's edges, a foreign key, triggers, and views over views named so that their files'
order is not the order they can be created in. Run it in the database to fill (the mariadb client, utf8mb4).
"""
import random
import sys

NAMES = ["plain", "a.b", "sp ace", "ñandú", "Mixed_Case", "x-y", "dollar$", "t1", "日本"]


def q(name):
    return "`" + name.replace("`", "``") + "`"


def text(rng, charset, n):
    alphabet = "abc XYZ09\t\n\\'\"%_" + ("éñüßÀ" if charset == "latin1" else "éñ€日本語😀")
    return "".join(rng.choice(alphabet) for _ in range(rng.randint(0, n)))


def lit(s):
    return "'" + s.replace("\\", "\\\\").replace("'", "\\'").replace("\n", "\\n").replace("\t", "\\t") + "'"


# Each type: its SQL, and a function giving a random SQL literal of it (NULL sometimes).
TYPES = [
    ("int", lambda r: str(r.choice([0, 1, -1, 2147483647, -2147483648, r.randint(-10**6, 10**6)]))),
    ("bigint unsigned", lambda r: str(r.choice([0, 18446744073709551615, r.randint(0, 10**15)]))),
    ("tinyint", lambda r: str(r.randint(-128, 127))),
    ("decimal(12,4)", lambda r: f"{r.randint(-10**7, 10**7)}.{r.randint(0, 9999):04d}"),
    ("double", lambda r: r.choice(["0.5", "-2.25", "1e300", "3.0", "-0.0", "123456.75"])),
    # Not 9, 10 or 92: the server writes a BIT value's bytes unescaped into --tab's file, so a tab, line end or
    # backslash there reads back as another row (its own LOAD DATA too; fastload refuses it, with its line).
    ("bit(8)", lambda r: f"b'{r.choice([v for v in range(256) if v not in (9, 10, 92)]):08b}'"),
    ("bit(1)", lambda r: r.choice(["b'0'", "b'1'"])),
    ("char(5) CHARACTER SET latin1", lambda r: lit(text(r, "latin1", 5).rstrip(" "))),
    ("varchar(40) CHARACTER SET utf8mb4", lambda r: lit(text(r, "utf8mb4", 40))),
    ("varchar(30) CHARACTER SET latin1", lambda r: lit(text(r, "latin1", 30))),
    ("text", lambda r: lit(text(r, "utf8mb4", 200))),
    ("varbinary(16)", lambda r: r.choice(["''", "0x" + "".join(f"{r.randint(0, 255):02x}" for _ in range(r.randint(1, 16)))])),
    ("blob", lambda r: "0x" + "".join(f"{r.randint(0, 255):02x}" for _ in range(r.randint(1, 64)))),
    ("date", lambda r: f"'{r.randint(1000, 9999)}-{r.randint(1, 12):02d}-{r.randint(1, 28):02d}'"),
    ("datetime(6)", lambda r: f"'{r.randint(1000, 9999)}-01-{r.randint(1, 28):02d} 23:59:{r.randint(0, 59):02d}.{r.randint(0, 999999):06d}'"),
    ("timestamp(3) NULL", lambda r: f"'{r.randint(1971, 2037)}-0{r.randint(1, 9)}-15 {r.randint(0, 23):02d}:30:00.{r.randint(0, 999):03d}'"),
    ("time", lambda r: f"'{r.randint(-838, 838)}:{r.randint(0, 59):02d}:59'"),
    ("year", lambda r: str(r.randint(1901, 2155))),
    ("enum('a','b','c d')", lambda r: r.choice(["'a'", "'b'", "'c d'"])),
    ("set('x','y','z')", lambda r: r.choice(["''", "'x'", "'x,z'", "'x,y,z'"])),
    ("json", lambda r: lit('{"k": %d, "s": "%s"}' % (r.randint(0, 99), r.choice(["a", "é", "\\n"])))),
]


def table(rng, name, index):
    columns = [("id", "int NOT NULL AUTO_INCREMENT" if index % 3 == 0 else "int NOT NULL", None)]
    for i in range(rng.randint(2, 7)):
        sql, value = rng.choice(TYPES)
        columns.append((f"c{i}", sql, value))
    numeric = [c[0] for c in columns[1:] if c[1] in ("int", "tinyint", "decimal(12,4)")]
    defs = [f"{q(c)} {t}" for c, t, _ in columns]
    if numeric:
        defs.append(f"g_v int GENERATED ALWAYS AS ({q(numeric[0])} * 2) VIRTUAL")
    base = f"COALESCE({q(numeric[-1])}, 0)" if numeric else "'none'"
    defs.append(f"g_s varchar(20) GENERATED ALWAYS AS (CONCAT('n-', {base})) STORED")
    if index % 2 == 0:
        defs.append("hidden int INVISIBLE DEFAULT 7")
    defs.append("PRIMARY KEY (`id`)")
    if len(columns) > 2:
        defs.append(f"KEY k1 ({q(columns[1][0])}{'(8)' if 'text' in columns[1][1] or 'blob' in columns[1][1] or 'json' in columns[1][1] else ''})")
    out = [f"CREATE TABLE {q(name)} ({', '.join(defs)}) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;"]
    rows = rng.choice([0, 1, 5, 50, 400])
    for r in range(rows):
        values = [str(r if index % 3 == 0 and r == 0 else r + 1)]
        values += ["NULL" if rng.random() < 0.15 else v(rng) for _, _, v in columns[1:]]
        names = [q(c) for c, _, _ in columns] + (["hidden"] if index % 2 == 0 else [])
        values += [str(rng.randint(-5, 5))] if index % 2 == 0 else []
        out.append(f"INSERT INTO {q(name)} ({', '.join(names)}) VALUES ({', '.join(values)});")
    return out


def main():
    seed = int(sys.argv[1])
    count = int(sys.argv[2]) if len(sys.argv) > 2 else 6
    rng = random.Random(seed)
    names = rng.sample(NAMES, min(count, len(NAMES)))
    print("SET NAMES utf8mb4; SET sql_mode = CONCAT(@@sql_mode, ',NO_AUTO_VALUE_ON_ZERO'); SET time_zone = '+00:00';")
    for i, name in enumerate(names):
        print("\n".join(table(rng, name, i)))
    # A parent and a child: the child's rows point at the parent's.
    print("CREATE TABLE parent (id int PRIMARY KEY, v varchar(5)) ENGINE=InnoDB;")
    print("INSERT INTO parent VALUES " + ", ".join(f"({i}, 'p{i}')" for i in range(1, 21)) + ";")
    print("CREATE TABLE child (id int PRIMARY KEY, pid int, KEY pid (pid), CONSTRAINT child_parent FOREIGN KEY "
          "(pid) REFERENCES parent (id)) ENGINE=InnoDB;")
    print("INSERT INTO child VALUES " + ", ".join(f"({i}, {rng.choice(['NULL', rng.randint(1, 20)])})"
                                               for i in range(1, 41)) + ";")
    print(f"CREATE TRIGGER child_bi BEFORE INSERT ON child FOR EACH ROW SET NEW.pid = NEW.pid;")
    print(f"CREATE TRIGGER {q(names[0] + '_tr')} BEFORE UPDATE ON {q(names[0])} FOR EACH ROW SET @touched = 1;")
    # Views: a_top reads m_mid, which reads z_base: the files sort the other way round from their order.
    print(f"CREATE VIEW z_base AS SELECT id FROM {q(names[0])};")
    print("CREATE VIEW m_mid AS SELECT id FROM z_base WHERE id > 0;")
    print("CREATE VIEW a_top AS SELECT COUNT(*) AS n FROM m_mid;")


if __name__ == "__main__":
    main()
