// The repository's own tooling behaves as README.md says: the test command's help, suite list
// and argument errors (run in milliseconds: none of these starts a suite), and the gate that
// finds long functions.
import assert from 'node:assert/strict';
import {spawnSync} from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {test} from 'node:test';
import {ROOT} from '../engine.mjs';

const testCommand = (...args) => spawnSync(path.join(ROOT, 'scripts/test'), args, {encoding: 'utf8', timeout: 10_000});

test('scripts/test --help lists every suite and starts none', () => {
  const r = testCommand('--help');
  assert.equal(r.status, 0);
  for (const suite of testCommand('--list').stdout.trim().split('\n')) assert.match(r.stdout, new RegExp(`^  ${suite} `, 'm'));
  assert.doesNotMatch(r.stdout, /== prerequisites/);
});

test('scripts/test refuses what it does not know, naming it', () => {
  const option = testCommand('--verbose');
  assert.equal(option.status, 2);
  assert.match(option.stderr, /unknown option '--verbose'/);
  const suite = testCommand('rust', 'browsr');
  assert.equal(suite.status, 2);
  assert.match(suite.stderr, /no suite named 'browsr'; the suites are: rust /);
});

test('the function-length gate fails on a long unmarked function and accepts a marked one', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lengths-'));
  const body = Array.from({length: 90}, (_, i) => `  const v${i} = ${i};`).join('\n');
  fs.writeFileSync(path.join(dir, 'long.ts'), `export function tooLong() {\n${body}\n}\n`);
  const run = () => spawnSync('node', [path.join(ROOT, 'tests/tools/function-lengths.mjs'), '--max', '80', dir], {encoding: 'utf8'});
  const failing = run();
  assert.equal(failing.status, 1, failing.stdout + failing.stderr);
  assert.match(failing.stderr, /tooLong/);
  fs.writeFileSync(path.join(dir, 'long.ts'), `// long-function: a table kept in one place\nexport function tooLong() {\n${body}\n}\n`);
  assert.equal(run().status, 0);
});

test('the GitHub Pages workflow builds with the engine under the Pages base path, with full history', async () => {
  const {parse} = await import('yaml');
  const flow = parse(fs.readFileSync(path.join(ROOT, '.github/workflows/deploy.yml'), 'utf8'));
  const steps = flow.jobs.build.steps;
  assert.equal(steps.find((s) => s.uses?.startsWith('actions/checkout')).with['fetch-depth'], 0);
  const build = steps.find((s) => s.run?.includes('-- build'));
  assert.match(build.run, /cargo run --release --locked -- build --base-url "\$\{\{ steps\.pages\.outputs\.base_path \}\}\/"/);
  assert.equal(steps.find((s) => s.uses?.startsWith('actions/upload-pages-artifact')).with.path, 'build');
});
