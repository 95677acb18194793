// Browser tests and whole-site gates, in Debian's Chromium, against the built site served by
// our own server (the build must exist: scripts/test builds it first).
import {defineConfig} from '@playwright/test';
import {launchOptions} from './e2e/browser.mjs';
import {DOCSITE} from './engine.mjs';

const PORT = Number(process.env.TEST_PORT || 4173);
export const FIXTURE_PORT = PORT + 1;
export const HOSTED_PORT = PORT + 2;
// The fake hosted search service the hosted fixture is built against (tests/search/hosted-search.toml).
export const SEARCH_SERVICE_PORT = 4178;

export default defineConfig({
  testDir: '.',
  testMatch: ['e2e/**/*.spec.mjs', 'gates/**/*.spec.mjs'],
  outputDir: 'output/playwright',
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  expect: {timeout: 5_000},
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    launchOptions: launchOptions(),
    viewport: {width: 1280, height: 800},
    locale: 'zh-CN',
    trace: 'retain-on-failure',
    // Playwright's request interception does not see a service worker's requests: tests run
    // without the offline worker, except the offline tests (e2e/offline.spec.mjs), which allow it.
    serviceWorkers: 'block',
  },
  webServer: [
    {
      command: `${DOCSITE} --root .. serve --no-build --port ${PORT}`,
      url: `http://127.0.0.1:${PORT}/`,
      reuseExistingServer: false, // never test some other process that holds the port
      timeout: 30_000,
    },
    {
      // The fixture site (fixtures/site): a dropdown, a closeable announcement.
      command: `${DOCSITE} --root ../fixtures/site serve --out output/fixture-site --no-build --port ${FIXTURE_PORT}`,
      url: `http://127.0.0.1:${FIXTURE_PORT}/`,
      reuseExistingServer: false, // never test some other process that holds the port
      timeout: 30_000,
    },
    {
      // The fixture with the hosted search backend.
      command: `${DOCSITE} --root ../fixtures/site serve --config output/hosted-search.toml --out output/hosted-site --no-build --port ${HOSTED_PORT}`,
      url: `http://127.0.0.1:${HOSTED_PORT}/`,
      reuseExistingServer: false, // never test some other process that holds the port
      timeout: 30_000,
    },
  ],
});
