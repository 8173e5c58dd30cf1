// node bench/typed_copies.mjs NODE_MODULES NODES.tsv: the nodes rows of NODES.tsv (bench/gen-nodes) again as
// NODES.tsv.jsonl (JSON lines) and NODES.tsv.snappy.parquet, NODES.tsv.zstd.parquet, written by DuckDB (from npm,
// scripts/parquet_writers.sh install) with the columns' own types, for bench/variants.sh's @jsonl and @parquet.
import { createRequire } from 'node:module';
import path from 'node:path';

const [modules, tsv] = process.argv.slice(2);
const require = createRequire(path.join(path.resolve(modules), 'x.js'));
const { DuckDBInstance } = require('@duckdb/node-api');
const db = await DuckDBInstance.create(':memory:');
const c = await db.connect();
const columns = `{'id': 'BIGINT', 'lat': 'DECIMAL(9,7)', 'lon': 'DECIMAL(10,7)', 'version': 'INTEGER',
  'timestamp': 'TIMESTAMP', 'changeset': 'BIGINT', 'uid': 'BIGINT', 'user': 'VARCHAR'}`;
await c.run(`CREATE TABLE nodes AS SELECT * FROM read_csv('${tsv}', delim = '\t', header = false, quote = '',
  escape = '', nullstr = '\\N', columns = ${columns})`);
await c.run(`COPY nodes TO '${tsv}.jsonl' (FORMAT json)`);
for (const codec of ['snappy', 'zstd'])
  await c.run(`COPY nodes TO '${tsv}.${codec}.parquet' (FORMAT parquet, COMPRESSION ${codec})`);
