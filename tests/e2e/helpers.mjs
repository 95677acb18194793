// Shared by the browser tests.
import {expect} from '@playwright/test';

/** One page of each type of the real site. */
export const PAGES = {
  home: '/',
  'doc with sidebar': '/docs/introduction/getting-started',
  'doc without sidebar': '/docs/guides/code-splitting',
  'blog list': '/blog',
  'blog list page 2': '/blog/page/2',
  'blog list page 3': '/blog/page/3',
  'blog post': '/blog/2022/10/11/recoil-0.7.6-release',
  archive: '/blog/archive',
  'blog tags': '/blog/tags',
  'blog tag': '/blog/tags/发布',
  'docs tags': '/docs/tags',
  'docs tag': '/docs/tags/原子',
  resources: '/resources',
  search: '/search?q=原子',
  'not found': '/this/page/does/not/exist',
};

/** Collects page errors and console errors (except the 404 of a not-found document). */
export function watchErrors(page) {
  const errors = [];
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error' && !/status of 404/.test(m.text())) errors.push(`console: ${m.text()}`);
  });
  return errors;
}

/** Waits until React has hydrated the page (the colour switch is enabled then). */
export async function hydrated(page) {
  await expect(page.locator('.navbar .color-toggle').first()).toBeEnabled();
}

/** Marks the window, so a later check can tell a client-side navigation from a full load. */
export async function mark(page) {
  await page.evaluate(() => (window.__e2eMark = 'same-document'));
}

export async function stillSameDocument(page) {
  expect(await page.evaluate(() => window.__e2eMark)).toBe('same-document');
}
