// The server under hostile requests (raw bytes over TCP, no client library to tidy them up)
// and under load from a second process (wrk): clean 4xx, no errors, memory stays flat.
import {test, expect} from '@playwright/test';
import {DOCSITE} from '../engine.mjs';
import net from 'node:net';
import fs from 'node:fs';
import {execFileSync, spawn} from 'node:child_process';
import path from 'node:path';
import {fileURLToPath} from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

// One server for this file: its tests run in order, in one worker.
test.describe.configure({mode: 'serial'});
const PORT = 4177;
let server;

/** Sends raw bytes, returns the status code of the answer (0 when the connection just closed). */
function raw(bytes) {
  return new Promise((resolve, reject) => {
    const s = net.connect(PORT, '127.0.0.1');
    let data = Buffer.alloc(0);
    s.on('data', (d) => (data = Buffer.concat([data, d])));
    s.on('error', () => resolve({status: 0, head: ''}));
    s.on('close', () => {
      const head = data.toString('latin1').split('\r\n\r\n')[0];
      const m = head.match(/^HTTP\/1\.[01] (\d{3})/);
      resolve({status: m ? Number(m[1]) : 0, head});
    });
    s.setTimeout(5000, () => {
      s.destroy();
      reject(new Error('no answer within 5 s'));
    });
    // Write without half-closing: the server answers, then closes (Connection: close).
    s.write(bytes);
  });
}

const get = (target, headers = '') => raw(Buffer.concat([Buffer.from(`GET `), Buffer.isBuffer(target) ? target : Buffer.from(target), Buffer.from(` HTTP/1.1\r\nHost: x\r\n${headers}Connection: close\r\n\r\n`)]));

function rssKb(pid) {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(status.match(/VmRSS:\s+(\d+)/)[1]);
}

test.beforeAll(async () => {
  server = spawn(DOCSITE, ['--root', root, 'serve', '--no-build', '--port', String(PORT)], {stdio: 'ignore'});
  await expect.poll(async () => (await get('/').catch(() => ({status: 0}))).status, {timeout: 10000}).toBe(200);
});

test.afterAll(() => server?.kill());

test('hostile requests get a clean 4xx and the server keeps serving', async () => {
  const cases = [
    ['/../../etc/passwd', [400, 404]],
    ['/docs/..%2f..%2f..%2fetc%2fpasswd', [400]],
    ['/%2e%2e/%2e%2e/etc/passwd', [400]],
    ['/%252e%252e/%252e%252e/etc/passwd', [404]],
    ['/..%5c..%5cwindows%5cwin.ini', [400]],
    ['/docs\\..\\..\\etc\\passwd', [400]],
    ['/docs/%00.html', [400]],
    ['/%ff%fe%fd', [400]],
    [Buffer.from([0x2f, 0xff, 0xfe, 0x61]), [400]],
    ['/' + 'a'.repeat(100_000), [400, 414, 431]],
  ];
  for (const [target, allowed] of cases) {
    const {status, head} = await get(target);
    expect(allowed, `${String(target).slice(0, 60)} → ${status}`).toContain(status);
    expect(head).not.toContain('root:');
    expect((await get('/')).status).toBe(200);
  }
  const longHeader = await get('/', `X-Long: ${'b'.repeat(100_000)}\r\n`);
  expect([400, 431]).toContain(longHeader.status);
  for (const method of ['POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'TRACE', 'CONNECT', 'FOO']) {
    const {status} = await raw(`${method} / HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\nConnection: close\r\n\r\n`);
    expect([400, 405], method).toContain(status);
  }
  for (const range of ['bytes=abc', 'bytes=5-2', 'bytes=99999999999-', 'bytes=-', 'lines=1-2', 'bytes=0-1,2-3', 'bytes=' + '1'.repeat(5000)]) {
    const {status} = await get('/sitemap.xml', `Range: ${range}\r\n`);
    expect([200, 206, 416], range).toContain(status);
  }
  const garbage = await raw('\x00\x01\x02 not http at all\r\n\r\n');
  expect([0, 400]).toContain(garbage.status);
  expect((await get('/docs/introduction/motivation')).status).toBe(200);
});

test('under load from a second process: no errors, memory stays flat', async () => {
  test.setTimeout(120_000);
  const doc = '/docs/introduction/motivation';
  const asset = '/assets/' + fs.readdirSync(path.join(root, 'build/assets')).find((f) => /^index-.*\.js$/.test(f));
  const wrk = (target) => {
    const out = execFileSync('wrk', ['-t2', '-c64', '-d5s', '--latency', '-H', 'Accept-Encoding: br, gzip', `http://127.0.0.1:${PORT}${target}`], {encoding: 'utf8'});
    const rps = Number(out.match(/Requests\/sec:\s+([\d.]+)/)[1]);
    const errors = out.match(/Socket errors:.*|Non-2xx or 3xx responses: \d+/g) ?? [];
    return {rps, errors, out};
  };
  // Warm up, then measure memory around two runs.
  wrk(doc);
  const before = rssKb(server.pid);
  const a = wrk(doc);
  const b = wrk(asset);
  const after = rssKb(server.pid);
  expect(a.errors, a.out).toEqual([]);
  expect(b.errors, b.out).toEqual([]);
  expect(a.rps).toBeGreaterThan(1000);
  expect(b.rps).toBeGreaterThan(1000);
  // Flat: allow allocator noise, not growth with the number of requests served.
  expect(after - before).toBeLessThan(20_000);
  fs.mkdirSync(path.join(root, 'tests/output'), {recursive: true});
  fs.writeFileSync(path.join(root, 'tests/output/load.json'), JSON.stringify({docRps: a.rps, assetRps: b.rps, rssBeforeKb: before, rssAfterKb: after}, null, 1));
});
