// Lists the longest functions of the Rust and TypeScript code, by lines from signature to the
// closing brace (formatted code: the brace closes at the signature's indentation).
//   node tests/tools/function-lengths.mjs [--top N] [--max L] [DIR...]   (default: the engine and front end)
// With --max L it exits 1 when a function is longer than L lines and carries no
// `// long-function: <reason>` comment on the line above its signature.
import fs from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const args = process.argv.slice(2);
const opt = (name, fallback) => (args.includes(name) ? Number(args[args.indexOf(name) + 1]) : fallback);
const top = opt('--top', 10);
const max = opt('--max', 0);

// Folders named on the command line (other than option values) replace the default sources.
const dirs = args.filter((a, i) => !a.startsWith('--') && !args[i - 1]?.startsWith('--'));
const DEFAULT_SOURCES = [
  {dir: 'src', ext: /\.rs$/},
  {dir: 'crates', ext: /\.rs$/},
  {dir: 'frontend/src', ext: /\.tsx?$/},
  {dir: 'frontend/scripts', ext: /\.mjs$/},
];
const SOURCES = dirs.length ? dirs.map((dir) => ({dir: path.resolve(dir), ext: /\.(rs|tsx?|mjs)$/})) : DEFAULT_SOURCES;
const RUST_FN = /^(\s*)(?:pub(?:\([a-z]+\))? )?(?:const )?(?:async )?(?:unsafe )?fn ([A-Za-z_][A-Za-z0-9_]*)/;
const TS_FN = /^(\s*)(?:export )?(?:default )?(?:async )?(?:function\*? ([A-Za-z_$][\w$]*)|(?:const|let) ([A-Za-z_$][\w$]*)\s*(?::[^=]+)?=\s*(?:async\s*)?(?:\([^)]*\)|[A-Za-z_$][\w$]*)\s*(?::[^=]+)?=>\s*\{$|(?:const|let) ([A-Za-z_$][\w$]*)\s*=\s*(?:useCallback|useMemo)\()/;

function* files(dir, ext) {
  if (!fs.existsSync(dir)) return;
  for (const e of fs.readdirSync(dir, {withFileTypes: true})) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) {
      if (!['node_modules', 'target', 'dist'].includes(e.name)) yield* files(p, ext);
    } else if (ext.test(e.name) && !e.name.endsWith('.d.ts') && !e.name.endsWith('schema.ts')) yield p;
  }
}

/** Every function of a file: name, first line, length, and whether it is marked as long on purpose. */
export function functionsOf(text, rust) {
  const lines = text.split('\n');
  const out = [];
  for (let i = 0; i < lines.length; i++) {
    const m = lines[i].match(rust ? RUST_FN : TS_FN);
    if (!m) continue;
    const indent = m[1];
    const name = m[2] ?? m[3] ?? m[4];
    // A declaration without a body (trait method, type) ends on its own line.
    if (rust && /;\s*$/.test(lines[i])) continue;
    let end = i;
    for (let j = i + 1; j < lines.length; j++) {
      if (new RegExp(`^${indent}[})\\]]`).test(lines[j])) {
        end = j;
        break;
      }
    }
    if (end === i) continue;
    const marked = i > 0 && /long-function:/.test(lines[i - 1]);
    out.push({name, line: i + 1, length: end - i + 1, marked});
  }
  return out;
}

const all = [];
for (const {dir, ext} of SOURCES) {
  for (const f of files(path.resolve(root, dir), ext)) {
    const rel = path.relative(root, f);
    // Tests are lists of cases; their length is not a design smell.
    if (/(^|\/)tests?(\/|\.rs$)|\.test\.tsx?$/.test(rel)) continue;
    for (const fn of functionsOf(fs.readFileSync(f, 'utf8'), f.endsWith('.rs'))) all.push({...fn, file: rel});
  }
}
all.sort((a, b) => b.length - a.length);
for (const f of all.slice(0, top)) console.log(`${String(f.length).padStart(4)}  ${f.file}:${f.line}  ${f.name}${f.marked ? '  (marked)' : ''}`);
if (max) {
  const over = all.filter((f) => f.length > max && !f.marked);
  if (over.length) {
    console.error(`\n${over.length} function(s) longer than ${max} lines without a \`// long-function: <reason>\` comment:`);
    for (const f of over) console.error(`  ${f.file}:${f.line} ${f.name} (${f.length} lines)`);
    process.exit(1);
  }
}
