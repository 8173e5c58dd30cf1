#!/usr/bin/env node
// A reverse proxy in front of an S3 API server that checks each request's AWS Signature Version 4 (the
// Authorization header, or a presigned URL's X-Amz-* query) against known keys, as S3 does: a wrong secret
// gets 403 SignatureDoesNotMatch, an unknown access key 403 InvalidAccessKeyId, no signature 403 AccessDenied.
// Signed requests go on to the upstream unchanged. No dependencies: node's http and crypto only.
//
//   node s3_verify_proxy.js --upstream http://127.0.0.1:PORT --keys ACCESS:SECRET[,ACCESS:SECRET...]
//                           [--port-file FILE] [--port N]
//   node s3_verify_proxy.js --self-test      (the examples of the AWS SigV4 documentation for S3)
//
// The payload hash is taken from x-amz-content-sha256 as signed (UNSIGNED-PAYLOAD or a hex SHA-256); the body
// itself is not hashed. The request time is not checked against the clock.
'use strict';
const http = require('http');
const crypto = require('crypto');
const fs = require('fs');

const sha256 = (data) => crypto.createHash('sha256').update(data).digest('hex');
const hmac = (key, data) => crypto.createHmac('sha256', key).update(data).digest();

// RFC 3986 encoding as SigV4 wants it: everything but A-Z a-z 0-9 - _ . ~ as %XY (upper case); '/' kept in paths.
function uriEncode(s, keepSlash) {
  let out = '';
  for (const byte of Buffer.from(s, 'utf8')) {
    const c = String.fromCharCode(byte);
    if (/[A-Za-z0-9\-_.~]/.test(c) || (keepSlash && c === '/')) out += c;
    else out += '%' + byte.toString(16).toUpperCase().padStart(2, '0');
  }
  return out;
}
// Percent-decoding that leaves a malformed escape as it is (S3 answers those, not the proxy).
function uriDecode(s) {
  try { return decodeURIComponent(s); } catch { return s; }
}

// The canonical request of SigV4 for S3: the path decoded then encoded once (S3 does not encode twice), the
// query's names and values encoded and sorted (without X-Amz-Signature), the signed headers lower-cased, their
// values trimmed with inner runs of spaces made one.
function canonicalRequest(method, rawUrl, headers, signedHeaders, payloadHash) {
  const q = rawUrl.indexOf('?');
  const path = q < 0 ? rawUrl : rawUrl.slice(0, q);
  const query = q < 0 ? '' : rawUrl.slice(q + 1);
  const canonicalUri = uriEncode(uriDecode(path), true) || '/';
  const params = query.split('&').filter((p) => p !== '').map((p) => {
    const eq = p.indexOf('=');
    const name = eq < 0 ? p : p.slice(0, eq);
    const value = eq < 0 ? '' : p.slice(eq + 1);
    return [uriEncode(uriDecode(name)), uriEncode(uriDecode(value))];
  }).filter(([name]) => name !== 'X-Amz-Signature')
    .sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0));
  const canonicalQuery = params.map(([n, v]) => `${n}=${v}`).join('&');
  const canonicalHeaders = signedHeaders.map((h) => {
    const v = headers[h];
    return `${h}:${(Array.isArray(v) ? v.join(',') : v ?? '').trim().replace(/\s+/g, ' ')}\n`;
  }).join('');
  return [method, canonicalUri, canonicalQuery, canonicalHeaders, signedHeaders.join(';'), payloadHash].join('\n');
}

function signature(secret, amzDate, scope, canonical) {
  const [date, region, service] = scope.split('/');
  let key = hmac('AWS4' + secret, date);
  key = hmac(key, region);
  key = hmac(key, service);
  key = hmac(key, 'aws4_request');
  const stringToSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256(canonical)].join('\n');
  return { stringToSign, signature: crypto.createHmac('sha256', key).update(stringToSign).digest('hex') };
}

// The parts of the request's signature: from the Authorization header, or from a presigned URL's query.
function parseAuth(req) {
  const auth = req.headers.authorization;
  if (auth) {
    const m = /^AWS4-HMAC-SHA256\s+Credential=([^,\s]+)\s*,\s*SignedHeaders=([^,\s]+)\s*,\s*Signature=([0-9a-f]+)\s*$/
      .exec(auth);
    if (!m) return { error: ['AccessDenied', 'Unsupported or malformed Authorization header', 400] };
    return {
      credential: m[1], signedHeaders: m[2].split(';'), provided: m[3],
      amzDate: req.headers['x-amz-date'] || '', payloadHash: req.headers['x-amz-content-sha256'],
    };
  }
  const url = new URL(req.url, 'http://x');
  if (url.searchParams.get('X-Amz-Algorithm') === 'AWS4-HMAC-SHA256') {
    return {
      credential: url.searchParams.get('X-Amz-Credential') || '',
      signedHeaders: (url.searchParams.get('X-Amz-SignedHeaders') || '').split(';'),
      provided: url.searchParams.get('X-Amz-Signature') || '',
      amzDate: url.searchParams.get('X-Amz-Date') || '', payloadHash: 'UNSIGNED-PAYLOAD',
    };
  }
  return { error: ['AccessDenied', 'Access Denied', 403] };
}

// null when REQ is signed with one of KEYS (a Map access key -> secret), else [code, message, status].
function verify(req, keys) {
  const a = parseAuth(req);
  if (a.error) return a.error;
  const slash = a.credential.indexOf('/');
  const accessKey = slash < 0 ? a.credential : a.credential.slice(0, slash);
  const scope = a.credential.slice(slash + 1);
  if (!keys.has(accessKey)) {
    return ['InvalidAccessKeyId', 'The AWS Access Key Id you provided does not exist in our records.', 403];
  }
  if (!a.payloadHash) return ['InvalidRequest', 'Missing required header for this request: x-amz-content-sha256', 400];
  if (scope.split('/').length !== 4 || !a.amzDate.startsWith(scope.split('/')[0])) {
    return ['AuthorizationHeaderMalformed', 'The authorization header is malformed; the Credential is wrong', 400];
  }
  const canonical = canonicalRequest(req.method, req.url, req.headers, a.signedHeaders, a.payloadHash);
  const s = signature(keys.get(accessKey), a.amzDate, scope, canonical);
  if (s.signature !== a.provided) {
    return ['SignatureDoesNotMatch', 'The request signature we calculated does not match the signature you ' +
      'provided. Check your key and signing method.', 403, s.stringToSign, canonical];
  }
  return null;
}

const xmlEscape = (s) => String(s).replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);

function createVerifyProxy({ upstream, keys }) {
  const up = new URL(upstream);
  return http.createServer((req, res) => {
    const refused = verify(req, keys);
    if (refused) {
      const [code, message, status, stringToSign, canonical] = refused;
      let body = `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${xmlEscape(message)}` +
        '</Message>';
      if (stringToSign) {
        body += `<StringToSign>${xmlEscape(stringToSign)}</StringToSign>` +
          `<CanonicalRequest>${xmlEscape(canonical)}</CanonicalRequest>`;
      }
      body += `<RequestId>0000000000000000</RequestId></Error>`;
      req.resume();
      res.writeHead(status, { 'Content-Type': 'application/xml', 'Content-Length': Buffer.byteLength(body) });
      res.end(req.method === 'HEAD' ? undefined : body);
      return;
    }
    const out = http.request({ host: up.hostname, port: up.port, method: req.method, path: req.url,
      headers: req.headers }, (upRes) => {
      res.writeHead(upRes.statusCode, upRes.rawHeaders);
      upRes.pipe(res);
    });
    out.on('error', () => res.destroy());
    req.pipe(out);
  });
}

// The worked examples of the AWS documentation ("Signature Calculations for the Authorization Header").
function selfTest() {
  const keys = new Map([['AKIAIOSFODNN7EXAMPLE', 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY']]);
  const empty = sha256('');
  const cases = [
    ['/test.txt', { range: 'bytes=0-9' }, 'host;range;x-amz-content-sha256;x-amz-date',
      'f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41'],
    ['/?lifecycle', {}, 'host;x-amz-content-sha256;x-amz-date',
      'fea454ca298b7da1c68078a5d1bdbfbbe0d65c699e0f91ac7a200a0136783543'],
    ['/?max-keys=2&prefix=J', {}, 'host;x-amz-content-sha256;x-amz-date',
      '34b48302e7b5fa45bde8084f4b7868a86f0a534bc59db6670ed5711ef69dc6f7'],
  ];
  let failed = 0;
  for (const [url, extra, signed, expected] of cases) {
    const headers = { host: 'examplebucket.s3.amazonaws.com', 'x-amz-date': '20130524T000000Z',
      'x-amz-content-sha256': empty, ...extra };
    headers.authorization = 'AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request,' +
      `SignedHeaders=${signed},Signature=${expected}`;
    const r = verify({ method: 'GET', url, headers }, keys);
    console.log(`${r ? 'FAIL' : 'ok'} GET ${url}${r ? ': ' + r[0] : ''}`);
    if (r) failed++;
  }
  process.exit(failed ? 1 : 0);
}

function main(argv) {
  const opt = {};
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--self-test') return selfTest();
    opt[argv[i].replace(/^--/, '')] = argv[++i];
  }
  if (!opt.upstream || !opt.keys) {
    console.error('usage: s3_verify_proxy.js --upstream URL --keys ACCESS:SECRET[,...] [--port-file F] [--port N]');
    process.exit(2);
  }
  const keys = new Map(opt.keys.split(',').map((k) => [k.slice(0, k.indexOf(':')), k.slice(k.indexOf(':') + 1)]));
  const server = createVerifyProxy({ upstream: opt.upstream, keys });
  server.listen(Number(opt.port || 0), '127.0.0.1', () => {
    if (opt['port-file']) fs.writeFileSync(opt['port-file'], `${server.address().port}\n`);
  });
}

module.exports = { createVerifyProxy, verify, canonicalRequest };
if (require.main === module) main(process.argv.slice(2));
