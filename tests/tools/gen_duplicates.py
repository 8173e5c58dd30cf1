#!/usr/bin/env python3
"""Files whose rows repeat keys, for tests/integration/duplicate_winners.sh.

    gen_duplicates.py SHAPE --seed N --rows N --dup-fraction F --order ORDER --out FILE [--table NAME]
        writes FILE (LOAD DATA's default format: TAB between fields, LF after rows, backslash escapes, \\N for
        NULL) and prints the CREATE TABLE of SHAPE (named NAME, default t). With --kept PATH, also writes to PATH the
        lines one LOAD DATA IGNORE and REPLACE of FILE keep, as the generator means the keys ("ignore L L ...",
        "replace L L ...").
    gen_duplicates.py SHAPE --describe
        prints two lines: "columns LIST" (the file's columns when they are not the table's in order, else "-")
        and "compare LIST" (the columns whose values a load must get right: all but an id the loader numbers).
    gen_duplicates.py --shapes
        prints the shapes' names, one a line.
    gen_duplicates.py --plan --seed N
        prints the runs of the test, one a line: SHAPE ORDER POLICY MODE THREADS CHUNK SORT INPUT (a greedy
        covering selection, see plan()).

The rows of a file repeat keys: a repeat is either the same spelling of the key again, or another spelling the
index takes for the same key (INT 2 / 2.0 / +2 / 02 / 2e0; utf8mb4_general_ci e / E / é / É; BINARY x / x\\0\\0;
...), always with other non-key values. Each row's column `line` is its line in the file, so the row a load kept
for a key says which line won. Only spellings the server stores without any warning or note are written: the
test's reference loads must raise no condition but duplicate keys, and keep the lines --kept says. Left out as
they warn (Note or Warning 1265, "Data truncated"): a trailing space after a number (INT `2 `, DECIMAL `1.5 `), a
time of day into DATE (`2024-01-01 00:00:01`; `00:00:00` is silent), more than 6 bytes into BINARY(6). Left out
as the server changes the value without a word, which fastload refuses (--accept-conversion): a fraction into
INT (`2.5`), fraction digits beyond DATETIME's (`01:02:03.5`).

ORDER: file (the keys' first rows in key order, each repeat somewhere after its key's first row: an export in key
order with later corrections appended here and there), shuffled (the same rows in a random order), key-sorted (the
same rows sorted by key, a key's rows keeping their order of `file`, so they are adjacent).

Deterministic: the same arguments give the same bytes (python3, standard library only); the three orders of one
seed hold the same rows but for their `line`.
"""
import argparse
import random
import sys

# --- spellings -------------------------------------------------------------------------------------------------


def int_spellings(n):
    """Texts INT reads as n without a warning or note."""
    s = [str(n), f"{n}.0", f"+{n}", f"0{n}", f"{n}e0", f" {n}", f"{n}.00", f"{n}0e-1"]
    if n % 1000 == 0:
        s.append(f"{n // 1000}e3")
    return s


def decimal_spellings(tenths):
    """DECIMAL(10,2) texts of tenths/10: 1.5 / 1.50 / +1.5 / 15e-1 / 01.5 / 0.15e1."""
    a, b = divmod(tenths, 10)
    return [f"{a}.{b}", f"{a}.{b}0", f"+{a}.{b}", f"{tenths}e-1", f"0{a}.{b}", f"0.{tenths}e{len(str(tenths)) - 1}"]


def date_of(n):
    """The n-th of the days 1 to 28 of each month from 2000-01-01 (valid in every month of every year), in order."""
    year = 2000 + n // 336
    rest = n % 336
    month, day = divmod(rest, 28)
    return year, month + 1, day + 1


def date_spellings(n):
    y, m, d = date_of(n)
    return [f"{y}-{m}-{d}", f"{y:04d}-{m:02d}-{d:02d}", f"{y:04d}{m:02d}{d:02d}", f"{y:04d}/{m:02d}/{d:02d}",
            f"{y:04d}.{m:02d}.{d:02d}", f"{y:04d}-{m:02d}-{d:02d} 00:00:00"]


def datetime_spellings(n):
    y, m, d = date_of(n // 86400)
    s = n % 86400
    hh, mm, ss = s // 3600, s // 60 % 60, s % 60
    return [f"{y:04d}-{m:02d}-{d:02d} {hh}:{mm}:{ss}", f"{y:04d}-{m:02d}-{d:02d} {hh:02d}:{mm:02d}:{ss:02d}",
            f"{y:04d}{m:02d}{d:02d}{hh:02d}{mm:02d}{ss:02d}", f"{y:04d}-{m:02d}-{d:02d}T{hh:02d}:{mm:02d}:{ss:02d}",
            f"{y:04d}-{m:02d}-{d:02d} {hh:02d}:{mm:02d}:{ss:02d}.000"]


# Letters a collation takes for one another; each character of a key is spelled by a choice in its class.
GENERAL_CI = {"e": ["e", "E", "é", "É"], "a": ["a", "A", "Ä", "ä", "à"], "x": ["x", "X"], "k": ["k", "K"]}
UNICODE_CI = {"f": ["f", "F", "ｆ"], "ss": ["ss", "ß", "SS"]}


def spell(rng, text, classes, trailing_space=True):
    """One spelling of text: each character (or, for UNICODE_CI's 'ss', pair) replaced by a member of its class;
    with trailing_space, sometimes a space after it (PAD SPACE collations ignore it)."""
    out, i = [], 0
    while i < len(text):
        if text[i:i + 2] in classes:
            out.append(rng.choice(classes[text[i:i + 2]]))
            i += 2
        else:
            out.append(rng.choice(classes.get(text[i], [text[i]])))
            i += 1
    if trailing_space and rng.random() < 0.2:
        out.append(" ")
    return "".join(out)


def bin_spellings(text):
    """utf8mb4_bin (PAD SPACE) texts of text: as is, with one or two trailing spaces, its first letter escaped
    (\\k is k to LOAD DATA)."""
    return [text, text + " ", text + "  ", "\\" + text]


def binary_spellings(text, width=6):
    """BINARY(width) texts of text: the server pads with NUL bytes, so x and x\\0\\0 are one value."""
    return [text + "\\0" * j for j in range(width - len(text) + 1)]


# --- shapes ----------------------------------------------------------------------------------------------------
# A shape: the table, the columns of the file, and for a key number n its sort key (the index's order) and a
# function giving one spelling of it (the key fields of a row, already escaped for the file).


class Shape:
    """create: the CREATE TABLE ({t} its name); sort_key(n): key number n's place in the index's order;
    spelling(rng, n): the key fields of a row of key n, one of its spellings; key_space(rng, count): count distinct
    key numbers; columns: the file's columns, when not the table's in order; compare: the columns compared."""

    def __init__(self, name, create, sort_key, spelling, key_space, columns=None, compare="*"):
        self.name, self.create, self.sort_key, self.spelling = name, create, sort_key, spelling
        self.key_space, self.columns, self.compare = key_space, columns, compare


def pick(rng, choices):
    return rng.choice(choices)


def int_key_space(rng, count):
    """Distinct ints, about one in twelve a multiple of 1000 (which 1e3-style spellings exist for)."""
    keys = set(rng.sample(range(1, 10**6), count))
    thousands = rng.sample(range(1, 2000), max(1, count // 12))
    keys = sorted(keys - {t * 1000 for t in thousands})[: count - len(thousands)] + [t * 1000 for t in thousands]
    return keys


ROW_COLUMNS = "line int NOT NULL, v varchar(30) NULL"

SHAPES = [
    Shape("int", "CREATE TABLE {t} (k int NOT NULL PRIMARY KEY, " + ROW_COLUMNS + ") ENGINE=InnoDB",
          lambda n: n, lambda rng, n: [pick(rng, int_spellings(n))], key_space=int_key_space),
    Shape("decimal", "CREATE TABLE {t} (k decimal(10,2) NOT NULL PRIMARY KEY, " + ROW_COLUMNS + ") ENGINE=InnoDB",
          lambda n: n, lambda rng, n: [pick(rng, decimal_spellings(n))],
          key_space=lambda rng, count: rng.sample(range(1, 10**6), count)),
    Shape("date", "CREATE TABLE {t} (k date NOT NULL PRIMARY KEY, " + ROW_COLUMNS + ") ENGINE=InnoDB",
          lambda n: n, lambda rng, n: [pick(rng, date_spellings(n))],
          key_space=lambda rng, count: rng.sample(range(0, 336 * 99), count)),
    Shape("datetime", "CREATE TABLE {t} (k datetime NOT NULL PRIMARY KEY, " + ROW_COLUMNS + ") ENGINE=InnoDB",
          lambda n: n, lambda rng, n: [pick(rng, datetime_spellings(n))],
          key_space=lambda rng, count: rng.sample(range(0, 86400 * 336 * 20), count)),
    Shape("general_ci", "CREATE TABLE {t} (k varchar(20) CHARACTER SET utf8mb4 COLLATE utf8mb4_general_ci NOT NULL "
          "PRIMARY KEY, " + ROW_COLUMNS + ") ENGINE=InnoDB",
          lambda n: n, lambda rng, n: [spell(rng, f"ke{n:05d}xa", GENERAL_CI)],
          key_space=lambda rng, count: rng.sample(range(0, 10**5), count)),
    Shape("unicode_ci", "CREATE TABLE {t} (k varchar(20) CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci NOT NULL "
          "PRIMARY KEY, " + ROW_COLUMNS + ") ENGINE=InnoDB",
          lambda n: n, lambda rng, n: [spell(rng, f"f{n:05d}ss", UNICODE_CI)],
          key_space=lambda rng, count: rng.sample(range(0, 10**5), count)),
    Shape("bin", "CREATE TABLE {t} (k varchar(20) CHARACTER SET utf8mb4 COLLATE utf8mb4_bin NOT NULL PRIMARY KEY, "
          + ROW_COLUMNS + ") ENGINE=InnoDB",
          lambda n: n, lambda rng, n: [pick(rng, bin_spellings(f"k{n:05d}"))],
          key_space=lambda rng, count: rng.sample(range(0, 10**5), count)),
    # Keys of 1 to 4 digits, so that most have room for NUL bytes; the index orders them by their padded bytes.
    Shape("binary", "CREATE TABLE {t} (k binary(6) NOT NULL PRIMARY KEY, " + ROW_COLUMNS + ") ENGINE=InnoDB",
          lambda n: str(n).encode().ljust(6, b"\0"), lambda rng, n: [pick(rng, binary_spellings(str(n)))],
          key_space=lambda rng, count: rng.sample(range(0, 10**4), count)),
    # Values sharing their first 6 characters are one key: the prefix, then any tail.
    Shape("prefix", "CREATE TABLE {t} (k varchar(20) CHARACTER SET utf8mb4 COLLATE utf8mb4_bin NOT NULL, "
          + ROW_COLUMNS + ", PRIMARY KEY (k(6))) ENGINE=InnoDB",
          lambda n: n,
          lambda rng, n: [f"p{n:05d}" + "".join(rng.choice("abcxyz") for _ in range(rng.randrange(0, 12)))],
          key_space=lambda rng, count: rng.sample(range(0, 10**5), count)),
    # Few values of a, so that rows of one a with other b interleave with the repeats.
    Shape("composite", "CREATE TABLE {t} (a int NOT NULL, b varchar(20) CHARACTER SET utf8mb4 COLLATE "
          "utf8mb4_general_ci NOT NULL, " + ROW_COLUMNS + ", PRIMARY KEY (a, b)) ENGINE=InnoDB",
          lambda n: (n % 37, n // 37),
          lambda rng, n: [pick(rng, int_spellings(n % 37)), spell(rng, f"ke{n // 37:04d}a", GENERAL_CI)],
          key_space=lambda rng, count: rng.sample(range(37, 37 * 10**4), count)),
    # The primary key id and a UNIQUE email: see unique_rows().
    Shape("unique", "CREATE TABLE {t} (id int NOT NULL PRIMARY KEY, email varchar(40) CHARACTER SET utf8mb4 COLLATE "
          "utf8mb4_general_ci NOT NULL, " + ROW_COLUMNS + ", UNIQUE KEY email (email)) ENGINE=InnoDB",
          None, None, None),
    # The table numbers id (AUTO_INCREMENT, not in the file); the file's code is UNIQUE. The ids one LOAD DATA
    # gives are not compared: fastload numbers rows by their place in the file, also those it skips, where the
    # server numbers stored rows (docs/design.md, AUTO_INCREMENT ids).
    Shape("autoinc", "CREATE TABLE {t} (id int NOT NULL AUTO_INCREMENT PRIMARY KEY, code varchar(20) CHARACTER SET "
          "utf8mb4 COLLATE utf8mb4_general_ci NOT NULL, " + ROW_COLUMNS + ", UNIQUE KEY code (code)) ENGINE=InnoDB",
          lambda n: n, lambda rng, n: [spell(rng, f"ka{n:05d}e", GENERAL_CI)],
          columns="code,line,v", compare="code,line,v",
          key_space=lambda rng, count: rng.sample(range(0, 10**5), count)),
]
SHAPE_NAMES = [s.name for s in SHAPES]


# --- rows ------------------------------------------------------------------------------------------------------


def value(rng):
    """The non-key column v: a word, sometimes NULL or holding an escaped TAB or backslash."""
    r = rng.random()
    if r < 0.1:
        return "\\N"
    if r < 0.15:
        return "tab\\there"
    if r < 0.2:
        return "back\\\\slash"
    return "".join(rng.choice("abcdefghijklmnopqrstuvwxyz") for _ in range(rng.randrange(1, 12)))


def layout(rng, keys, rows):
    """The rows of order `file`: (key, is_repeat) in file order. keys are sorted; each key's first row comes in
    key order, each repeat (rows - len(keys) of them, of keys drawn at random) at a random place after it."""
    d = len(keys)
    placed = [(j / d, 0, j, False) for j in range(d)]
    for r in range(rows - d):
        j = rng.randrange(d)
        placed.append((rng.uniform(j / d, 1.0), 1, j, True))
    placed.sort()
    return [(keys[j], repeat) for _, _, j, repeat in placed]


def keyed_rows(shape, rng, rows, dup_fraction):
    """[(sort key, key fields, the row's keys)] in order `file`; the row's keys name the index entries it takes
    (here one: its key number)."""
    distinct = max(1, min(rows, round(rows * (1 - dup_fraction))))
    keys = sorted(shape.key_space(rng, distinct), key=shape.sort_key)
    first_spelling = {}
    out = []
    for n, repeat in layout(rng, keys, rows):
        if repeat and rng.random() < 0.4:
            fields = first_spelling[n]  # the same spelling again
        else:
            fields = shape.spelling(rng, n)
            first_spelling.setdefault(n, fields)
        out.append((shape.sort_key(n), fields, [("key", n)]))
    return out


def unique_rows(rng, rows, dup_fraction):
    """The `unique` shape: id (PRIMARY KEY) and email (UNIQUE). Ids are drawn at random, so the primary key's
    order is not the file's: a repeat of an email has a new id (`5000 dup@x` then `1 dup@x`), and now and then a
    repeat is of an id, with a new email, or of both, an id and another row's email."""
    distinct = max(1, min(rows, round(rows * (1 - dup_fraction))))
    ids = rng.sample(range(1, 10**6), rows)
    emails = list(range(distinct))
    out, seen_ids, seen_emails, spellings = [], [], [], {}
    next_email = 0
    for i, (_, repeat) in enumerate(layout(rng, emails, rows)):
        id_, email = ids[i], None
        r = rng.random()
        if repeat and seen_ids and r < 0.2:
            id_ = rng.choice(seen_ids)  # the primary key again, a new email
        elif repeat and seen_ids and r < 0.3:
            id_, email = rng.choice(seen_ids), rng.choice(seen_emails)  # both, likely of two other rows
        elif repeat and seen_emails:
            email = rng.choice(seen_emails)
        if email is None:
            email = next_email
            next_email += 1
        if email in spellings and rng.random() < 0.4:
            text = spellings[email]
        else:
            text = spell(rng, f"user{email:05d}@example.x", GENERAL_CI)
            spellings.setdefault(email, text)
        seen_ids.append(id_)
        seen_emails.append(email)
        out.append((id_, [str(id_), text], [("id", id_), ("email", email)]))
    return out


def ordered(rows, order, rng):
    if order == "file":
        return rows
    if order == "shuffled":
        rows = list(rows)
        rng.shuffle(rows)
        return rows
    return sorted(rows, key=lambda r: r[0])  # stable: a key's rows keep their order


def write(args):
    shape = SHAPES[SHAPE_NAMES.index(args.shape)]
    rng = random.Random(f"{args.shape}:{args.seed}:{args.rows}:{args.dup_fraction}")
    if shape.name == "unique":
        rows = unique_rows(rng, args.rows, args.dup_fraction)
    else:
        rows = keyed_rows(shape, rng, args.rows, args.dup_fraction)
    values = [value(rng) for _ in rows]  # drawn before the order, so the orders hold the same rows
    rows = [(sort_key, fields, keys, v) for (sort_key, fields, keys), v in zip(rows, values)]
    rows = ordered(rows, args.order, random.Random(f"order:{args.seed}:{args.order}"))
    with open(args.out, "w", encoding="utf-8", newline="\n") as f:
        for line, (_, fields, _, v) in enumerate(rows, 1):
            f.write("\t".join(fields + [str(line), v]) + "\n")
    if args.kept:
        with open(args.kept, "w") as f:
            for policy in ("ignore", "replace"):
                f.write(policy + " " + " ".join(map(str, kept(policy, [keys for _, _, keys, _ in rows]))) + "\n")
    print(shape.create.format(t=f"`{args.table}`") + ";")


def kept(policy, rows):
    """The lines (1-based) one LOAD DATA IGNORE|REPLACE of rows (each the list of index entries it takes) keeps
    in an empty table, as the generator means the keys: the model the server's own load is checked against, so
    that a spelling the index does not take for its key shows up."""
    owner = {}  # index entry -> line of the row holding it
    entries = {}  # line -> its entries
    for line, keys in enumerate(rows, 1):
        clashes = {owner[k] for k in keys if k in owner}
        if clashes and policy == "ignore":
            continue
        for other in clashes:  # replace: every row the new one clashes with goes
            for k in entries.pop(other):
                del owner[k]
        entries[line] = keys
        for k in keys:
            owner[k] = line
    return sorted(entries)


# --- the test's plan -------------------------------------------------------------------------------------------

DIMENSIONS = {
    "shape": SHAPE_NAMES,
    "order": ["file", "shuffled", "key-sorted"],
    "policy": ["ignore", "replace", "error"],
    "mode": ["load", "insert", "insert-no-array-binding", "multirow", "row", "server"],
    "threads": ["1", "2", "3", "4"],
    "chunk": ["4K", "16K", "256K"],
    "sort": ["sort", "no-sort"],
    "input": ["file", "pipe"],
}
WHOLE_FILE = "-"  # threads and chunk of --mode server, which reads the whole file in one statement


def allowed(run):
    """--mode server takes neither --threads, --chunk-size nor a pipe."""
    if run.get("mode") == "server":
        return run.get("threads", WHOLE_FILE) == WHOLE_FILE and run.get("chunk", WHOLE_FILE) == WHOLE_FILE \
            and run.get("input", "file") == "file"
    return run.get("threads") != WHOLE_FILE and run.get("chunk") != WHOLE_FILE


def plan(seed):
    """A covering selection of the cross product: every pair of values of every two dimensions appears in some
    run (so every value of every dimension, and shape x policy, shape x mode, policy x threads), but the pairs
    --mode server cannot take. After the two fixed runs of each shape below, greedy (AETG-like): each new run is
    the best of 40 random candidates completed value by value to cover the most uncovered pairs; ties broken by
    the seeded generator, so deterministic."""
    rng = random.Random(f"plan:{seed}")
    names = list(DIMENSIONS)
    values = {n: list(v) for n, v in DIMENSIONS.items()}
    values["threads"].append(WHOLE_FILE)
    values["chunk"].append(WHOLE_FILE)

    def pairs(run):
        for i, a in enumerate(names):
            for b in names[i + 1:]:
                yield (a, run[a], b, run[b])

    uncovered = set()
    for i, a in enumerate(names):
        for b in names[i + 1:]:
            for va in values[a]:
                for vb in values[b]:
                    if allowed({a: va, b: vb}) and not ((a, b) == ("threads", "chunk") and (va == WHOLE_FILE) != (vb == WHOLE_FILE)):
                        uncovered.add((a, va, b, vb))
    # First, two runs a shape that tell the causes apart, whatever the selection: one thread in file order
    # (--no-sort), where each chunk commits after the one before it, as one LOAD DATA reads the file; and one
    # thread sorted by the key, where only the sort can change which row of a key comes first.
    runs = []
    for shape in SHAPE_NAMES:
        for policy, sort in (("replace", "no-sort"), ("ignore", "sort")):
            runs.append({"shape": shape, "order": "shuffled", "policy": policy, "mode": "load", "threads": "1",
                         "chunk": "16K", "sort": sort, "input": "file"})
    for run in runs:
        uncovered -= set(pairs(run))
    while uncovered:
        best, best_gain = None, -1
        for _ in range(40):
            a, va, b, vb = rng.choice(sorted(uncovered))
            run = {a: va, b: vb}
            for n in rng.sample(names, len(names)):
                if n in run:
                    continue
                scored = []
                for v in values[n]:
                    trial = dict(run, **{n: v})
                    if not allowed(trial):
                        continue
                    gain = sum(1 for m in run if (m, run[m], n, v) in uncovered or (n, v, m, run[m]) in uncovered)
                    scored.append((gain, rng.random(), v))
                run[n] = max(scored)[2]
            if not allowed(run):
                continue
            gain = sum(1 for p in pairs(run) if p in uncovered)
            if gain > best_gain:
                best, best_gain = run, gain
        if best_gain <= 0:
            sys.exit(f"gen_duplicates.py: no run covers {sorted(uncovered)[:5]}")
        uncovered -= set(pairs(best))
        runs.append(best)
    runs.sort(key=lambda r: (SHAPE_NAMES.index(r["shape"]), DIMENSIONS["order"].index(r["order"])))
    for r in runs:
        print(" ".join(r[n] for n in names))


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("shape", nargs="?", choices=SHAPE_NAMES)
    p.add_argument("--shapes", action="store_true")
    p.add_argument("--describe", action="store_true")
    p.add_argument("--plan", action="store_true")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--rows", type=int, default=3000)
    p.add_argument("--dup-fraction", type=float, default=0.25)
    p.add_argument("--order", choices=DIMENSIONS["order"], default="file")
    p.add_argument("--out")
    p.add_argument("--table", default="t")
    p.add_argument("--kept", help="also write to this file the lines one LOAD DATA IGNORE and REPLACE keep")
    args = p.parse_args()
    if args.shapes:
        print("\n".join(SHAPE_NAMES))
    elif args.plan:
        plan(args.seed)
    elif args.shape and args.describe:
        shape = SHAPES[SHAPE_NAMES.index(args.shape)]
        print(f"columns {shape.columns or '-'}\ncompare {shape.compare}")
    elif args.shape and args.out:
        if not 0 <= args.dup_fraction < 1 or args.rows < 1:
            p.error("--rows must be at least 1 and --dup-fraction in [0, 1)")
        write(args)
    else:
        p.error("give SHAPE with --out (or --describe), --shapes or --plan")


if __name__ == "__main__":
    sys.exit(main())
