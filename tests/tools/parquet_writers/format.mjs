// Values as fastload's parquet::append_text writes them (src/parquet/value_text.h), computed here independently
// from what a Parquet reader gave: the expected side of tests/integration/parquet_reader.sh.

const pad = (n, width) => String(n).padStart(width, '0');

// Days since 1970-01-01 (number or BigInt) as YYYY-MM-DD, by JS's own proleptic Gregorian Date.
export function date(days) {
  const d = new Date(Number(days) * 86400000);
  const y = d.getUTCFullYear();
  return `${y < 0 ? '-' : ''}${pad(Math.abs(y), 4)}-${pad(d.getUTCMonth() + 1, 2)}-${pad(d.getUTCDate(), 2)}`;
}

// HH:MM:SS and, when the fraction is not 0, its `digits` digits without the trailing zeros.
function clock(seconds, fraction, digits) {
  let s = `${pad(seconds / 3600n, 2)}:${pad((seconds / 60n) % 60n, 2)}:${pad(seconds % 60n, 2)}`;
  if (fraction) s += '.' + pad(fraction, digits).replace(/0+$/, '');
  return s;
}

const unitDigits = { s: 0, ms: 3, us: 6, ns: 9 };
const perSecond = (unit) => 10n ** BigInt(unitDigits[unit]);

export function time(value, unit) {
  const v = BigInt(value);
  return clock(v / perSecond(unit), v % perSecond(unit), unitDigits[unit]);
}

export function timestamp(value, unit) {
  const per = perSecond(unit);
  let v = BigInt(value);
  let seconds = v / per, fraction = v % per;
  if (fraction < 0n) { fraction += per; seconds -= 1n; }
  let days = seconds / 86400n, rest = seconds % 86400n;
  if (rest < 0n) { rest += 86400n; days -= 1n; }
  return `${date(days)} ${clock(rest, fraction, unitDigits[unit])}`;
}

export function decimal(unscaled, scale) {
  const v = BigInt(unscaled);
  const digits = (v < 0n ? -v : v).toString();
  const sign = v < 0n ? '-' : '';
  if (scale === 0) return sign + digits;
  if (digits.length > scale) return `${sign}${digits.slice(0, -scale)}.${digits.slice(-scale)}`;
  return `${sign}0.${'0'.repeat(scale - digits.length)}${digits}`;
}

export function float(x) {
  if (Number.isNaN(x)) return 'nan';
  if (x === Infinity) return 'inf';
  if (x === -Infinity) return '-inf';
  if (Object.is(x, -0)) return '-0';
  return String(x);
}

export function uuidOfBytes(bytes) {
  const h = Buffer.from(bytes).toString('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

// A value's bytes escaped as parquet-cat escapes them (LOAD DATA's default text).
export function escape(value) {
  const bytes = Buffer.isBuffer(value) ? value : Buffer.from(value instanceof Uint8Array ? value : String(value));
  const out = [];
  for (const b of bytes) {
    if (b === 0x5c) out.push(0x5c, 0x5c);
    else if (b === 0x09) out.push(0x5c, 0x74);
    else if (b === 0x0a) out.push(0x5c, 0x6e);
    else if (b === 0x00) out.push(0x5c, 0x30);
    else out.push(b);
  }
  return Buffer.from(out);
}

// NAME.expected: a first line "#" then each column's kind (f: FLOAT, d: DOUBLE, compared as numbers; b: bytes),
// then the rows, each cell a string or Buffer (already formatted) or null.
export function expectedFile(kinds, rows) {
  const parts = [Buffer.from(['#', ...kinds].join('\t') + '\n')];
  for (const row of rows) {
    row.forEach((cell, i) => {
      if (i) parts.push(Buffer.from('\t'));
      parts.push(cell === null ? Buffer.from('\\N') : escape(cell));
    });
    parts.push(Buffer.from('\n'));
  }
  return Buffer.concat(parts);
}
