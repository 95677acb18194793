// The front-end packages install on every platform a maintainer may use, not only this one.
//   node tests/tools/platforms.mjs [dir]      (default: frontend)
// Two rules, from the lockfile and from npm's own dry run with --os/--cpu:
// - a package that only installs on some systems (os/cpu in the lockfile) must be optional:
//   a required one makes `npm ci` fail everywhere else (EBADPLATFORM);
// - on each target, every platform binary this machine has gets a counterpart for that target.
import {execFileSync} from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import {ROOT} from '../engine.mjs';

const TARGETS = [
  ['darwin', 'x64'],
  ['darwin', 'arm64'],
  ['linux', 'arm64'],
  ['win32', 'x64'],
];

const dir = path.resolve(ROOT, process.argv[2] ?? 'frontend');
const lock = JSON.parse(fs.readFileSync(path.join(dir, 'package-lock.json'), 'utf8'));
const problems = [];

for (const [where, entry] of Object.entries(lock.packages)) {
  if ((entry.os || entry.cpu) && !entry.optional && !entry.devOptional) {
    problems.push(`${where} is required but only installs on ${entry.os ?? 'any os'}/${entry.cpu ?? 'any cpu'}: make it optional`);
  }
}

// `npm ci` refuses a lockfile that lacks some platform's optional packages (a lockfile written
// on one platform by an older npm can): the dry run says so.
try {
  execFileSync('npm', ['ci', '--dry-run', '--no-audit', '--no-fund'], {cwd: dir, stdio: ['ignore', 'pipe', 'pipe']});
} catch (e) {
  problems.push(`npm ci refuses the lockfile: ${String(e.stderr).split('\n').slice(0, 6).join(' ')} (run npm install --package-lock-only in ${dir})`);
}

// "@rolldown/binding-linux-x64-gnu" → "@rolldown/binding-": the family a platform binary belongs to.
const family = (name) => name.slice(0, name.search(/(linux|darwin|win32)/));

for (const [os, cpu] of TARGETS) {
  let plan;
  try {
    const out = execFileSync('npm', ['install', '--dry-run', '--json', '--no-audit', '--no-fund', '--ignore-scripts', `--os=${os}`, `--cpu=${cpu}`], {
      cwd: dir,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    plan = JSON.parse(out.slice(out.indexOf("{")));  // npm prints a plain list before the JSON
  } catch (e) {
    problems.push(`${os}/${cpu}: npm install fails: ${(e.stderr || e.message).split('\n').slice(0, 3).join(' ')}`);
    continue;
  }
  const added = (plan.add ?? []).map((p) => p.name);
  for (const {name} of plan.remove ?? []) {
    const twin = added.find((a) => family(name) && a.startsWith(family(name)) && a.includes(os));
    if (!twin) problems.push(`${os}/${cpu}: ${name} has no counterpart for this platform`);
  }
  console.log(`${os}/${cpu}: installs (${added.join(', ') || 'no platform packages'})`);
}

if (problems.length) {
  console.error(problems.join('\n'));
  process.exit(1);
}
