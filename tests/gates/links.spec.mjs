// Whole-site gates on the built HTML: every internal link and #anchor resolves, every page is
// reachable from the home page, every page has its head fields.
import {test, expect} from '@playwright/test';
import fs from 'node:fs';
import path from 'node:path';
import {requiredRoutes} from '../content/pages.mjs';
import {BUILD, builtPages, htmlFiles, readPage} from './site.mjs';

const pages = builtPages().map(readPage);
const byRoute = new Map(pages.map((p) => [p.route, p]));

/** Resolves a same-site URL to [route or file, anchor], or null for external links. */
function resolve(href, from) {
  if (/^(mailto:|tel:|https?:\/\/(?!127\.0\.0\.1))/.test(href) || href.startsWith('//')) return null;
  const url = new URL(href, `http://site${from}`);
  let p;
  try {
    p = decodeURIComponent(url.pathname);
  } catch {
    p = url.pathname;
  }
  return {path: p, anchor: url.hash ? decodeURIComponent(url.hash.slice(1)) : null};
}

function exists(p) {
  if (byRoute.has(p) || byRoute.has(p.replace(/\/$/, ''))) return true;
  const file = path.join(BUILD, p);
  return fs.existsSync(file) && fs.statSync(file).isFile();
}

test('the build holds exactly the pages the engine lists, and every page the specification names', () => {
  expect(htmlFiles()).toEqual(pages.map((p) => p.rel).sort());
  for (const r of ['/', '/404', '/blog', '/blog/page/2', '/blog/page/3', '/blog/archive', '/resources', '/search', '/docs/mdx']) {
    expect(byRoute.has(r), r).toBe(true);
  }
  for (const r of requiredRoutes) expect(byRoute.has(r), r).toBe(true);
});

test('every internal link and #anchor on every built page resolves', () => {
  const broken = [];
  for (const page of pages) {
    for (const href of [...page.hrefs, ...page.resources]) {
      const r = resolve(href, page.route);
      if (!r) continue;
      if (!exists(r.path)) {
        broken.push(`${page.rel}: ${href} (no page or file)`);
        continue;
      }
      if (r.anchor) {
        const target = r.path === page.route ? page : byRoute.get(r.path.replace(/\/$/, '') || '/');
        if (target && !target.ids.has(r.anchor)) broken.push(`${page.rel}: ${href} (no id "${r.anchor}")`);
      }
    }
  }
  expect(broken, broken.join('\n')).toEqual([]);
});

test('every page is reachable from the home page by following links', () => {
  const seen = new Set(['/']);
  const queue = ['/'];
  while (queue.length) {
    const page = byRoute.get(queue.shift());
    for (const href of page.hrefs) {
      const r = resolve(href, page.route);
      if (!r) continue;
      const route = r.path.length > 1 ? r.path.replace(/\/$/, '') : r.path;
      if (byRoute.has(route) && !seen.has(route)) {
        seen.add(route);
        queue.push(route);
      }
    }
  }
  // The not-found page is what unknown paths show, and /docs only redirects to the first doc:
  // nothing links to them on purpose.
  const unreachable = pages.map((p) => p.route).filter((r) => !seen.has(r) && r !== '/404' && r !== '/docs');
  expect(unreachable).toEqual([]);
});

test('every page has a unique title, a description, a canonical URL, lang and Open Graph', () => {
  const problems = [];
  const titles = new Map();
  for (const p of pages) {
    if (!p.title) problems.push(`${p.rel}: no <title>`);
    if (!p.description) problems.push(`${p.rel}: no meta description`);
    if (p.route !== '/404' && !/^https:\/\/[^/]+\//.test(p.canonical ?? '')) problems.push(`${p.rel}: no canonical URL`);
    if (p.lang !== 'zh-hans') problems.push(`${p.rel}: lang is ${p.lang}`);
    if (!p.ogTitle || !p.ogDescription) problems.push(`${p.rel}: no Open Graph title/description`);
    if (titles.has(p.title)) problems.push(`${p.rel}: title "${p.title}" also on ${titles.get(p.title)}`);
    titles.set(p.title, p.rel);
  }
  expect(problems, problems.join('\n')).toEqual([]);
});

test('sitemap and feeds list the site', () => {
  const sitemap = fs.readFileSync(path.join(BUILD, 'sitemap.xml'), 'utf8');
  expect((sitemap.match(/<loc>/g) || []).length).toBeGreaterThanOrEqual(140);
  expect(sitemap).toContain('/docs/introduction/motivation</loc>');
  const rss = fs.readFileSync(path.join(BUILD, 'blog/rss.xml'), 'utf8');
  expect((rss.match(/<item>/g) || []).length).toBe(23);
  const atom = fs.readFileSync(path.join(BUILD, 'blog/atom.xml'), 'utf8');
  expect((atom.match(/<entry>/g) || []).length).toBe(23);
});
