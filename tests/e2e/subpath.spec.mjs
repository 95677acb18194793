// A project page under a sub-path, as GitHub Pages serves one: the site built with
// `docsite build --base-url /recoil-zh/` (scripts/test builds tests/output/subpath-site) on a plain
// static host that maps /recoil-zh/x to x.html. Every link and asset of a built page answers 200
// under the sub-path, and the app navigates without leaving it.
import {expect, test} from '@playwright/test';
import fs from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {hydrated, staticHost} from './helpers.mjs';

const BASE = '/recoil-zh/';
const SITE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../output/subpath-site');
const PAGES = ['', 'docs/introduction/getting-started', 'docs/api-reference/core/atom', 'blog', 'search'];

let host;
test.beforeAll(async () => {
  if (!fs.existsSync(path.join(SITE, 'index.html'))) throw new Error(`${SITE} is missing: run scripts/test browser (it builds it)`);
  host = await staticHost(SITE, BASE);
});
test.afterAll(() => host?.close());

for (const rel of PAGES) {
  test(`every request and link of ${BASE}${rel} answers 200 under the sub-path`, async ({page, request}) => {
    const failed = [];
    page.on('response', (r) => {
      if (r.url().startsWith(host.url.slice(0, -BASE.length)) && r.status() !== 200) failed.push(`${r.status()} ${r.url()}`);
    });
    await page.goto(host.url + rel);
    await hydrated(page);
    const origin = new URL(host.url).origin;
    const hrefs = await page.$$eval('a[href], link[href], script[src], img[src]', (els) =>
      els.map((e) => e.getAttribute('href') ?? e.getAttribute('src')),
    );
    const internal = [...new Set(hrefs.filter((h) => h.startsWith('/')).map((h) => h.split('#')[0]).filter(Boolean))];
    expect(internal.length).toBeGreaterThan(3);
    const outside = internal.filter((h) => !h.startsWith(BASE));
    expect(outside, `links that leave ${BASE}`).toEqual([]);
    for (const href of internal) {
      const r = await request.get(origin + href);
      if (r.status() !== 200) failed.push(`${r.status()} ${href}`);
    }
    expect(failed).toEqual([]);
  });
}

test('client navigation stays under the sub-path', async ({page}) => {
  await page.goto(`${host.url}docs/introduction/getting-started`);
  await hydrated(page);
  await page.evaluate(() => {
    window.__sameDocument = true;
  });
  await page.locator('.doc-layout__sidebar a', {hasText: '安装'}).click();
  await expect(page).toHaveURL(`${host.url}docs/introduction/installation`);
  await expect(page.locator('h1')).toContainText('安装');
  expect(await page.evaluate(() => window.__sameDocument), 'navigated inside the app, not by reloading').toBe(true);
});
