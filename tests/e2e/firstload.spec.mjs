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
