// Shared by the browser tests.
import {expect} from '@playwright/test';

/** One page of each type of the real site. */
export const PAGES = {
  home: '/',
  'doc with sidebar': '/docs/introduction/getting-started',
  'doc without sidebar': '/docs/guides/code-splitting',
  'blog list': '/blog',
  'blog list page 2': '/blog/page/2',
  'blog list page 3': '/blog/page/3',
  'blog post': '/blog/2022/10/11/recoil-0.7.6-release',
  archive: '/blog/archive',
  'blog tags': '/blog/tags',
  'blog tag': '/blog/tags/发布',
  'docs tags': '/docs/tags',
  'docs tag': '/docs/tags/原子',
  resources: '/resources',
  search: '/search?q=原子',
  'not found': '/this/page/does/not/exist',
};

/** Collects page errors and console errors (except the 404 of a not-found document). */
export function watchErrors(page) {
  const errors = [];
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error' && !/status of 404/.test(m.text())) errors.push(`console: ${m.text()}`);
  });
  return errors;
}

/** Waits until React has hydrated the page (the colour switch is enabled then). */
export async function hydrated(page) {
  await expect(page.locator('.navbar .color-toggle').first()).toBeEnabled();
}

/** Marks the window, so a later check can tell a client-side navigation from a full load. */
export async function mark(page) {
  await page.evaluate(() => (window.__e2eMark = 'same-document'));
}

export async function stillSameDocument(page) {
  expect(await page.evaluate(() => window.__e2eMark)).toBe('same-document');
}

/**
 * A plain static host, as GitHub Pages or any CDN serves `build/`: files as they are, `/x` from
 * `x.html`, `404.html` with status 404, under `base`. Returns {url, close()}.
 */
export async function staticHost(dir, base = '/') {
  const {createServer} = await import('node:http');
  const fs = await import('node:fs');
  const path = await import('node:path');
  const types = {'.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.css': 'text/css', '.json': 'application/json', '.svg': 'image/svg+xml', '.xml': 'application/xml', '.png': 'image/png', '.wasm': 'application/wasm', '.txt': 'text/plain; charset=utf-8', '.md': 'text/markdown; charset=utf-8'};
  const file = (p) => (fs.existsSync(p) && fs.statSync(p).isFile() ? p : null);
  const server = createServer((req, res) => {
    const url = new URL(req.url, 'http://host');
    let rel = decodeURIComponent(url.pathname);
    const found = rel.startsWith(base) || `${rel}/` === base ? rel.slice(base.length - 1) : null;
    const target = found === null ? null : path.join(dir, found.replace(/\/$/, '/index'));
    const hit = target && !target.includes('..') && (file(target) || file(`${target}.html`));
    const body = fs.readFileSync(hit || path.join(dir, '404.html'));
    res.writeHead(hit ? 200 : 404, {'content-type': types[path.extname(hit || '.html')] ?? 'application/octet-stream'});
    res.end(body);
  });
  await new Promise((ok) => server.listen(0, '127.0.0.1', ok));
  // Closing drops the browser's open connections too: `close` alone waits for them, and a page
  // still fetching (the test's page stays open until after its body) held it until the timeout.
  const close = () =>
    new Promise((ok) => {
      server.close(ok);
      server.closeAllConnections();
    });
  return {url: `http://127.0.0.1:${server.address().port}${base}`, close};
}
