#!/usr/bin/env python3
"""gen_shapes.py SHAPE ROWS [-o FILE] [--seed N]: deterministic rows for bench/mode-shapes.sh.

Prints the table's CREATE TABLE with --ddl instead of rows. Rows are in LOAD DATA's default format (tab, LF,
backslash escapes), ids increasing (so the primary key is unique and in order), the same bytes for the same
SHAPE, ROWS and seed:
  wide   id, three long text columns (VARCHAR and TEXT, about 360 bytes a row)
  ints   id and 20 small integer columns (10 SMALLINT, 10 INT, some negative, some NULL)
  blob   id, a short name and a BLOB of 100..500 random bytes, escaped (\\0 \\t \\n \\\\)
(The nodes shapes come from bench/gen-nodes.)
"""
import argparse
import random
import sys

DDL = {
    "wide": "CREATE TABLE wide (id bigint PRIMARY KEY, title varchar(200), body text, tags varchar(255)) "
            "ENGINE=InnoDB DEFAULT CHARSET=utf8mb4",
    "ints": "CREATE TABLE ints (id int PRIMARY KEY, "
            + ", ".join(f"s{i} smallint" for i in range(10)) + ", "
            + ", ".join(f"i{i} int" for i in range(10)) + ") ENGINE=InnoDB DEFAULT CHARSET=utf8mb4",
    "blob": "CREATE TABLE blobs (id bigint PRIMARY KEY, name varchar(64), data blob) "
            "ENGINE=InnoDB DEFAULT CHARSET=utf8mb4",
}

WORDS = ("lorem ipsum dolor sit amet consectetur adipiscing elit sed do eiusmod tempor incididunt ut labore "
         "et dolore magna aliqua enim ad minim veniam quis nostrud exercitation ullamco laboris nisi aliquip "
         "ex ea commodo consequat duis aute irure in reprehenderit voluptate velit esse cillum fugiat nulla "
         "pariatur excepteur sint occaecat cupidatat non proident sunt culpa qui officia deserunt mollit anim "
         "id est laborum Zürich café naïve façade").split()


def text_pool(rng, size):
    """A long run of words to slice values from (cheaper than choosing words per value)."""
    words = []
    length = 0
    while length < size:
        w = rng.choice(WORDS)
        words.append(w)
        length += len(w) + 1
    return " ".join(words)


def slice_of(rng, pool, lo, hi):
    start = rng.randrange(0, len(pool) - hi)
    return pool[start:start + rng.randint(lo, hi)].strip()


def wide_rows(rng, rows):
    pool = text_pool(rng, 1 << 20)
    for i in range(1, rows + 1):
        yield f"{i}\t{slice_of(rng, pool, 20, 100)}\t{slice_of(rng, pool, 100, 400)}\t" \
              f"{slice_of(rng, pool, 10, 60)}\n".encode()


def ints_rows(rng, rows):
    for i in range(1, rows + 1):
        small = ["\\N" if rng.random() < 0.05 else str(rng.randint(-2000, 30000)) for _ in range(10)]
        big = [str(rng.randint(-100000, 2000000000)) for _ in range(10)]
        yield ("\t".join([str(i)] + small + big) + "\n").encode()


def escape(value):
    return (value.replace(b"\\", b"\\\\").replace(b"\t", b"\\t").replace(b"\n", b"\\n")
            .replace(b"\x00", b"\\0"))


def blob_rows(rng, rows):
    pool = rng.randbytes(1 << 20)
    for i in range(1, rows + 1):
        start = rng.randrange(0, len(pool) - 500)
        data = pool[start:start + rng.randint(100, 500)]
        yield b"%d\tblob-%d\t%s\n" % (i, rng.randrange(100000), escape(data))


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("shape", choices=sorted(DDL))
    parser.add_argument("rows", type=int, nargs="?", default=0)
    parser.add_argument("-o", dest="path")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--ddl", action="store_true", help="print the CREATE TABLE instead of rows")
    args = parser.parse_args()
    if args.ddl:
        print(DDL[args.shape])
        return
    rng = random.Random(args.seed)
    rows = {"wide": wide_rows, "ints": ints_rows, "blob": blob_rows}[args.shape](rng, args.rows)
    out = open(args.path, "wb") if args.path else sys.stdout.buffer
    with out:
        buffer = []
        for row in rows:
            buffer.append(row)
            if len(buffer) == 10000:
                out.write(b"".join(buffer))
                buffer.clear()
        out.write(b"".join(buffer))


if __name__ == "__main__":
    main()
