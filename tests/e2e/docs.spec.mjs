// Doc pages: sidebar, table of contents, paging, versions, tabs, code copy, details, anchors.
import {test, expect} from '@playwright/test';
import {hydrated} from './helpers.mjs';

test('the sidebar highlights the current page, opens its category, and categories collapse', async ({page}) => {
  await page.goto('/docs/api-reference/utils/waitForAll');
  await hydrated(page);
  const sidebar = page.locator('.doc-layout__sidebar');
  await expect(sidebar.locator('a[aria-current="page"]')).toHaveText('waitForAll()');
  await expect(sidebar.locator('button', {hasText: '工具'})).toHaveAttribute('aria-expanded', 'true');
  const guides = sidebar.locator('button', {hasText: '指南'});
  await expect(guides).toHaveAttribute('aria-expanded', 'false');
  await expect(sidebar.locator('a', {hasText: '测试'})).toBeHidden();
  await guides.click();
  await expect(guides).toHaveAttribute('aria-expanded', 'true');
  await expect(sidebar.locator('a', {hasText: '测试'})).toBeVisible();
  await guides.click();
  await expect(sidebar.locator('a', {hasText: '测试'})).toBeHidden();
});

test('the whole sidebar collapses to a thin bar and expands again', async ({page}) => {
  await page.goto('/docs/introduction/motivation');
  await hydrated(page);
  await page.getByRole('button', {name: '收起侧边栏'}).click();
  await expect(page.locator('.sidebar__nav')).toHaveCount(0);
  const box = await page.locator('.doc-layout__sidebar').boundingBox();
  expect(box.width).toBeLessThan(50);
  // It stays collapsed while reading on.
  await page.locator('.paginator__link--next').click();
  await expect(page.locator('main h1')).toHaveText('核心概念');
  await expect(page.locator('.sidebar__nav')).toHaveCount(0);
  await page.getByRole('button', {name: '展开侧边栏'}).click();
  await expect(page.locator('.sidebar__nav')).toBeVisible();
});

test('previous/next paging follows the sidebar; pages without a sidebar have none', async ({page}) => {
  await page.goto('/docs/introduction/installation');
  await expect(page.locator('.paginator__link--prev')).toContainText('核心概念');
  await expect(page.locator('.paginator__link--next')).toContainText('快速上手');
  await page.goto('/docs/introduction/motivation');
  await expect(page.locator('.paginator__link--prev')).toHaveCount(0);
  await page.goto('/docs/guides/code-splitting');
  await expect(page.locator('.paginator')).toHaveCount(0);
  await expect(page.locator('.doc-layout__sidebar')).toHaveCount(0);
  await page.goto('/docs/api-reference/core/RecoilEnv');
  await expect(page.locator('.paginator__link--next')).toHaveCount(0);
});

test('no version banner shows; the preferred version is stored per docs plugin', async ({page}) => {
  await page.goto('/docs/introduction/motivation');
  await hydrated(page);
  await expect(page.locator('.version-banner')).toHaveCount(0);
  expect(await page.evaluate(() => localStorage.getItem('docs-preferred-version-default'))).toBe('current');
});

test('the table of contents highlights the heading in view', async ({page}) => {
  await page.goto('/docs/guides/atom-effects');
  await hydrated(page);
  const toc = page.locator('.doc-layout__toc');
  await expect(toc.locator('.toc__link--active')).toHaveCount(1);
  const target = toc.locator('.toc__link').nth(4);
  const id = (await target.getAttribute('href')).slice(1);
  await page.evaluate((id) => document.getElementById(id).scrollIntoView({behavior: 'instant'}), id);
  await expect(toc.locator('.toc__link--active')).toHaveAttribute('href', `#${id}`);
  await page.evaluate(() => window.scrollTo({top: 0, behavior: 'instant'}));
  await expect(toc.locator('.toc__link--active')).toHaveAttribute('href', await toc.locator('.toc__link').first().getAttribute('href'));
});

test('tabs with the same groupId switch together, on this page and later ones', async ({page}) => {
  await page.goto('/docs/mdx');
  await hydrated(page);
  const groups = page.locator('.tabs');
  await expect(groups.nth(0).getByRole('tab', {name: 'npm'})).toHaveAttribute('aria-selected', 'true');
  await groups.nth(0).getByRole('tab', {name: 'Yarn'}).click();
  await expect(groups.nth(1).getByRole('tab', {name: 'Yarn'})).toHaveAttribute('aria-selected', 'true');
  await expect(groups.nth(1).locator('[role="tabpanel"]:visible')).toContainText('yarn add');
  expect(await page.evaluate(() => localStorage.getItem('tabs.package-manager'))).toBe('yarn');
  await page.goto('/docs/introduction/installation');
  await hydrated(page);
  await expect(page.locator('.tabs').first().getByRole('tab', {name: 'Yarn'})).toHaveAttribute('aria-selected', 'true');
  // Arrow keys move between tabs.
  await page.locator('.tabs').first().getByRole('tab', {name: 'Yarn'}).focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.locator('.tabs').first().getByRole('tab', {name: 'Bower'})).toBeFocused();
  await expect(page.locator('.tabs').first().getByRole('tab', {name: 'Bower'})).toHaveAttribute('aria-selected', 'true');
});

test('the copy button copies the code without line numbers and shows "copied" for about 2 s', async ({page, context}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto('/docs/mdx');
  await hydrated(page);
  const block = page.locator('.code-block', {has: page.locator('.code-block__title', {hasText: 'src/Counter.jsx'})});
  await block.hover();
  const button = block.locator('.code-block__copy');
  // The label's changes, timed by the page's own clock: a busy machine delays the test's
  // checks, not the page's record of when the label changed.
  await button.evaluate((el) => {
    window.__labels = [];
    new MutationObserver(() => window.__labels.push({text: el.textContent, at: performance.now()})).observe(el, {
      subtree: true,
      childList: true,
      characterData: true,
    });
  });
  await button.click();
  await expect(button).toContainText('已复制');
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied.startsWith("import {atom, useRecoilState} from 'recoil';\n\nconst countState")).toBe(true);
  expect(copied.trimEnd().endsWith('}')).toBe(true);
  expect(copied).not.toMatch(/^\s*\d+\s/m);
  await expect(button).not.toContainText('已复制', {timeout: 5000});
  await expect(button).toContainText('复制');
  const labels = await page.evaluate(() => window.__labels);
  const shown = labels.find((l) => l.text.includes('已复制'));
  const back = labels.findLast((l) => !l.text.includes('已复制'));
  // A timer fires late under load, never early.
  expect(back.at - shown.at).toBeGreaterThanOrEqual(1900);
  expect(back.at - shown.at).toBeLessThan(4000);
});

test('collapsible sections open and close, also from the keyboard', async ({page}) => {
  await page.goto('/docs/mdx');
  await hydrated(page);
  const details = page.locator('details.details').first();
  await expect(details).not.toHaveAttribute('open', '');
  await details.locator('summary').click();
  await expect(details).toHaveAttribute('open', '');
  await expect(details.locator('.details__content')).toBeVisible();
  await details.locator('summary').click();
  await expect(details).not.toHaveAttribute('open', '', {timeout: 2000});
  await details.locator('summary').focus();
  await page.keyboard.press('Enter');
  await expect(details).toHaveAttribute('open', '');
});

test('headings link to themselves and /page#anchor lands below the navbar', async ({page}) => {
  await page.goto('/docs/guides/atom-effects');
  const h = page.locator('h2#atomeffect');
  await expect(h.locator('a.hash-link')).toHaveAttribute('href', '#atomeffect');
  await page.goto('/docs/guides/atom-effects#setself');
  await hydrated(page);
  // The browser glides there (smooth scrolling); where it stops is what counts.
  const landed = async () => {
    const box = await page.locator('#setself').boundingBox();
    const nav = await page.locator('nav.navbar').boundingBox();
    return box.y >= nav.y + nav.height - 1 && box.y < 200;
  };
  await expect.poll(landed).toBe(true);
  await page.waitForTimeout(500);
  expect(await landed()).toBe(true);
});
