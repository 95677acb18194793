// `dev`: an edit to a Markdown file or to the configuration shows in the open page within
// about a second, without restarting anything.
import {test, expect} from '@playwright/test';
import {DOCSITE} from '../engine.mjs';
import {spawn} from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {mark, stillSameDocument} from './helpers.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const site = path.join(root, 'tests/output/dev-fixture');
const PORT = 4180;
const base = `http://127.0.0.1:${PORT}`;
let dev;

test.describe.configure({mode: 'serial'});

test.beforeAll(async () => {
  test.setTimeout(120_000);
  fs.rmSync(site, {recursive: true, force: true});
  fs.cpSync(path.join(root, 'fixtures/site'), site, {recursive: true});
  dev = spawn(
    DOCSITE,
    ['--root', site, 'dev', '--frontend', path.join(root, 'frontend'), '--out', path.join(root, 'tests/output/dev-site'), '--port', String(PORT)],
    {stdio: 'ignore'},
  );
  await expect.poll(async () => (await fetch(`${base}/`).catch(() => null))?.status ?? 0, {timeout: 90_000}).toBe(200);
});

test.afterAll(() => dev?.kill());

test('an edited Markdown file shows in the open page within about a second', async ({page}) => {
  await page.goto(`${base}/docs/intro`);
  await expect(page.locator('.navbar .color-toggle').first()).toBeEnabled();
  await mark(page);
  const file = path.join(site, 'content/docs/intro.md');
  fs.appendFileSync(file, '\n开发模式下的实时更新。\n');
  const t0 = Date.now();
  await expect(page.locator('main')).toContainText('开发模式下的实时更新。', {timeout: 5000});
  expect(Date.now() - t0).toBeLessThan(2500);
  // The page refreshed its data in place: no full reload.
  await stillSameDocument(page);
});

test('an edited configuration shows too', async ({page}) => {
  await page.goto(`${base}/docs/intro`);
  await expect(page.locator('.navbar .color-toggle').first()).toBeEnabled();
  const config = path.join(site, 'site.toml');
  fs.writeFileSync(config, fs.readFileSync(config, 'utf8').replace('title = "测试"', 'title = "改过的标题"'));
  await expect(page.locator('.navbar__title')).toHaveText('改过的标题', {timeout: 5000});
});

test('a broken edit keeps the page as it was, and the fix shows', async ({page}) => {
  await page.goto(`${base}/docs/guide/b`);
  await expect(page.locator('.navbar .color-toggle').first()).toBeEnabled();
  const file = path.join(site, 'content/docs/guide/b.md');
  const good = fs.readFileSync(file, 'utf8');
  fs.writeFileSync(file, good + '\n<NotRegistered />\n');
  await page.waitForTimeout(1500);
  await expect(page.locator('main h1')).toHaveText('指南 B');
  fs.writeFileSync(file, good + '\n修好了。\n');
  await expect(page.locator('main')).toContainText('修好了。', {timeout: 5000});
});
