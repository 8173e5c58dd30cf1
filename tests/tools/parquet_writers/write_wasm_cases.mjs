// The parquet-wasm (arrow-rs) half of write_cases.mjs: an Arrow table (apache-arrow) of values at every type's
// limits with NULLs, written with each codec, encoding and writer version arrow-rs offers, and read back by
// parquet-wasm's reader into apache-arrow for NAME.expected; and nested columns (nestedCases: lists of lists,
// structs, maps of text and of integer keys, NULLs at every level) as JSON built from apache-arrow's values.
import fs from 'node:fs';
import path from 'node:path';
import * as format from './format.mjs';

const N = 2500;
let seed = 0x2545f491n;
// A 64-bit xorshift, the same values every run.
function random64() {
  seed ^= (seed << 13n) & 0xffffffffffffffffn;
  seed ^= seed >> 7n;
  seed ^= (seed << 17n) & 0xffffffffffffffffn;
  return seed;
}
const randomInt = (n) => Number(random64() % BigInt(n));

// A column of N values: specials first in each cycle of 23 rows (row % 23 == 0 is NULL), random ones otherwise.
function values(specials, random) {
  return Array.from({ length: N }, (_, i) => {
    const k = i % 23;
    if (k === 0) return null;
    return k <= specials.length ? specials[k - 1] : random(i);
  });
}

// Bit i set when list[i] is true (a Bool's values) or, for validity, not null.
function bitmap(list) {
  const bits = new Uint8Array((list.length + 7) >> 3);
  list.forEach((v, i) => { if (v === true) bits[i >> 3] |= 1 << (i & 7); });
  return bits;
}
const validity = (list) => bitmap(list.map((v) => v !== null));

// An Arrow vector of `type` over `list` (null for NULL): `Array` the typed array for its values, `stride` of them a
// value, `put(array, index, value)` storing one.
function fixed(type, list, Array, stride = 1, put = (a, i, v) => { a[i] = v; }) {
  const data = new Array(list.length * stride);
  list.forEach((v, i) => { if (v !== null) put(data, i, v); });
  return arrow.makeVector(arrow.makeData({ type, length: list.length, nullCount: list.filter((v) => v === null).length,
    nullBitmap: validity(list), data }));
}

function bytesVector(type, list) {
  const offsets = new Int32Array(list.length + 1);
  const chunks = list.map((v) => (v === null ? Buffer.alloc(0) : Buffer.from(v)));
  chunks.forEach((c, i) => { offsets[i + 1] = offsets[i] + c.length; });
  return arrow.makeVector(arrow.makeData({ type, length: list.length, nullCount: list.filter((v) => v === null).length,
    nullBitmap: validity(list), valueOffsets: offsets, data: new Uint8Array(Buffer.concat(chunks)) }));
}

function booleans(list) {
  return arrow.makeVector(arrow.makeData({ type: new arrow.Bool(), length: list.length,
    nullCount: list.filter((v) => v === null).length, nullBitmap: validity(list), data: bitmap(list.map((v) => v === true)) }));
}

// Decimal128: each value 4 little-endian 32-bit words of its two's complement.
function decimals(precision, scale) {
  const max = 10n ** BigInt(precision) - 1n;
  const list = values([max, -max, 0n, 1n, -1n], () => {
    const v = (random64() * random64()) % (max + 1n);
    return random64() & 1n ? -v : v;
  });
  return fixed(new arrow.Decimal(scale, precision, 128), list, Uint32Array, 4, (a, i, v) => {
    let u = BigInt.asUintN(128, v);
    for (let w = 0; w < 4; w++, u >>= 32n) a[i * 4 + w] = Number(u & 0xffffffffn);
  });
}

let arrow;

function table() {
  const int = (bits, signed) => {
    const min = signed ? -(2n ** BigInt(bits - 1)) : 0n;
    const max = signed ? 2n ** BigInt(bits - 1) - 1n : 2n ** BigInt(bits) - 1n;
    const list = values([min, max, 0n], () => min + random64() % (max - min + 1n));
    const Type = { 8: [arrow.Int8, arrow.Uint8, Int8Array, Uint8Array], 16: [arrow.Int16, arrow.Uint16, Int16Array, Uint16Array],
      32: [arrow.Int32, arrow.Uint32, Int32Array, Uint32Array], 64: [arrow.Int64, arrow.Uint64, BigInt64Array, BigUint64Array] }[bits];
    return fixed(new Type[signed ? 0 : 1](), list.map((v) => (v === null || bits === 64 ? v : Number(v))), Type[signed ? 2 : 3]);
  };
  const strings = values(['', 'tab\there', 'new\nline', 'back\\slash', '\\N', 'héllo wörld €😀', 'long '.repeat(1000), 'NULL'],
    () => (randomInt(3) ? `v${randomInt(40)}` : `unique ${random64()}`));
  const sorted = Array.from({ length: N }, (_, i) => (i % 31 === 0 ? null : `prefix/shared/${String(i).padStart(6, '0')}`));
  const blobs = values([Buffer.alloc(0), Buffer.from([0, 1, 255]), Buffer.from([9, 10, 92, 0])],
    () => Buffer.from(Array.from({ length: randomInt(20) }, () => randomInt(256))));
  const day = (d) => d;
  const columns = {
    i8: int(8, true), i16: int(16, true), i32: int(32, true), i64: int(64, true),
    u8: int(8, false), u16: int(16, false), u32: int(32, false), u64: int(64, false),
    f32: fixed(new arrow.Float32(), values([Infinity, -Infinity, NaN, -0, 1e-45, 3.4028234663852886e38, 1.1754943508222875e-38, 0.1],
      () => (randomInt(2000001) - 1000000) / 7), Float32Array),
    f64: fixed(new arrow.Float64(), values([Infinity, -Infinity, NaN, -0, 5e-324, 1.7976931348623157e308, 0.1, 1e21, 1e-7, 2 ** 53],
      () => (randomInt(2000000001) - 1e9) / 7.1), Float64Array),
    s: bytesVector(new arrow.Utf8(), strings),
    sorted: bytesVector(new arrow.Utf8(), sorted),
    bin: bytesVector(new arrow.Binary(), blobs),
    flag: booleans(values([true, false], () => randomInt(2) === 1)),
    d: fixed(new arrow.DateDay(), values([-719162, 2932896, -1, 0, 11016].map(day), () => randomInt(3652059) - 719162), Int32Array),
    t_ms: fixed(new arrow.TimeMillisecond(), values([0, 86399999, 500], () => randomInt(86400000)), Int32Array),
    t_us: fixed(new arrow.TimeMicrosecond(), values([0n, 86399999999n], () => random64() % 86400000000n), BigInt64Array),
    t_ns: fixed(new arrow.TimeNanosecond(), values([0n, 86399999999999n, 1n], () => random64() % 86400000000000n), BigInt64Array),
    ts_ms: fixed(new arrow.TimestampMillisecond(), values([-62135596800000n, 253402300799999n, -1n],
      () => random64() % 315537897600000n - 62135596800000n), BigInt64Array),
    ts_us: fixed(new arrow.TimestampMicrosecond('UTC'), values([-62135596800000000n, 253402300799999999n, -1n, -999999n],
      () => random64() % 315537897600000000n - 62135596800000000n), BigInt64Array),
    ts_ns: fixed(new arrow.TimestampNanosecond(), values([-9223372036854775807n, 9223372036854775807n, -1n, 1n],
      () => BigInt.asIntN(64, random64())), BigInt64Array),
    ts_ns_utc: fixed(new arrow.TimestampNanosecond('UTC'), values([-1000000001n], () => BigInt.asIntN(64, random64())), BigInt64Array),
    dec5: decimals(5, 2), dec9: decimals(9, 9), dec15: decimals(15, 0), dec18: decimals(18, 4), dec30: decimals(30, 7),
    dec38: decimals(38, 10),
    fsb: fixed(new arrow.FixedSizeBinary(5), values([Buffer.from([0, 9, 10, 92, 255])],
      () => Buffer.from(Array.from({ length: 5 }, () => randomInt(256)))), Uint8Array, 5, (a, i, v) => a.set(v, i * 5)),
  };
  // Two columns declared NOT NULL: REQUIRED in Parquet, with no definition levels.
  const ids = Array.from({ length: N }, (_, i) => BigInt(i) * 1000003n - 1000000000n);
  columns.required_id = fixed(new arrow.Int64(), ids, BigInt64Array);
  columns.required_s = bytesVector(new arrow.Utf8(), ids.map((v) => `r${v % 97n}`));
  const t = new arrow.Table(columns);
  const schema = new arrow.Schema(t.schema.fields.map((f) => (f.name.startsWith('required_') ? f.clone({ nullable: false }) : f)));
  return new arrow.Table(t.batches.map((b) => new arrow.RecordBatch(schema, b.data)));
}

// ---- parquet-wasm's reading back, formatted ----

function cell(data, i) {
  const type = data.type;
  const id = arrow.Type;
  switch (type.typeId) {
    case id.Int: return String(data.values[i]);
    case id.Float: return format.float(data.values[i]);
    case id.Bool: return (data.values[i >> 3] >> (i & 7)) & 1 ? '1' : '0';
    case id.Utf8:
    case id.Binary: return Buffer.from(data.values.subarray(data.valueOffsets[i], data.valueOffsets[i + 1]));
    case id.FixedSizeBinary: return Buffer.from(data.values.subarray(i * type.byteWidth, (i + 1) * type.byteWidth));
    case id.Date: return format.date(type.unit === arrow.DateUnit.DAY ? data.values[i] : Math.floor(Number(data.values[i]) / 86400000));
    case id.Time: return format.time(data.values[i], ['s', 'ms', 'us', 'ns'][type.unit]);
    case id.Timestamp: return format.timestamp(data.values[i], ['s', 'ms', 'us', 'ns'][type.unit]);
    case id.Decimal: {
      let u = 0n;
      for (let w = 3; w >= 0; w--) u = (u << 32n) | BigInt(data.values[i * 4 + w]);
      return format.decimal(BigInt.asIntN(128, u), type.scale);
    }
    default: throw new Error(`no text for an Arrow ${type}`);
  }
}

function expected(wasm, bytes, file) {
  const back = arrow.tableFromIPC(wasm.readParquet(bytes).intoIPCStream());
  const kinds = back.schema.fields.map((f) => (arrow.DataType.isFloat(f.type) ? (f.type.precision === 1 ? 'f' : 'd') : 'b'));
  const rows = [];
  for (const batch of back.batches) {
    const columns = batch.schema.fields.map((_, c) => batch.getChildAt(c).data[0]);
    for (let i = 0; i < batch.numRows; i++) rows.push(columns.map((d) => (d.getValid(i) ? cell(d, d.offset + i) : null)));
  }
  fs.writeFileSync(`${file.slice(0, -'.parquet'.length)}.expected`, format.expectedFile(kinds, rows));
}

// ---- the files ----

const ints = ['i8', 'i16', 'i32', 'i64', 'u8', 'u16', 'u32', 'u64', 'd', 't_ms', 't_us', 't_ns', 'ts_ms', 'ts_us', 'ts_ns',
  'ts_ns_utc', 'dec5', 'dec9', 'dec15', 'dec18'];
const plans = {
  plain: { dictionary: false },
  dictionary: { dictionary: true },
  // Dictionaries abandoned for plain pages mid-chunk once past their limit; many small pages.
  fallback: { dictionary: true, dictionaryPageSize: 256, dataPageSize: 256, batch: 64 },
  delta: { dictionary: false, encodings: { DELTA_BINARY_PACKED: ints, DELTA_LENGTH_BYTE_ARRAY: ['s', 'sorted', 'bin'],
    DELTA_BYTE_ARRAY: ['fsb', 'dec30', 'dec38'], BYTE_STREAM_SPLIT: ['f32', 'f64'] }, dataPageSize: 4096 },
  prefix: { dictionary: false, encodings: { DELTA_BYTE_ARRAY: ['s', 'sorted', 'bin'], BYTE_STREAM_SPLIT: [...ints, 'fsb', 'dec30',
    'dec38'] } },
};
const codecs = ['UNCOMPRESSED', 'SNAPPY', 'GZIP', 'BROTLI', 'ZSTD', 'LZ4_RAW'];

function write(wasm, ipc, outdir, name, plan, version, codec) {
  let b = new wasm.WriterPropertiesBuilder().setCompression(wasm.Compression[codec]).setMaxRowGroupSize(1000)
    .setWriterVersion(wasm.WriterVersion[version]).setDictionaryEnabled(plan.dictionary);
  if (plan.dictionaryPageSize) b = b.setDictionaryPageSizeLimit(plan.dictionaryPageSize);
  if (plan.dataPageSize) b = b.setDataPageSizeLimit(plan.dataPageSize);
  if (plan.batch) b = b.setWriteBatchSize(plan.batch);
  for (const [encoding, columns] of Object.entries(plan.encodings ?? {}))
    for (const c of columns) b = b.setColumnEncoding(c, wasm.Encoding[encoding]);
  const bytes = wasm.writeParquet(wasm.Table.fromIPCStream(ipc), b.build());
  const file = path.join(outdir, `${name}.parquet`);
  fs.writeFileSync(file, bytes);
  if (!name.startsWith('refuse_')) expected(wasm, bytes, file);
}

export default async function (arrowModule, wasm, outdir) {
  arrow = arrowModule;
  const ipc = arrow.tableToIPC(table(), 'stream');
  let k = 0;
  for (const [plan, settings] of Object.entries(plans)) {
    for (const version of ['V1', 'V2']) {
      const codec = codecs[k++ % codecs.length];
      write(wasm, ipc, outdir, `wasm_${plan}_${version.toLowerCase()}_${codec.toLowerCase()}`, settings, version, codec);
    }
  }
  for (const codec of codecs) write(wasm, ipc, outdir, `wasm_codec_${codec.toLowerCase()}`, plans.plain, 'V1', codec);
  // The Hadoop-framed LZ4 codec, which fastload refuses by name.
  write(wasm, ipc, outdir, 'refuse_codec_lz4', plans.plain, 'V1', 'LZ4');
}

// ---- nested columns ----

class Refused extends Error {}

// A nested value as apache-arrow decodes it, as JSON in fastload's form (write_cases.mjs' duckJson says which):
// floats marked "~f" / "~d", a value JSON cannot hold throws Refused.
function arrowJson(v, type) {
  if (v === null || v === undefined) return 'null';
  const id = arrow.Type;
  switch (type.typeId) {
    case id.List: return `[${[...v].map((x) => arrowJson(x, type.children[0].type)).join(',')}]`;
    case id.Struct: return `{${type.children.map((f) => `${JSON.stringify(f.name)}:${arrowJson(v[f.name], f.type)}`).join(',')}}`;
    case id.Map: {
      const [key, value] = type.children[0].type.children.map((f) => f.type);
      const entries = [...v];
      if (key.typeId === id.Utf8) return `{${entries.map(([k, x]) => `${JSON.stringify(k)}:${arrowJson(x, value)}`).join(',')}}`;
      return `[${entries.map(([k, x]) => `{"key":${arrowJson(k, key)},"value":${arrowJson(x, value)}}`).join(',')}]`;
    }
    case id.Float:
      if (!Number.isFinite(v)) throw new Refused();
      return (type.precision === 1 ? '~f' : '~d') + format.float(v);
    case id.Int: return String(v);
    case id.Bool: return String(v);
    case id.Utf8: return JSON.stringify(v);
    default: throw new Error(`no JSON for an Arrow ${type}`);
  }
}

function nestedTable() {
  const { Field, List, Struct, Map_, Int32, Int64, Float64, Utf8 } = arrow;
  const maybe = (k, value) => (randomInt(k) === 0 ? null : value);
  const list = (make) => (i) => (i % 11 === 0 ? null : i % 11 === 1 ? [] : Array.from({ length: randomInt(5) }, make));
  const rows = Array.from({ length: N }, (_, i) => i);
  const text = () => ['', 'a"b', 'c\\d', 'tab\t', 'é€😀', 'x'][randomInt(6)];
  const big = () => maybe(6, [9223372036854775807n, -9223372036854775808n, BigInt.asIntN(64, random64())][randomInt(3)]);
  const int = () => maybe(5, randomInt(2000001) - 1000000);
  const columns = {
    id: arrow.vectorFromArray(rows.map((i) => BigInt(i)), new Int64()),
    big: arrow.vectorFromArray(rows.map(list(big)), new List(new Field('item', new Int64(), true))),
    texts: arrow.vectorFromArray(rows.map(list(() => maybe(4, Array.from({ length: randomInt(3) }, () => maybe(5, text()))))),
      new List(new Field('item', new List(new Field('item', new Utf8(), true)), true))),
    st: arrow.vectorFromArray(rows.map((i) => (i % 13 === 0 ? null : {
      a: int(), f: maybe(5, i % 101 === 3 ? NaN : (randomInt(2000000) - 1000000) / 7), s: maybe(5, text()),
      l: maybe(4, Array.from({ length: randomInt(3) }, int)) })),
    new Struct([new Field('a', new Int32(), true), new Field('f', new Float64(), true), new Field('s', new Utf8(), true),
      new Field('l', new List(new Field('item', new Int32(), true)), true)])),
    m: arrow.vectorFromArray(rows.map((i) => (i % 9 === 0 ? null : new Map(Array.from({ length: randomInt(4) }, (_, k) => [`k${k}${text()}`, int()])))),
      new Map_(new Field('entries', new Struct([new Field('key', new Utf8(), false), new Field('value', new Int32(), true)]), false))),
    mi: arrow.vectorFromArray(rows.map((i) => (i % 9 === 0 ? null : new Map(Array.from({ length: randomInt(4) }, (_, k) => [k * 7 - 3, maybe(4, text())])))),
      new Map_(new Field('entries', new Struct([new Field('key', new Int32(), false), new Field('value', new Utf8(), true)]), false))),
  };
  return new arrow.Table(columns);
}

function nestedExpected(wasm, bytes, file) {
  const back = arrow.tableFromIPC(wasm.readParquet(bytes).intoIPCStream());
  const fields = back.schema.fields;
  const kinds = fields.map((f) => (arrow.DataType.isInt(f.type) ? 'b' : 'j'));
  const rows = [];
  for (let i = 0; i < back.numRows; i++) {
    try {
      rows.push(fields.map((f) => {
        const v = back.getChild(f.name).get(i);
        if (v === null) return null;
        return arrow.DataType.isInt(f.type) ? String(v) : arrowJson(v, f.type);
      }));
    } catch (error) {
      if (!(error instanceof Refused)) throw error;
      rows.push(['!refused']);
    }
  }
  fs.writeFileSync(`${file.slice(0, -'.parquet'.length)}.expected`, format.expectedFile(kinds, rows));
}

export async function nestedCases(arrowModule, wasm, outdir) {
  arrow = arrowModule;
  const ipc = arrow.tableToIPC(nestedTable(), 'stream');
  for (const [name, version, codec, plan] of [['v1_plain', 'V1', 'SNAPPY', plans.plain], ['v2_dictionary', 'V2', 'ZSTD', plans.dictionary],
    ['v1_small_pages', 'V1', 'UNCOMPRESSED', plans.fallback]]) {
    let b = new wasm.WriterPropertiesBuilder().setCompression(wasm.Compression[codec]).setMaxRowGroupSize(1000)
      .setWriterVersion(wasm.WriterVersion[version]).setDictionaryEnabled(plan.dictionary);
    if (plan.dataPageSize) b = b.setDataPageSizeLimit(plan.dataPageSize).setWriteBatchSize(plan.batch);
    const bytes = wasm.writeParquet(wasm.Table.fromIPCStream(ipc), b.build());
    const file = path.join(outdir, `nested_wasm_${name}.parquet`);
    fs.writeFileSync(file, bytes);
    nestedExpected(wasm, bytes, file);
  }
}
