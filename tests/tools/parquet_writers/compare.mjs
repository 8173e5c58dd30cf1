// node compare.mjs EXPECTED ACTUAL: compares parquet-cat's output with NAME.expected (format.mjs) row by row:
// FLOAT and DOUBLE columns as numbers (a FLOAT as the float its text reads as), nested (JSON) columns token by
// token (strings decoded, numbers as written but for the expected side's "~f"/"~d" floats, compared as numbers;
// so a BIGINT's or DECIMAL's every digit counts), a row expected "!refused" only by parquet-cat's refusal, the
// rest byte for byte. Prints the first difference (row, column, both values) and exits 1 on one.
import fs from 'node:fs';

const [expectedPath, actualPath] = process.argv.slice(2);
const split = (buffer) => {
  const lines = [];
  let start = 0;
  for (let i = buffer.indexOf(10); i !== -1; start = i + 1, i = buffer.indexOf(10, start)) lines.push(buffer.subarray(start, i));
  if (start < buffer.length) lines.push(buffer.subarray(start));
  return lines;
};
const expected = split(fs.readFileSync(expectedPath));
const actual = split(fs.readFileSync(actualPath));
const kinds = expected.shift().toString().split('\t').slice(1);

const number = (text) => (text === 'nan' ? NaN : text === 'inf' ? Infinity : text === '-inf' ? -Infinity : Number(text));
function sameNumber(kind, want, got) {
  if (!/^(-?(inf|nan)|-?[0-9.]+(e[-+]?[0-9]+)?)$/.test(got)) return false;
  const g = kind === 'f' ? Math.fround(number(got)) : number(got);
  return Object.is(g, number(want)) || (Number.isNaN(g) && Number.isNaN(number(want)));
}

// LOAD DATA's escapes undone: the JSON text itself.
const unescape = (s) => s.replace(/\\(.)/gs, (_, c) => (c === 't' ? '\t' : c === 'n' ? '\n' : c === '0' ? '\0' : c));
const jsonNumber = /^-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?$/;
// JSON text's tokens, strings decoded ({s}); null when it is not made of JSON tokens.
function tokens(text) {
  const token = /\s*("(?:[^"\\\u0000-\u001f]|\\.)*"|~[fd]-?[0-9][0-9.eE+-]*|-?[0-9][0-9.eE+-]*|true|false|null|[[\]{}:,])\s*/y;
  const out = [];
  for (let at = 0; at < text.length;) {
    token.lastIndex = at;
    const m = token.exec(text);
    if (!m) return null;
    out.push(m[1][0] === '"' ? { s: JSON.parse(m[1]) } : m[1]);
    at = token.lastIndex;
  }
  return out;
}
function sameJson(wantCell, gotCell) {
  const want = tokens(unescape(Buffer.from(wantCell, 'latin1').toString()));
  const got = tokens(unescape(Buffer.from(gotCell, 'latin1').toString()));
  if (!want || !got || want.length !== got.length) return false;
  return want.every((w, i) => {
    const g = got[i];
    if (typeof w === 'object' || typeof g === 'object') return typeof w === 'object' && typeof g === 'object' && w.s === g.s;
    if (!w.startsWith('~')) return w === g;
    if (!jsonNumber.test(g)) return false;
    return Object.is(w[1] === 'f' ? Math.fround(Number(g)) : Number(g), Number(w.slice(2)));
  });
}

let failed = false;
const rows = Math.max(expected.length, actual.length);
for (let r = 0; r < rows && !failed; r++) {
  if (r >= actual.length || r >= expected.length) {
    console.log(`row ${r + 1}: ${r >= actual.length ? 'missing from parquet-cat' : 'more rows than expected'} (${expected.length} expected, ${actual.length} read)`);
    failed = true;
    break;
  }
  if (expected[r].equals(actual[r])) continue;
  if (expected[r].toString('latin1').startsWith('!refused')) {
    if (actual[r].toString('latin1').startsWith('!refused:')) continue;
    console.log(`row ${r + 1}: expected refused, parquet-cat wrote ${JSON.stringify(actual[r].toString().slice(0, 200))}`);
    failed = true;
    break;
  }
  const want = expected[r].toString('latin1').split('\t');
  const got = actual[r].toString('latin1').split('\t');
  for (let c = 0; c < Math.max(want.length, got.length); c++) {
    if (want[c] === got[c]) continue;
    if (kinds[c] === 'j' && want[c] !== undefined && got[c] !== undefined && want[c] !== '\\N' && got[c] !== '\\N' &&
        sameJson(want[c], got[c])) continue;
    if ((kinds[c] === 'f' || kinds[c] === 'd') && want[c] !== undefined && got[c] !== undefined &&
        want[c] !== '\\N' && got[c] !== '\\N' && sameNumber(kinds[c], want[c], got[c])) continue;
    const show = (s) => (s === undefined ? '(none)' : JSON.stringify(Buffer.from(s, 'latin1').toString().slice(0, 200)));
    console.log(`row ${r + 1}, column ${c + 1}: expected ${show(want[c])}, parquet-cat wrote ${show(got[c])}`);
    failed = true;
    break;
  }
}
process.exit(failed ? 1 : 0);
