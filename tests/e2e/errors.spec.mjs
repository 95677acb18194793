// Error states: a page that crashes, data or code that fails to load, a wrong base URL.
import {test, expect} from '@playwright/test';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {hydrated, staticHost} from './helpers.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

test('a page crash shows "This page crashed." with the message and "Try again" recovers', async ({page}) => {
  // Routes are set before the page loads: links in view are prefetched.
  let broken = true;
  await page.route('**/page-data/docs/introduction/core-concepts.json', async (route) => {
    if (!broken) return route.continue();
    const res = await route.fetch();
    const data = await res.json();
    // A paragraph without children: loading works, rendering throws.
    data.page.content = [{t: 'paragraph', children: null}];
    await route.fulfill({response: res, json: data});
  });
  await page.goto('/docs/introduction/motivation');
  await hydrated(page);
  await page.locator('.paginator__link--next').click();
  const crash = page.locator('.crash');
  await expect(crash.locator('h1')).toHaveText('This page crashed.');
  await expect(crash.locator('.crash__message')).not.toBeEmpty();
  await expect(page.locator('nav.navbar')).toBeVisible();
  broken = false;
  await crash.getByRole('button', {name: 'Try again'}).click();
  await expect(page.locator('main h1')).toHaveText('核心概念');
});

test('page data that fails to load shows the message and "Retry"; the page recovers', async ({page}) => {
  await page.route('**/page-data/docs/introduction/core-concepts.json', (route) => route.abort('internetdisconnected'));
  await page.goto('/docs/introduction/motivation');
  await hydrated(page);
  await page.locator('.paginator__link--next').click();
  const box = page.locator('.load-error');
  await expect(box).toContainText('页面加载失败');
  await expect(page).toHaveURL(/motivation$/);
  await page.unroute('**/page-data/docs/introduction/core-concepts.json');
  await box.getByRole('button', {name: 'Retry'}).click();
  await expect(page.locator('main h1')).toHaveText('核心概念');
  await expect(page).toHaveURL(/core-concepts$/);
});

test('a code chunk that fails to load shows "Retry"; the page recovers when the network is back', async ({page}) => {
  await page.route(/\/assets\/BlogList-[^/]+\.js$/, (route) => route.abort('internetdisconnected'));
  await page.goto('/docs/introduction/motivation');
  await hydrated(page);
  await page.locator('.navbar__items a', {hasText: '博客'}).click();
  await expect(page.locator('.load-error')).toBeVisible();
  await page.unroute(/\/assets\/BlogList-[^/]+\.js$/);
  // The browser may remember a failed module: a second retry loads the page in full.
  for (let i = 0; i < 2 && (await page.locator('.load-error').count()); i++) {
    await page.getByRole('button', {name: 'Retry'}).click();
    await page.waitForLoadState('load');
    await page.waitForTimeout(300);
  }
  await expect(page.locator('main h1')).toHaveText('博客');
  await expect(page).toHaveURL(/\/blog$/);
});

test('the home page under a wrong base URL shows a red banner suggesting the base URL', async ({page}) => {
  // A static host serving the site (built for /) under /wrong/: its assets 404.
  const host = await staticHost(path.join(root, 'build'), '/wrong/');
  try {
    await page.goto(host.url);
    const banner = page.locator('#base-url-issue');
    await expect(banner).toBeVisible();
    await expect(banner).toContainText('本站没有正确加载');
    await expect(banner.locator('[data-suggest]')).toHaveText('/wrong/');
    await expect(banner).toHaveCSS('background-color', 'rgb(192, 57, 43)');
  } finally {
    await host.close();
  }
});

test('the banner stays hidden when the site loads properly', async ({page}) => {
  await page.goto('/');
  await page.waitForLoadState('load');
  await hydrated(page);
  await expect(page.locator('#base-url-issue')).toBeHidden();
});
