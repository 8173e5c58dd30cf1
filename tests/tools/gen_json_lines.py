#!/usr/bin/env python3
"""gen_json_lines.py ROWS SEED: JSON lines for the typed-input tests, on stdout. Each line is one object of the
keys id, name, amount, big, doc, flag, at (any order, any case), with values at their types' limits: strings full of
escapes (\\t \\n \\\\ \\" \\u00e9, a surrogate pair, raw UTF-8), decimals of 30 digits, BIGINT's limits, numbers
with exponents, nested objects and arrays, true/false, null, a JSON column's scalars (a string, a number, true,
false, null: its JSON text as written), and blank lines between. No TAB byte is written
raw, so that the server's LOAD DATA can read each line whole as one field (the reference)."""
import json
import random
import sys

rows, seed = int(sys.argv[1]), int(sys.argv[2])
rnd = random.Random(seed)
PIECES = ["plain", "tab\there", "line\nbreak", "back\\slash", 'quote"d', "é", "日本語", "\U0001F600", "\\N", "",
          "null", "  spaced  ", "a\rb", "zero\u0000byte"]


def text():
    return "".join(rnd.choice(PIECES) for _ in range(rnd.randint(0, 4)))[:60]


def amount():
    whole = str(rnd.randint(0, 10**rnd.randint(0, 24)))
    frac = "".join(rnd.choice("0123456789") for _ in range(rnd.randint(0, 6)))
    sign = "-" if rnd.random() < 0.3 else ""
    return sign + whole + ("." + frac if frac else "")


def big():
    return rnd.choice([str(-2**63), str(2**63 - 1), "0", "-1", str(rnd.randint(-2**63, 2**63 - 1)), "12e2", "7E+1"])


def doc():
    """JSON text for a JSON column: an object or an array, or a scalar as written (a string with escapes, a number
    with an exponent or a trailing zero, true, false, null)."""
    if rnd.random() < 0.6:
        return json.dumps(rnd.choice([{"a": [1, 2, {"b": None}]}, [], {}, ["x", 1.5, True], {"s": "x\ty"}, [[[]]]]),
                          ensure_ascii=False, separators=(rnd.choice([",", ", "]), rnd.choice([":", ": "])))
    return rnd.choice(['"plain"', '"x\\ty \\"q\\" \\u00e9 caf\u00e9"', '""', '12', '-1.5e3', '0.10', 'true', 'false',
                       'null'])


def string(value):
    """JSON text of `value`: characters beyond U+FFFF raw (the server's JSON_VALUE, the reference, does not join
    surrogate pairs), some others as \\u escapes."""
    dumped = json.dumps(value, ensure_ascii=False)
    return dumped.replace("é", "\\u00e9") if rnd.random() < 0.5 else dumped


def key(name):
    return name.upper() if rnd.random() < 0.1 else name


for i in range(1, rows + 1):
    members = [("id", str(i)), ("name", None if rnd.random() < 0.1 else string(text())),
               ("amount", None if rnd.random() < 0.1 else amount()), ("big", big()),
               ("doc", doc()),
               ("flag", rnd.choice(["true", "false", "null"])),
               ("at", json.dumps("%04d-%02d-%02d %02d:%02d:%02d.%06d" % (rnd.randint(1, 9999), rnd.randint(1, 12),
                                 rnd.randint(1, 28), rnd.randint(0, 23), rnd.randint(0, 59), rnd.randint(0, 59),
                                 rnd.randint(0, 999999))))]
    rnd.shuffle(members)
    body = ", ".join('"%s": %s' % (key(k), "null" if v is None else v) for k, v in members)
    sys.stdout.write("{" + body + "}\n")
    if rnd.random() < 0.01:
        sys.stdout.write("\n")
