// Offline reading: the service worker (sw.js) of a production build, on a plain static host
// that the tests stop, so "offline" means no server at all (Chromium's offline emulation alone
// does not reach a service worker's own requests).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {test, expect} from '@playwright/test';
import {hydrated, mark, staticHost, stillSameDocument, watchErrors} from './helpers.mjs';
import {ROOT} from '../engine.mjs';

// Built by scripts/test: the fixture site under a base URL.
const BASE_BUILD = path.join(ROOT, 'tests/output/fixture-base');

/** A copy of a build, so a test can change files as a deploy would. */
function copyOf(dir) {
  const copy = fs.mkdtempSync(path.join(os.tmpdir(), 'offline-'));
  fs.cpSync(dir, copy, {recursive: true});
  return copy;
}

async function withWorker(browser) {
  const context = await browser.newContext({serviceWorkers: 'allow'});
  return {context, page: await context.newPage()};
}

/** Waits until the worker controls the page and has kept the page the reader is on. */
async function controlled(page) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) {
      await new Promise((ok) => navigator.serviceWorker.addEventListener('controllerchange', ok, {once: true}));
    }
  });
  const here = new URL(page.url());
  await expect
    .poll(() => page.evaluate((url) => caches.match(url).then(Boolean), here.origin + here.pathname), {timeout: 15_000})
    .toBe(true);
}

async function visitedThenOffline(browser, build, base, [first, second]) {
  const host = await staticHost(build, base);
  const {context, page} = await withWorker(browser);
  const errors = watchErrors(page);
  await page.goto(host.url + first);
  await hydrated(page);
  await controlled(page);
  await page.goto(host.url + second);
  await hydrated(page);
  await controlled(page);
  await host.close();
  await context.setOffline(true);
  return {context, page, errors};
}

for (const [name, build, base, pages] of [
  ['at the site root', path.join(ROOT, 'build'), '/', ['docs/introduction/motivation', 'docs/introduction/core-concepts']],
  ['under a base URL', BASE_BUILD, '/repo/', ['docs/intro', 'docs/guide/a']],
]) {
  test(`visited pages open offline ${name}: a reload and a client-side navigation`, async ({browser}) => {
    const {context, page, errors} = await visitedThenOffline(browser, build, base, pages);
    const secondTitle = await page.locator('main h1').textContent();
    await page.reload();
    await expect(page.locator('main h1')).toHaveText(secondTitle);
    await hydrated(page);
    await mark(page);
    const firstTitle = await page.evaluate(async (url) => {
      const res = await caches.match(url);
      return res ? new DOMParser().parseFromString(await res.text(), 'text/html').querySelector('main h1')?.textContent : null;
    }, new URL(base + pages[0], page.url()).href);
    expect(firstTitle).toBeTruthy();
    await page.locator(`a[href$="/${pages[0]}"]`).first().click();
    await expect(page.locator('main h1')).toHaveText(firstTitle);
    await stillSameDocument(page);
    expect(errors.filter((e) => !/net::ERR|Failed to load resource/.test(e))).toEqual([]);
    await context.close();
  });
}

test('online, pages come from the network: a deploy shows at once, and a new build replaces the old caches', async ({browser}) => {
  const build = copyOf(BASE_BUILD);
  const host = await staticHost(build, '/repo/');
  const {context, page} = await withWorker(browser);
  await page.goto(`${host.url}docs/intro`);
  await hydrated(page);
  await controlled(page);
  const names = await page.evaluate(() => caches.keys());
  expect(names.length).toBeGreaterThan(0);
  expect(names.every((n) => n.startsWith('docsite /repo/ '))).toBe(true);

  // A deploy: new text in the page, a new service worker (its build id changed).
  for (const file of ['docs/intro.html', 'page-data/docs/intro.json']) {
    const f = path.join(build, file);
    fs.writeFileSync(f, fs.readFileSync(f, 'utf8').replace('第一段介绍文字。', '部署之后的新文字。'));
  }
  const sw = path.join(build, 'sw.js');
  const text = fs.readFileSync(sw, 'utf8');
  const oldId = text.match(/const BUILD = "([0-9a-f]+)"/)[1];
  fs.writeFileSync(sw, text.replace(`"${oldId}"`, '"0000000000000000"'));

  await page.reload();
  await expect(page.locator('main')).toContainText('部署之后的新文字。');
  await page.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => r.update()));
  await expect
    .poll(() => page.evaluate(() => caches.keys()), {timeout: 10_000})
    .toEqual(expect.arrayContaining(['docsite /repo/ shell 0000000000000000']));
  await expect.poll(() => page.evaluate((id) => caches.keys().then((k) => k.filter((n) => n.includes(id))), oldId)).toEqual([]);
  await context.close();
  await host.close();
  fs.rmSync(build, {recursive: true, force: true});
});

test('sw.js is sent with Cache-Control: no-cache', async ({request}) => {
  const res = await request.get('/sw.js');
  expect(res.status()).toBe(200);
  expect(res.headers()['cache-control']).toBe('no-cache');
  expect(res.headers()['content-type']).toMatch(/^text\/javascript/);
  expect(await res.text()).toMatch(/const BUILD = "[0-9a-f]{16}";/);
});
