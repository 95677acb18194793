// Measures the served site (bench/run starts the server): bytes a browser fetches per page
// type, search latency and bytes, search quality, Lighthouse. Prints JSON to stdout.
//   node bench/measure.mjs http://127.0.0.1:4190
// Only the Lighthouse runs (median of three per page): BENCH_ONLY=lighthouse node bench/measure.mjs URL
// Without a server or a browser, the JavaScript a page loads on first load (its module script,
// its modulepreloads and what they import), from build/, against the budget:
//   node bench/measure.mjs --first-load-js [--max-kib 55] [page.html ...]
import fs from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {execFileSync} from 'node:child_process';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..');
const build = path.join(root, 'build');
const base = process.argv[2]?.startsWith('http') ? process.argv[2] : 'http://127.0.0.1:4190';
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
  const alt = (ext, otherwise) => (fs.existsSync(`${file}.${ext}`) ? fs.statSync(`${file}.${ext}`).size : otherwise);
  // Without a brotli copy the server sends the gzip one to a browser that accepts both.
  const gzip = alt('gz', raw);
  return {raw, gzip, br: alt('br', gzip)};
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

// Times one query typed into the open search dialog, in the page, from the input event to the
// DOM update (a MutationObserver runs right after React commits; paint follows in the next
// frame). `first`: the first hit of this query is on screen (pages named like the query come
// from a title list in memory, before the full-text search answers); `full`: the full-text
// answer (its total, in the "See all" link for exactly this query); `excerpt`: the first
// hit's excerpt, which needs its page's text (a Pagefind fragment), has filled in.
function typeQuery(page, q) {
  return page.evaluate(async (q) => {
    const modal = document.querySelector('.search-modal');
    const input = modal.querySelector('.search-modal__input');
    const before = modal.querySelector('.search-hit__title')?.textContent;
    const href = `q=${encodeURIComponent(q)}`;
    const t0 = performance.now();
    const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value').set;
    setter.call(input, q);
    input.dispatchEvent(new Event('input', {bubbles: true}));
    const t = {first: NaN, full: NaN, excerpt: NaN};
    await new Promise((done) => {
      const check = () => {
        const now = performance.now() - t0;
        const title = modal.querySelector('.search-hit__title')?.textContent;
        const answered = modal.querySelector('.search-modal__all')?.getAttribute('href')?.endsWith(href);
        if (Number.isNaN(t.first) && title && (title !== before || answered)) t.first = now;
        if (Number.isNaN(t.full) && answered) t.full = now;
        if (answered && modal.querySelector('.search-hit__excerpt')?.textContent) {
          t.excerpt = now;
          observer.disconnect();
          done();
        }
      };
      const observer = new MutationObserver(check);
      observer.observe(modal, {subtree: true, childList: true, characterData: true, attributes: true});
      setTimeout(() => (observer.disconnect(), done()), 5000);
    });
    return t;
  }, q);
}

// Typed one key at a time, `intervalMs` apart (a brisk typist; an input method commits a
// Chinese word at once, so those are typed a word at a time): for each keystroke, the time
// until the full-text answer for exactly what is typed so far is on screen. A keystroke whose
// answer is overtaken by the next keystroke counts as overtaken, not as a time.
function typeKeys(page, keys, intervalMs) {
  return page.evaluate(
    async ([keys, intervalMs]) => {
      const modal = document.querySelector('.search-modal');
      const input = modal.querySelector('.search-modal__input');
      const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value').set;
      const typed = [];
      const observer = new MutationObserver(() => {
        const href = modal.querySelector('.search-modal__all')?.getAttribute('href') ?? '';
        for (const k of typed) if (Number.isNaN(k.ms) && href.endsWith(`q=${encodeURIComponent(k.q)}`)) k.ms = performance.now() - k.t0;
      });
      observer.observe(modal, {subtree: true, childList: true, characterData: true, attributes: true});
      let text = '';
      for (const k of keys) {
        text += k;
        typed.push({q: text.trim(), t0: performance.now(), ms: NaN});
        setter.call(input, text);
        input.dispatchEvent(new Event('input', {bubbles: true}));
        await new Promise((r) => setTimeout(r, intervalMs));
      }
      await new Promise((r) => setTimeout(r, 500));
      observer.disconnect();
      return typed.map(({q, ms}) => ({q, ms: Number.isNaN(ms) ? null : Math.round(ms)}));
    },
    [keys, intervalMs],
  );
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))];
function spread(values) {
  const v = values.filter((x) => Number.isFinite(x)).sort((a, b) => a - b);
  return {n: v.length, p50: Math.round(percentile(v, 0.5)), p90: Math.round(percentile(v, 0.9)), max: Math.round(v[v.length - 1]), over50: v.filter((x) => x >= 50).length};
}

async function openSearch(browser) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const requests = [];
  page.on('request', (r) => r.url().startsWith(base) && requests.push({url: r.url(), type: r.resourceType()}));
  await page.goto(base + '/docs/introduction/motivation', {waitUntil: 'networkidle'});
  requests.length = 0;
  // The interface loads the whole index once search opens: every chunk file of the build.
  const chunks = fs.readdirSync(path.join(build, 'pagefind/index')).filter((f) => f.endsWith('.pf_index')).length;
  let chunksLoaded = 0;
  page.on('requestfinished', (r) => r.url().endsWith('.pf_index') && chunksLoaded++);
  const opened = Date.now();
  await page.locator('.navbar .search-button').click();
  await page.locator('.search-modal__input').waitFor();
  return {context, page, requests, opened, indexLoaded: async () => {
    // Every chunk, or what the preload reached within 10 s (reported as chunksLoaded/chunks).
    while (chunksLoaded < chunks && Date.now() - opened < 10000) await page.waitForTimeout(10);
    return {ms: Date.now() - opened, chunksLoaded, chunks};
  }};
}

// What the two build-supplied mechanisms cost in the page, measured on the loaded runtime: the
// search with no term sorted by position that maps result ids to pages, and the preload of
// the probes (every chunk already loaded here, so this is its CPU time).
function mechanisms(page) {
  return page.evaluate(async () => {
    const pf = await import('/pagefind/pagefind.js');
    const manifest = await (await fetch('/pagefind/search-manifest.json')).json();
    let t = performance.now();
    const {results} = await pf.search(null, {sort: {position: 'asc'}});
    const sortMs = performance.now() - t;
    t = performance.now();
    await pf.preload(manifest.probes);
    const preloadMs = performance.now() - t;
    return {pages: manifest.pages.length, ids: results.length, sortMs: Math.round(sortMs * 10) / 10, probes: manifest.probes.split(' ').length, probeBytes: manifest.probes.length, preloadMs: Math.round(preloadMs)};
  });
}

async function search(browser) {
  // Cold: open search and type a query at once, in a fresh browser context; five times.
  const colds = [];
  let firstQuery;
  let restOfIndex;
  let indexLoadedMs;
  let indexChunks;
  let mechanismCost;
  for (let i = 0; i < 5; i++) {
    const s = await openSearch(browser);
    colds.push(await typeQuery(s.page, '原子'));
    if (i === 0) {
      firstQuery = total(s.requests);
      s.requests.length = 0;
      // While the reader reads the first results, the rest of the index arrives.
      const loaded = await s.indexLoaded();
      indexLoadedMs = loaded.ms;
      indexChunks = {loaded: loaded.chunksLoaded, files: loaded.chunks};
      mechanismCost = await mechanisms(s.page);
      restOfIndex = total(s.requests);
    }
    await s.context.close();
  }
  const coldMedian = (k) => Math.round(colds.map((c) => c[k]).sort((a, b) => a - b)[2]);
  // Warm: in one dialog, after the index has loaded, query after query.
  const s = await openSearch(browser);
  await typeQuery(s.page, '原子');
  await s.indexLoaded();
  await s.page.waitForTimeout(300);
  s.requests.length = 0;
  const warm = [];
  for (const q of ['选择器', '快照', 'useRecoilState', 'waitForAll', '异步查询', '持久化', '重新渲染', '原子 缓存']) {
    warm.push({q, ...(await typeQuery(s.page, q))});
  }
  const nextQueries = total(s.requests);
  // Every query of the quality list, one after another in the same dialog.
  const list = JSON.parse(fs.readFileSync(path.join(root, 'tests/search/queries.json'), 'utf8'));
  const listed = [];
  for (const {q} of list) listed.push({q, ...(await typeQuery(s.page, q))});
  // Key by key at 100 ms a key, the dialog emptied first.
  const keys = [];
  for (const word of [[...'useRecoilValueLoadable'], ['异步', '查询'], [...'atomFamily'], ['原子', ' 缓存'], ['持久化']]) {
    await s.page.locator('.search-modal__input').fill('');
    keys.push(...(await typeKeys(s.page, word, 100)));
  }
  await s.context.close();
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
    cold: {first: coldMedian('first'), full: coldMedian('full'), excerpt: coldMedian('excerpt'), runs: colds.map(ms)},
    warm: warm.map((w) => ({q: w.q, ...ms(w)})),
    list: {queries: listed.length, first: spread(listed.map((t) => t.first)), full: spread(listed.map((t) => t.full)), slowest: [...listed].sort((a, b) => b.full - a.full).slice(0, 5).map((t) => ({q: t.q, ...ms(t)}))},
    keys: {keystrokes: keys.length, overtaken: keys.filter((k) => k.ms === null).length, ms: spread(keys.map((k) => k.ms ?? NaN)), each: keys},
    firstQuery,
    indexLoadedMs,
    indexChunks,
    mechanismCost,
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

/** The module scripts `htmlFile` loads on first load: its entry (a module script, or the one the
 * after-paint loader starts: `data-entry`) and modulepreloads, and the chunks those import
 * statically (Vite lists them, but a chunk's imports are the truth). */
function firstLoadScripts(htmlFile) {
  const html = fs.readFileSync(htmlFile, 'utf8');
  const refs = [...html.matchAll(/<script (?:type="module"[^>]*\ssrc|data-entry)="([^"]+)"|<link rel="modulepreload"[^>]*\shref="([^"]+)"/g)];
  if (!refs.some((m) => m[1])) throw new Error(`${htmlFile} has no entry script`);
  const files = new Set();
  const visit = (file) => {
    if (files.has(file)) return;
    if (!fs.existsSync(file)) throw new Error(`${htmlFile} loads ${path.relative(build, file)}, which is not in build/`);
    files.add(file);
    for (const m of fs.readFileSync(file, 'utf8').matchAll(/import\s*(?:[\w$*{}\s,]+from\s*)?["'](\.\.?\/[^"']+\.js)["']/g)) {
      visit(path.resolve(path.dirname(file), m[1]));
    }
  };
  // Asset URLs are under the site's base URL; the files are under build/assets/.
  for (const m of refs) visit(path.join(build, 'assets', path.basename(new URL(m[1] ?? m[2], 'http://site/').pathname)));
  return [...files];
}

function firstLoadJs(pages, maxKib) {
  let over = false;
  const out = pages.map((page) => {
    const htmlFile = path.resolve(page);
    const files = firstLoadScripts(htmlFile).map((f) => ({file: path.relative(build, f), ...sizes(`http://site/${path.relative(build, f)}`)}));
    const gzip = files.reduce((n, f) => n + f.gzip, 0);
    over ||= maxKib !== undefined && gzip / 1024 >= maxKib;
    return {page: path.relative(root, htmlFile), gzipKib: Number((gzip / 1024).toFixed(1)), gzip, br: files.reduce((n, f) => n + f.br, 0), files};
  });
  console.log(JSON.stringify(out, null, 1));
  if (over) {
    console.error(`over the budget: a page loads ${maxKib} KiB of JavaScript (gzip) or more on first load`);
    process.exit(1);
  }
}

if (process.argv.includes('--first-load-js')) {
  const args = process.argv.slice(2).filter((a) => a !== '--first-load-js');
  const at = args.indexOf('--max-kib');
  const maxKib = at >= 0 ? Number(args.splice(at, 2)[1]) : undefined;
  firstLoadJs(args.length ? args : [path.join(build, 'docs/api-reference/core/atom.html')], maxKib);
  process.exit(0);
}

const {chromium} = await import('playwright-core');
const browser = await chromium.launch({executablePath: CHROMIUM, args: ARGS});
if (process.env.BENCH_ONLY === 'search') {
  // For working on search alone: `BENCH_ONLY=search node bench/measure.mjs URL`.
  console.log(JSON.stringify(await search(browser), null, 1));
  await browser.close();
  process.exit(0);
}
function lighthouseMedians() {
  const out = {};
  for (const [name, route] of Object.entries({home: '/', doc: '/docs/introduction/motivation', blogPost: '/blog/2022/10/11/recoil-0.7.6-release'})) {
    // One Lighthouse run varies by a few points on a shared 2-core machine: the median of three
    // (by performance score, then LCP), as Lighthouse's own guidance recommends.
    const runs = [lighthouse(route), lighthouse(route), lighthouse(route)];
    runs.sort((a, b) => a.performance - b.performance || b.lcpMs - a.lcpMs);
    out[name] = {...runs[1], performanceRuns: runs.map((r) => r.performance), fcpRuns: runs.map((r) => r.fcpMs)};
  }
  return out;
}

if (process.env.BENCH_ONLY === 'lighthouse') {
  // For working on page speed alone: `BENCH_ONLY=lighthouse node bench/measure.mjs URL`.
  await browser.close();
  console.log(JSON.stringify(lighthouseMedians(), null, 1));
  process.exit(0);
}
const result = {weights: await weights(browser), search: await search(browser)};
await browser.close();
result.lighthouse = lighthouseMedians();
console.log(JSON.stringify(result, null, 1));
