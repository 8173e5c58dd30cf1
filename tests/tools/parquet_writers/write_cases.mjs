// node write_cases.mjs NODE_MODULES OUTDIR: Parquet files written by DuckDB and by parquet-wasm (arrow-rs) over
// values at every type's limits, with NULLs, in each codec, encoding and page version those writers offer; and
// for each NAME.parquet a NAME.expected: its rows as that writer's own reader reads them, formatted as
// parquet-cat writes them (format.mjs; a nested value as JSON built from the decoded value, duckJson). Files named
// refuse_*.parquet are ones fastload must refuse (a codec it does not read): they have no NAME.expected.
import { createRequire } from 'node:module';
import fs from 'node:fs';
import path from 'node:path';
import * as format from './format.mjs';

const [modules, outdir] = process.argv.slice(2);
const require = createRequire(path.join(path.resolve(modules), 'x.js'));
const { DuckDBInstance } = require('@duckdb/node-api');
const arrow = require('apache-arrow');
const wasm = require('parquet-wasm');
fs.mkdirSync(outdir, { recursive: true });

// ---- DuckDB ----

const N = 4500;  // three row groups of 2048
const pick = (k, cases, otherwise) =>
  `CASE i % 17 WHEN 0 THEN NULL ${cases.map((c, j) => `WHEN ${j + 1} THEN ${c}`).join(' ')} ELSE ${otherwise} END`;
const h = (k) => `hash(i, ${k})`;
function decimalSql(p, s, k) {
  const max = '9'.repeat(p - s) + (s ? '.' + '9'.repeat(s) : '');
  const tiny = s ? '0.' + '0'.repeat(s - 1) + '1' : '1';
  const ip = Math.min(p - s, 18);
  const random = `(CASE WHEN ${h(k)} % 2 = 0 THEN '-' ELSE '' END || (${h(k + 1)} % ${10n ** BigInt(ip)})::VARCHAR` +
    (s ? ` || '.' || lpad((${h(k + 2)} % ${10n ** BigInt(Math.min(s, 18))})::VARCHAR, ${s}, '0')` : '') + ')';
  return `(${pick(k, [`'-${max}'`, `'${max}'`, `'0'`, `'-${tiny}'`, `'${tiny}'`], random)})::DECIMAL(${p},${s})`;
}
const chr = (n) => `chr(${n})`;
const duckColumns = [
  `i AS id`,
  `${pick(1, ['-128', '127', '0'], `(${h(1)} % 256)::INT - 128`)}::TINYINT AS i8`,
  `${pick(2, ['-32768', '32767'], `(${h(2)} % 65536)::INT - 32768`)}::SMALLINT AS i16`,
  `${pick(3, ['-2147483648', '2147483647'], `(${h(3)} % 4294967296)::BIGINT - 2147483648`)}::INTEGER AS i32`,
  `${pick(4, ['-9223372036854775808', '9223372036854775807'], `(${h(4)}::HUGEINT - 9223372036854775808)`)}::BIGINT AS i64`,
  `${pick(5, ['0', '255'], `${h(5)} % 256`)}::UTINYINT AS u8`,
  `${pick(6, ['0', '65535'], `${h(6)} % 65536`)}::USMALLINT AS u16`,
  `${pick(7, ['0', '4294967295'], `${h(7)} % 4294967296`)}::UINTEGER AS u32`,
  `${pick(8, ['0', '18446744073709551615'], h(8))}::UBIGINT AS u64`,
  `${pick(9, [`'inf'`, `'-inf'`, `'nan'`, `'-0.0'`, `'1e-45'`, `'3.4028235e38'`, `'1.1754944e-38'`, `'0.1'`],
    `((${h(9)} % 2000000)::DOUBLE / 7 - 100000)`)}::FLOAT AS f32`,
  `${pick(10, [`'inf'`, `'-inf'`, `'nan'`, `'-0.0'`, `'5e-324'`, `'1.7976931348623157e308'`, `'2.2250738585072014e-308'`,
    `'0.1'`, `'1e21'`, `'1e-7'`, `'123456789012345680000'`], `((${h(10)} % 2000000000)::DOUBLE / 7 - 1e8) * 1.000001`)}::DOUBLE AS f64`,
  `${decimalSql(1, 0, 11)} AS dec1`,
  `${decimalSql(4, 1, 14)} AS dec4`,
  `${decimalSql(9, 3, 17)} AS dec9`,
  `${decimalSql(18, 6, 20)} AS dec18`,
  `${decimalSql(20, 0, 23)} AS dec20`,
  `${decimalSql(38, 10, 26)} AS dec38`,
  `${decimalSql(38, 38, 29)} AS dec38s`,
  `${pick(32, [`'0001-01-01'`, `'9999-12-31'`, `'1969-12-31'`, `'1970-01-01'`, `'2000-02-29'`],
    `DATE '1970-01-01' + ((${h(32)} % 3652059)::INT - 719162)`)}::DATE AS dt`,
  `${pick(33, [`'00:00:00'`, `'23:59:59.999999'`, `'12:00:00.5'`],
    `TIME '00:00:00' + to_microseconds((${h(33)} % 86400000000)::BIGINT)`)}::TIME AS t`,
  `${pick(34, [`'0001-01-01 00:00:00'`, `'9999-12-31 23:59:59.999999'`, `'1969-12-31 23:59:59.999999'`,
    `'1900-01-01 00:00:00.5'`, `'1970-01-01 00:00:00'`],
    `make_timestamp((${h(34)} % 315537897600000000)::BIGINT - 62135596800000000)`)}::TIMESTAMP AS ts`,
  `${pick(35, [`'1969-12-31 23:59:59.999'`, `'0001-01-01 00:00:00'`],
    `make_timestamp((${h(35)} % 315537897600000000)::BIGINT - 62135596800000000)`)}::TIMESTAMP_MS AS ts_ms`,
  `${pick(36, [`'1969-12-31 23:59:59.999999999'`, `'1677-09-22 00:00:00'`, `'2262-04-11 23:47:16.854775'`],
    `make_timestamp_ns((${h(36)}::HUGEINT % 18000000000000000000 - 9000000000000000000)::BIGINT)`)}::TIMESTAMP_NS AS ts_ns`,
  `${pick(37, [`'1969-12-31 23:59:59.000001+00'`],
    `make_timestamp((${h(37)} % 315537897600000000)::BIGINT - 62135596800000000)::TIMESTAMPTZ`)}::TIMESTAMPTZ AS tstz`,
  `${pick(38, [`''`, `'tab' || ${chr(9)} || 'here'`, `'new' || ${chr(10)} || 'line'`, `'back' || ${chr(92)} || 'slash'`,
    `${chr(92)} || 'N'`, `'héllo wörld €😀'`, `repeat('long ', 1000)`, `'NULL'`, `${chr(13)} || ${chr(10)}`],
    `'v' || (${h(38)} % 50)::VARCHAR`)} AS s`,
  `${pick(39, [`''::BLOB`, `'\\x00\\x01\\xFF'::BLOB`, `'\\x09\\x0A\\x5C\\x00'::BLOB`],
    `encode('b' || (${h(39)} % 1000)::VARCHAR)`)}::BLOB AS bin`,
  `${pick(40, [`'00000000-0000-0000-0000-000000000000'`, `'ffffffff-ffff-ffff-ffff-ffffffffffff'`,
    `'80000000-0000-0000-0000-000000000001'`], `md5(i::VARCHAR)`)}::UUID AS u`,
  `${pick(41, [`'{}'`, `'[1,"a\\\\b",null]'`], `json_object('a', i, 'b', 'x y')::VARCHAR`)}::JSON AS j`,
  `${pick(42, ['true', 'false'], `${h(42)} % 2 = 0`)}::BOOLEAN AS flag`,
  `${pick(43, [`'a'`], `(['a', 'b', 'c'])[(${h(43)} % 3 + 1)::BIGINT]`)}::ENUM('a', 'b', 'c') AS e`,
];

// A DuckDB value (as @duckdb/node-api gives it) in parquet-cat's text; kind f/d for FLOAT/DOUBLE.
function duckText(v, type) {
  if (v === null) return null;
  const name = v?.constructor?.name;
  if (typeof v === 'boolean') return v ? '1' : '0';
  if (typeof v === 'number') return type === 'FLOAT' || type === 'DOUBLE' ? format.float(v) : String(v);
  if (typeof v === 'bigint' || typeof v === 'string') return String(v);
  switch (name) {
    case 'DuckDBDecimalValue': return format.decimal(v.value, v.scale);
    case 'DuckDBDateValue': return format.date(v.days);
    case 'DuckDBTimeValue': return format.time(v.micros, 'us');
    case 'DuckDBTimestampValue':
    case 'DuckDBTimestampTZValue': return format.timestamp(v.micros, 'us');
    case 'DuckDBTimestampMillisecondsValue': return format.timestamp(v.millis, 'ms');
    case 'DuckDBTimestampNanosecondsValue': return format.timestamp(v.nanos, 'ns');
    case 'DuckDBBlobValue': return Buffer.from(v.bytes);
    case 'DuckDBUUIDValue': return String(v);
    default: throw new Error(`no text for a DuckDB ${name} (${type})`);
  }
}

async function duckExpected(con, file) {
  const reader = await con.runAndReadAll(`SELECT * FROM read_parquet('${file}')`);
  const types = reader.columnTypes().map(String);
  const kinds = types.map((t) => (t === 'FLOAT' ? 'f' : t === 'DOUBLE' ? 'd' : 'b'));
  const rows = reader.getRows().map((row) => row.map((v, i) => duckText(v, types[i])));
  fs.writeFileSync(`${file.slice(0, -'.parquet'.length)}.expected`, format.expectedFile(kinds, rows));
}

async function duckdbCases() {
  const db = await DuckDBInstance.create(':memory:');
  const con = await db.connect();
  await con.run(`SET TimeZone = 'UTC'`);
  await con.run(`CREATE TABLE cases AS SELECT ${duckColumns.join(',\n')} FROM range(${N}) t(i)`);
  for (const version of ['v1', 'v2']) {
    for (const codec of ['uncompressed', 'snappy', 'gzip', 'zstd', 'lz4_raw', 'brotli']) {
      const file = path.join(outdir, `duckdb_${version}_${codec}.parquet`);
      await con.run(`COPY cases TO '${file}' (FORMAT parquet, COMPRESSION ${codec}, ROW_GROUP_SIZE 2048,
        PARQUET_VERSION ${version})`);
      await duckExpected(con, file);
    }
  }
  // Dictionaries abandoned for plain pages once they pass a small limit.
  const file = path.join(outdir, 'duckdb_small_dictionary.parquet');
  await con.run(`COPY cases TO '${file}' (FORMAT parquet, COMPRESSION snappy, ROW_GROUP_SIZE 2048,
    DICTIONARY_SIZE_LIMIT 64)`);
  await duckExpected(con, file);
  await nestedCases(con);
}

// ---- DuckDB, nested columns ----

const NESTED = 3000;  // two row groups of 2048
// Per row and element, seeded: hash(i, x, k) picks NULLs at every level, empty lists and values at their limits.
const e = (k) => `hash(i, x, ${k})`;
const nullOr = (k, cut, value) => `CASE WHEN ${e(k)} % ${cut} = 0 THEN NULL ELSE ${value} END`;
const sizes = (k) => `range((hash(i, ${k}) % 5)::BIGINT)`;
const listOf = (k, element) => `CASE hash(i, ${k}) % 9 WHEN 0 THEN NULL WHEN 1 THEN [] ELSE [${element} for x in ${sizes(k)}] END`;
const nestedColumns = [
  `i AS id`,
  `${listOf(1, nullOr(2, 5, `(${e(3)} % 4294967296)::BIGINT - 2147483648`))}::INTEGER[] AS li`,
  `${listOf(4, nullOr(5, 6, `(['', 'tab' || chr(9), 'q"uote', 'back' || chr(92), chr(92) || 'N', 'héllo €😀', 'nl' || chr(10), chr(1)])[(${e(6)} % 8 + 1)::BIGINT]`))}::VARCHAR[] AS ls`,
  `${listOf(7, `CASE ${e(8)} % 5 WHEN 0 THEN NULL WHEN 1 THEN []::BIGINT[] ELSE [CASE WHEN hash(i, x, y) % 6 = 0 THEN NULL WHEN hash(i, x, y) % 6 = 1 THEN 9223372036854775807 WHEN hash(i, x, y) % 6 = 2 THEN -9223372036854775808 ELSE (hash(i, x, y, 9)::HUGEINT - 9223372036854775808)::BIGINT END for y in range((${e(10)} % 4)::BIGINT)] END`)}::BIGINT[][] AS lli`,
  `CASE WHEN hash(i, 11) % 8 = 0 THEN NULL ELSE {
     'a': CASE WHEN hash(i, 12) % 5 = 0 THEN NULL ELSE (hash(i, 13) % 4294967296)::BIGINT - 2147483648 END::INTEGER,
     'd': CASE WHEN hash(i, 14) % 5 = 0 THEN NULL ELSE ((hash(i, 15) % 2000000000000)::BIGINT - 1000000000000)::DECIMAL(18,0) / 1000000 END::DECIMAL(18,6),
     'big': CASE WHEN hash(i, 16) % 5 = 0 THEN NULL WHEN hash(i, 16) % 5 = 1 THEN '-9999999999999999999999999999.9999999999'
                 ELSE (CASE WHEN hash(i, 19) % 2 = 0 THEN '' ELSE '-' END) || (hash(i, 17) % 1000000000000000000)::VARCHAR || '.' ||
                      lpad((hash(i, 18) % 10000000000)::VARCHAR, 10, '0') END::DECIMAL(38,10),
     't': CASE WHEN hash(i, 20) % 5 = 0 THEN NULL ELSE make_timestamp((hash(i, 21) % 315537897600000000)::BIGINT - 62135596800000000) END,
     'dt': CASE WHEN hash(i, 22) % 5 = 0 THEN NULL ELSE DATE '1970-01-01' + ((hash(i, 23) % 3652059)::INT - 719162) END,
     's': CASE WHEN hash(i, 24) % 5 = 0 THEN NULL ELSE 'v"' || (hash(i, 25) % 100)::VARCHAR || chr(92) END,
     'b': CASE WHEN hash(i, 26) % 3 = 0 THEN NULL ELSE hash(i, 27) % 2 = 0 END,
     'f': CASE WHEN hash(i, 28) % 5 = 0 THEN NULL WHEN i % 97 = 5 THEN 'nan'::DOUBLE WHEN i % 89 = 7 THEN '-inf'::DOUBLE
               WHEN hash(i, 28) % 5 = 1 THEN 1e21 ELSE ((hash(i, 29) % 2000000000)::DOUBLE / 7 - 1e8) * 1.000001 END::DOUBLE,
     'r': CASE WHEN hash(i, 30) % 5 = 0 THEN NULL ELSE ((hash(i, 31) % 2000000)::DOUBLE / 7 - 100000) END::FLOAT
   } END AS st`,
  `CASE hash(i, 32) % 9 WHEN 0 THEN NULL WHEN 1 THEN MAP([]::VARCHAR[], []::INTEGER[]) ELSE map_from_entries(
     [('k' || x::VARCHAR || (['', '"', chr(92), 'é'])[(${e(33)} % 4 + 1)::BIGINT], ${nullOr(34, 4, `(${e(35)} % 1000)::INTEGER`)}) for x in ${sizes(36)}]) END::MAP(VARCHAR, INTEGER) AS m`,
  `CASE hash(i, 37) % 9 WHEN 0 THEN NULL WHEN 1 THEN MAP([]::INTEGER[], []::VARCHAR[]) ELSE map_from_entries(
     [((x * 7 - 3)::INTEGER, ${nullOr(38, 4, `'v' || (${e(39)} % 100)::VARCHAR`)}) for x in ${sizes(40)}]) END::MAP(INTEGER, VARCHAR) AS mi`,
  `${listOf(41, `CASE WHEN ${e(42)} % 6 = 0 THEN NULL ELSE {'x': ${nullOr(43, 5, `(${e(44)} % 1000)::INTEGER`)}, 'y': ${nullOr(45, 5, `'y' || (${e(46)} % 10)::VARCHAR`)}} END`)}::STRUCT(x INTEGER, y VARCHAR)[] AS lst`,
  `${listOf(47, `CASE WHEN i % 53 = 0 THEN '\\xFF\\x00'::BLOB ELSE encode('b' || (${e(48)} % 1000)::VARCHAR) END`)}::BLOB[] AS bl`,
];

const utf8 = new TextDecoder('utf-8', { fatal: true });
class Refused extends Error {}

// A DuckDB nested value (as @duckdb/node-api gives it) as JSON in fastload's form: a struct's fields in order, a
// map of VARCHAR keys an object, any other map an array of {"key","value"}; leaves as duckText writes them, numbers
// bare, FLOAT and DOUBLE marked "~f" / "~d" (compare.mjs compares them as numbers); a value JSON cannot hold (NaN,
// infinity, bytes not UTF-8) throws Refused.
function duckJson(v, type) {
  if (v === null) return 'null';
  const kind = type.constructor.name;
  if (kind === 'DuckDBListType') return `[${v.items.map((x) => duckJson(x, type.valueType)).join(',')}]`;
  if (kind === 'DuckDBStructType')
    return `{${type.entryNames.map((n, j) => `${JSON.stringify(n)}:${duckJson(v.entries[n], type.entryTypes[j])}`).join(',')}}`;
  if (kind === 'DuckDBMapType') {
    if (String(type.keyType) === 'VARCHAR')
      return `{${v.entries.map((m) => `${JSON.stringify(m.key)}:${duckJson(m.value, type.valueType)}`).join(',')}}`;
    return `[${v.entries.map((m) => `{"key":${duckJson(m.key, type.keyType)},"value":${duckJson(m.value, type.valueType)}}`).join(',')}]`;
  }
  if (typeof v === 'boolean') return String(v);
  const text = duckText(v, String(type));
  if (kind === 'DuckDBFloatType' || kind === 'DuckDBDoubleType') {
    if (!Number.isFinite(v)) throw new Refused();
    return (kind === 'DuckDBFloatType' ? '~f' : '~d') + text;
  }
  if (typeof v === 'number' || typeof v === 'bigint' || v?.constructor?.name === 'DuckDBDecimalValue') return text;
  if (Buffer.isBuffer(text)) {
    try {
      return JSON.stringify(utf8.decode(text));
    } catch {
      throw new Refused();
    }
  }
  return JSON.stringify(text);
}

async function nestedExpected(con, file) {
  const reader = await con.runAndReadAll(`SELECT * FROM read_parquet('${file}')`);
  const types = reader.columnTypes();
  const nested = types.map((t) => ['DuckDBListType', 'DuckDBStructType', 'DuckDBMapType'].includes(t.constructor.name));
  const kinds = types.map((t, c) => (nested[c] ? 'j' : 'b'));
  const rows = reader.getRows().map((row) => {
    try {
      return row.map((v, c) => (nested[c] ? (v === null ? null : duckJson(v, types[c])) : duckText(v, String(types[c]))));
    } catch (error) {
      if (error instanceof Refused) return ['!refused'];
      throw error;
    }
  });
  fs.writeFileSync(`${file.slice(0, -'.parquet'.length)}.expected`, format.expectedFile(kinds, rows));
}

async function nestedCases(con) {
  await con.run(`CREATE TABLE nested AS SELECT ${nestedColumns.join(',\n')} FROM range(${NESTED}) t(i)`);
  for (const [version, codec] of [['v1', 'snappy'], ['v2', 'zstd'], ['v1', 'uncompressed']]) {
    const file = path.join(outdir, `nested_duckdb_${version}_${codec}.parquet`);
    await con.run(`COPY nested TO '${file}' (FORMAT parquet, COMPRESSION ${codec}, ROW_GROUP_SIZE 2048,
      PARQUET_VERSION ${version})`);
    await nestedExpected(con, file);
  }
}

await duckdbCases();
const wasmCases = await import('./write_wasm_cases.mjs');
await wasmCases.default(arrow, wasm, outdir);
await wasmCases.nestedCases(arrow, wasm, outdir);
