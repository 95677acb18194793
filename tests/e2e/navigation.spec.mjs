// Client-side navigation: progress bar for slow loads, scrolling, back/forward, prefetching.
import {test, expect} from '@playwright/test';
import {hydrated, mark, stillSameDocument} from './helpers.mjs';

const slowData = (ms) => async (route) => {
  await new Promise((r) => setTimeout(r, ms));
  await route.continue();
};

test('a progress bar shows when loading takes longer than 1000 ms, and not before', async ({page}) => {
  // No prefetching in view: the delayed request must start with the click.
  await page.addInitScript(() => delete window.IntersectionObserver);
  await page.route('**/page-data/docs/introduction/installation.json', slowData(3000));
  await page.route('**/page-data/docs/introduction/getting-started.json', slowData(300));
  await page.goto('/docs/introduction/motivation');
  await hydrated(page);
  // Times are taken in the page, so a busy test runner cannot blur them.
  const watch = () =>
    page.evaluate(() => {
      window.__bar = null;
      window.__click = null;
      window.__barObserver?.disconnect();
      window.__barObserver = new MutationObserver(() => {
        if (window.__bar === null && document.querySelector('.progress-bar')) window.__bar = performance.now();
      });
      window.__barObserver.observe(document.body, {childList: true, subtree: true});
      document.addEventListener('click', () => (window.__click = performance.now()), {capture: true, once: true});
    });
  const timing = () => page.evaluate(() => ({bar: window.__bar, click: window.__click}));

  await watch();
  await page.locator('.doc-layout__sidebar a', {hasText: '安装'}).click();
  await expect(page.locator('.progress-bar')).toHaveCount(1, {timeout: 5000});
  await expect(page.locator('main h1')).toHaveText('安装', {timeout: 8000});
  await expect(page.locator('.progress-bar')).toHaveCount(0);
  const slow = await timing();
  expect(slow.bar - slow.click).toBeGreaterThanOrEqual(990);
  expect(slow.bar - slow.click).toBeLessThan(2500);

  await watch();
  await page.locator('.doc-layout__sidebar a', {hasText: '快速上手'}).click();
  await expect(page.locator('main h1')).toHaveText('快速上手');
  expect((await timing()).bar).toBeNull();
});

test('after a route change the page is at the top, or at the hash target', async ({page}) => {
  await page.goto('/docs/guides/atom-effects');
  await hydrated(page);
  await page.evaluate(() => window.scrollTo(0, 3000));
  await page.locator('.paginator__link--next').click();
  await expect(page.locator('main h1')).toHaveText(/测试/);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  await mark(page);
  await page.evaluate(() => {
    const a = document.createElement('a');
    a.href = '/docs/guides/atom-effects#onset';
    a.id = 'e2e-hash-link';
    a.textContent = 'x';
    document.querySelector('main').prepend(a);
  });
  await page.click('#e2e-hash-link');
  await expect(page.locator('main h1')).toContainText('atom 副作用');
  await stillSameDocument(page);
  await expect.poll(async () => (await page.locator('#onset').boundingBox()).y, {timeout: 3000}).toBeLessThan(200);
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(500);
});

test('back and forward restore the scroll position', async ({page}) => {
  await page.goto('/docs/guides/asynchronous-data-queries');
  await hydrated(page);
  // Instantly: the page glides (scroll-behavior: smooth), and how long a glide takes is the
  // browser's business (the next test follows a link during one).
  await page.evaluate(() => window.scrollTo({top: 2400, behavior: 'instant'}));
  await page.waitForTimeout(250);
  await page.locator('.doc-layout__sidebar a', {hasText: '测试'}).click();
  await expect(page.locator('main h1')).toHaveText(/测试/);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  await page.goBack();
  await expect(page.locator('main h1')).toHaveText(/异步/);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(2300);
  await page.goForward();
  await expect(page.locator('main h1')).toHaveText(/测试/);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
});

test('a link followed while the page still glides shows the next page at its top', async ({page}) => {
  await page.goto('/docs/guides/asynchronous-data-queries');
  await hydrated(page);
  await page.evaluate(() => window.scrollTo({top: 2400, behavior: 'smooth'}));
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(300);
  await page.locator('.doc-layout__sidebar a', {hasText: '测试'}).click();
  await expect(page.locator('main h1')).toHaveText(/测试/);
  await page.waitForTimeout(300);
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
});

test('links prefetch on hover', async ({page}) => {
  // Without prefetching in view, only the hover can fetch the blog's data.
  await page.addInitScript(() => delete window.IntersectionObserver);
  await page.goto('/');
  await hydrated(page);
  const fetched = page.waitForRequest('**/page-data/blog.json');
  await page.locator('.navbar__items a', {hasText: '博客'}).hover();
  await fetched;
});

test('links prefetch when they come into view', async ({page}) => {
  // The "next" card is in the content; its data comes without a hover or a click.
  const fetched = page.waitForRequest('**/page-data/docs/introduction/core-concepts.json');
  await page.goto('/docs/introduction/motivation');
  await fetched;
  // A link far below the fold is fetched only once it is scrolled into view.
  let early = false;
  page.on('request', (r) => r.url().endsWith('/page-data/docs/api-reference/core/RecoilRoot.json') && (early = true));
  await page.goto('/docs/basic-tutorial/intro');
  await hydrated(page);
  await page.waitForTimeout(800);
  const footerLink = page.locator('.footer a', {hasText: 'API 参考'});
  expect(early).toBe(false);
  const apiFetched = page.waitForRequest('**/page-data/docs/api-reference/core/RecoilRoot.json');
  await footerLink.scrollIntoViewIfNeeded();
  await apiFetched;
});

for (const connection of [{saveData: true}, {effectiveType: '2g'}]) {
  test(`no prefetching with ${JSON.stringify(connection)}`, async ({page}) => {
    await page.addInitScript((c) => Object.defineProperty(navigator, 'connection', {value: c, configurable: true}), connection);
    const data = [];
    // The page's own data (for hydration) is not a prefetch.
    page.on('request', (r) => r.url().includes('/page-data/') && !r.url().endsWith('/motivation.json') && data.push(r.url()));
    await page.goto('/docs/introduction/motivation');
    await hydrated(page);
    await page.locator('.navbar__items a', {hasText: '博客'}).hover();
    await page.waitForTimeout(800);
    expect(data).toEqual([]);
    // Navigation itself still works.
    await page.locator('.navbar__items a', {hasText: '博客'}).click();
    await expect(page.locator('main h1')).toHaveText('博客');
  });
}
