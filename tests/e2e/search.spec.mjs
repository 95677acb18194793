// The search interface on the local (Pagefind) backend: opening and closing, results as you
// type, keyboard, recent searches, states, the results page, hostile queries.
import {test, expect} from '@playwright/test';
import fs from 'node:fs';
import {hydrated, mark, stillSameDocument} from './helpers.mjs';

// The index's chunk files, as the build wrote them.
// Index chunks of every shard (the index is written in shards: pagefind/, pagefind/shard-N/).
const chunkFiles = fs
  .readdirSync(new URL('../../build/pagefind/', import.meta.url), {recursive: true})
  .filter((f) => f.endsWith('.pf_index')).length;

const modal = (page) => page.locator('.search-modal');
const input = (page) => page.locator('.search-modal__input');

async function openWithClick(page) {
  await page.locator('.navbar .search-button').click();
  await expect(input(page)).toBeFocused();
}

test('the navbar button says "Search" and shows the shortcut', async ({page, browser}) => {
  await page.goto('/');
  await hydrated(page);
  const button = page.locator('.navbar .search-button');
  await expect(button.locator('.search-button__label')).toHaveText('Search');
  await expect(button.locator('.search-button__keys')).toHaveText('CtrlK');
  const mac = await browser.newContext();
  await mac.addInitScript(() => Object.defineProperty(navigator, 'platform', {get: () => 'MacIntel'}));
  const p2 = await mac.newPage();
  await p2.goto('/');
  await hydrated(p2);
  await expect(p2.locator('.navbar .search-button .search-button__keys')).toHaveText('⌘K');
  await mac.close();
});

test('the dialog covers the whole window, above the page', async ({page}) => {
  await page.goto('/docs/introduction/motivation');
  await hydrated(page);
  await openWithClick(page);
  const viewport = page.viewportSize();
  const backdrop = await page.locator('.search-modal__backdrop').boundingBox();
  expect(backdrop).toEqual({x: 0, y: 0, width: viewport.width, height: viewport.height});
  // The panel is what is on top in the middle of the window.
  const onTop = await page.evaluate(() => document.elementFromPoint(innerWidth / 2, 150)?.closest('.search-modal__panel') !== null);
  expect(onTop).toBe(true);
});

test('opens on click, Ctrl+K, Cmd+K and "/"; Escape closes and returns focus', async ({page}) => {
  await page.goto('/docs/introduction/motivation');
  await hydrated(page);
  await openWithClick(page);
  await page.keyboard.press('Escape');
  await expect(modal(page)).toHaveCount(0);
  await expect(page.locator('.navbar .search-button')).toBeFocused();

  const link = page.locator('.paginator__link--next');
  await link.focus();
  await page.keyboard.press('Control+k');
  await expect(input(page)).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(link).toBeFocused();

  await page.keyboard.press('Meta+k');
  await expect(input(page)).toBeFocused();
  await page.keyboard.press('Escape');

  await page.locator('main h1').click();
  await page.keyboard.press('/');
  await expect(input(page)).toBeFocused();
  await expect(input(page)).toHaveValue('');
  await page.keyboard.press('Escape');
  await expect(modal(page)).toHaveCount(0);
});

for (const key of ['Control+k', 'Meta+k', '/']) {
  test(`${key} pressed before the page has hydrated opens search once it has`, async ({page}) => {
    // The page is on screen (prerendered) while its code is held back.
    let release;
    const held = new Promise((r) => (release = r));
    await page.route('**/assets/*.js', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/docs/introduction/motivation', {waitUntil: 'commit'});
    await expect(page.locator('main h1')).toBeVisible();
    await expect(page.locator('.navbar .color-toggle').first()).toBeDisabled();
    await page.keyboard.press(key);
    release();
    await hydrated(page);
    await expect(input(page)).toBeFocused();
    await expect(modal(page)).toHaveCount(1);
    await expect(input(page)).toHaveValue('');
  });
}

test('"/" typed in a text field types a slash instead', async ({page}) => {
  await page.goto('/docs/introduction/getting-started');
  await hydrated(page);
  const field = page.locator('.demo input[type="text"]').first();
  await field.click();
  await page.keyboard.type('a/b');
  await expect(field).toHaveValue('a/b');
  await expect(modal(page)).toHaveCount(0);
});

test('results appear as you type, grouped by page, with highlighted excerpts', async ({page}) => {
  await page.goto('/');
  await hydrated(page);
  await openWithClick(page);
  await expect(page.locator('.search-modal__message')).toContainText('输入关键词开始搜索');
  await input(page).pressSequentially('快照', {delay: 80});
  const hits = page.locator('.search-hit');
  await expect(hits.first()).toBeVisible();
  await expect(hits.first().locator('.search-hit__title')).toContainText('Snapshot');
  await expect(page.locator('.search-hit--child').first()).toBeVisible();
  await expect(page.locator('.search-hit mark').first()).toBeVisible();
  await expect(page.locator('.search-hit__section').first()).toContainText('API 参考');
});

test('after the first query the whole index loads; later queries fetch no index chunk', async ({page}) => {
  const chunks = [];
  page.on('requestfinished', (r) => r.url().endsWith('.pf_index') && chunks.push(r.url()));
  await page.goto('/');
  await hydrated(page);
  expect(chunkFiles).toBeGreaterThan(1);
  await openWithClick(page);
  await input(page).fill('原子');
  await expect(page.locator('.search-hit').first()).toBeVisible();
  // Every chunk (the manifest's probes reach them all), each once.
  await expect.poll(() => chunks.length, {timeout: 10000}).toBe(chunkFiles);
  expect(new Set(chunks).size).toBe(chunks.length);
  for (const q of ['waitForAll', '持久化', '快照 缓存', 'toggle']) {
    await input(page).fill(q);
    await expect(page.locator('.search-modal__all')).toContainText(/\d/);
    await expect(page.locator('.search-hit').first()).toBeVisible();
  }
  expect(chunks.length).toBe(chunkFiles);
  // Hits show by title first; their excerpts follow.
  await expect(page.locator('.search-hit__excerpt').first()).not.toBeEmpty();
});

test('with save-data on, only the chunks a query needs load', async ({page}) => {
  await page.addInitScript(() => Object.defineProperty(navigator, 'connection', {value: {saveData: true}, configurable: true}));
  const chunks = [];
  page.on('requestfinished', (r) => r.url().endsWith('.pf_index') && chunks.push(r.url()));
  await page.goto('/');
  await hydrated(page);
  await openWithClick(page);
  await input(page).fill('原子');
  await expect(page.locator('.search-hit').first()).toBeVisible();
  await page.waitForTimeout(1500);
  expect(chunks.length).toBeLessThan(chunkFiles);
});

test('full-text hits show by title before their text is fetched', async ({page}) => {
  // The search runs in Pagefind's worker: the context's routes see its requests.
  let release;
  const held = new Promise((r) => (release = r));
  const fragments = [];
  await page.context().route('**/pagefind/**/*.pf_fragment', async (route) => {
    fragments.push(route.request().url());
    await held;
    await route.continue();
  });
  await page.goto('/');
  await hydrated(page);
  await openWithClick(page);
  // A query that names no page: its hits come from the full-text index only.
  await input(page).fill('重新渲染');
  await expect(page.locator('.search-hit__title').first()).not.toBeEmpty();
  await expect(page.locator('.search-modal__all')).toHaveText(/^See all \d+ results$/);
  // Titles and sections are on screen while every page text is still held back.
  const titles = await page.locator('.search-hit__title').allInnerTexts();
  expect(titles.length).toBeGreaterThan(2);
  expect(titles.every((t) => t.trim() && !t.startsWith('/'))).toBe(true);
  await expect(page.locator('.search-hit__section').first()).not.toBeEmpty();
  expect(await page.locator('.search-hit__excerpt').first().textContent()).toBe('');
  release();
  await expect(page.locator('.search-hit__excerpt').first()).not.toBeEmpty();
  expect(fragments.length).toBeGreaterThan(0);
});

test('arrow keys move the selection and Enter opens it client-side', async ({page}) => {
  await page.goto('/');
  await hydrated(page);
  await mark(page);
  await openWithClick(page);
  await input(page).fill('waitForAll');
  const options = page.locator('.search-hit [role="option"]');
  await expect(options.first()).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('ArrowDown');
  await expect(options.nth(1)).toHaveAttribute('aria-selected', 'true');
  await expect(input(page)).toHaveAttribute('aria-activedescendant', await options.nth(1).getAttribute('id'));
  await page.keyboard.press('ArrowUp');
  await expect(options.first()).toHaveAttribute('aria-selected', 'true');
  const href = await options.first().getAttribute('href');
  await page.keyboard.press('Enter');
  await expect(modal(page)).toHaveCount(0);
  await expect(page).toHaveURL(new RegExp(href.replace(/[.*+?^${}()|[\]\\]/g, '\\$&') + '$'));
  await expect(page.locator('main h1')).toContainText('waitForAll');
  await stillSameDocument(page);
});

test('recent searches are remembered and shown for an empty query', async ({page}) => {
  await page.goto('/');
  await hydrated(page);
  await openWithClick(page);
  await input(page).fill('原子');
  await expect(page.locator('.search-hit').first()).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(modal(page)).toHaveCount(0);
  expect(JSON.parse(await page.evaluate(() => localStorage.getItem('search.recent')))).toEqual(['原子']);
  await openWithClick(page);
  await expect(page.locator('.search-recent')).toContainText('原子');
  await page.locator('.search-recent__query', {hasText: '原子'}).click();
  await expect(input(page)).toHaveValue('原子');
  await expect(page.locator('.search-hit').first()).toBeVisible();
  await input(page).fill('');
  await page.getByRole('button', {name: '从最近搜索中删除“原子”'}).click();
  await expect(page.locator('.search-recent')).toHaveCount(0);
});

test('no results, loading and index errors have their own states', async ({page}) => {
  await page.goto('/');
  await hydrated(page);
  await openWithClick(page);
  await input(page).fill('麒麟飞船');
  await expect(page.locator('.search-no-results')).toHaveText('没有找到与“麒麟飞船”相关的结果');

  // Loading: hold the index back (a fresh page, so that none of it is loaded yet).
  let release;
  const held = new Promise((r) => (release = r));
  await page.context().route('**/pagefind/**/*.pf_index', async (route) => {
    await held;
    await route.continue();
  });
  await page.reload();
  await hydrated(page);
  await openWithClick(page);
  // A query that names no page: nothing can show before the index answers.
  await input(page).fill('重新渲染');
  await expect(page.locator('.search-modal__message')).toHaveText('正在搜索…');
  await page.waitForTimeout(300);
  await expect(page.locator('.search-modal__message')).toHaveText('正在搜索…');
  release();
  await expect(page.locator('.search-hit').first()).toBeVisible();
});

test('an index that fails to load shows the error with a retry that recovers', async ({page}) => {
  // Offline: the runtime fails under any URL (a retry asks for it under another, since some
  // browsers keep a failed module failed).
  const runtime = /\/pagefind\/pagefind\.js(\?.*)?$/;
  await page.route(runtime, (route) => route.abort('internetdisconnected'));
  await page.goto('/');
  await hydrated(page);
  await openWithClick(page);
  await input(page).fill('原子');
  await expect(page.locator('.search-modal [role="alert"]')).toContainText('搜索索引加载失败');
  await page.unroute(runtime);
  await page.getByRole('button', {name: '重试'}).click();
  await expect(page.locator('.search-hit').first()).toBeVisible();
});

test('"See all N results" leads to /search?q= with the same total, client-side', async ({page}) => {
  await page.goto('/');
  await hydrated(page);
  await mark(page);
  await openWithClick(page);
  await input(page).fill('选择器');
  const all = page.locator('.search-modal__all');
  await expect(all).toHaveText(/^See all \d+ results$/);
  const n = Number((await all.textContent()).match(/\d+/)[0]);
  expect(n).toBeGreaterThan(8);
  await expect(all).toHaveAttribute('href', `/search?q=${encodeURIComponent('选择器')}`);
  await all.click();
  await expect(page).toHaveURL(/\/search\?q=/);
  await expect(page.getByText(/^找到 \d+ 个与/)).toHaveText(`找到 ${n} 个与“选择器”相关的结果`);
  await expect(page.locator('.search-page__input')).toHaveValue('选择器');
  await stillSameDocument(page);
});

test('/search reads q on a direct load, keeps the URL in sync, and loads more on scroll', async ({page}) => {
  await page.goto('/search?q=%E5%8E%9F%E5%AD%90');
  await expect(page.locator('.search-page__input')).toHaveValue('原子');
  const results = page.locator('.search-page__result');
  // Ten full-text results, plus the pages named like the query when they are not among them.
  await expect.poll(() => results.count()).toBeGreaterThanOrEqual(10);
  const history = await page.evaluate(() => history.length);
  await page.locator('.search-page__input').fill('原子 选择器');
  await expect(page).toHaveURL(/q=%E5%8E%9F%E5%AD%90\+%E9%80%89%E6%8B%A9%E5%99%A8|q=%E5%8E%9F%E5%AD%90%20%E9%80%89%E6%8B%A9%E5%99%A8/);
  expect(await page.evaluate(() => history.length)).toBe(history);
  await page.locator('.search-page__input').fill('原子');
  // The first page in full (its titles come first, their excerpts after a pause) before the
  // next is asked for: the page asks for more only once the first page is filled in.
  const excerpts = page.locator('.search-page__result > .search-page__excerpt:not(:empty)');
  await expect.poll(() => excerpts.count()).toBeGreaterThanOrEqual(10);
  const first = await results.count();
  // The next page's data is held until the loading text has been seen (a fixed delay was not
  // enough on a busy machine: the page had its data before the assertion first looked).
  let release;
  const held = new Promise((go) => (release = go));
  await page.context().route('**/pagefind/**/*.pf_fragment', async (route) => {
    await held;
    await route.continue();
  });
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  const loading = page.getByText('正在加载新的结果…');
  await expect(loading).toBeVisible();
  expect(await results.count()).toBe(first);
  release();
  await expect.poll(() => results.count(), {timeout: 10000}).toBeGreaterThanOrEqual(first + 8);
  await expect(loading).toBeHidden();
});

const hostile = [
  '<img src=x onerror=alert(1)>',
  '"原子',
  "'); alert(1); //",
  '😀🎉 原子',
  'x'.repeat(10000),
];

for (const q of hostile) {
  test(`a hostile query stays text and never breaks the page: ${q.slice(0, 30)}`, async ({page}) => {
    let dialogs = 0;
    page.on('dialog', (d) => {
      dialogs++;
      d.dismiss();
    });
    const errors = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto('/');
    await hydrated(page);
    await openWithClick(page);
    await input(page).fill(q);
    await expect(page.locator('.search-modal__body')).not.toContainText('正在搜索…', {timeout: 10000});
    expect(await page.locator('.search-modal img').count()).toBe(0);
    expect(await page.locator('.search-modal script').count()).toBe(0);
    // Still responsive.
    await page.keyboard.press('Escape');
    await expect(modal(page)).toHaveCount(0);
    await page.goto(`/search?q=${encodeURIComponent(q)}`);
    await expect(page.locator('.search-page__input')).toHaveValue(q);
    await expect(page.locator('main h1')).toBeVisible();
    expect(dialogs).toBe(0);
    expect(errors).toEqual([]);
  });
}

test('percent-encoding junk in ?q= is shown as text', async ({page}) => {
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto('/search?q=%E0%A4%A%ZZ%3Cscript%3E');
  await expect(page.locator('main h1')).toBeVisible();
  await hydrated(page);
  expect(errors).toEqual([]);
  expect(await page.locator('main script').count()).toBe(0);
});
