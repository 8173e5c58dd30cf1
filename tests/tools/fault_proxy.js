#!/usr/bin/env node
// An HTTP proxy between a client and a server (nginx, s3rver) that misbehaves as its rules say, for the tests of
// fastload's remote reads: errors, SlowDown, cut connections, stalls. No dependencies.
//
//   node fault_proxy.js --upstream http://127.0.0.1:PORT --dir DIR
//
// Writes DIR/port once it listens (a port the system picks). Reads DIR/rules again on each request, so a test can
// change the behaviour mid-run; when the file's text changes, every rule's count starts anew. A rule a line
// (# comments), an action and conditions:
//
//   pass                    forward unchanged (e.g. "pass times=2" ahead of a fault: the fault hits the 3rd)
//   status=CODE             answer CODE (500, 503...) with an S3-style XML error, without asking the upstream
//   slowdown                answer 503 with S3's SlowDown error
//   retry-after=S           (with status or slowdown) a Retry-After: S header
//   cut=K                   forward, but close the connection after K bytes of the response body
//   close-after-headers     forward the status and headers, then close (cut=0)
//   drop                    close the connection without any answer
//   stall=S                 wait S seconds (fractions allowed) before forwarding
//   stall=S@K               forward, pausing S seconds after K bytes of the response body
//   times=N                 the next N requests that match (default 1; times=* every one)
//   range / norange         only requests with / without a Range header
//   method=M                only requests of method M (GET, HEAD, PUT...)
//   path=REGEX              only requests whose path and query match REGEX (JavaScript)
//   from=B                  only ranged requests whose range begins at byte B or later
//
// The first rule that matches and has uses left acts; a request no rule takes is forwarded. After each request
// DIR/counts holds "NAME COUNT" lines: requests, ranged, method.GET..., action.pass, action.status=503,
// action.cut..., faulted (all but pass), rule.LINE (uses of the rule on that line), path./PATH (requests per
// path, no query); DIR/requests.log a line a request: METHOD URL RANGE -> ACTION.
'use strict';
const http = require('http');
const fs = require('fs');
const path = require('path');

const opt = {};
for (let i = 2; i < process.argv.length; i += 2) opt[process.argv[i].replace(/^--/, '')] = process.argv[i + 1];
if (!opt.upstream || !opt.dir) {
  console.error('usage: fault_proxy.js --upstream http://HOST:PORT --dir DIR');
  process.exit(2);
}
const up = new URL(opt.upstream);
const rulesFile = path.join(opt.dir, 'rules');
const countsFile = path.join(opt.dir, 'counts');
const logFile = path.join(opt.dir, 'requests.log');
if (!fs.existsSync(rulesFile)) fs.writeFileSync(rulesFile, '');

let rulesText = null;
let rules = [];
const counts = new Map();
const bump = (name) => counts.set(name, (counts.get(name) || 0) + 1);

function parseRules(text) {
  const parsed = [];
  text.split('\n').forEach((raw, index) => {
    const line = raw.replace(/#.*/, '').trim();
    if (!line) return;
    const rule = { line: index + 1, left: 1, action: 'pass' };
    for (const word of line.split(/\s+/)) {
      const [key, value] = word.includes('=') ? [word.slice(0, word.indexOf('=')), word.slice(word.indexOf('=') + 1)]
        : [word, undefined];
      if (key === 'times') rule.left = value === '*' ? Infinity : Number(value);
      else if (key === 'range') rule.range = true;
      else if (key === 'norange') rule.range = false;
      else if (key === 'method') rule.method = value.toUpperCase();
      else if (key === 'path') rule.path = new RegExp(value);
      else if (key === 'from') rule.from = Number(value);
      else if (key === 'retry-after') rule.retryAfter = value;
      else if (key === 'status') { rule.action = 'status'; rule.status = Number(value); }
      else if (key === 'cut') { rule.action = 'cut'; rule.at = Number(value); }
      else if (key === 'close-after-headers') { rule.action = 'cut'; rule.at = 0; }
      else if (key === 'stall' && value.includes('@')) {
        rule.action = 'stall-body'; rule.seconds = Number(value.split('@')[0]); rule.at = Number(value.split('@')[1]);
      } else if (key === 'stall') { rule.action = 'stall'; rule.seconds = Number(value); }
      else if (['slowdown', 'drop', 'pass'].includes(key)) rule.action = key;
      else console.error(`fault_proxy: ${rulesFile}:${index + 1}: unknown word ${word}`);
    }
    parsed.push(rule);
  });
  return parsed;
}

// The rule that takes REQ (one use of it spent), or null.
function take(req) {
  let text = '';
  try { text = fs.readFileSync(rulesFile, 'utf8'); } catch { /* no rules: forward everything */ }
  if (text !== rulesText) { rulesText = text; rules = parseRules(text); }
  const ranged = req.headers.range !== undefined;
  for (const r of rules) {
    if (r.left <= 0) continue;
    if (r.range !== undefined && r.range !== ranged) continue;
    if (r.method && r.method !== req.method) continue;
    if (r.path && !r.path.test(req.url)) continue;
    if (r.from !== undefined && !(ranged && Number((/^bytes=(\d+)-/.exec(req.headers.range) || [])[1]) >= r.from)) continue;
    r.left--;
    return r;
  }
  return null;
}

function errorBody(code, message) {
  return `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${message}</Message>` +
    '<RequestId>0000000000000000</RequestId></Error>';
}

function forward(req, res, rule) {
  const out = http.request({ host: up.hostname, port: up.port, method: req.method, path: req.url,
    headers: req.headers }, (upRes) => {
    res.writeHead(upRes.statusCode, upRes.rawHeaders);
    if (!rule || (rule.action !== 'cut' && rule.action !== 'stall-body')) { upRes.pipe(res); return; }
    if (rule.action === 'cut' && rule.at === 0) { res.flushHeaders(); upRes.destroy(); res.socket.end(); return; }
    let sent = 0;
    let done = false;
    upRes.on('data', (chunk) => {
      if (done) { if (rule.action === 'stall-body') res.write(chunk); return; }
      const room = rule.at - sent;
      if (chunk.length < room) { sent += chunk.length; res.write(chunk); return; }
      done = true;
      if (room > 0) res.write(chunk.subarray(0, room));
      if (rule.action === 'cut') { upRes.destroy(); res.socket.end(); return; }
      upRes.pause();
      setTimeout(() => { if (chunk.length > room) res.write(chunk.subarray(room)); upRes.resume(); },
        rule.seconds * 1000);
    });
    upRes.on('end', () => { if (!done || rule.action !== 'cut') res.end(); });
  });
  out.on('error', () => res.destroy());
  req.pipe(out);
}

const server = http.createServer((req, res) => {
  res.on('error', () => {});
  req.on('error', () => {});
  const rule = take(req);
  const action = rule ? (rule.action === 'status' ? `status=${rule.status}` : rule.action) : 'pass';
  bump('requests');
  if (req.headers.range !== undefined) bump('ranged');
  bump(`method.${req.method}`);
  bump(`action.${action}`);
  if (action !== 'pass') bump('faulted');
  if (rule) bump(`rule.${rule.line}`);
  bump(`path.${req.url.split('?')[0]}`);
  fs.writeFileSync(countsFile, [...counts].map(([k, v]) => `${k} ${v}\n`).sort().join(''));
  fs.appendFileSync(logFile, `${req.method} ${req.url} ${req.headers.range || '-'} -> ${action}\n`);
  if (!rule || rule.action === 'pass' || rule.action === 'cut' || rule.action === 'stall-body') {
    forward(req, res, rule);
  } else if (rule.action === 'stall') {
    setTimeout(() => forward(req, res, null), rule.seconds * 1000);
  } else if (rule.action === 'drop') {
    req.socket.destroy();
  } else {  // status, slowdown
    const status = rule.action === 'slowdown' ? 503 : rule.status;
    const body = rule.action === 'slowdown' ? errorBody('SlowDown', 'Please reduce your request rate.')
      : errorBody(status === 503 ? 'ServiceUnavailable' : status >= 500 ? 'InternalError' : 'Error',
        http.STATUS_CODES[status] || 'Error');
    const headers = { 'Content-Type': 'application/xml', 'Content-Length': Buffer.byteLength(body) };
    if (rule.retryAfter !== undefined) headers['Retry-After'] = rule.retryAfter;
    req.resume();
    res.writeHead(status, headers);
    res.end(req.method === 'HEAD' ? undefined : body);
  }
});
server.listen(0, '127.0.0.1', () => fs.writeFileSync(path.join(opt.dir, 'port'), `${server.address().port}\n`));
