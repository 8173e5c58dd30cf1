#!/usr/bin/env python3
"""python_insert.py row|many FILE --socket SOCK [--user U] [--db DB] [--table T] [--batch N]

Loads a MySQL-default-format TSV (TAB between fields, LF between rows, backslash escapes, \\N for
NULL) into DB.TABLE with MySQLdb (Debian package python3-mysqldb), the way the reference
experiment's Python loaders did, inside one transaction committed at the end:
  row   one cursor.execute("INSERT ... VALUES (%s, ...)") per row
  many  cursor.executemany() with --batch rows (default 100) a call; MySQLdb rewrites
        INSERT ... VALUES (...) into one multi-row INSERT per call
Prints the number of rows sent. Used by bench/compare.sh.
"""
import argparse
import sys

try:
    import MySQLdb
except ImportError:
    sys.exit("fastload: python3 cannot import MySQLdb (Debian package python3-mysqldb)")

UNESCAPE = {"0": "\0", "b": "\b", "n": "\n", "r": "\r", "t": "\t", "Z": "\x1a"}


def field(text):
    """One field's value: None for \\N, escapes resolved."""
    if "\\" not in text:
        return text
    if text == "\\N":
        return None
    out, i = [], 0
    while i < len(text):
        c = text[i]
        if c == "\\" and i + 1 < len(text):
            i += 1
            out.append(UNESCAPE.get(text[i], text[i]))
        else:
            out.append(c)
        i += 1
    return "".join(out)


def split_fields(line):
    """Splits at TABs not escaped by a backslash."""
    if "\\" not in line:
        return line.split("\t")
    fields, start, i = [], 0, 0
    while i < len(line):
        if line[i] == "\\":
            i += 2
            continue
        if line[i] == "\t":
            fields.append(line[start:i])
            start = i + 1
        i += 1
    fields.append(line[start:])
    return fields


def rows(path):
    """Yields each row as a list of values; a row may span lines (an escaped LF)."""
    with open(path, encoding="utf-8", newline="\n") as f:
        pending = ""
        for line in f:
            if line.endswith("\n"):
                body = line[:-1]
                backslashes = len(body) - len(body.rstrip("\\"))
                if backslashes % 2:  # the LF is data: the row goes on
                    pending += line
                    continue
                line = body
            yield [field(v) for v in split_fields(pending + line)]
            pending = ""
        if pending:
            yield [field(v) for v in split_fields(pending)]


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("mode", choices=["row", "many"])
    p.add_argument("file")
    p.add_argument("--socket", required=True)
    p.add_argument("--user", default="root")
    p.add_argument("--db", default="bench")
    p.add_argument("--table", default="nodes")
    p.add_argument("--batch", type=int, default=100)
    a = p.parse_args()

    conn = MySQLdb.connect(unix_socket=a.socket, user=a.user, db=a.db, charset="utf8mb4")
    cur = conn.cursor()  # MySQLdb starts with autocommit off: everything below is one transaction
    cur.execute("SELECT COUNT(*) FROM information_schema.columns WHERE table_schema = %s AND table_name = %s",
                (a.db, a.table))
    ncols = cur.fetchone()[0]
    if ncols == 0:
        sys.exit(f"fastload: table {a.db}.{a.table} not found")
    sql = f"INSERT INTO `{a.table}` VALUES ({', '.join(['%s'] * ncols)})"

    sent = 0
    if a.mode == "row":
        for r in rows(a.file):
            cur.execute(sql, r)
            sent += 1
    else:
        batch = []
        for r in rows(a.file):
            batch.append(r)
            if len(batch) == a.batch:
                cur.executemany(sql, batch)
                sent += len(batch)
                batch = []
        if batch:
            cur.executemany(sql, batch)
            sent += len(batch)
    conn.commit()
    conn.close()
    print(f"{sent} rows")


if __name__ == "__main__":
    main()
