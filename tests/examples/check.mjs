// Checks the code of the Recoil → Jotai migration guide against the exact packages of package.json.
//   cd tests/examples && npm ci && node check.mjs [page.md]
//
// Which blocks, and how (content/docs/guides/migrating/to-jotai.md follows these rules):
// - Every ts/tsx block is checked unless its fence says `fragment`; a js/jsx block must say `fragment`.
// - A block whose title starts with `src/` or `scripts/` is a file of the example app (the tutorial's
//   todo list). Files keep their latest version, in page order. Inside <TabItem value="recoil"> a block
//   shows the file as it is *before* a step, so it must equal the app's current version of that file.
//   At each heading after the app changed, the app is type-checked as a whole and its `src/main.tsx`
//   is run in jsdom through the todo scenario of scenario.mjs. The first version of the app must fail
//   on React 19 with the error the page quotes (the ```text block starting "TypeError:"); the last must
//   pass the scenario on React 19, must not bundle anything of `recoil` (step 5 uninstalls it), and
//   the files its src/main.tsx and scripts reach must also type-check against React 19's types
//   (@types/react 19, which step 5 installs).
// - Any other ts/tsx block is a module of its own.
// - A block (or app script) with `// 输出：…` comments is run; each console.log line must print what
//   its comment says, in order.
// All blocks are type-checked together by one `tsc` (strict, jsx react-jsx). Exits 1 naming the line.
import {spawnSync} from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {build} from 'esbuild';

const here = path.dirname(fileURLToPath(import.meta.url));
const pagePath = path.resolve(process.argv[2] ?? path.join(here, '../../content/docs/guides/migrating/to-jotai.md'));
const pageName = path.relative(process.cwd(), pagePath);
const work = path.join(here, '.work');
const OUTPUT_MARK = /\/\/ 输出：(.*)$/;
const APP_FILE = /^(src|scripts)\//;

const problems = new Set();
const fail = (line, message) => problems.add(`${pageName}:${line}: ${message}`);

/** Code blocks, headings and tab context of the page, in order. */
export function parsePage(text) {
  const lines = text.split('\n');
  const events = [];
  let tab = null;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    const tabOpen = /^\s*<TabItem\s+value="([^"]+)"/.exec(line);
    if (tabOpen) tab = tabOpen[1];
    if (/^\s*<\/TabItem>/.test(line)) tab = null;
    if (/^#{2,3}\s/.test(line)) events.push({kind: 'heading', line: i + 1, text: line.replace(/^#+\s*/, '').replace(/\s*\{#[^}]*\}\s*$/, '')});
    const open = /^(\s*)(`{3,})(\S*)\s*(.*)$/.exec(line);
    if (!open) continue;
    const [, indent, fence, lang, meta] = open;
    const code = [];
    let j = i + 1;
    while (j < lines.length && !new RegExp(`^\\s*\`{${fence.length},}\\s*$`).test(lines[j])) {
      code.push(lines[j].startsWith(indent) ? lines[j].slice(indent.length) : lines[j]);
      j++;
    }
    const title = /title="([^"]*)"/.exec(meta)?.[1] ?? null;
    const fragment = /(^|\s)fragment(\s|$)/.test(meta);
    events.push({kind: 'block', line: i + 1, lang, title, fragment, tab, code: code.join('\n')});
    i = j;
  }
  return events;
}

/** Splits checked blocks into app checkpoints and standalone modules. */
function planUnits(events) {
  const app = new Map(); // file → {code, line}
  const checkpoints = [];
  const standalone = [];
  let changedSince = null; // line of the first change since the last checkpoint
  let section = '';
  const closeCheckpoint = () => {
    if (changedSince === null) return;
    checkpoints.push({name: section, line: changedSince, files: new Map(app)});
    changedSince = null;
  };
  for (const ev of events) {
    if (ev.kind === 'heading') {
      closeCheckpoint();
      section = ev.text;
      continue;
    }
    if (ev.fragment || !['ts', 'tsx', 'js', 'jsx'].includes(ev.lang)) continue;
    if (ev.lang === 'js' || ev.lang === 'jsx') {
      fail(ev.line, `${ev.lang} block: write it as ts/tsx so it is type-checked, or mark it \`fragment\``);
      continue;
    }
    if (ev.title && APP_FILE.test(ev.title)) {
      addAppBlock(app, ev, () => (changedSince ??= ev.line));
    } else {
      standalone.push(ev);
    }
  }
  closeCheckpoint();
  return {checkpoints, standalone};
}

function addAppBlock(app, ev, markChanged) {
  const current = app.get(ev.title);
  if (ev.tab === 'recoil') {
    if (!current) return fail(ev.line, `"before" block ${ev.title}: the app has no such file yet`);
    if (current.code !== ev.code) {
      return fail(ev.line, `"before" block ${ev.title} differs from the app's current version (set at line ${current.line})`);
    }
    return;
  }
  if (!current || current.code !== ev.code) markChanged();
  app.set(ev.title, {code: ev.code, line: ev.line});
}

/** Writes every unit under .work/tsc; returns a map from written file to its page block line. */
function writeTypecheckTree(checkpoints, standalone) {
  const root = path.join(work, 'tsc');
  fs.rmSync(root, {recursive: true, force: true});
  const origin = new Map();
  const write = (rel, code, line, label) => {
    const file = path.join(root, rel);
    fs.mkdirSync(path.dirname(file), {recursive: true});
    fs.writeFileSync(file, `${code}\n`);
    origin.set(path.resolve(file), {line, label});
  };
  checkpoints.forEach((cp, k) => {
    for (const [name, {code, line}] of cp.files) write(`app-${k}/${name}`, code, line, `${name} in "${cp.name}"`);
  });
  for (const b of standalone) write(`block-${b.line}/${moduleName(b)}`, b.code, b.line, b.title ?? `${b.lang} block`);
  const compilerOptions = {
    strict: true, jsx: 'react-jsx', target: 'es2022', lib: ['es2022', 'dom', 'dom.iterable'],
    module: 'esnext', moduleResolution: 'bundler', moduleDetection: 'force', noEmit: true,
    skipLibCheck: true, types: [], isolatedModules: true, noUnusedLocals: true,
  };
  fs.writeFileSync(path.join(root, 'tsconfig.json'), JSON.stringify({compilerOptions, include: ['**/*.ts', '**/*.tsx']}));
  return {root, origin};
}

const moduleName = (b) => `example.${b.lang}`;

function typecheck(checkpoints, standalone) {
  const {root, origin} = writeTypecheckTree(checkpoints, standalone);
  runTsc(root, origin, 'tsconfig.json', '');
  typecheckMigratedOnReact19(checkpoints, root, origin);
}

/** The last checkpoint, from its entry points only (deleted files are not reached), on React 19's types. */
function typecheckMigratedOnReact19(checkpoints, root, origin) {
  if (!checkpoints.length) return;
  const k = checkpoints.length - 1;
  const entries = [...checkpoints[k].files.keys()].filter((f) => f === 'src/main.tsx' || f.startsWith('scripts/'));
  const types = (file) => [path.join(here, 'node_modules', file)];
  const paths = {
    react: types('@types/react-19/index.d.ts'),
    'react/jsx-runtime': types('@types/react-19/jsx-runtime.d.ts'),
    'react-dom': types('@types/react-dom-19/index.d.ts'),
    'react-dom/client': types('@types/react-dom-19/client.d.ts'),
  };
  const {compilerOptions} = JSON.parse(fs.readFileSync(path.join(root, 'tsconfig.json'), 'utf8'));
  const config = {compilerOptions: {...compilerOptions, paths}, files: entries.map((f) => `app-${k}/${f}`)};
  fs.writeFileSync(path.join(root, 'tsconfig.react19.json'), JSON.stringify(config));
  runTsc(root, origin, 'tsconfig.react19.json', ' (React 19 types)');
}

function runTsc(root, origin, tsconfig, suffix) {
  const tsc = path.join(here, 'node_modules/.bin/tsc');
  const run = spawnSync(tsc, ['-p', tsconfig, '--pretty', 'false'], {encoding: 'utf8', cwd: root});
  const out = `${run.stdout}${run.stderr}`;
  const before = problems.size;
  for (const line of out.split('\n')) {
    const m = /^(.+?)\((\d+),(\d+)\): (error .*)$/.exec(line);
    if (!m) continue;
    const where = origin.get(path.resolve(root, m[1]));
    if (!where) fail(0, `${m[1]}:${m[2]}${suffix}: ${m[4]}`);
    else fail(where.line + Number(m[2]), `${where.label}${suffix}: ${m[4]}`);
  }
  if (run.status !== 0 && problems.size === before) fail(0, `tsc -p ${tsconfig} failed: ${out.slice(0, 500)}`);
}

async function bundle(entryFile, outFile, {react19 = false, inputs = null} = {}) {
  const options = {
    entryPoints: [entryFile], outfile: outFile, bundle: true, format: 'esm', platform: 'node',
    jsx: 'automatic', logLevel: 'silent', nodePaths: [path.join(here, 'node_modules')], metafile: Boolean(inputs),
  };
  if (react19) {
    // Everything goes into the bundle, so that every `react` import (ours, Jotai's, Recoil's) is React 19.
    Object.assign(options, {alias: {react: 'react-19', 'react-dom': 'react-dom-19'}, external: ['jsdom']});
  } else {
    options.packages = 'external';
  }
  const result = await build(options);
  if (inputs) inputs.push(...Object.keys(result.metafile.inputs));
  return outFile;
}

function runScenario(bundleFile, mode, pattern) {
  const args = [path.join(here, 'scenario.mjs'), bundleFile, mode, ...(pattern ? [pattern] : [])];
  const run = spawnSync(process.execPath, args, {encoding: 'utf8', timeout: 60_000, cwd: here});
  const last = run.stdout.trim().split('\n').pop() ?? '';
  try {
    return JSON.parse(last);
  } catch {
    return {ok: false, detail: `no result (exit ${run.status}): ${(run.stderr || run.stdout).slice(0, 400)}`};
  }
}

/** The app at every checkpoint: React 18 scenario; first and last checkpoints also on React 19. */
async function runApp(checkpoints, expectedReact19Error) {
  const dir = path.join(work, 'run');
  for (const [k, cp] of checkpoints.entries()) {
    const entry = path.join(work, 'tsc', `app-${k}`, 'src/main.tsx');
    if (!fs.existsSync(entry)) {
      fail(cp.line, `"${cp.name}": the app has no src/main.tsx yet`);
      continue;
    }
    const result = runScenario(await bundle(entry, path.join(dir, `app-${k}.mjs`)), 'todo');
    if (!result.ok) fail(cp.line, `"${cp.name}" on React 18: ${result.detail}`);
    await runScriptsOf(cp, k);
  }
  if (!checkpoints.length) return fail(0, 'the page has no example app (blocks titled src/…)');
  const first = 0;
  const last = checkpoints.length - 1;
  const firstEntry = path.join(work, 'tsc', `app-${first}`, 'src/main.tsx');
  const broken = runScenario(await bundle(firstEntry, path.join(dir, 'app-first-r19.mjs'), {react19: true}), 'error', expectedReact19Error.pattern);
  if (!broken.ok) fail(expectedReact19Error.line, `the Recoil app on React 19: ${broken.detail}`);
  const lastEntry = path.join(work, 'tsc', `app-${last}`, 'src/main.tsx');
  const inputs = [];
  const migrated = runScenario(await bundle(lastEntry, path.join(dir, 'app-last-r19.mjs'), {react19: true, inputs}), 'todo');
  if (!migrated.ok) fail(checkpoints[last].line, `"${checkpoints[last].name}" on React 19: ${migrated.detail}`);
  const recoil = inputs.filter((file) => /(^|\/)node_modules\/recoil\//.test(file));
  if (recoil.length) fail(checkpoints[last].line, `"${checkpoints[last].name}": the migrated app still bundles recoil (${recoil[0]})`);
}

/** App scripts (scripts/…) with output comments, run at their checkpoint. */
async function runScriptsOf(cp, k) {
  for (const [name, {code, line}] of cp.files) {
    if (!name.startsWith('scripts/') || !OUTPUT_MARK.test(code)) continue;
    const entry = path.join(work, 'tsc', `app-${k}`, name);
    const out = path.join(work, 'run', `app-${k}-${name.replace(/\W/g, '_')}.mjs`);
    compareOutputs({line, code, label: name}, await bundle(entry, out));
  }
}

/** Standalone blocks with output comments. */
async function runStandalone(standalone) {
  for (const b of standalone) {
    if (!OUTPUT_MARK.test(b.code)) continue;
    const entry = path.join(work, 'tsc', `block-${b.line}`, moduleName(b));
    compareOutputs({line: b.line, code: b.code, label: b.title ?? `${b.lang} block`}, await bundle(entry, path.join(work, 'run', `block-${b.line}.mjs`)));
  }
}

function compareOutputs(block, bundleFile) {
  const expected = block.code.split('\n').flatMap((text, i) => {
    const m = OUTPUT_MARK.exec(text);
    return m ? [{want: m[1].trim(), line: block.line + 1 + i}] : [];
  });
  const run = spawnSync(process.execPath, [bundleFile], {encoding: 'utf8', timeout: 30_000, cwd: here});
  if (run.status !== 0) return fail(block.line, `${block.label} exited with ${run.status}: ${run.stderr.slice(0, 400)}`);
  const got = run.stdout.split('\n').filter((l) => l !== '');
  expected.forEach(({want, line}, i) => {
    if (got[i] !== want) fail(line, `${block.label}: printed ${JSON.stringify(got[i] ?? '(nothing)')}, the comment says ${JSON.stringify(want)}`);
  });
  if (got.length > expected.length) fail(block.line, `${block.label}: printed ${got.length} lines, the comments cover ${expected.length}`);
}

/** The React 19 error the page quotes, as a pattern (the bundler's name for `react` may differ). */
function quotedReact19Error(events) {
  const block = events.find((ev) => ev.kind === 'block' && ev.lang === 'text' && ev.code.startsWith('TypeError:'));
  if (!block) {
    fail(0, 'the page quotes no React 19 error (a ```text block starting "TypeError:")');
    return {line: 0, pattern: '^$'};
  }
  const text = block.code.trim();
  const escaped = text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  // The object's name is whatever the bundler calls React: `react.…`, `import_react.default.…`, ….
  return {line: block.line, pattern: escaped.replace(/of '[^']*?(__SECRET_INTERNALS)/, "of '[^']*$1")};
}

async function main() {
  if (!fs.existsSync(path.join(here, 'node_modules'))) {
    console.error('tests/examples: run `npm ci` first');
    process.exit(2);
  }
  const events = parsePage(fs.readFileSync(pagePath, 'utf8'));
  const {checkpoints, standalone} = planUnits(events);
  typecheck(checkpoints, standalone);
  const react19 = quotedReact19Error(events);
  if (!problems.size) {
    await runApp(checkpoints, react19);
    await runStandalone(standalone);
  }
  const blocks = events.filter((ev) => ev.kind === 'block' && ['ts', 'tsx'].includes(ev.lang) && !ev.fragment).length;
  for (const p of problems) console.log(p);
  console.log(
    problems.size
      ? `${problems.size} problem(s)`
      : `ok: ${blocks} blocks type-checked; app run at ${checkpoints.length} checkpoints (React 18), first and last on React 19 (the last without recoil, also type-checked on React 19's types); outputs compared`,
  );
  process.exit(problems.size ? 1 : 0);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await main();
}
