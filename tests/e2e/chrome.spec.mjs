// Page chrome: announcement bar, top navigation, footer, link to the English original,
// skip link, hide-on-scroll (off here).
import {test, expect} from '@playwright/test';
import {PAGES, hydrated} from './helpers.mjs';

test('the announcement bar is on every page type, not closeable, with the Jotai link and the migration guide', async ({page}) => {
  // Every page type in one test: 14-27 s in recorded runs, over the 30 s default on a slow hour
  // (its assertions keep their own 5 s limit).
  test.setTimeout(90_000);
  for (const route of Object.values(PAGES)) {
    await page.goto(route);
    const bar = page.locator('.announcement');
    await expect(bar).toBeVisible();
    await expect(bar).toContainText('Recoil 已停止开发');
    await expect(bar.locator('a[href="https://jotai.org"]')).toHaveCount(1);
    await expect(bar.locator('a[href="/docs/guides/migrating/to-jotai"]')).toHaveCount(1);
    await expect(bar.locator('button')).toHaveCount(0);
  }
  await expect(page.locator('.announcement')).toHaveCSS('background-color', 'rgb(32, 35, 42)');
  await expect(page.locator('.announcement')).toHaveCSS('color', 'rgb(255, 255, 255)');
});

test('top navigation has every item, the search button and the colour switch', async ({page}) => {
  await page.goto('/');
  const nav = page.locator('nav.navbar');
  for (const label of ['文档', '博客', 'Recoil Sync', 'Refine', 'GraphQL', '教程']) {
    await expect(nav.locator('.navbar__items a', {hasText: label}).first()).toBeVisible();
  }
  await expect(nav.locator('a[href="https://recoiljs.org"]')).toBeVisible();
  await expect(nav.locator('a[href="https://github.com/facebookexperimental/Recoil"]')).toBeVisible();
  await expect(nav.locator('.search-button')).toContainText('Search');
  await expect(nav.locator('.color-toggle').first()).toBeVisible();
  await expect(nav.locator('.navbar__items a', {hasText: '文档'})).toHaveAttribute('href', '/docs/introduction/installation');
  await expect(nav.locator('.navbar__items a', {hasText: 'Refine'})).toHaveAttribute('href', '/docs/refine/Introduction');
});

test('the navbar marks the section the reader is in', async ({page}) => {
  const cases = [
    ['/docs/introduction/motivation', '文档'],
    ['/docs/api-reference/core/atom', '文档'],
    ['/docs/recoil-sync/api/syncEffect', 'Recoil Sync'],
    ['/docs/refine/api/Checkers', 'Refine'],
    ['/docs/recoil-relay/introduction', 'GraphQL'],
    ['/blog/page/2', '博客'],
    ['/blog/2022/10/11/recoil-0.7.6-release', '博客'],
    ['/resources', '教程'],
  ];
  for (const [route, label] of cases) {
    await page.goto(route);
    const active = page.locator('.navbar__items .navbar__link--active');
    await expect(active).toHaveCount(1);
    await expect(active).toHaveText(label);
  }
  await page.goto('/');
  await expect(page.locator('.navbar__items .navbar__link--active')).toHaveCount(0);
});

test('footer has the five link groups and the copyright line', async ({page}) => {
  await page.goto('/docs/introduction/motivation');
  const titles = await page.locator('.footer__title').allInnerTexts();
  expect(titles).toEqual(['学习', '社区', '类似工具', '法律', '友情链接']);
  await expect(page.locator('.footer__copyright')).toContainText('Copyright ©');
});

test('every doc links to the same page on the English site', async ({page}) => {
  for (const route of ['/docs/introduction/motivation', '/docs/refine/api/Primitive_Checkers', '/docs/guides/code-splitting', '/docs/recoil-relay/api/graphQLSelector']) {
    await page.goto(route);
    await expect(page.locator('.doc-footer__original a')).toHaveAttribute('href', `https://recoiljs.org${route}`);
  }
});

test('skip link is the first focusable element, shows on focus, and moves focus to the content', async ({page}) => {
  await page.goto('/docs/introduction/motivation');
  await hydrated(page);
  const skip = page.locator('.skip-link');
  const before = await skip.boundingBox();
  expect(before.y + before.height).toBeLessThanOrEqual(0);
  await page.keyboard.press('Tab');
  await expect(skip).toBeFocused();
  const shown = await skip.boundingBox();
  expect(shown.y).toBeGreaterThanOrEqual(0);
  await page.keyboard.press('Enter');
  await expect(page.locator('#main')).toBeFocused();
  // The next Tab goes into the content, not back into the navbar.
  await page.keyboard.press('Tab');
  const inMain = await page.evaluate(() => document.getElementById('main').contains(document.activeElement));
  expect(inMain).toBe(true);
});

test('hide-on-scroll is off: the navbar stays when scrolling down', async ({page}) => {
  await page.goto('/docs/guides/atom-effects');
  await hydrated(page);
  await page.mouse.wheel(0, 3000);
  await page.waitForTimeout(300);
  await expect(page.locator('nav.navbar')).not.toHaveClass(/navbar--hidden/);
  const box = await page.locator('nav.navbar').boundingBox();
  expect(box.y).toBeGreaterThanOrEqual(0);
});

test('the home page leads to getting started and to the migration guide', async ({page}) => {
  await page.goto('/');
  await expect(page.locator('.hero__actions a.button--primary')).toHaveAttribute('href', '/docs/introduction/getting-started');
  const guide = page.locator('.hero__actions a.button--secondary');
  await expect(guide).toHaveText('从 Recoil 迁移到 Jotai');
  await guide.click();
  await expect(page.locator('main h1')).toContainText('Jotai');
});
