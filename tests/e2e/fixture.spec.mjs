// Behaviour that this site's configuration does not use, on the fixture site
// (fixtures/site): a navbar dropdown and a closeable announcement bar.
import {test, expect} from '@playwright/test';
import {hydrated} from './helpers.mjs';
import {FIXTURE_PORT} from '../playwright.config.mjs';

const base = `http://127.0.0.1:${FIXTURE_PORT}`;

test('a dropdown opens and closes on click, on an outside click and on Escape', async ({page}) => {
  await page.goto(`${base}/docs/intro`);
  await hydrated(page);
  const button = page.locator('.navbar__dropdown > button');
  const menu = page.locator('.navbar__dropdown-menu');
  await expect(menu).toBeHidden();
  await button.click();
  await expect(menu).toBeVisible();
  await expect(button).toHaveAttribute('aria-expanded', 'true');
  await button.click();
  await expect(menu).toBeHidden();
  await button.click();
  await page.mouse.click(600, 500);
  await expect(menu).toBeHidden();
  await button.click();
  await expect(menu).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(button).toBeFocused();
  await button.click();
  await menu.locator('a', {hasText: '关于'}).click();
  await expect(page.locator('main h1')).toHaveText('关于');
});

test('a closeable announcement is remembered with its id; a new id shows again', async ({page}) => {
  await page.goto(`${base}/`);
  await hydrated(page);
  const bar = page.locator('.announcement');
  await expect(bar).toBeVisible();
  await bar.getByRole('button', {name: '关闭公告'}).click();
  await expect(bar).toHaveCount(0);
  expect(await page.evaluate(() => [localStorage.getItem('announcement.dismiss'), localStorage.getItem('announcement.id')])).toEqual(['true', 'a1']);
  await page.reload();
  await hydrated(page);
  await expect(page.locator('.announcement')).toHaveCount(0);
  // A bar with another id (as after a configuration change) shows again.
  await page.evaluate(() => localStorage.setItem('announcement.id', 'an-older-bar'));
  await page.reload();
  await hydrated(page);
  await expect(page.locator('.announcement')).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('announcement.dismiss'))).toBe('false');
});
