#!/usr/bin/env node
// Runs s3rver (an S3 API server on a directory) on 127.0.0.1 over HTTP, and over HTTPS with a certificate, and the
// signature-checking proxy (s3_verify_proxy.js) in front of the HTTP one, all on ports the system picks (no race
// with another test choosing the same free port). Writes DIR/port, DIR/https_port, DIR/verify_port, then
// DIR/ready. Started by scripts/s3_server.sh.
//
//   node s3rver_run.js MODULES DATA OUT CERT KEY ACCESS:SECRET
'use strict';
const fs = require('fs');
const path = require('path');
const [modules, data, out, cert, key, keyPair] = process.argv.slice(2);
const S3rver = require(path.join(modules, 's3rver'));
const { createVerifyProxy } = require('./s3_verify_proxy.js');

async function main() {
  const common = { address: '127.0.0.1', port: 0, directory: data, silent: true };
  const plain = await new S3rver(common).run();
  const tls = await new S3rver({ ...common, cert: fs.readFileSync(cert), key: fs.readFileSync(key) }).run();
  const keys = new Map([[keyPair.slice(0, keyPair.indexOf(':')), keyPair.slice(keyPair.indexOf(':') + 1)]]);
  const proxy = createVerifyProxy({ upstream: `http://127.0.0.1:${plain.port}`, keys });
  await new Promise((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  fs.writeFileSync(path.join(out, 'port'), `${plain.port}\n`);
  fs.writeFileSync(path.join(out, 'https_port'), `${tls.port}\n`);
  fs.writeFileSync(path.join(out, 'verify_port'), `${proxy.address().port}\n`);
  fs.writeFileSync(path.join(out, 'ready'), '');
}
main().catch((e) => { console.error(`fastload: s3rver did not start: ${e.stack || e}`); process.exit(1); });
