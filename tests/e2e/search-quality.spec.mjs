// Search quality: each query of tests/search/queries.json must bring its page into the top 3
// of the real search page. The share is also reported by the benchmark.
import {test, expect} from '@playwright/test';
import fs from 'node:fs';

const queries = JSON.parse(fs.readFileSync(new URL('../search/queries.json', import.meta.url), 'utf8'));
const manifest = JSON.parse(fs.readFileSync(new URL('../../build/pagefind/search-manifest.json', import.meta.url), 'utf8'));

test('the list holds at least 80 queries, half of them worded unlike the title of their page', () => {
  const norm = (s) => s.toLowerCase().replace(/\s+/g, '');
  const titles = new Map(manifest.pages.map((p) => [p.route, p.title]));
  const unknown = queries.filter(({page}) => !titles.has(page)).map(({page}) => page);
  expect(unknown, 'pages the index does not hold').toEqual([]);
  // A reader's wording: the query is not part of the page's title.
  const readerWorded = queries.filter(({q, page}) => !norm(titles.get(page)).includes(norm(q)));
  expect(queries.length).toBeGreaterThanOrEqual(80);
  expect(readerWorded.length * 2).toBeGreaterThanOrEqual(queries.length);
});

test(`every one of the ${queries.length} queries finds its page in the top 3`, async ({page}) => {
  test.setTimeout(300_000);
  const misses = [];
  for (const {q, page: want} of queries) {
    await page.goto(`/search?q=${encodeURIComponent(q)}`);
    const links = page.locator('.search-page__result h2 a');
    await expect(links.first()).toBeVisible({timeout: 10000});
    // Results arrive in steps (titles, then the full hits); judge the list once it has settled.
    await expect(page.locator('.search-page')).toHaveAttribute('aria-busy', 'false');
    const hrefs = (await links.evaluateAll((as) => as.slice(0, 3).map((a) => a.getAttribute('href')))).map((h) => decodeURI(h));
    if (!hrefs.includes(want)) misses.push(`${q} → ${want}; got ${hrefs.join(', ')}`);
  }
  expect(misses, misses.join('\n')).toEqual([]);
});
