// Reader features: the social card and structured data in the head, "编辑此页" and
// "最后更新于" under docs and posts, "复制 Markdown", and the word-wrap toggle on code blocks.
import fs from 'node:fs';
import path from 'node:path';
import {test, expect} from '@playwright/test';
import {hydrated, mark, stillSameDocument, watchErrors} from './helpers.mjs';
import {FIXTURE_PORT} from '../playwright.config.mjs';
import {ROOT, routes} from '../engine.mjs';

const fixture = `http://127.0.0.1:${FIXTURE_PORT}`;
const DOC = '/docs/introduction/getting-started';

const meta = (page, selector) => page.locator(`head ${selector}`).getAttribute('content');
const jsonLd = async (page) => {
  const scripts = await page.locator('head script[type="application/ld+json"]').allTextContents();
  expect(scripts.length).toBeLessThanOrEqual(1);
  return scripts.length ? JSON.parse(scripts[0]) : null;
};
/** Width and height of a PNG, from its IHDR chunk. */
const pngSize = (bytes) => {
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
  return [bytes.readUInt32BE(16), bytes.readUInt32BE(20)];
};

test('the head points at the page card and carries JSON-LD, also after client-side navigation', async ({page, request}) => {
  // A Content-Security-Policy violation would show as a console error.
  const errors = watchErrors(page);
  await page.goto(DOC);
  const image = await meta(page, 'meta[property="og:image"]');
  expect(image).toMatch(/^https:\/\/.+\/og\/[0-9a-f]+\.png$/);
  expect(await meta(page, 'meta[property="og:image:width"]')).toBe('1200');
  expect(await meta(page, 'meta[property="og:image:height"]')).toBe('630');
  expect(await meta(page, 'meta[name="twitter:card"]')).toBe('summary_large_image');
  expect(await meta(page, 'meta[name="twitter:image"]')).toBe(image);
  const card = await request.get(new URL(image).pathname);
  expect(card.headers()['content-type']).toBe('image/png');
  expect(pngSize(await card.body())).toEqual([1200, 630]);
  const graph = (await jsonLd(page))['@graph'];
  expect(graph.find((n) => n['@type'] === 'TechArticle').headline).toBe('快速上手');
  expect(graph.find((n) => n['@type'] === 'BreadcrumbList').itemListElement.at(-1).name).toBe('快速上手');

  await hydrated(page);
  await mark(page);
  await page.locator('.paginator__link--next').click();
  await expect(page.locator('main h1')).not.toHaveText('快速上手');
  const title = await page.locator('main h1').textContent();
  await stillSameDocument(page);
  await expect.poll(() => meta(page, 'meta[property="og:image"]')).not.toBe(image);
  expect(await meta(page, 'meta[name="twitter:image"]')).toBe(await meta(page, 'meta[property="og:image"]'));
  expect((await jsonLd(page))['@graph'].find((n) => n['@type'] === 'TechArticle').headline).toBe(title);
  // A page with no structured data drops the previous page's.
  await page.locator('.navbar a', {hasText: '博客'}).first().click();
  await expect(page.locator('main h1, main .blog-post').first()).toBeVisible();
  await expect(page.locator('head script[type="application/ld+json"]')).toHaveCount(0);
  await page.goBack();
  await expect(page.locator('head script[type="application/ld+json"]')).toHaveCount(1);
  expect(errors).toEqual([]);
});

test("every page's card exists in the build and is a 1200×630 PNG", () => {
  const build = path.join(ROOT, 'build');
  const cards = new Set();
  for (const r of routes()) {
    const data = JSON.parse(fs.readFileSync(path.join(build, r.data), 'utf8'));
    expect(data.head.image, r.route).toMatch(/\/og\/[0-9a-f]+\.png$/);
    cards.add(new URL(data.head.image).pathname);
  }
  for (const card of cards) {
    expect(pngSize(fs.readFileSync(path.join(build, card))), card).toEqual([1200, 630]);
  }
});

test('docs and posts show when they last changed, and where to edit them when the site says', async ({page}) => {
  // This site sets no edit_url: the date only.
  await page.goto(DOC);
  const source = page.locator('.doc-footer .page-source');
  const iso = await source.locator('time').getAttribute('datetime');
  expect(iso).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  const [y, m, d] = iso.split('-').map(Number);
  await expect(source.locator('.page-source__updated')).toHaveText(`最后更新于 ${y}年${m}月${d}日`);
  await expect(source.locator('a', {hasText: '编辑此页'})).toHaveCount(0);

  // The fixture sets edit_url = "https://github.com/example/site/edit/main/{path}".
  await page.goto(`${fixture}/docs/intro`);
  const edit = page.locator('.doc-footer .page-source__edit');
  await expect(edit).toHaveText(/编辑此页/);
  await expect(edit).toHaveAttribute('href', 'https://github.com/example/site/edit/main/content/docs/intro.md');
  await expect(edit).toHaveAttribute('target', '_blank');
  await expect(page.locator('.doc-footer .page-source time')).toHaveAttribute('datetime', /^\d{4}-\d{2}-\d{2}$/);

  await page.goto(`${fixture}/blog/2021/01/01/post-1`);
  const post = page.locator('.blog-post__footer .page-source');
  await expect(post.locator('.page-source__edit')).toHaveAttribute('href', /\/edit\/main\/content\/blog\/2021-01-01-post-1\.md$/);
  await expect(post.locator('.page-source__updated')).toContainText('最后更新于');
});

test('"复制 Markdown" fetches the twin only when asked and copies it, with feedback', async ({page, context, request}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const twins = [];
  page.on('request', (r) => r.url().endsWith('.md') && twins.push(r.url()));
  await page.goto(DOC);
  await hydrated(page);
  const button = page.getByRole('button', {name: '复制 Markdown'});
  await expect(button).toBeVisible();
  expect(twins).toEqual([]);
  const expected = await (await request.get(`${DOC}.md`)).text();
  expect(expected).toContain('# 快速上手');

  await button.click();
  await expect(page.locator('.copy-markdown')).toHaveText('已复制');
  await expect(page.locator('.doc__header [aria-live]')).toHaveText('已将本页的 Markdown 复制到剪贴板');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(expected);
  expect(twins.map((u) => new URL(u).pathname)).toEqual([`${DOC}.md`]);
  await expect(page.locator('.copy-markdown')).toHaveText('复制 Markdown', {timeout: 4000});
});

test('"复制 Markdown" says so when the twin cannot be fetched, and works on the next try', async ({page, context}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto('/docs/introduction/motivation');
  await hydrated(page);
  await page.evaluate(() => navigator.clipboard.writeText('before'));
  await page.route('**/*.md', (route) => route.abort('internetdisconnected'));
  await page.locator('.copy-markdown').click();
  await expect(page.locator('.copy-markdown')).toHaveText('复制失败');
  await expect(page.locator('.doc__header [aria-live]')).toContainText('复制失败');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('before');
  await page.unroute('**/*.md');
  await expect(page.locator('.copy-markdown')).toHaveText('复制 Markdown', {timeout: 4000});
  await page.locator('.copy-markdown').click();
  await expect(page.locator('.copy-markdown')).toHaveText('已复制');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toContain('# 设计动机');
});

test('code blocks wrap long lines on request; the choice holds across pages and reloads', async ({page}) => {
  await page.setViewportSize({width: 390, height: 800});
  await page.goto(DOC);
  await hydrated(page);
  // A block whose lines are wider than a phone.
  const wide = await page.locator('.code-block__pre').evaluateAll((els) => els.findIndex((el) => el.scrollWidth > el.clientWidth + 1));
  expect(wide).toBeGreaterThanOrEqual(0);
  const block = page.locator('.code-block').nth(wide);
  const pre = block.locator('.code-block__pre');
  const overflows = () => pre.evaluate((el) => el.scrollWidth > el.clientWidth + 1);
  const wrap = block.getByRole('button', {name: '自动换行'});
  await expect(wrap).toHaveAttribute('aria-pressed', 'false');
  await wrap.click();
  await expect(wrap).toHaveAttribute('aria-pressed', 'true');
  // One choice for every block.
  await expect(page.locator('.code-block__wrap[aria-pressed="false"]')).toHaveCount(0);
  expect(await overflows()).toBe(false);
  expect(await page.evaluate(() => localStorage.getItem('code.wrap'))).toBe('true');

  // Before hydration already: the head script applies it, so nothing jumps.
  await page.goto('/docs/introduction/installation', {waitUntil: 'commit'});
  await page.waitForSelector('.code-block', {state: 'attached'});
  expect(await page.evaluate(() => document.documentElement.hasAttribute('data-code-wrap'))).toBe(true);
  await hydrated(page);
  await expect(page.locator('.code-block__wrap').first()).toHaveAttribute('aria-pressed', 'true');

  await page.locator('.code-block__wrap').first().click();
  await expect(page.locator('.code-block__wrap[aria-pressed="true"]')).toHaveCount(0);
  await page.reload();
  await hydrated(page);
  expect(await page.evaluate(() => document.documentElement.hasAttribute('data-code-wrap'))).toBe(false);
  await expect(page.locator('.code-block__wrap').first()).toHaveAttribute('aria-pressed', 'false');
});
