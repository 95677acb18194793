// The prerender process (build time only). The engine starts it once per build:
//   node scripts/prerender.mjs <server entry> <client index.html> [--index]
// then writes JSON lines on stdin: first the site data, then one page data per line.
// For each page it answers one JSON line on stdout: {"html": "<!doctype html>…"} or
// {"error": "…"}.
// With --index, every page that marks content for search (data-pagefind-body) also goes to
// Pagefind's indexing service (its extended, Chinese-segmenting binary) as soon as it is
// rendered, so indexing runs alongside rendering; the line {"finish": {"outputPath": "…"}}
// writes the index and is answered with {"indexed": <pages>} or {"error": "…"}.
import fs from 'node:fs';
import path from 'node:path';
import {createInterface} from 'node:readline';
import {pathToFileURL} from 'node:url';

// React's production build: the development one renders several times slower.
process.env.NODE_ENV = 'production';

const [serverEntry, templatePath, ...flags] = process.argv.slice(2);
const indexing = flags.includes('--index');
let search = null;
const added = [];
const {render} = await import(pathToFileURL(path.resolve(serverEntry)).href);
const template = fs.readFileSync(templatePath, 'utf8');
const manifest = JSON.parse(fs.readFileSync(path.join(path.dirname(templatePath), '.vite/manifest.json'), 'utf8'));

// The lazy chunk of each page kind and embedded component: preloaded from the HTML so the
// browser fetches it alongside the main bundle instead of after it.
const chunkSources = {
  home: 'src/pages/Home.tsx',
  search: 'src/pages/SearchPage.tsx',
  blogList: 'src/blog/BlogList.tsx',
  blogPost: 'src/blog/BlogPost.tsx',
  blogArchive: 'src/blog/Archive.tsx',
  blogTags: 'src/pages/Tags.tsx',
  docTags: 'src/pages/Tags.tsx',
  docTag: 'src/pages/Tags.tsx',
  CharacterCounterDemo: 'src/components/CharacterCounterDemo.tsx',
  TodoListDemo: 'src/components/TodoListDemo.tsx',
  LinkButton: 'src/components/LinkButton.tsx',
  Highlight: 'src/components/Highlight.tsx',
};

const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry);
const entryImports = new Set(manifest[entryKey]?.imports ?? []);

/** Files a chunk needs (itself and its static imports), minus what the entry already has. */
function chunkFiles(key, seen = new Set()) {
  const m = manifest[key];
  if (!m || seen.has(key) || entryImports.has(key) || key === entryKey) return [];
  seen.add(key);
  return [m.file, ...(m.imports ?? []).flatMap((k) => chunkFiles(k, seen))];
}

function componentsOf(blocks, out) {
  for (const b of blocks ?? []) {
    if (b.t === 'component') out.add(b.name);
    for (const child of [b.children, ...(b.items ?? []).map((i) => i.children)]) {
      if (Array.isArray(child)) componentsOf(child, out);
    }
  }
  return out;
}

function preloads(site, page) {
  const names = new Set([page.page.kind]);
  const p = page.page;
  componentsOf(p.content ?? [], names);
  for (const post of p.posts ?? []) componentsOf(post.summary, names);
  const files = new Set([...names].flatMap((n) => (chunkSources[n] ? chunkFiles(chunkSources[n]) : [])));
  return [...files].map((f) => `<link rel="modulepreload" href="${site.baseUrl}${f}">`).join('\n    ');
}

const json = (v) => JSON.stringify(v).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');

function renderPage(site, page) {
  const {head, html} = render(site, page);
  const attr = (s) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
  const a = site.announcement;
  const htmlAttrs = [
    `lang="${attr(site.locale)}"`,
    `data-theme="${site.colorMode.defaultMode}"`,
    site.colorMode.respectPrefersColorScheme ? 'data-theme-os' : '',
    // A closeable bar's id, so the head script can hide a dismissed bar before first paint.
    a?.isCloseable ? `data-announcement="${attr(a.id)}"` : '',
  ].filter(Boolean).join(' ');
  // Function replacements: `$&` and friends in the content must stay literal.
  return template
    .replace('<html lang="zh-hans" data-theme="light">', () => `<html ${htmlAttrs}>`)
    .replace('<!--app-head-->', () => [head, preloads(site, page)].filter(Boolean).join('\n    '))
    .replace('<!--app-html-->', () => html)
    .replace('<!--app-data-->', () => `<script id="__data" type="application/json">${json({site, page})}</script>`);
}

// One index per build, created on first use (the promise, so concurrent pages share it).
function searchIndex() {
  search ??= (async () => {
    const pagefind = await import('pagefind');
    const {index, errors} = await pagefind.createIndex({});
    if (!index) throw new Error(`Pagefind: ${errors.join('; ')}`);
    return {pagefind, index};
  })();
  return search.then((s) => s.index);
}

let site = null;
const out = (v) => process.stdout.write(JSON.stringify(v) + '\n');
for await (const line of createInterface({input: process.stdin, crlfDelay: Infinity})) {
  if (!line) continue;
  if (!site) {
    site = JSON.parse(line);
    continue;
  }
  try {
    const msg = JSON.parse(line);
    if (msg.finish) {
      const index = await searchIndex();
      const results = await Promise.all(added);
      const failed = results.flatMap((r) => r.errors ?? []);
      const {errors} = await index.writeFiles({outputPath: msg.finish.outputPath});
      await (await search).pagefind.close();
      search = null;
      added.length = 0;
      const problems = [...failed, ...errors];
      out(problems.length ? {error: `Pagefind: ${problems.join('; ')}`} : {indexed: results.length});
      continue;
    }
    const html = renderPage(site, msg);
    if (indexing && html.includes('data-pagefind-body')) {
      // The page's route as its result URL; the browser adds the base URL.
      added.push(searchIndex().then((index) => index.addHTMLFile({url: msg.route, content: html})));
    }
    out({html});
  } catch (e) {
    out({error: e instanceof Error ? `${e.message}\n${e.stack}` : String(e)});
  }
}
