// axe-core finds no violations on any page type, in light and dark mode, at desktop and at
// 375 px; and loading any page type calls no host but the site's own.
import {test, expect} from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import {PAGES, hydrated} from '../e2e/helpers.mjs';

const sizes = {desktop: {width: 1280, height: 800}, phone: {width: 375, height: 760}};

for (const [sizeName, viewport] of Object.entries(sizes)) {
  for (const mode of ['light', 'dark']) {
    test.describe(`${sizeName}, ${mode}`, () => {
      test.use({viewport});
      for (const [name, route] of Object.entries(PAGES)) {
        test(`axe: ${name}`, async ({page}) => {
          await page.addInitScript((m) => localStorage.setItem('theme', m), mode);
          await page.goto(route);
          await hydrated(page);
          if (name === 'search') await expect(page.locator('.search-page__result').first()).toBeVisible();
          const results = await new AxeBuilder({page}).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
          const found = results.violations.map((v) => `${v.id}: ${v.help}\n    ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join('\n    ')}`);
          expect(found, found.join('\n')).toEqual([]);
        });
      }
    });
  }
}

test('the search dialog and the mobile menu pass axe too', async ({page}) => {
  await page.goto('/docs/introduction/motivation');
  await hydrated(page);
  await page.locator('.navbar .search-button').click();
  await page.locator('.search-modal__input').fill('原子');
  await expect(page.locator('.search-hit').first()).toBeVisible();
  let results = await new AxeBuilder({page}).include('.search-modal').analyze();
  expect(results.violations.map((v) => v.id)).toEqual([]);
  await page.keyboard.press('Escape');
  await page.setViewportSize({width: 375, height: 760});
  await page.locator('.navbar__toggle').click();
  results = await new AxeBuilder({page}).include('.mobile-menu').analyze();
  expect(results.violations.map((v) => v.id)).toEqual([]);
});

test('no page type makes a request to another host', async ({page, baseURL}) => {
  // Every page type in one test, each to network idle: 19-22 s in recorded runs, over the 30 s
  // default on a slow hour (its assertions keep their own 5 s limit).
  test.setTimeout(90_000);
  const origin = new URL(baseURL).origin;
  const foreign = [];
  page.on('request', (r) => {
    const u = new URL(r.url());
    if (u.protocol !== 'data:' && u.protocol !== 'blob:' && u.origin !== origin) foreign.push(`${r.url()} (from ${page.url()})`);
  });
  for (const route of Object.values(PAGES)) {
    await page.goto(route);
    await hydrated(page);
    await page.waitForLoadState('networkidle');
  }
  // Search, too.
  await page.locator('.navbar .search-button').click();
  await page.locator('.search-modal__input').fill('原子');
  await expect(page.locator('.search-hit').first()).toBeVisible();
  expect(foreign).toEqual([]);
});

test('keyboard alone reaches and operates the controls', async ({page}) => {
  await page.goto('/docs/introduction/installation');
  await hydrated(page);
  const focused = [];
  for (let i = 0; i < 40; i++) {
    await page.keyboard.press('Tab');
    focused.push(await page.evaluate(() => {
      const el = document.activeElement;
      return el ? `${el.tagName.toLowerCase()}.${el.className}`.slice(0, 60) + ':' + (el.getAttribute('aria-label') || el.textContent || '').trim().slice(0, 20) : '';
    }));
  }
  const text = focused.join('\n');
  expect(text).toContain('skip-link');
  expect(text).toMatch(/color-toggle/);
  expect(text).toMatch(/search-button/);
  expect(text).toMatch(/sidebar__category-button/);
  // The colour switch works from the keyboard.
  await page.locator('.navbar .color-toggle').focus();
  await page.keyboard.press('Enter');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  // A sidebar category opens with the keyboard.
  const cat = page.locator('.sidebar__category-button', {hasText: '指南'});
  await cat.focus();
  await page.keyboard.press('Enter');
  await expect(cat).toHaveAttribute('aria-expanded', 'true');
  // The search dialog opens from the keyboard on its link.
  await page.locator('.navbar .search-button').focus();
  await page.keyboard.press('Enter');
  await expect(page.locator('.search-modal__input')).toBeFocused();
});
