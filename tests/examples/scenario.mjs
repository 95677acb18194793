// Runs one bundled example app in jsdom, in a process of its own (check.mjs starts it):
//   node scenario.mjs <bundle.mjs> todo            the tutorial's todo list must behave as the page says
//   node scenario.mjs <bundle.mjs> error <regexp>  rendering must fail with an error matching <regexp>
// Prints one JSON line {ok, detail} and exits 0 when the expectation holds, 1 otherwise.
import {JSDOM} from 'jsdom';
import {pathToFileURL} from 'node:url';

const [bundle, mode, pattern] = process.argv.slice(2);

const dom = new JSDOM('<!doctype html><html><body><div id="root"></div></body></html>', {url: 'http://localhost/'});
for (const name of ['window', 'document', 'navigator']) {
  const value = name === 'window' ? dom.window : dom.window[name];
  Object.defineProperty(globalThis, name, {value, configurable: true, writable: true});
}

const errors = [];
const keepError = (e) => errors.push(e instanceof Error ? `${e.name}: ${e.message}` : String(e));
console.error = (...args) => args.forEach(keepError);
dom.window.addEventListener('error', (event) => {
  keepError(event.error ?? event.message);
  event.preventDefault();
});
process.on('uncaughtException', keepError);

const settle = async () => {
  for (let i = 0; i < 5; i++) await new Promise((r) => setTimeout(r, 10));
};
const root = () => document.getElementById('root');

function report(ok, detail) {
  process.stdout.write(`${JSON.stringify({ok, detail})}\n`);
  process.exit(ok ? 0 : 1);
}

// React listens to native events: set the value through the element's own setter, then fire the event.
function typeInto(element, text) {
  const setter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(element), 'value').set;
  setter.call(element, text);
  element.dispatchEvent(new dom.window.Event(element.tagName === 'SELECT' ? 'change' : 'input', {bubbles: true}));
}
const click = (element) => element.dispatchEvent(new dom.window.MouseEvent('click', {bubbles: true}));

const creatorInput = () => root().querySelector('input[placeholder]');
const buttonNamed = (text, scope = root()) => [...scope.querySelectorAll('button')].find((b) => b.textContent === text);
const itemRows = () => [...root().querySelectorAll('input[type="checkbox"]')].map((box) => box.parentElement);
const itemTexts = () => itemRows().map((row) => row.querySelector('input[type="text"]').value);
const stats = () => [...root().querySelectorAll('li')].map((li) => li.textContent).join(' ');

// Waits for the expected screen instead of a fixed time: a slow machine only makes it wait longer.
async function step(label, action, expectItems, expectStats) {
  await action();
  const wanted = JSON.stringify(expectItems);
  const deadline = Date.now() + 10_000;
  let items;
  while (true) {
    await settle();
    items = JSON.stringify(itemTexts());
    if (items === wanted && stats() === expectStats) return;
    if (Date.now() > deadline) break;
  }
  if (items !== wanted) throw new Error(`${label}: items ${items}, expected ${wanted}`);
  throw new Error(`${label}: stats "${stats()}", expected "${expectStats}"`);
}

async function add(text) {
  typeInto(creatorInput(), text);
  await settle();
  click(buttonNamed('添加'));
}

const rowOf = (text) => itemRows().find((row) => row.querySelector('input[type="text"]').value === text);

async function todoScenario() {
  const s = (total, done, open, pct) => `总数：${total} 已完成：${done} 未完成：${open} 完成率：${pct}%`;
  await step('first render', () => {}, [], s(0, 0, 0, 0));
  await step('add two items', async () => { await add('买牛奶'); await settle(); await add('写周报'); }, ['买牛奶', '写周报'], s(2, 0, 2, 0));
  await step('tick the first', () => click(rowOf('买牛奶').querySelector('input[type="checkbox"]')), ['买牛奶', '写周报'], s(2, 1, 1, 50));
  await step('filter: completed', () => typeInto(root().querySelector('select'), 'Show Completed'), ['买牛奶'], s(2, 1, 1, 50));
  await step('filter: uncompleted', () => typeInto(root().querySelector('select'), 'Show Uncompleted'), ['写周报'], s(2, 1, 1, 50));
  await step('edit the text', () => typeInto(rowOf('写周报').querySelector('input[type="text"]'), '写周报（周五前）'), ['写周报（周五前）'], s(2, 1, 1, 50));
  await step('delete it', () => click(buttonNamed('删除', rowOf('写周报（周五前）'))), [], s(1, 1, 0, 100));
  await step('filter: all', () => typeInto(root().querySelector('select'), 'Show All'), ['买牛奶'], s(1, 1, 0, 100));
}

try {
  await import(pathToFileURL(bundle).href);
  await settle();
  if (mode === 'todo') {
    if (errors.length) throw new Error(`errors while rendering: ${errors.join(' | ')}`);
    await todoScenario();
    if (errors.length) throw new Error(`errors while using the app: ${errors.join(' | ')}`);
    report(true, 'todo list behaves as described');
  } else if (mode === 'error') {
    const re = new RegExp(pattern);
    const hit = errors.find((e) => re.test(e));
    if (!hit) report(false, `expected an error matching ${re}, got ${errors.length ? errors.join(' | ') : 'none'}`);
    if (root().innerHTML !== '') report(false, `expected an empty root after the error, got ${root().innerHTML.slice(0, 120)}`);
    report(true, hit);
  } else {
    report(false, `unknown mode ${mode}`);
  }
} catch (e) {
  report(false, e instanceof Error ? e.message : String(e));
}
