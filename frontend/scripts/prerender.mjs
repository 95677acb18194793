// The prerender process (build time only). The engine starts it once per build:
//   node scripts/prerender.mjs <server entry> <client index.html>
// then writes JSON lines on stdin: first the site data, then one page data per line.
// For each page it answers one JSON line on stdout: {"html": "<!doctype html>…"} or
// {"error": "…"}. With PRERENDER_PROFILE=1 it reports its time per phase on stderr.
import fs from 'node:fs';
import path from 'node:path';
import {createInterface} from 'node:readline';
import {pathToFileURL} from 'node:url';

// React's production build: the development one renders several times slower.
process.env.NODE_ENV = 'production';

const [serverEntry, templatePath] = process.argv.slice(2);
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

const attr = (s) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
const json = (v) => JSON.stringify(v).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');

/** The URL of a route's page data (as the client's dataUrl() makes it). */
function dataUrl(site, route) {
  return `${site.baseUrl}page-data${encodeURI(route === '/' ? '/index' : route)}.json`;
}

function renderPage(site, page) {
  const {head, html} = render(site, page);
  // The page's data is not inlined (it would double every page): the browser fetches it, at
  // once and alongside the code, and the same file serves later client-side navigation.
  const data = dataUrl(site, page.route);
  const preload = `<link rel="preload" href="${attr(data)}" as="fetch" crossorigin>`;
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
    .replace('<!--app-head-->', () => [head, preload, preloads(site, page)].filter(Boolean).join('\n    '))
    .replace('<!--app-html-->', () => html)
    .replace('<!--app-data-->', () => `<script id="__data" type="application/json">${json({site, data})}</script>`);
}

const profile = process.env.PRERENDER_PROFILE ? {start: performance.now(), render: 0, parse: 0, write: 0, pages: 0} : null;
let site = null;
const out = (v) => process.stdout.write(JSON.stringify(v) + '\n');
for await (const line of createInterface({input: process.stdin, crlfDelay: Infinity})) {
  if (!line) continue;
  if (!site) {
    site = JSON.parse(line);
    continue;
  }
  try {
    let t0 = performance.now();
    const msg = JSON.parse(line);
    if (profile) profile.parse += performance.now() - t0;
    t0 = performance.now();
    const html = renderPage(site, msg);
    if (profile) {
      profile.render += performance.now() - t0;
      profile.pages++;
      if (profile.pages === 1) profile.first = performance.now() - profile.start;
      if (profile.pages % 50 === 0) console.error('prerender profile (ms):', JSON.stringify({...profile, now: performance.now() - profile.start}, (k, v) => (typeof v === 'number' ? Math.round(v) : v)));
    }
    t0 = performance.now();
    out({html});
    if (profile) profile.write += performance.now() - t0;
  } catch (e) {
    out({error: e instanceof Error ? `${e.message}\n${e.stack}` : String(e)});
  }
}

if (profile) console.error('prerender profile (ms):', JSON.stringify({...profile, total: performance.now() - profile.start}, (k, v) => (typeof v === 'number' ? Math.round(v) : v)));
