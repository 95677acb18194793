// The search index in shards (crates/search/src/shards.rs), merged in the browser: this site
// built with `[search] shard_pages = 30` (scripts/test builds tests/output/sharded-site) on a
// plain static host. A hit's title comes from the manifest by its result id, its link from the
// page's own index record: with the shards mapped wrongly the two disagree.
import {expect, test} from '@playwright/test';
import fs from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {hydrated, staticHost} from './helpers.mjs';

const SITE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../output/sharded-site');

let host;
let manifest;
test.beforeAll(async () => {
  if (!fs.existsSync(path.join(SITE, 'index.html'))) throw new Error(`${SITE} is missing: run scripts/test browser (it builds it)`);
  manifest = JSON.parse(fs.readFileSync(path.join(SITE, 'pagefind/search-manifest.json'), 'utf8'));
  host = await staticHost(SITE, '/');
});
test.afterAll(() => host?.close());

test('the index is written in shards and each page is in one', () => {
  expect(manifest.shards.length).toBeGreaterThanOrEqual(2);
  expect(manifest.pageShards.length).toBe(manifest.pages.length);
  for (const [n, folder] of ['', ...manifest.shards].entries()) {
    expect(fs.existsSync(path.join(SITE, 'pagefind', folder, 'pagefind-entry.json')), `shard ${n}`).toBe(true);
    expect(manifest.pageShards.filter((s) => s === n).length, `pages of shard ${n}`).toBeGreaterThan(0);
  }
});

test('hits from every shard show the titles of their own pages', async ({page}) => {
  const titleOf = new Map(manifest.pages.map((p) => [p.route, p.title]));
  const shardOf = new Map(manifest.pages.map((p, i) => [p.route, manifest.pageShards[i]]));
  const shardsSeen = new Set();
  for (const q of ['原子', '选择器', '快照', '同步']) {
    await page.goto(`${host.url}search?q=${encodeURIComponent(q)}`);
    await hydrated(page);
    const links = page.locator('.search-page__title a');
    await expect(links.first()).toBeVisible();
    await expect(page.locator('.search-page__excerpt').first()).not.toBeEmpty();
    const hits = await links.evaluateAll((as) => as.map((a) => [new URL(a.href).pathname, a.textContent]));
    expect(hits.length).toBeGreaterThan(3);
    for (const [route, title] of hits) {
      expect(title, `the hit linking to ${route}`).toBe(titleOf.get(route));
      shardsSeen.add(shardOf.get(route));
    }
  }
  expect(shardsSeen.size).toBe(manifest.shards.length + 1);
});
