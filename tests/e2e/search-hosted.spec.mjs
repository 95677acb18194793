// The hosted search backend against a fake search service: facet filters and credentials
// sent as configured, hits mapped into the same UI, URLs rewritten to the site's base path,
// external-pattern URLs opened with a full page load.
import {test, expect} from '@playwright/test';
import http from 'node:http';
import {hydrated, mark, stillSameDocument} from './helpers.mjs';
import {HOSTED_PORT, SEARCH_SERVICE_PORT} from '../playwright.config.mjs';

const base = `http://127.0.0.1:${HOSTED_PORT}`;

// One fake service for this file: its tests run in order, in one worker.
test.describe.configure({mode: 'serial'});
let server;
const requests = [];

function hit(objectID, url, lvl1, lvl2, snippet) {
  return {
    objectID,
    url,
    type: lvl2 ? 'lvl2' : 'lvl1',
    hierarchy: {lvl0: '文档', lvl1, lvl2: lvl2 ?? null, lvl3: null, lvl4: null, lvl5: null, lvl6: null},
    content: null,
    _snippetResult: {content: {value: snippet}},
  };
}

test.beforeAll(async () => {
  server = http.createServer((req, res) => {
    const cors = {'Access-Control-Allow-Origin': '*', 'Access-Control-Allow-Headers': '*', 'Access-Control-Allow-Methods': 'POST, OPTIONS'};
    if (req.method === 'OPTIONS') {
      res.writeHead(204, cors);
      return res.end();
    }
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      const query = JSON.parse(body || '{}');
      requests.push({url: req.url, headers: req.headers, body: query});
      if (query.query?.startsWith('慢')) {
        // A slow service: the answer names its query, and comes after the next keystrokes.
        const hits = [hit('slow', 'https://docs.example.com/docs/intro', `结果：${query.query}`, null, query.query)];
        return setTimeout(() => {
          res.writeHead(200, {...cors, 'Content-Type': 'application/json'});
          res.end(JSON.stringify({hits, nbHits: 1, page: 0, nbPages: 1, hitsPerPage: 20}));
        }, 400);
      }
      const hits = [
        hit('1', 'https://docs.example.com/docs/guide/a#第一节', '指南 A', '第一节', '关于 <mark>原子</mark> 的第一节'),
        hit('2', 'https://docs.example.com/docs/intro', '入门', null, '从 <mark>原子</mark> 开始'),
        hit('3', 'https://legacy.example.org/docs/old-page', '旧页面', null, '旧站的 <mark>原子</mark>'),
      ];
      res.writeHead(200, {...cors, 'Content-Type': 'application/json'});
      res.end(JSON.stringify({hits, nbHits: hits.length, page: 0, nbPages: 1, hitsPerPage: 20}));
    });
  });
  await new Promise((r) => server.listen(SEARCH_SERVICE_PORT, '127.0.0.1', r));
});

test.afterAll(() => server?.close());

test('queries carry the configured credentials and facet filters; hits map into the UI', async ({page}) => {
  requests.length = 0;
  await page.goto(`${base}/docs/intro`);
  await hydrated(page);
  await page.locator('.navbar .search-button').click();
  await page.locator('.search-modal__input').fill('原子');
  await expect(page.locator('.search-hit').first()).toBeVisible();
  const r = requests.at(-1);
  expect(r.url).toBe('/1/indexes/recoil-zh/query');
  expect(r.headers['x-algolia-application-id']).toBe('TESTAPP');
  expect(r.headers['x-algolia-api-key']).toBe('public-search-only-key');
  expect(r.body.query).toBe('原子');
  expect(r.body.facetFilters).toEqual(['language:zh-hans', ['docusaurus_tag:default', 'docusaurus_tag:docs-default-current'], 'type:content']);
  const titles = await page.locator('.search-hit__title').allInnerTexts();
  expect(titles).toContain('指南 A');
  expect(titles).toContain('第一节');
  await expect(page.locator('.search-hit mark').first()).toHaveText('原子');
});

test('hit URLs are rewritten to the base path and open client-side', async ({page}) => {
  await page.goto(`${base}/docs/intro`);
  await hydrated(page);
  await mark(page);
  await page.locator('.navbar .search-button').click();
  await page.locator('.search-modal__input').fill('原子');
  const option = page.locator('.search-hit [role="option"]', {hasText: '入门'});
  await expect(option).toHaveAttribute('href', '/docs/intro');
  const guide = page.locator('.search-hit [role="option"]').first();
  await expect(guide).toHaveAttribute('href', '/docs/guide/a');
  await guide.click();
  await expect(page.locator('main h1')).toHaveText('指南 A');
  await stillSameDocument(page);
});

test('hits matching the external pattern open with a full page load', async ({page}) => {
  await page.route('https://legacy.example.org/**', (route) => route.fulfill({contentType: 'text/html', body: '<h1>legacy</h1>'}));
  await page.goto(`${base}/docs/intro`);
  await hydrated(page);
  await mark(page);
  await page.locator('.navbar .search-button').click();
  await page.locator('.search-modal__input').fill('原子');
  const ext = page.locator('.search-hit [role="option"]', {hasText: '旧页面'});
  await expect(ext).toHaveAttribute('href', 'https://legacy.example.org/docs/old-page');
  await ext.click();
  await page.waitForURL('https://legacy.example.org/docs/old-page');
  expect(await page.evaluate(() => window.__e2eMark)).toBeUndefined();
});

test('keys typed while a query is under way wait for it; only the newest is sent, and an older answer never shows', async ({page}) => {
  await page.goto(`${base}/docs/intro`);
  await hydrated(page);
  await page.locator('.navbar .search-button').click();
  const input = page.locator('.search-modal__input');
  await expect(input).toBeFocused();
  // One answered query first: the search code is a chunk that loads when search opens, and a
  // key typed before it is there waits with the others (only the newest would be sent).
  await input.fill('原子');
  await expect(page.locator('.search-hit').first()).toBeVisible();
  await input.fill('');
  // Every result title the dialog ever shows.
  await page.evaluate(() => {
    window.__shown = new Set();
    new MutationObserver(() => document.querySelectorAll('.search-hit__title').forEach((e) => window.__shown.add(e.textContent))).observe(document.body, {
      subtree: true,
      childList: true,
      characterData: true,
    });
  });
  requests.length = 0;
  await input.fill('慢');
  await input.fill('慢速');
  await input.fill('慢速查询');
  await expect(page.locator('.search-hit__title')).toHaveText(['结果：慢速查询']);
  expect(requests.map((r) => r.body.query)).toEqual(['慢', '慢速查询']);
  expect(await page.evaluate(() => [...window.__shown])).toEqual(['结果：慢速查询']);
});
