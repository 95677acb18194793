// A first load hydrates a doc page without the article renderer and the client router (they
// are chunks that load when needed): the article keeps the server's HTML and its buttons work;
// the first client-side navigation brings the renderer, which draws the next article.
import {expect, test} from '@playwright/test';
import {hydrated, mark, stillSameDocument, watchErrors} from './helpers.mjs';

const chunk = (scripts, name) => scripts.some((s) => new RegExp(`/assets/${name}-[\\w-]+\\.js$`).test(s));

test('a doc page hydrates without the renderer and router; its islands work, and so does the next page', async ({page, context}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const errors = watchErrors(page);
  const scripts = [];
  page.on('request', (r) => r.resourceType() === 'script' && scripts.push(new URL(r.url()).pathname));
  await page.goto('/docs/guides/atom-effects');
  await hydrated(page);
  await page.waitForTimeout(300);
  expect(chunk(scripts, 'parts')).toBe(false);
  expect(chunk(scripts, 'router')).toBe(false);

  // The server's article, with a working copy button.
  const block = page.locator('.markdown .code-block').first();
  await block.hover();
  await block.locator('.code-block__copy').click();
  await expect(block.locator('.code-block__copy')).toContainText('已复制');
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied.startsWith('import type {\n  DefaultValue,\n  Loadable,\n')).toBe(true);
  expect(copied).toBe((await block.locator('pre code').textContent()).replace(/\n$/, ''));

  // The next page comes client-side, drawn by the renderer, and its tabs switch.
  await mark(page);
  await page.locator('.paginator__link--next').click();
  await expect(page.locator('main h1')).toHaveText('测试');
  await stillSameDocument(page);
  expect(chunk(scripts, 'router')).toBe(true);
  expect(chunk(scripts, 'parts')).toBe(true);
  const tabs = page.locator('.markdown .tabs').first();
  const second = tabs.getByRole('tab').nth(1);
  await second.click();
  await expect(second).toHaveAttribute('aria-selected', 'true');
  await expect(tabs.getByRole('tab').first()).toHaveAttribute('aria-selected', 'false');
  // The page's footer parts came with it (drawn by the renderer).
  await expect(page.locator('.paginator__link--prev')).toContainText('atom 副作用');
  expect(errors).toEqual([]);
});

test('the code and the page data start after the first paint, and each is fetched once', async ({page}) => {
  const errors = watchErrors(page);
  const warnings = [];
  page.on('console', (m) => m.type() === 'warning' && warnings.push(m.text()));
  await page.goto('/blog/2022/10/11/recoil-0.7.6-release');
  await hydrated(page);
  const timing = await page.evaluate(() => {
    const paint = performance.getEntriesByName('first-contentful-paint')[0]?.startTime;
    const resources = performance.getEntriesByType('resource').map((r) => ({name: new URL(r.name).pathname, start: r.startTime}));
    return {paint, resources};
  });
  expect(timing.paint).toBeGreaterThan(0);
  const entry = timing.resources.filter((r) => /^\/assets\/index-[\w-]+\.js$/.test(r.name));
  const data = timing.resources.filter((r) => r.name === '/page-data/blog/2022/10/11/recoil-0.7.6-release.json');
  const chunks = timing.resources.filter((r) => /^\/assets\/BlogPost-[\w-]+\.js$/.test(r.name));
  expect(entry).toHaveLength(1);
  expect(data).toHaveLength(1);
  expect(chunks).toHaveLength(1);
  for (const r of [...entry, ...data, ...chunks]) expect(r.start, r.name).toBeGreaterThanOrEqual(timing.paint);
  // The hints waited in their <template> and went to <head> with the entry.
  expect(await page.locator('head link[rel="modulepreload"][href*="/assets/BlogPost-"]').count()).toBe(1);
  expect(warnings.filter((w) => /preload/i.test(w))).toEqual([]);
  expect(errors).toEqual([]);
});

test("a lazy chunk's own imports are preloaded beside it, each fetched once (scripts/preloadHelper.mjs)", async ({page}) => {
  const errors = watchErrors(page);
  const scripts = [];
  page.on('request', (r) => r.resourceType() === 'script' && scripts.push(new URL(r.url()).pathname));
  await page.goto('/docs/guides/atom-effects');
  await hydrated(page);
  await mark(page);
  await page.locator('.navbar__items a', {hasText: '博客'}).click();
  await expect(page.locator('.blog-list, main article').first()).toBeVisible();
  await stillSameDocument(page);
  // The blog list's chunk imports the blog layout and the post header: both were asked for with
  // a modulepreload link under the site's base, not after the list's chunk had run.
  for (const name of ['BlogList', 'BlogLayout', 'PostMeta']) expect(scripts.filter((s) => chunk([s], name)), name).toHaveLength(1);
  for (const name of ['BlogLayout', 'PostMeta'])
    expect(await page.locator(`head link[rel="modulepreload"][href^="/assets/${name}-"]`).count(), name).toBe(1);
  expect(errors).toEqual([]);
});
