// Measures the served site (bench/run starts the server): bytes a browser fetches per page
// type, search latency and bytes, search quality, Lighthouse. Prints JSON to stdout.
//   node bench/measure.mjs http://127.0.0.1:4190
import {chromium} from 'playwright-core';
import fs from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {execFileSync} from 'node:child_process';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..');
const build = path.join(root, 'build');
const base = process.argv[2] || 'http://127.0.0.1:4190';
const CHROMIUM = '/usr/bin/chromium';
const ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'];

/** Sizes of the file behind a same-site URL: raw, gzip and brotli as the server sends them. */
function sizes(url) {
  let p = decodeURIComponent(new URL(url).pathname).replace(/^\//, '');
  if (p === '') p = 'index.html';
  let file = path.join(build, p);
  if (!fs.existsSync(file) || fs.statSync(file).isDirectory()) file = path.join(build, `${p}.html`);
  if (!fs.existsSync(file)) return null;
  const raw = fs.statSync(file).size;
  const alt = (ext) => (fs.existsSync(`${file}.${ext}`) ? fs.statSync(`${file}.${ext}`).size : raw);
  return {raw, gzip: alt('gz'), br: alt('br')};
}

function kind(url, type) {
  if (/\.js$/.test(url)) return 'js';
  if (/\.css$/.test(url)) return 'css';
  if (type === 'document' || /\.html$/.test(url)) return 'html';
  if (/\/page-data\//.test(url)) return 'data';
  if (/\/pagefind\//.test(url)) return 'search';
  return 'other';
}

function total(requests) {
  const sum = {};
  for (const r of requests) {
    const s = sizes(r.url);
    if (!s) continue;
    const k = kind(r.url, r.type);
    sum[k] ??= {raw: 0, gzip: 0, br: 0, files: 0};
    sum[k].raw += s.raw;
    sum[k].gzip += s.gzip;
    sum[k].br += s.br;
    sum[k].files += 1;
  }
  return sum;
}

async function weights(browser) {
  const pages = {home: '/', doc: '/docs/introduction/motivation', docWithDemo: '/docs/introduction/getting-started', blogPost: '/blog/2022/10/11/recoil-0.7.6-release'};
  const out = {};
  for (const [name, route] of Object.entries(pages)) {
    // No prefetching: what the page itself needs. Prefetches are measured apart below.
    const context = await browser.newContext();
    await context.addInitScript(() => delete window.IntersectionObserver);
    const page = await context.newPage();
    const requests = [];
    page.on('request', (r) => r.url().startsWith(base) && requests.push({url: r.url(), type: r.resourceType()}));
    await page.goto(base + route, {waitUntil: 'networkidle'});
    out[name] = total(requests);
    if (name === 'doc') {
      requests.length = 0;
      await page.locator('.paginator__link--next').click();
      await page.waitForURL('**/core-concepts');
      await page.waitForLoadState('networkidle');
      out.navigateToNextDoc = total(requests);
    }
    await context.close();
  }
  // What viewport prefetching adds on a doc page, after the page has loaded.
  const context = await browser.newContext();
  const page = await context.newPage();
  const requests = [];
  page.on('request', (r) => r.url().startsWith(base) && requests.push({url: r.url(), type: r.resourceType()}));
  await page.goto(base + '/docs/introduction/motivation', {waitUntil: 'load'});
  const atLoad = requests.length;
  await page.waitForTimeout(3000);
  out.docPrefetchAfterLoad = total(requests.slice(atLoad));
  await context.close();
  return out;
}

async function search(browser) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const requests = [];
  page.on('request', (r) => r.url().startsWith(base) && requests.push({url: r.url(), type: r.resourceType()}));
  await page.goto(base + '/docs/introduction/motivation', {waitUntil: 'networkidle'});
  requests.length = 0;
  // The interface loads the whole index, chunk by chunk, once search opens.
  const chunks = JSON.parse(fs.readFileSync(path.join(build, 'pagefind/index-info.json'), 'utf8')).probes.length;
  let chunksLoaded = 0;
  page.on('requestfinished', (r) => r.url().endsWith('.pf_index') && chunksLoaded++);
  // Cold: open search, type a query at once, time until the first result shows.
  const opened = Date.now();
  await page.locator('.navbar .search-button').click();
  // Two times per query: the first result on screen (a page named like the query shows
  // before the full-text search answers), and the full-text answer (the total is shown).
  const timeQuery = (q) =>
    page.evaluate(async (q) => {
      const input = document.querySelector('.search-modal__input');
      const before = document.querySelector('.search-hit__title')?.textContent;
      const t0 = performance.now();
      const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value').set;
      setter.call(input, q);
      input.dispatchEvent(new Event('input', {bubbles: true}));
      let first = null;
      let full = null;
      for (;;) {
        const now = document.querySelector('.search-hit__title')?.textContent;
        if (first === null && now && now !== before) first = performance.now() - t0;
        const all = document.querySelector('.search-modal__all')?.textContent ?? '';
        if (full === null && first !== null && all && all !== window.__lastTotal) {
          window.__lastTotal = all;
          full = performance.now() - t0;
        }
        // The first hit's excerpt (its page's text is fetched after the hit shows by title).
        if (full !== null && document.querySelector('.search-hit__excerpt')?.textContent) {
          return {first, full, excerpt: performance.now() - t0};
        }
        if (performance.now() - t0 > 5000) return {first, full, excerpt: NaN};
        await new Promise((r) => setTimeout(r, 2));
      }
    }, q);
  const cold = await timeQuery('原子');
  const firstQuery = total(requests);
  requests.length = 0;
  // While the reader reads the first results, the rest of the index arrives.
  while (chunksLoaded < chunks) await page.waitForTimeout(10);
  const indexLoadedMs = Date.now() - opened;
  const restOfIndex = total(requests);
  requests.length = 0;
  // Warm: each further keystroke.
  const warm = [];
  for (const q of ['选择器', '快照', 'useRecoilState', 'waitForAll', '异步查询', '持久化', '重新渲染', '原子 缓存']) {
    warm.push({q, ...(await timeQuery(q))});
  }
  const nextQueries = total(requests);
  await context.close();
  // Quality: the query list of the tests, through the real /search page.
  const queries = JSON.parse(fs.readFileSync(path.join(root, 'tests/search/queries.json'), 'utf8'));
  const qp = await browser.newPage();
  let hits = 0;
  for (const {q, page: want} of queries) {
    await qp.goto(`${base}/search?q=${encodeURIComponent(q)}`);
    const links = qp.locator('.search-page__result h2 a');
    await links.first().waitFor({timeout: 10000}).catch(() => {});
    await qp.locator('.search-page[aria-busy="false"]').waitFor({timeout: 10000}).catch(() => {});
    const hrefs = (await links.evaluateAll((as) => as.slice(0, 3).map((a) => a.getAttribute('href')))).map(decodeURI);
    if (hrefs.includes(want)) hits++;
  }
  await qp.close();
  const indexBytes = execFileSync('du', ['-sb', path.join(build, 'pagefind')], {encoding: 'utf8'}).split('\t')[0];
  const ms = (t) => ({first: Math.round(t.first), full: Math.round(t.full), excerpt: Math.round(t.excerpt)});
  return {
    cold: ms(cold),
    warm: warm.map((w) => ({q: w.q, ...ms(w)})),
    // The debounce the interface waits before querying is part of these times.
    firstQuery,
    indexLoadedMs,
    restOfIndex,
    nextQueries,
    quality: {hits, queries: queries.length},
    indexBytes: Number(indexBytes),
  };
}

function lighthouse(route) {
  const lhr = JSON.parse(
    execFileSync(
      path.join(here, 'node_modules/.bin/lighthouse'),
      [base + route, '--quiet', '--output=json', '--form-factor=mobile', `--chrome-flags=--headless=new ${ARGS.join(' ')}`, '--only-categories=performance,accessibility,best-practices,seo'],
      {encoding: 'utf8', env: {...process.env, CHROME_PATH: CHROMIUM}, maxBuffer: 64 * 1024 * 1024},
    ),
  );
  const score = (c) => Math.round(lhr.categories[c].score * 100);
  const num = (a) => lhr.audits[a].numericValue;
  const failed = (c) =>
    lhr.categories[c].auditRefs
      .filter((r) => r.weight > 0 && lhr.audits[r.id].score !== null && lhr.audits[r.id].score < 1)
      .map((r) => r.id);
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: score('seo'),
    fcpMs: Math.round(num('first-contentful-paint')),
    lcpMs: Math.round(num('largest-contentful-paint')),
    tbtMs: Math.round(num('total-blocking-time')),
    cls: Number(num('cumulative-layout-shift').toFixed(3)),
    notPerfect: {accessibility: failed('accessibility'), bestPractices: failed('best-practices'), seo: failed('seo')},
  };
}

const browser = await chromium.launch({executablePath: CHROMIUM, args: ARGS});
if (process.env.BENCH_ONLY === 'search') {
  // For working on search alone: `BENCH_ONLY=search node bench/measure.mjs URL`.
  console.log(JSON.stringify(await search(browser), null, 1));
  await browser.close();
  process.exit(0);
}
const result = {weights: await weights(browser), search: await search(browser)};
await browser.close();
result.lighthouse = {};
for (const [name, route] of Object.entries({home: '/', doc: '/docs/introduction/motivation', blogPost: '/blog/2022/10/11/recoil-0.7.6-release'})) {
  // One Lighthouse run varies by a few points on a shared 2-core machine: the median of three
  // (by performance score, then LCP), as Lighthouse's own guidance recommends.
  const runs = [lighthouse(route), lighthouse(route), lighthouse(route)];
  runs.sort((a, b) => a.performance - b.performance || b.lcpMs - a.lcpMs);
  result.lighthouse[name] = {...runs[1], performanceRuns: runs.map((r) => r.performance)};
}
console.log(JSON.stringify(result, null, 1));
