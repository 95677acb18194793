// Colour mode: light by default, the switch toggles and remembers, the stored choice applies
// before first paint, and the switch waits for hydration.
import {test, expect} from '@playwright/test';
import {hydrated} from './helpers.mjs';

test('light by default; the switch toggles and stores the choice', async ({page}) => {
  await page.goto('/docs/introduction/motivation');
  await hydrated(page);
  const html = page.locator('html');
  await expect(html).toHaveAttribute('data-theme', 'light');
  expect(await page.evaluate(() => localStorage.getItem('theme'))).toBeNull();
  await page.locator('.navbar .color-toggle').first().click();
  await expect(html).toHaveAttribute('data-theme', 'dark');
  expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark');
  await expect(page.locator('body')).toHaveCSS('background-color', 'rgb(27, 29, 33)');
  await page.locator('.navbar .color-toggle').first().click();
  await expect(html).toHaveAttribute('data-theme', 'light');
  expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('light');
});

test('a stored dark choice is applied before the body is parsed (no flash)', async ({page}) => {
  await page.addInitScript(() => {
    localStorage.setItem('theme', 'dark');
    // Record the theme at the moment <body> is inserted, i.e. before anything can paint.
    new MutationObserver((records, obs) => {
      for (const r of records) {
        for (const n of r.addedNodes) {
          if (n.nodeName === 'BODY') {
            window.__themeAtBody = document.documentElement.getAttribute('data-theme');
            obs.disconnect();
          }
        }
      }
    }).observe(document, {childList: true, subtree: true});
  });
  await page.goto('/blog');
  expect(await page.evaluate(() => window.__themeAtBody)).toBe('dark');
  await hydrated(page);
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expect(page.locator('.navbar .color-toggle').first()).toHaveAttribute('aria-label', '切换到浅色模式');
});

test('the switch is disabled until the page is hydrated', async ({page}) => {
  // Hold the main bundle back so the server-rendered page is on screen without React.
  let release;
  const held = new Promise((r) => (release = r));
  await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  // DOMContentLoaded waits for module scripts: wait for the first bytes, then the toggle.
  await page.goto('/docs/introduction/motivation', {waitUntil: 'commit'});
  await expect(page.locator('.navbar .color-toggle').first()).toBeAttached();
  await expect(page.locator('.navbar .color-toggle').first()).toBeDisabled();
  release();
  await expect(page.locator('.navbar .color-toggle').first()).toBeEnabled();
});

test('in forced colours (a contrast theme) icons take the theme colours and stay visible', async ({page}) => {
  await page.emulateMedia({forcedColors: 'active', colorScheme: 'dark'});
  await page.goto('/docs/introduction/installation');
  // An icon is a span drawn by its background: the theme must not paint it in the page's colour.
  const colours = await page.evaluate(() => {
    const bg = getComputedStyle(document.body).backgroundColor;
    const of = (selector) => getComputedStyle(document.querySelector(selector)).backgroundColor;
    return {bg, text: of('.admonition .icon'), link: of('.navbar__link--icon .icon'), button: of('.code-block__copy .icon')};
  });
  for (const [where, colour] of Object.entries(colours).filter(([k]) => k !== 'bg')) {
    expect(colour, where).not.toBe(colours.bg);
    expect(colour, where).not.toBe('rgba(0, 0, 0, 0)');
  }
  // Each the colour the theme gives its kind of text, not the author's.
  expect(colours.text).toBe(await page.evaluate(() => getComputedStyle(document.body).color));
});
