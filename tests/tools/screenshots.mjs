// Screenshots of pages in light and dark mode, at desktop and phone width, for looking at.
//   node tests/tools/screenshots.mjs [baseUrl] [route ...]
// Writes tests/output/screenshots/<route>-<mode>-<width>.png.
import {chromium} from 'playwright-core';
import fs from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {launchOptions} from '../e2e/browser.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const out = path.join(here, '../output/screenshots');
const [base = 'http://127.0.0.1:3000', ...args] = process.argv.slice(2);
const routes = args.length ? args : ['/', '/docs/introduction/getting-started', '/blog/2022/10/11/recoil-0.7.6-release'];
const widths = [1280, 375];
const modes = ['light', 'dark'];

fs.mkdirSync(out, {recursive: true});
const browser = await chromium.launch(launchOptions());
for (const width of widths) {
  for (const mode of modes) {
    const context = await browser.newContext({viewport: {width, height: width > 600 ? 900 : 800}, deviceScaleFactor: 1});
    await context.addInitScript((m) => localStorage.setItem('theme', m), mode);
    const page = await context.newPage();
    for (const route of routes) {
      await page.goto(base + route, {waitUntil: 'networkidle'});
      const name = (route.replace(/[^a-zA-Z0-9.-]+/g, '_').replace(/^_|_$/g, '') || 'home') + `-${mode}-${width}.png`;
      await page.screenshot({path: path.join(out, name), fullPage: process.env.FULL === '1'});
      console.log(path.join(out, name));
    }
    await context.close();
  }
}
await browser.close();
