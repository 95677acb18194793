// Prints the text of built pages as a reader sees it (the <main> element, code blocks
// included), for reviewing content against its sources.
//   node tests/tools/page-text.mjs [--build DIR] /docs/introduction/motivation [...]
import {chromium} from 'playwright-core';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {launchOptions} from '../e2e/browser.mjs';

const args = process.argv.slice(2);
let build = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../build');
if (args[0] === '--build') {
  build = path.resolve(args[1]);
  args.splice(0, 2);
}
const browser = await chromium.launch(launchOptions());
const context = await browser.newContext({javaScriptEnabled: false});
const page = await context.newPage();
for (const route of args) {
  const file = route === '/' ? 'index.html' : `${route.replace(/^\//, '')}.html`;
  await page.goto(`file://${path.join(build, file)}`);
  // Open collapsed sections and every tab panel so nothing is hidden from the review.
  await page.evaluate(() => {
    document.querySelectorAll('details').forEach((d) => (d.open = true));
    document.querySelectorAll('[hidden]').forEach((e) => e.removeAttribute('hidden'));
  });
  const target = (await page.locator('main article').count()) ? page.locator('main article').first() : page.locator('main');
  const text = await target.innerText();
  console.log(`\n===== ${route}\n${text}`);
}
await browser.close();
