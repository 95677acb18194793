// The engine end to end: every route type renders with JavaScript on and off, navigation
// between pages fetches only data, unknown paths get the not-found page with status 404.
import {test, expect} from '@playwright/test';
import {PAGES, watchErrors, hydrated, mark, stillSameDocument} from './helpers.mjs';

for (const [name, route] of Object.entries(PAGES)) {
  test(`${name} renders and hydrates without errors`, async ({page}) => {
    const errors = watchErrors(page);
    const res = await page.goto(route);
    expect(res.status()).toBe(name === 'not found' ? 404 : 200);
    await expect(page.locator('main h1').first()).toBeVisible();
    await hydrated(page);
    expect(errors).toEqual([]);
  });

  test(`${name} reads with JavaScript off`, async ({browser}) => {
    const context = await browser.newContext({javaScriptEnabled: false});
    const page = await context.newPage();
    const res = await page.goto(route);
    expect(res.status()).toBe(name === 'not found' ? 404 : 200);
    await expect(page.locator('main h1').first()).toBeVisible();
    const text = await page.locator('main').innerText();
    expect(text.length).toBeGreaterThan(20);
    await expect(page.locator('.navbar')).toBeVisible();
    await expect(page.locator('footer.footer')).toBeVisible();
    await context.close();
  });
}

test('the blog lists 10, 10 and 3 posts, newest first', async ({page}) => {
  const counts = [];
  for (const route of ['/blog', '/blog/page/2', '/blog/page/3']) {
    await page.goto(route);
    counts.push(await page.locator('.post-card').count());
  }
  expect(counts).toEqual([10, 10, 3]);
  await page.goto('/blog');
  await expect(page.locator('.post-card h2').first()).toHaveText('Recoil 0.7.7 发布');
  await page.goto('/blog/archive');
  await expect(page.locator('.archive-list li')).toHaveCount(23);
});

test('/docs leads to the first docs page, with and without JavaScript', async ({page, browser}) => {
  await page.goto('/docs');
  await expect(page).toHaveURL(/\/docs\/introduction\/installation$/);
  await expect(page.locator('main h1')).toHaveText('安装');
  const context = await browser.newContext({javaScriptEnabled: false});
  const p2 = await context.newPage();
  await p2.goto('/docs');
  await p2.waitForURL(/\/docs\/introduction\/installation$/);
  await context.close();
});

test('going to the next doc fetches its data, not a new document', async ({page}) => {
  await page.goto('/docs/introduction/motivation');
  await hydrated(page);
  await mark(page);
  const requests = [];
  page.on('request', (r) => requests.push({type: r.resourceType(), url: r.url()}));
  await page.locator('.paginator__link--next').click();
  await expect(page).toHaveURL(/\/docs\/introduction\/core-concepts$/);
  await expect(page.locator('main h1')).toHaveText('核心概念');
  await stillSameDocument(page);
  expect(requests.filter((r) => r.type === 'document')).toEqual([]);
  // Everything fetched is data, code or an image: never HTML.
  for (const r of requests) expect(r.url).not.toMatch(/\.html($|\?)/);
  expect(await page.title()).toBe('核心概念 | Recoil 中文文档');
  await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /.+/);
});

test('unknown paths show the not-found page with status 404, also client-side', async ({page}) => {
  const res = await page.goto('/docs/no-such-page');
  expect(res.status()).toBe(404);
  await expect(page.locator('main h1')).toHaveText('找不到页面');
  await expect(page.locator('main')).toContainText('我们找不到你要访问的页面');
  await expect(page.locator('main')).toContainText('请告诉该链接所在网站的所有者');
  await page.goto('/');
  await hydrated(page);
  await mark(page);
  await page.evaluate(() => {
    const a = document.createElement('a');
    a.href = '/docs/also-missing';
    a.id = 'e2e-missing-link';
    a.textContent = 'missing';
    document.querySelector('main').append(a);
  });
  await page.click('#e2e-missing-link');
  await expect(page.locator('main h1')).toHaveText('找不到页面');
  await expect(page).toHaveURL(/\/docs\/also-missing$/);
  await stillSameDocument(page);
});
