// Turns the raw measurements of bench/run (bench/output/) into bench/results.json and the
// human-readable bench/RESULTS.md, with the targets next to the figures.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {fileURLToPath} from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const read = (f) => JSON.parse(fs.readFileSync(path.join(here, 'output', f), 'utf8'));
const cold = read('build-cold.json');
const warm = read('build-warm.json');
const rebuilds = fs.readFileSync(path.join(here, 'output/rebuild-ms.txt'), 'utf8').trim().split('\n').map(Number);
const server = read('server.json');
const m = read('measure.json');

const results = {
  date: new Date().toISOString().slice(0, 10),
  machine: `${os.cpus().length} cores (${os.cpus()[0]?.model.trim()}), ${Math.round(os.totalmem() / 2 ** 30)} GiB`,
  build: {cold, warm, rebuildMs: rebuilds},
  server,
  ...m,
};
fs.writeFileSync(path.join(here, 'results.json'), JSON.stringify(results, null, 1) + '\n');

const kb = (b) => (b / 1024).toFixed(1);
const ok = (pass) => (pass ? '✓' : '✗');
const w = m.weights;
const row = (name, t) =>
  `| ${name} | ${['html', 'css', 'js', 'data'].map((k) => (t[k] ? `${kb(t[k].raw)} / ${kb(t[k].gzip)} / ${kb(t[k].br)}` : '—')).join(' | ')} |`;
const stages = (b) => Object.entries(b.stagesMs).map(([k, v]) => `${k} ${v}`).join(', ');
const docJs = w.doc.js?.gzip ?? 0;
const docCss = w.doc.css?.gzip ?? 0;
const nav = Object.values(w.navigateToNextDoc).reduce((s, t) => s + t.gzip, 0);
const lh = m.lighthouse;
const s = m.search;

const md = `# Benchmark results

Measured by \`bench/run\` on ${results.date}, ${results.machine}. Re-run it to refresh this
file; \`bench/results.json\` has every figure.

## Build

| | total | stages (ms) | target |
|---|---|---|---|
| cold full build (no \`build/\`, no front-end bundle, no build cache) | ${(cold.totalMs / 1000).toFixed(2)} s | ${stages(cold)} | < 2 s ${ok(cold.totalMs < 2000)} |
| warm full build (bundle cached) | ${(warm.totalMs / 1000).toFixed(2)} s | ${stages(warm)} | < 1 s ${ok(warm.totalMs < 1000)} |
| one-file rebuild in \`dev\` | ${rebuilds.join(' / ')} ms | content, changed pages only | < 1 s ${ok(Math.max(...rebuilds) < 1000)} |

${cold.pages} pages, ${cold.files} files. The original site's generator needs about 45 s for the
same content on this kind of machine. The bundle stage shows only the part not hidden behind the
content stage; pages are compressed while they render, the index while the rest compresses.

## Bytes a browser fetches

Raw / gzip / brotli, KB. First loads with prefetching off (what the page needs); the
navigation row is a client-side move from a doc to the next one.

| page | HTML | CSS | JS | page data |
|---|---|---|---|---|
${row('home, first load', w.home)}
${row('doc page, first load', w.doc)}
${row('doc page with a live demo', w.docWithDemo)}
${row('blog post, first load', w.blogPost)}
${row('next doc, client-side', w.navigateToNextDoc)}

- Doc page JavaScript: ${docJs} bytes gzip (target < 55 KB, read as 55 000 bytes ${ok(docJs < 55_000)}; the original site ships about 160 KB).
- Doc page CSS: ${kb(docCss)} KB gzip (target < 15 KB ${ok(docCss < 15 * 1024)}).
- Navigating to the next doc: ${kb(nav)} KB gzip (target < 15 KB ${ok(nav < 15 * 1024)}).
- Prefetching adds, after a doc page has loaded and while the browser is idle: ${kb(Object.values(w.docPrefetchAfterLoad).reduce((a, t) => a + t.gzip, 0))} KB gzip (page data of the links in view).

## Search

| | figure | target |
|---|---|---|
| index size (\`build/pagefind\`) | ${kb(s.indexBytes)} KB | |
| first query after opening search cold (原子), median of 5 fresh browser contexts: first result / full-text answer / first excerpt | ${s.cold.first} / ${s.cold.full} / ${s.cold.excerpt} ms (full-text answer per run: ${s.cold.runs.map((r) => r.full).join(', ')}) | < 150 ms ${ok(s.cold.full < 150)} |
| first query: bytes fetched (gzip) | ${kb(Object.values(s.firstQuery).reduce((a, t) => a + t.gzip, 0))} KB | |
| rest of the index, loaded after the first query: done after opening / bytes (gzip) | ${s.indexLoadedMs} ms / ${kb(Object.values(s.restOfIndex).reduce((a, t) => a + t.gzip, 0))} KB | |
| index chunks the preload reached / chunk files | ${s.indexChunks.loaded} / ${s.indexChunks.files} | all ${ok(s.indexChunks.loaded === s.indexChunks.files)} |
| result ids → pages (a search with no term sorted by position): ids / pages, time in the page | ${s.mechanismCost.ids} / ${s.mechanismCost.pages}, ${s.mechanismCost.sortMs} ms | |
| preload probes (the manifest's prefixes): count / bytes / CPU time of the preload call | ${s.mechanismCost.probes} / ${s.mechanismCost.probeBytes} B / ${s.mechanismCost.preloadMs} ms | |
| later queries: first result | ${s.warm.map((w) => `${w.q} ${w.first}`).join(' · ')} ms | < 50 ms ${ok(s.warm.every((w) => w.first < 50))} |
| later queries: full-text answer | ${s.warm.map((w) => `${w.q} ${w.full}`).join(' · ')} ms | < 50 ms ${ok(s.warm.every((w) => w.full < 50))} |
| later queries: first excerpt | ${s.warm.map((w) => `${w.q} ${w.excerpt}`).join(' · ')} ms | |
| later queries: bytes fetched (gzip, ${s.warm.length} queries) | ${kb(Object.values(s.nextQueries).reduce((a, t) => a + t.gzip, 0))} KB | |
| all ${s.list.queries} queries of the quality list, one after another: full-text answer | median ${s.list.full.p50} · p90 ${s.list.full.p90} · max ${s.list.full.max} ms (${s.list.full.over50} of ${s.list.full.n} ≥ 50) | < 50 ms ${ok(s.list.full.over50 === 0)} |
| typed key by key, 100 ms a key (${s.keys.keystrokes} keystrokes): answer for what is typed so far | median ${s.keys.ms.p50} · p90 ${s.keys.ms.p90} · max ${s.keys.ms.max} ms (${s.keys.ms.over50} ≥ 50; ${s.keys.overtaken} overtaken by the next key) | < 50 ms ${ok(s.keys.ms.over50 === 0)} |
| quality: queries with their page in the top 3 | ${s.quality.hits} / ${s.quality.queries} | every query ${ok(s.quality.hits === s.quality.queries)} |

Times are measured in the page, from the input event to the DOM update that shows the
results (a MutationObserver; the browser paints it in the next frame). The interface has no
fixed input delay: a query starts at once unless one is under way, and then only the newest
query typed meanwhile runs after it. "First result" is the first hit on screen (pages whose
title is the query come from a title list already in memory); "full-text answer" is when the
full-text hits, by title, and their total are there; "first excerpt" is when the first hit's
excerpt, which needs a request for its page's text (a Pagefind fragment, about 4 KB), has
filled in. After the first excerpts, the interface preloads the rest of the index with one
query of short prefixes that start every word the build fed Pagefind (\`probes\` in
\`pagefind/search-manifest.json\`), so later queries need no index request; the later queries
are typed after that has finished. Hits show by title before their text arrives: a search with
no term, sorted by the \`position\` the build gives each page, lists every result id in the
manifest's page order. Pagefind runs on the main thread (its worker made the cold first answer
slower). Re-measure search alone
with \`BENCH_ONLY=search node bench/measure.mjs http://127.0.0.1:4190\` against
\`docsite serve --no-build --port 4190\`.

## Server

wrk, 2 threads, 64 connections, 5 s, brotli accepted: ${Math.round(server.docRps)} requests/s for a
doc page, ${Math.round(server.assetRps)} requests/s for a hashed asset.

## Lighthouse (mobile preset)

The median of three runs per page (the three performance scores in brackets).

| page | performance | accessibility | best practices | SEO | FCP | LCP | TBT | CLS |
|---|---|---|---|---|---|---|---|---|
${Object.entries(lh)
  .map(([name, r]) => `| ${name} | ${r.performance} (${(r.performanceRuns ?? [r.performance]).join(', ')}) | ${r.accessibility} | ${r.bestPractices} | ${r.seo} | ${r.fcpMs} ms | ${r.lcpMs} ms | ${r.tbtMs} ms | ${r.cls} |`)
  .join('\n')}

Targets: 100 in all four categories ${ok(Object.values(lh).every((r) => r.performance === 100 && r.accessibility === 100 && r.bestPractices === 100 && r.seo === 100))}; FCP and LCP under 1.2 s ${ok(Object.values(lh).every((r) => r.fcpMs < 1200 && r.lcpMs < 1200))}.
${Object.entries(lh)
  .flatMap(([name, r]) => Object.entries(r.notPerfect).filter(([, v]) => v.length).map(([c, v]) => `- ${name}, ${c}: ${v.join(', ')}`))
  .join('\n')}
`;
// Sections other commands write (bench/server, bench/scale, bench/fuzz) stay as they were.
const sections = (text) => text.split(/^(?=## )/m).slice(1);
const heading = (section) => section.split('\n')[0];
const ours = new Set(sections(md).map(heading));
const previous = fs.existsSync(path.join(here, 'RESULTS.md')) ? fs.readFileSync(path.join(here, 'RESULTS.md'), 'utf8') : '';
const kept = sections(previous).filter((s) => !ours.has(heading(s)));
fs.writeFileSync(path.join(here, 'RESULTS.md'), [md.trimEnd(), ...kept.map((s) => s.trimEnd())].join('\n\n') + '\n');
