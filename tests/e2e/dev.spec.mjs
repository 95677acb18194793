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
  await expect(page.locator('html[data-dev-listening]')).toHaveCount(1, {timeout: 15_000});
  await mark(page);
  const file = path.join(site, 'content/docs/intro.md');
  fs.appendFileSync(file, '\n开发模式下的实时更新。\n');
  // How fast is a benchmark's question (bench/run); here: it shows, without a restart.
  await expect(page.locator('main')).toContainText('开发模式下的实时更新。', {timeout: 15_000});
  // The page refreshed its data in place: no full reload.
  await stillSameDocument(page);
});

test('an edited configuration shows too', async ({page}) => {
  await page.goto(`${base}/docs/intro`);
  await expect(page.locator('html[data-dev-listening]')).toHaveCount(1, {timeout: 15_000});
  const config = path.join(site, 'site.toml');
  fs.writeFileSync(config, fs.readFileSync(config, 'utf8').replace(/(\[navbar\]\ntitle = )".*"/, '$1"改过的标题"'));
  await expect(page.locator('.navbar__title')).toHaveText('改过的标题', {timeout: 15_000});
});

test('a broken edit shows an overlay naming file and line; the fix removes it and shows', async ({page}) => {
  await page.goto(`${base}/docs/guide/b`);
  await expect(page.locator('html[data-dev-listening]')).toHaveCount(1, {timeout: 15_000});
  const file = path.join(site, 'content/docs/guide/b.md');
  const good = fs.readFileSync(file, 'utf8');
  const line = good.split('\n').length + 1;
  fs.writeFileSync(file, good + '\n<NotRegistered />\n');
  const overlay = page.locator('.dev-overlay');
  await expect(overlay).toBeVisible({timeout: 15_000});
  await expect(overlay).toContainText(`content/docs/guide/b.md:${line}: unknown component \`<NotRegistered />\``);
  // The page under it stays as it was.
  await expect(page.locator('main h1')).toHaveText('指南 B');
  fs.writeFileSync(file, good + '\n修好了。\n');
  await expect(page.locator('main')).toContainText('修好了。', {timeout: 15_000});
  await expect(overlay).toBeHidden();
});

test('site.toml saved by replacing the file (as editors and git do) is still seen, twice', async ({page}) => {
  await page.goto(`${base}/docs/intro`);
  await expect(page.locator('html[data-dev-listening]')).toHaveCount(1, {timeout: 15_000});
  const config = path.join(site, 'site.toml');
  for (const title of ['换名保存一', '换名保存二']) {
    const text = fs.readFileSync(config, 'utf8').replace(/(\[navbar\]\ntitle = )".*"/, `$1"${title}"`);
    // Write elsewhere, then rename over the file: a new inode each time.
    fs.writeFileSync(`${config}.tmp`, text);
    fs.renameSync(`${config}.tmp`, config);
    await expect(page.locator('.navbar__title')).toHaveText(title, {timeout: 15_000});
  }
});

test('a first build that fails does not end dev: the error is the page until the fix', async ({page}) => {
  test.setTimeout(120_000);
  const broken = path.join(root, 'tests/output/dev-broken');
  fs.rmSync(broken, {recursive: true, force: true});
  fs.cpSync(path.join(root, 'fixtures/site'), broken, {recursive: true});
  const file = path.join(broken, 'content/docs/intro.md');
  const good = fs.readFileSync(file, 'utf8');
  fs.writeFileSync(file, good + '\n:::nope\n坏的提示框\n:::\n');
  const port = PORT + 1;
  const out = [];
  const proc = spawn(DOCSITE, ['--root', broken, 'dev', '--frontend', path.join(root, 'frontend'), '--out', path.join(root, 'tests/output/dev-broken-site'), '--port', String(port)], {stdio: ['ignore', 'ignore', 'pipe']});
  proc.stderr.on('data', (d) => out.push(String(d)));
  try {
    await expect.poll(async () => (await fetch(`http://127.0.0.1:${port}/`).catch(() => null))?.status ?? 0, {timeout: 90_000}).toBe(200);
    expect(proc.exitCode).toBe(null);
    await page.goto(`http://127.0.0.1:${port}/docs/intro`);
    await expect(page.locator('#errors')).toContainText('content/docs/intro.md');
    await expect(page.locator('#errors')).toContainText('unknown admonition `:::nope`');
    fs.writeFileSync(file, good);
    await expect(page.locator('main h1')).toHaveText('入门', {timeout: 60_000});
    expect(out.join('')).toContain('the site is not built yet');
  } finally {
    proc.kill();
  }
});
