#!/usr/bin/env python3
"""gen_literal_tables.py SEED ROWS: SQL that creates tables of many column types and fills them with hostile
values (limits, zero dates, every escape-worthy byte, 4-byte characters, all 256 bytes, BIT widths, ENUM/SET,
JSON), each value written as a hex literal or a number so that the source holds exactly what was meant. For the
differential test of reading dumps' INSERTs (tests/integration/sqldump_literals.sh)."""
import random
import sys

seed, rows = int(sys.argv[1]), int(sys.argv[2])
rnd = random.Random(seed)

TABLES = {
    "ints": "a TINYINT, b TINYINT UNSIGNED, c SMALLINT, d SMALLINT UNSIGNED, e MEDIUMINT, f MEDIUMINT UNSIGNED,"
            " g INT, h INT UNSIGNED, i BIGINT, j BIGINT UNSIGNED",
    "nums": "a DECIMAL(65,30), b DOUBLE, c FLOAT, d DECIMAL(10,0), e DECIMAL(5,5)",
    "times": "a DATE, b DATETIME(6), c TIME, d TIMESTAMP NULL DEFAULT NULL, e YEAR, f TIME(6)",
    "texts": "a CHAR(20), b VARCHAR(300), c TEXT, d VARCHAR(100) CHARACTER SET latin1,"
             " e TEXT CHARACTER SET latin1, f CHAR(10) CHARACTER SET latin1",
    "bins": "a BINARY(16), b VARBINARY(300), c BLOB, d TINYBLOB",
    "bits": "a BIT(1), b BIT(64), c BIT(5), d BIT(9)",
    "enums": "a ENUM('a','b,c','d''e','','\\\\t','é'), b SET('x','y','z''q','é')",
    "jsons": "a JSON",
}

INT_RANGES = [(-128, 127), (0, 255), (-32768, 32767), (0, 65535), (-8388608, 8388607), (0, 16777215),
              (-2**31, 2**31 - 1), (0, 2**32 - 1), (-2**63, 2**63 - 1), (0, 2**64 - 1)]
SPECIALS = ["\0", "\t", "\n", "\r", "\\", "'", '"', "\x1a", "%", "_", "\\%", "\\_", "\b", "\x7f", " ", ",", ";",
            "),(", "--", "/*", "*/", "#", "`", "NULL", "\\N", "N", "0x41", "b'1'", "_binary"]
WIDE = ["é", "ÿ", "€", "中", "😀", "𝄞", "\u00a0", "\u2028"]
LATIN1 = [chr(c) for c in range(0xa0, 0x100)] + ["€", "Š", "Ÿ"]


def hexs(b):
    return "X'" + b.hex() + "'"


def text(pool, n):
    return "".join(rnd.choice(pool) for _ in range(n))


def string_value(pool, limit, charset="utf8mb4"):
    choice = rnd.random()
    if choice < 0.1:
        return "NULL"
    s = text(pool, rnd.randint(0, limit))
    return f"_{charset} {hexs(s.encode('utf-8' if charset == 'utf8mb4' else 'cp1252'))}"


def ints(k):
    if k < 8:
        return [str(lo if k % 2 else hi) for lo, hi in INT_RANGES]
    return [rnd.choice(["NULL", "0", "-1" if lo < 0 else "1", str(rnd.randint(lo, hi))]) for lo, hi in INT_RANGES]


def nums(k):
    fixed = [["99999999999999999999999999999999999.999999999999999999999999999999", "1.7976931348623157e308",
              "3.4028234e38", "9999999999", "0.99999"],
             ["-99999999999999999999999999999999999.999999999999999999999999999999", "-2.2250738585072014e-308",
              "-1.17549435e-38", "-9999999999", "-0.99999"],
             ["0.000000000000000000000000000001", "4.9e-324", "1e-45", "0", "0.00001"],
             ["0", "0.1", "0.1", "1", "0"]]
    if k < len(fixed):
        return fixed[k]
    return [f"{rnd.uniform(-1e6, 1e6):.12f}", repr(rnd.uniform(-1e300, 1e300)), repr(rnd.random()),
            str(rnd.randint(-10**9, 10**9)), f"{rnd.random():.5f}"] if rnd.random() > 0.1 else ["NULL"] * 5


def times(k):
    fixed = [["'0000-00-00'", "'0000-00-00 00:00:00.000000'", "'-838:59:59'", "'0000-00-00 00:00:00'", "0",
              "'-838:59:59.000000'"],
             ["'9999-12-31'", "'9999-12-31 23:59:59.999999'", "'838:59:59'", "'2038-01-19 03:14:07'", "2155",
              "'838:59:59.000000'"],
             ["'1000-01-01'", "'1000-01-01 00:00:00.000001'", "'00:00:00'", "'1970-01-01 00:00:01'", "1901",
              "'-00:00:00.000001'"],
             ["'2024-02-29'", "'2024-02-00 12:00:00.5'", "'-00:00:01'", "NULL", "NULL", "NULL"]]
    if k < len(fixed):
        return fixed[k]
    d = f"{rnd.randint(1000, 9999):04d}-{rnd.randint(1, 12):02d}-{rnd.randint(1, 28):02d}"
    t = f"{rnd.randint(0, 23):02d}:{rnd.randint(0, 59):02d}:{rnd.randint(0, 59):02d}"
    return [f"'{d}'", f"'{d} {t}.{rnd.randint(0, 999999):06d}'", f"'{rnd.randint(-838, 838)}:00:{rnd.randint(0, 59):02d}'",
            f"'{rnd.randint(1971, 2037)}-01-02 {t}'", str(rnd.randint(1901, 2155)), f"'{t}.{rnd.randint(0, 999999)}'"]


def texts(k):
    pool = SPECIALS + WIDE + ["a", "b", "Z"]
    lpool = SPECIALS + LATIN1 + ["a"]
    if k == 0:
        every = "".join(SPECIALS) + "".join(WIDE)
        return [string_value(["a "], 5), f"_utf8mb4 {hexs(every.encode())}", f"_utf8mb4 {hexs((every * 20).encode())}",
                f"_latin1 {hexs(''.join(SPECIALS).encode('cp1252'))}", f"_latin1 {hexs(''.join(LATIN1).encode('cp1252'))}",
                "_latin1 X''"]
    return [string_value(pool, 6), string_value(pool, 60), string_value(pool, 300), string_value(lpool, 30, "latin1"),
            string_value(lpool, 200, "latin1"), string_value(lpool, 4, "latin1")]


def bins(k):
    every = bytes(range(256))
    if k == 0:
        return [hexs(bytes(16)), hexs(every), hexs(every * 4), hexs(every[::-1][:255])]
    if k == 1:
        return [hexs(b"a \0"), "X''", "X''", hexs(b"\\\\'\"\t\n\r\x1a\0")]
    return [hexs(bytes(rnd.randrange(256) for _ in range(rnd.randint(0, 16)))) if rnd.random() > 0.1 else "NULL"
            for _ in range(1)] + [hexs(bytes(rnd.randrange(256) for _ in range(rnd.randint(0, n)))) for n in (300, 2000, 255)]


def bits(k):
    fixed = [["b'0'", "b'0'", "b'0'", "b'0'"], ["b'1'", "0xFFFFFFFFFFFFFFFF", "b'11111'", "b'111111111'"],
             ["NULL", "0x8000000000000001", "b'10000'", "b'100000000'"]]
    if k < len(fixed):
        return fixed[k]
    return [f"b'{rnd.randint(0, 1)}'", hex(rnd.randrange(2**64)), bin(rnd.randrange(32)).replace("0b", "b'") + "'",
            bin(rnd.randrange(512)).replace("0b", "b'") + "'"]


def enums(k):
    members = ["'a'", "'b,c'", "'d''e'", "''", "'\\\\t'", "_utf8mb4 X'C3A9'", "NULL", "'zz'"]
    sets = ["''", "'x'", "'x,y'", "'z''q'", "'y,z''q,x'", "_utf8mb4 X'782CC3A9'", "NULL"]
    return [members[k % len(members)], sets[k % len(sets)]]


def jsons(k):
    docs = ['{"a": "\\n\\t\\\\\\"\\u0000"}', '[1, 2.5e10, null, true, "😀"]', '"\'),(;"', "{}", "null"]
    if rnd.random() < 0.1:
        return ["NULL"]
    return [f"_utf8mb4 {hexs(docs[k % len(docs)].encode())}"]


print("SET sql_mode = '', time_zone = '+00:00';")
for name, columns in TABLES.items():
    print(f"CREATE TABLE `{name}` (id INT PRIMARY KEY, {columns}) DEFAULT CHARSET=utf8mb4;")
    make = globals()[name]
    for k in range(rows):
        print(f"INSERT INTO `{name}` VALUES ({k + 1}, {', '.join(make(k))});")
