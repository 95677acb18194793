// Narrow screens (996 px and below): the menu button, the menu panel with the navigation and
// the doc sidebar, and the ways it closes.
import {test, expect} from '@playwright/test';
import {hydrated} from './helpers.mjs';

test.use({viewport: {width: 375, height: 760}});

test('the navbar collapses to a menu button; the panel lists the navigation', async ({page}) => {
  await page.goto('/');
  await hydrated(page);
  await expect(page.locator('.navbar__items').first()).toBeHidden();
  const toggle = page.locator('.navbar__toggle');
  await expect(toggle).toBeVisible();
  await toggle.click();
  const menu = page.locator('.mobile-menu');
  await expect(menu).toBeVisible();
  for (const label of ['文档', '博客', 'Recoil Sync', 'Refine', 'GraphQL', '教程', 'English', 'GitHub']) {
    await expect(menu.locator('.mobile-menu__items a', {hasText: label}).first()).toBeVisible();
  }
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  // The panel runs the full height of the window, over the page.
  const panel = await menu.locator('.mobile-menu__panel').boundingBox();
  expect(panel.y).toBe(0);
  expect(panel.height).toBe(page.viewportSize().height);
  const onTop = await page.evaluate(() => document.elementFromPoint(40, innerHeight - 40)?.closest('.mobile-menu__panel') !== null);
  expect(onTop).toBe(true);
});

test('on a doc page the menu shows the doc sidebar, and the main menu one step back', async ({page}) => {
  await page.goto('/docs/api-reference/core/atom');
  await hydrated(page);
  await expect(page.locator('.doc-layout__sidebar')).toBeHidden();
  await page.locator('.navbar__toggle').click();
  const menu = page.locator('.mobile-menu');
  await expect(menu.locator('a[aria-current="page"]')).toHaveText('atom()');
  await menu.getByRole('button', {name: '← 返回主菜单'}).click();
  await expect(menu.locator('.mobile-menu__items a', {hasText: '博客'})).toBeVisible();
  await menu.getByRole('button', {name: /文档侧边栏/}).click();
  await expect(menu.locator('a[aria-current="page"]')).toBeVisible();
});

test('the menu closes on navigation, on Escape and when the window grows to desktop width', async ({page}) => {
  await page.goto('/docs/introduction/motivation');
  await hydrated(page);
  const toggle = page.locator('.navbar__toggle');
  const menu = page.locator('.mobile-menu');

  await toggle.click();
  await menu.locator('a', {hasText: '核心概念'}).click();
  await expect(page).toHaveURL(/core-concepts$/);
  await expect(menu).toHaveCount(0);

  await toggle.click();
  await expect(menu).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(menu).toHaveCount(0);
  await expect(toggle).toBeFocused();

  await toggle.click();
  await expect(menu).toBeVisible();
  await page.setViewportSize({width: 1200, height: 800});
  await expect(menu).toHaveCount(0);
  await expect(page.locator('.navbar__items').first()).toBeVisible();
});

test('the breakpoint is 996 px: narrow at 996, desktop at 997', async ({page}) => {
  await page.setViewportSize({width: 996, height: 800});
  await page.goto('/docs/introduction/motivation');
  await expect(page.locator('.navbar__toggle')).toBeVisible();
  await expect(page.locator('.doc-layout__sidebar')).toBeHidden();
  await page.setViewportSize({width: 997, height: 800});
  await expect(page.locator('.navbar__toggle')).toBeHidden();
  await expect(page.locator('.doc-layout__sidebar')).toBeVisible();
  await expect(page.locator('.navbar__items').first()).toBeVisible();
});

test('the table of contents is a collapsible block on narrow screens', async ({page}) => {
  await page.goto('/docs/guides/atom-effects');
  await hydrated(page);
  await expect(page.locator('.doc-layout__toc')).toBeHidden();
  const toc = page.locator('.toc-mobile');
  await expect(toc).toBeVisible();
  await expect(toc.locator('a').first()).toBeHidden();
  await toc.locator('summary').click();
  await expect(toc.locator('a').first()).toBeVisible();
});
