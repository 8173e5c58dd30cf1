// node compare.mjs EXPECTED ACTUAL: compares parquet-cat's output with NAME.expected (format.mjs) row by row:
// FLOAT and DOUBLE columns as numbers (a FLOAT as the float its text reads as), the rest byte for byte. Prints
// the first difference (row, column, both values) and exits 1 on one.
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

let failed = false;
const rows = Math.max(expected.length, actual.length);
for (let r = 0; r < rows && !failed; r++) {
  if (r >= actual.length || r >= expected.length) {
    console.log(`row ${r + 1}: ${r >= actual.length ? 'missing from parquet-cat' : 'more rows than expected'} (${expected.length} expected, ${actual.length} read)`);
    failed = true;
    break;
  }
  if (expected[r].equals(actual[r])) continue;
  const want = expected[r].toString('latin1').split('\t');
  const got = actual[r].toString('latin1').split('\t');
  for (let c = 0; c < Math.max(want.length, got.length); c++) {
    if (want[c] === got[c]) continue;
    if ((kinds[c] === 'f' || kinds[c] === 'd') && want[c] !== undefined && got[c] !== undefined &&
        want[c] !== '\\N' && got[c] !== '\\N' && sameNumber(kinds[c], want[c], got[c])) continue;
    const show = (s) => (s === undefined ? '(none)' : JSON.stringify(Buffer.from(s, 'latin1').toString().slice(0, 200)));
    console.log(`row ${r + 1}, column ${c + 1}: expected ${show(want[c])}, parquet-cat wrote ${show(got[c])}`);
    failed = true;
    break;
  }
}
process.exit(failed ? 1 : 0);
