#!/usr/bin/env bash
# Compares glibc iconv's mapping of a charset with the server's, code by code:
# every 1-byte code and every 2-byte code with a first byte of 0x81 or more, as
# CONVERT(CONVERT(UNHEX(code) USING cs) USING utf8mb4) on the server, against
# iconv(3) from each ICONV_NAME to UTF-8 (python3 with ctypes, so glibc's own).
#
#   scripts/iconv-vs-server.sh SERVER_DIR CHARSET ICONV_NAME...
#   e.g. scripts/server.sh start /tmp/s && scripts/iconv-vs-server.sh /tmp/s sjis SJIS CP932
set -euo pipefail
[[ $# -ge 3 ]] || { sed -n '2,9p' "$0" >&2; exit 2; }
dir=$1 cs=$2
shift 2
map=$(mktemp)
trap 'rm -f "$map"' EXIT
"$(dirname "$0")"/server.sh sql "$dir" -N mysql -e "SELECT h, IFNULL(HEX(CONVERT(CONVERT(UNHEX(h) USING $cs)
  USING utf8mb4)), '') FROM (SELECT LPAD(HEX(seq), IF(seq < 256, 2, 4), '0') h FROM seq_0_to_65535
  WHERE seq < 256 OR seq >= 33024) c" >"$map"
python3 - "$map" "$cs" "$@" <<'PY'
import collections, ctypes, sys
libc = ctypes.CDLL("libc.so.6", use_errno=True)
libc.iconv_open.restype = ctypes.c_void_p
libc.iconv_open.argtypes = [ctypes.c_char_p, ctypes.c_char_p]
P = ctypes.POINTER
libc.iconv.argtypes = [ctypes.c_void_p, P(ctypes.c_char_p), P(ctypes.c_size_t), P(ctypes.c_char_p), P(ctypes.c_size_t)]
libc.iconv.restype = ctypes.c_size_t

def one_char(u):
    try:
        return len(u.decode("utf-8")) == 1
    except UnicodeDecodeError:
        return False

def convert(cd, b):  # one character, or None
    libc.iconv(cd, None, None, None, None)
    inb, outb = ctypes.create_string_buffer(b, len(b)), ctypes.create_string_buffer(64)
    ip, il = ctypes.c_char_p(ctypes.addressof(inb)), ctypes.c_size_t(len(b))
    op, ol = ctypes.c_char_p(ctypes.addressof(outb)), ctypes.c_size_t(64)
    if libc.iconv(cd, ctypes.byref(ip), ctypes.byref(il), ctypes.byref(op), ctypes.byref(ol)) == ctypes.c_size_t(-1).value:
        return None
    u = outb.raw[:64 - ol.value]
    return u if il.value == 0 and one_char(u) else None

path, cs, names = sys.argv[1], sys.argv[2], sys.argv[3:]
server = {}
for line in open(path):
    code, out = (line.rstrip("\n").split("\t") + [""])[:2]
    b, u = bytes.fromhex(code), bytes.fromhex(out)
    server[b] = u if one_char(u) and (u != b"?" or b == b"?") else None
print(f"{cs}: {sum(v is not None for v in server.values())} codes the server converts")
for name in names:
    cd = libc.iconv_open(b"UTF-8", name.encode())
    kinds, examples = collections.Counter(), collections.defaultdict(list)
    for b, u in server.items():
        i = convert(cd, b)
        if i == u:
            continue
        kind = ("server: none" if u is None else "server: U+FFFD" if u == "\ufffd".encode() else "server: another") + \
               (", iconv: none" if i is None else ", iconv: a character")
        kinds[kind] += 1
        examples[kind].append(b.hex())
    print(f"  {name}: {sum(kinds.values())} differences")
    for kind, n in kinds.items():
        print(f"    {n} {kind} (e.g. {' '.join(examples[kind][:8])})")
PY
