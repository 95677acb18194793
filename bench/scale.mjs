// The scale benchmark (a command that reports figures, not a test): generates sites of about
// 1 000, 5 000 and 10 000 pages from the real content and builds each cold (no build/, empty
// cache) and warm (unchanged inputs), reporting each stage's time, the time per page, the
// peak memory of the whole process tree (the engine and its Node and git children) and its CPU
// time by part (the engine's named threads, Node), read from /proc as the memory is.
//   node bench/scale.mjs [pages…]           default: 1000 5000 10000
//   SCALE_KEEP=1 node bench/scale.mjs 1000  keeps bench/output/scale-1000 to build again by hand
//   SCALE_UNIQUE_CODE=1 node bench/scale.mjs  every copy's JavaScript and TypeScript blocks its own
//                                           (see `uniqueCode`)
//   SCALE_INSTRUCTIONS=1 [SCALE_VS=/tmp/old-docsite] node bench/scale.mjs 1000
//                                           the instructions the engine process runs in a cold
//                                           build (Valgrind's callgrind; Node not counted), by
//                                           this engine and the other one: the same count on a
//                                           busy machine (see `countInstructions`)
//   SCALE_FEATURES=1 node bench/scale.mjs 10000
//                                           what each optional feature costs: cold builds of one
//                                           site with everything, without social cards, with a
//                                           hosted search backend (no local index), and both
//                                           (see `withFeatures`)
//   SCALE_DEV=1 [SCALE_EDITS=5] node bench/scale.mjs 10000
//                                           `dev` on the site: its first build, then edits of one
//                                           doc, each timed from the write to the server's reload
//                                           event for it (what an open page waits for), and the
//                                           dev process's memory (see `devLoop`)
//   SCALE_VS=/tmp/old-docsite node bench/scale.mjs 10000
//                                           cold builds by this engine and another, alternately
//                                           (SCALE_PAIRS pairs, default 4, each pair in the other
//                                           order than the one before), with each engine's
//                                           medians: this machine's speed drifts within the hour
//                                           (system time doubling after large deletes), so two
//                                           engines are compared side by side, never across runs
// Needs target/release/docsite (bench/scale builds it first). Writes bench/output/scale.json
// (scale-vs.json when comparing, scale-instructions.json when counting, scale-features.json
// for the features' costs, scale-dev.json for `dev`).
//
// Each copy K of content/docs lives under /docs/vK/ with its own four sidebars (site.toml's,
// ids suffixed); links to /docs/… inside a copy's docs and posts are rewritten into the copy,
// relative links stay relative. Each copy also gets its own blog posts. Every copy's pages
// differ from the original's (title and a sentence name the copy), so no stage can take one
// page for another.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {spawn, spawnSync} from 'node:child_process';
import {fileURLToPath} from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..');
const bin = process.env.DOCSITE_BIN ?? path.join(root, 'target/release/docsite');
const outDir = path.join(here, 'output');

/** Files under `dir`, relative. */
function files(dir, base = dir) {
  return fs.readdirSync(dir, {withFileTypes: true}).flatMap((e) => {
    const p = path.join(dir, e.name);
    return e.isDirectory() ? files(p, base) : [path.relative(base, p)];
  });
}

/** With SCALE_UNIQUE_CODE=1, every JavaScript and TypeScript block of a copy starts with a
 * comment naming the copy: no two copies share such a block, as on a site whose pages are all
 * different. Without it, the copies' blocks are the original's, which the highlighter's memo
 * (crates/highlight) takes from the first page that had them, as for a site's versions. */
const uniqueCode = process.env.SCALE_UNIQUE_CODE === '1';

/** `text` with `// 副本 k` as the first line of each JavaScript or TypeScript code block. */
function markCode(text, k) {
  let fence = null;
  return text
    .split('\n')
    .flatMap((line) => {
      const m = /^(\s*)(`{3,}|~{3,})(\w*)/.exec(line);
      if (!m) return [line];
      if (fence === null) {
        fence = m[2];
        // At the fence's indentation: a block inside a list item is indented with it.
        return /^(jsx?|tsx?)$/.test(m[3]) ? [line, `${m[1]}// 副本 ${k}`] : [line];
      }
      if (m[2] === fence && m[3] === '') fence = null;
      return [line];
    })
    .join('\n');
}

/** A copy's version of a Markdown file: its title names the copy, a line in the body too, and
 * site links to docs point into the copy. */
function copyMarkdown(text, k) {
  const prefixed = text.replace(/\]\(\/docs\/(?!tags\b)/g, `](/docs/v${k}/`).replace(/^(title: .*?)(["']?)$/m, `$1（副本 ${k}）$2`);
  const end = prefixed.indexOf('\n---\n', 4) + 5;
  const body = uniqueCode ? markCode(prefixed.slice(end), k) : prefixed.slice(end);
  return `${prefixed.slice(0, end)}\n本页是第 ${k} 份副本。\n${body}`;
}

/** site.toml's sidebars again for copy `k`: ids suffixed, doc ids under `vK/`. */
function copySidebars(toml, k) {
  const start = toml.indexOf('[[sidebars]]');
  const end = toml.indexOf('\n[', toml.lastIndexOf('[[sidebars]]') + 1);
  return toml
    .slice(start, end)
    .replace(/^id = "(.+)"$/gm, `id = "$1-v${k}"`)
    .replace(/^(\s*)"([A-Za-z][\w./-]*)"/gm, `$1"v${k}/$2"`)
    .replace(/doc = "([\w./-]+)"/g, `doc = "v${k}/$1"`);
}

/** Trees to delete once every build is measured. This machine's ext4 has no journal: creating
 * files within seconds of deleting others makes its inode allocator step past each recently
 * freed inode (`recently_deleted` in the kernel), which cost a 1 000-page cold build about 6 s of
 * system time when the previous site had just been removed. That is the benchmark's doing, not
 * the engine's, so old trees are moved aside (a rename) and deleted at the end. */
const trash = path.join(outDir, '.trash');
function discard(dir) {
  if (!fs.existsSync(dir)) return;
  fs.mkdirSync(trash, {recursive: true});
  fs.renameSync(dir, path.join(trash, `${path.basename(dir)}-${process.pid}-${Date.now()}`));
}

/** Moves `site`'s output and cache aside: its next build is cold. */
function makeCold(site) {
  discard(path.join(site, 'build'));
  discard(path.join(site, '.cache'));
}

/** Writes bench/output/`file`: today's date, then `fields`. */
function writeResults(file, fields) {
  fs.writeFileSync(path.join(outDir, file), `${JSON.stringify({date: new Date().toISOString().slice(0, 10), ...fields}, null, 1)}\n`);
}

/** Generates a site of about `pages` pages under bench/output/scale-<pages>; returns its root. */
function generate(pages) {
  const site = path.join(outDir, `scale-${pages}`);
  discard(site);
  const docs = files(path.join(root, 'content/docs')).filter((f) => f.endsWith('.md'));
  const posts = files(path.join(root, 'content/blog'));
  // The real site: 155 pages; each copy adds 81 docs, 23 posts and about 7 blog list pages.
  const copies = Math.max(0, Math.round((pages - 155) / 111));
  fs.cpSync(path.join(root, 'content'), path.join(site, 'content'), {recursive: true});
  fs.cpSync(path.join(root, 'static'), path.join(site, 'static'), {recursive: true});
  let toml = fs.readFileSync(path.join(root, 'site.toml'), 'utf8');
  const sidebars = [];
  for (let k = 1; k <= copies; k++) {
    for (const f of docs) {
      const to = path.join(site, 'content/docs', `v${k}`, f);
      fs.mkdirSync(path.dirname(to), {recursive: true});
      fs.writeFileSync(to, copyMarkdown(fs.readFileSync(path.join(root, 'content/docs', f), 'utf8'), k));
    }
    for (const f of posts) {
      const to = path.join(site, 'content/blog', f.replace(/\.md$/, `-v${k}.md`));
      fs.writeFileSync(to, copyMarkdown(fs.readFileSync(path.join(root, 'content/blog', f), 'utf8'), k));
    }
    // Images next to docs (refine/img) come along with the docs' folders.
    for (const f of files(path.join(root, 'content/docs')).filter((f) => !f.endsWith('.md'))) {
      const to = path.join(site, 'content/docs', `v${k}`, f);
      fs.mkdirSync(path.dirname(to), {recursive: true});
      fs.copyFileSync(path.join(root, 'content/docs', f), to);
    }
    sidebars.push(copySidebars(toml, k));
  }
  const at = toml.indexOf('\n[blog]');
  toml = `${toml.slice(0, at)}\n${sidebars.join('\n')}${toml.slice(at)}`;
  fs.writeFileSync(path.join(site, 'site.toml'), toml);
  return site;
}

/** The program each process was last seen running: an exiting process's is no longer
 * readable, while its threads' last CPU times still are. */
const programs = new Map();

/** The program `pid` runs (the last one seen when it cannot be read now: it is ending; null
 * when never read). */
function exe(pid) {
  try {
    const program = fs.readlinkSync(`/proc/${pid}/exe`);
    programs.set(pid, program);
    return program;
  } catch {
    return programs.get(pid) ?? null;
  }
}

/** Clock ticks a second in /proc's CPU times (USER_HZ: 100 on Linux). */
const TICKS = 100;

/** The part of the build a thread of a process running `program` belongs to: a Node process
 * is `node` whole; in the engine, its thread's name without the number (the index's
 * `search-index-N` threads, `cards-N`, `compress-early-N`), and `engine` for the threads named
 * as the program (the main thread and rayon's global pool: content, pages, export). */
function partOf(program, comm) {
  const name = program ? path.basename(program) : '';
  if (name === 'node') return 'node';
  // The kernel keeps 15 bytes of a thread's name.
  if (comm === name.slice(0, 15)) return 'engine';
  return comm.replace(/-\d*$/, '') || 'unnamed';
}

/** Adds to `seen` (key: process/thread, value: {part, user, sys}) the CPU time so far of every
 * thread of process `pid`. A thread's last reading stands for its whole time: one that ends
 * between two readings loses at most the time between them. */
function readThreads(pid, program, seen) {
  let tasks;
  try {
    tasks = fs.readdirSync(`/proc/${pid}/task`);
  } catch {
    return;
  }
  for (const tid of tasks) {
    try {
      const stat = fs.readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
      const comm = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      // utime and stime: fields 14 and 15 of stat, 12 and 13 after the name.
      seen.set(`${pid}/${tid}`, {part: partOf(program, comm), user: Number(fields[11]), sys: Number(fields[12])});
    } catch {
      // The thread ended while being read.
    }
  }
}

/** Resident memory of every process under `pid` (itself included), in bytes: the sum, and the
 * largest single process; and, when `threads` is given, each thread's CPU time into it
 * ([`readThreads`]). */
function treeMemory(pid, threads) {
  const children = new Map();
  const rss = new Map();
  for (const p of fs.readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      const stat = fs.readFileSync(`/proc/${p}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const parent = Number(fields[1]);
      if (!children.has(parent)) children.set(parent, []);
      children.get(parent).push(Number(p));
      rss.set(Number(p), Number(fs.readFileSync(`/proc/${p}/statm`, 'utf8').split(' ')[1]) * 4096);
    } catch {
      // The process ended while being read.
    }
  }
  let sum = 0;
  let largest = 0;
  const stack = [[pid, null]];
  while (stack.length) {
    const [p, parentExe] = stack.pop();
    const program = exe(p);
    // A child still running its parent's program is one being started: Rust and Node spawn with
    // clone(CLONE_VM | CLONE_VFORK), so until its exec succeeds (after a try in each folder of
    // PATH) the child shares the parent's memory, and /proc gives it the parent's size.
    const starting = program !== null && program === parentExe;
    const counted = starting ? 0 : (rss.get(p) ?? 0);
    if (threads && !starting) readThreads(p, program, threads);
    sum += counted;
    largest = Math.max(largest, counted);
    stack.push(...(children.get(p) ?? []).map((c) => [c, program]));
  }
  return {sum, largest};
}

/** Runs one build of `site` by `engine`, sampling the process tree's memory every 25 ms. */
function build(site, label, engine = bin) {
  const report = path.join(outDir, `scale-report-${label}.json`);
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    // time(1) adds the CPU time of the whole tree (children are waited for): steadier than
    // the wall clock on a shared machine.
    const timeFile = path.join(outDir, `scale-time-${label}.txt`);
    const args = ['-f', '%U %S', '-o', timeFile, engine, '--root', site, 'build', '--report', report];
    const child = spawn('/usr/bin/time', args, {stdio: ['ignore', 'ignore', 'pipe']});
    let stderr = '';
    child.stderr.on('data', (d) => (stderr += d));
    let peak = {sum: 0, largest: 0};
    const threads = new Map();
    const sample = () => {
      const m = treeMemory(child.pid, threads);
      peak = {sum: Math.max(peak.sum, m.sum), largest: Math.max(peak.largest, m.largest)};
    };
    const timer = setInterval(sample, 25);
    child.on('exit', (code) => {
      clearInterval(timer);
      const wallMs = Number(process.hrtime.bigint() - started) / 1e6;
      if (code !== 0) return reject(new Error(`build of ${site} failed (${code}):\n${stderr}`));
      const r = JSON.parse(fs.readFileSync(report, 'utf8'));
      const [user, sys] = fs.readFileSync(timeFile, 'utf8').trim().split('\n').pop().split(' ').map(Number);
      const cpuMs = Math.round((user + sys) * 1000);
      const [userMs, sysMs] = [Math.round(user * 1000), Math.round(sys * 1000)];
      const cpuByPartMs = byPart(threads, cpuMs, (t) => t.user + t.sys);
      const userByPartMs = byPart(threads, userMs, (t) => t.user);
      const peaks = {peakTreeMB: Math.round(peak.sum / 2 ** 20), peakProcessMB: Math.round(peak.largest / 2 ** 20)};
      resolve({...r, wallMs: Math.round(wallMs), cpuMs, userMs, sysMs, cpuByPartMs, userByPartMs, ...peaks});
    });
  });
}

/** Each part's CPU time in ms (`ticks` of a thread's reading: user and system time, or user
 * time alone), largest first, from the threads' last readings; what the tree used beyond them
 * (`time`'s `cpuMs`, counting every process and thread to its end) is `unseen`: threads that
 * ended between readings, and `/usr/bin/time` itself. */
function byPart(threads, cpuMs, ticks) {
  const parts = {};
  for (const t of threads.values()) parts[t.part] = (parts[t.part] ?? 0) + (ticks(t) * 1000) / TICKS;
  const seenMs = Object.values(parts).reduce((a, b) => a + b, 0);
  const sorted = Object.entries(parts).sort((a, b) => b[1] - a[1]).map(([k, v]) => [k, Math.round(v)]);
  return Object.fromEntries([...sorted, ['unseen', Math.max(0, Math.round(cpuMs - seenMs))]]);
}

/** CPU time by part as a line: `search-index 26.6 s, engine 25.8 s, …` (`cpuByPartMs`, or
 * another such field). */
function partsLine(r, field = 'cpuByPartMs') {
  return Object.entries(r[field]).map(([k, v]) => `${k} ${(v / 1000).toFixed(1)} s`).join(', ');
}

/** One build of a comparison: `<pages> pages, <name>: <wall>, <CPU>, <peak>; <user CPU by part>`. */
function runLine(r, name) {
  return `${r.pages} pages, ${name}: ${(r.wallMs / 1000).toFixed(2)} s, ${cpuLine(r)}, peak ${r.peakTreeMB} MB tree; user by part: ${partsLine(r, 'userByPartMs')}`;
}

/** `CPU 82.6 s (user 70.1, system 12.5)`: the system time is what this machine's drift moves
 * most (it doubles after large deletes), so the user time is the steadier figure to compare. */
function cpuLine(r) {
  return `CPU ${(r.cpuMs / 1000).toFixed(1)} s (user ${(r.userMs / 1000).toFixed(1)}, system ${(r.sysMs / 1000).toFixed(1)})`;
}

const sizes = process.argv.slice(2).map(Number);
const results = [];
if (process.env.SCALE_INSTRUCTIONS) {
  countInstructions(sizes.length ? sizes[0] : 1000, process.env.SCALE_VS);
  process.exit(0);
}
if (process.env.SCALE_FEATURES) {
  await featureCosts(sizes.length ? sizes : [10000]);
  process.exit(0);
}
if (process.env.SCALE_DEV) {
  await devLoop(sizes.length ? sizes : [10000], Number(process.env.SCALE_EDITS ?? 5));
  process.exit(0);
}
if (process.env.SCALE_VS) {
  await compare(sizes.length ? sizes : [10000], process.env.SCALE_VS, Number(process.env.SCALE_PAIRS ?? 4));
  process.exit(0);
}
for (const pages of sizes.length ? sizes : [1000, 5000, 10000]) {
  const site = generate(pages);
  fs.rmSync(path.join(site, 'build'), {recursive: true, force: true});
  fs.rmSync(path.join(site, '.cache'), {recursive: true, force: true});
  const cold = await build(site, `${pages}-cold`);
  const warm = await build(site, `${pages}-warm`);
  for (const [name, r] of [['cold', cold], ['warm', warm]]) {
    const stages = Object.entries(r.stagesMs).map(([k, v]) => `${k} ${v}`).join(', ');
    console.log(
      `${r.pages} pages ${name}: ${(r.totalMs / 1000).toFixed(2)} s (process ${(r.wallMs / 1000).toFixed(2)} s), ` +
        `${(r.totalMs / r.pages).toFixed(2)} ms/page, ${cpuLine(r)}, peak ${r.peakTreeMB} MB tree / ${r.peakProcessMB} MB largest process; ${stages}`,
    );
    console.log(`  CPU by part: ${partsLine(r)}`);
    console.log(`  user CPU by part: ${partsLine(r, 'userByPartMs')}`);
  }
  results.push({target: pages, cold, warm});
  if (!process.env.SCALE_KEEP) discard(site);
}
fs.rmSync(trash, {recursive: true, force: true});
/** `toml` (a generated site's) with social cards off (`cards: false`) and a hosted search
 * backend instead of the local index (`localIndex: false`). The hosted backend's ids are made
 * up: the build only writes them into the page data. Throws when `toml` has not the shape this
 * edits, rather than measure the wrong site. */
function withFeatures(toml, {cards, localIndex}) {
  let out = toml;
  const edit = (from, to) => {
    if (!out.includes(from)) throw new Error(`bench/scale: site.toml has no "${from.trim()}" to change`);
    out = out.replace(from, to);
  };
  if (!cards) edit('\n[site]\n', '\n[site]\nsocial_cards = false\n');
  if (!localIndex) edit('\n[search]\nbackend = "local"\n', '\n[search]\nbackend = "hosted"\napp_id = "BENCH"\nindex_name = "bench"\napi_key = "bench"\n');
  return out;
}

/** Cold builds of one site of each size with its optional features on and off. */
async function featureCosts(sizes) {
  const variants = [
    ['everything', {cards: true, localIndex: true}],
    ['no social cards', {cards: false, localIndex: true}],
    ['hosted search (no local index)', {cards: true, localIndex: false}],
    ['hosted search, no social cards', {cards: false, localIndex: false}],
  ];
  const out = [];
  for (const pages of sizes) {
    const site = generate(pages);
    const toml = fs.readFileSync(path.join(site, 'site.toml'), 'utf8');
    for (const [name, features] of variants) {
      fs.writeFileSync(path.join(site, 'site.toml'), withFeatures(toml, features));
      makeCold(site);
      const r = await build(site, `${pages}-features`);
      out.push({target: pages, variant: name, features, run: r});
      console.log(runLine(r, name));
    }
    // A kept site (SCALE_KEEP) is left as generated, not as the last variant.
    fs.writeFileSync(path.join(site, 'site.toml'), toml);
    if (!process.env.SCALE_KEEP) discard(site);
  }
  fs.rmSync(trash, {recursive: true, force: true});
  writeResults('scale-features.json', {results: out});
  console.log('wrote bench/output/scale-features.json');
}

/** `dev` on a site of each size: the first build's time, then `edits` edits of one doc (a line
 * appended, the file put back at the end), each timed from the write to the reload event that
 * names the doc's page, with the dev process's own "rebuilt in" figure and its resident memory. */
async function devLoop(sizes, edits) {
  const out = [];
  for (const pages of sizes) {
    const site = generate(pages);
    makeCold(site);
    const port = 4393;
    const started = Date.now();
    const child = spawn(bin, ['--root', site, 'dev', '--port', String(port)], {stdio: ['ignore', 'ignore', 'pipe']});
    let log = '';
    child.stderr.on('data', (d) => (log += d));
    const exited = new Promise((resolve) => child.on('exit', resolve));
    const until = async (what, ready) => {
      while (!ready()) {
        if (child.exitCode !== null) throw new Error(`bench/scale: dev stopped while waiting for ${what}:\n${log}`);
        await new Promise((go) => setTimeout(go, 20));
      }
    };
    await until('its first build', () => log.includes('dev server at'));
    const firstBuildMs = Date.now() - started;
    // The server's events, as an open page hears them.
    const events = [];
    const stream = await fetch(`http://127.0.0.1:${port}/__dev/events`);
    const reader = stream.body.getReader();
    (async () => {
      let text = '';
      for (;;) {
        const {value, done} = await reader.read();
        if (done) return;
        text += new TextDecoder().decode(value);
        for (let at = text.indexOf('\n\n'); at >= 0; at = text.indexOf('\n\n')) {
          const data = text.slice(0, at).split('\n').find((l) => l.startsWith('data:'));
          if (data) events.push({at: performance.now(), message: JSON.parse(data.slice(5))});
          text = text.slice(at + 2);
        }
      }
    })().catch(() => {});
    const doc = path.join(site, 'content/docs/v2/introduction/motivation.md');
    const route = '/docs/v2/introduction/motivation';
    const original = fs.readFileSync(doc, 'utf8');
    const timesMs = [];
    // The dev process's own CPU time (user and system, clock ticks of 10 ms): steadier than the
    // wall time on a machine whose speed drifts, and it counts the work after the reload event
    // (the stamp) that the wall time of the next edit only partly shows.
    const cpuMs = () => {
      const fields = fs.readFileSync(`/proc/${child.pid}/stat`, 'utf8').split(') ')[1].split(' ');
      return (Number(fields[11]) + Number(fields[12])) * 10;
    };
    const cpuBefore = cpuMs();
    try {
      for (let i = 1; i <= edits + 1; i++) {
        const from = events.length;
        const t = performance.now();
        if (i <= edits) fs.appendFileSync(doc, `\n本行由 bench/scale 加入（第 ${i} 次）。\n`);
        else fs.writeFileSync(doc, original);
        await until(`the reload of ${route}`, () => events.slice(from).some((e) => e.message.reload?.includes(route)));
        if (events.slice(from).some((e) => e.message.errors)) throw new Error(`bench/scale: the edit broke the build:\n${log}`);
        timesMs.push(Math.round(events.at(-1).at - t));
        // Past dev's quiet time, so that each edit is a rebuild of its own.
        await new Promise((go) => setTimeout(go, 300));
      }
    } finally {
      fs.writeFileSync(doc, original);
    }
    const cpuPerEditMs = Math.round((cpuMs() - cpuBefore) / (edits + 1));
    const rssMB = Math.round(Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${child.pid}/status`, 'utf8'))[1]) / 1024);
    reader.cancel().catch(() => {});
    child.kill('SIGTERM');
    await exited;
    const rebuiltMs = [...log.matchAll(/rebuilt in (\d+) ms/g)].map((m) => Number(m[1]));
    const sorted = [...timesMs].sort((a, b) => a - b);
    const r = {target: pages, firstBuildMs, editToReloadMs: timesMs, rebuiltMs, cpuPerEditMs, rssMB};
    out.push(r);
    console.log(
      `${pages} pages, dev: first build ${(firstBuildMs / 1000).toFixed(1)} s; an edit to its page's reload ` +
        `${sorted[0]}–${sorted.at(-1)} ms, median ${sorted[Math.floor(sorted.length / 2)]} ms (${timesMs.join(', ')}); ` +
        `dev's "rebuilt in" ${rebuiltMs.join(', ')} ms; dev's CPU ${cpuPerEditMs} ms an edit; resident ${rssMB} MB`,
    );
    if (!process.env.SCALE_KEEP) discard(site);
  }
  fs.rmSync(trash, {recursive: true, force: true});
  writeResults('scale-dev.json', {results: out});
  console.log('wrote bench/output/scale-dev.json');
}

/** Cold builds of each size by this engine and `other`, alternately, `pairs` times each. */
async function compare(sizes, other, pairs) {
  const engines = {this: bin, other};
  const out = [];
  for (const pages of sizes) {
    const site = generate(pages);
    const runs = {this: [], other: []};
    for (let i = 0; i < pairs; i++) {
      // Each pair in the other order: the machine's speed drifts, and a fixed order would give
      // the drift to one engine.
      const order = Object.entries(engines);
      for (const [name, engine] of i % 2 ? order.reverse() : order) {
        makeCold(site);
        const r = await build(site, `${pages}-vs-${name}`, engine);
        runs[name].push(r);
        console.log(runLine(r, name));
      }
    }
    const median = (xs) => {
      const sorted = [...xs].sort((a, b) => a - b);
      const mid = sorted.length / 2;
      return Math.round(sorted.length % 2 ? sorted[Math.floor(mid)] : (sorted[mid - 1] + sorted[mid]) / 2);
    };
    for (const [name, rs] of Object.entries(runs)) {
      const m = (k) => median(rs.map((r) => r[k]));
      const medians = (field) => Object.fromEntries(Object.keys(rs[0][field]).map((k) => [k, median(rs.map((r) => r[field][k] ?? 0))]));
      const medianRun = {cpuMs: m('cpuMs'), userMs: m('userMs'), sysMs: m('sysMs'), cpuByPartMs: medians('cpuByPartMs'), userByPartMs: medians('userByPartMs')};
      console.log(`median, ${name} (${engines[name]}): ${(m('wallMs') / 1000).toFixed(2)} s, ${cpuLine(medianRun)}, peak ${m('peakTreeMB')} MB tree`);
      console.log(`  CPU by part: ${partsLine(medianRun)}`);
      console.log(`  user CPU by part: ${partsLine(medianRun, 'userByPartMs')}`);
    }
    out.push({target: pages, engines, runs});
    if (!process.env.SCALE_KEEP) discard(site);
  }
  fs.rmSync(trash, {recursive: true, force: true});
  writeResults('scale-vs.json', {results: out});
  console.log('wrote bench/output/scale-vs.json');
}

const machine = `${os.cpus().length} cores (${os.cpus()[0]?.model.trim()}), ${Math.round(os.totalmem() / 2 ** 30)} GiB, load average ${os.loadavg()[0].toFixed(1)} at the end`;
writeResults('scale.json', {machine, results});
console.log(`machine: ${machine}; wrote bench/output/scale.json`);

/** The instructions of each of the engine's own functions (`site_…`) in `outFile` (a callgrind
 * profile), their callees' included: a Map, largest first. */
function engineParts(outFile) {
  const annotate = spawnSync('callgrind_annotate', ['--inclusive=yes', '--threshold=100', outFile], {encoding: 'utf8', maxBuffer: 2 ** 28});
  const parts = new Map();
  for (const line of annotate.stdout.split('\n')) {
    const m = /^\s*([\d,]+) \([\s\d.]+%\)\s+\?\?\?:(site_\S+) \[/.exec(line);
    if (m && !parts.has(m[2])) parts.set(m[2], Number(m[1].replaceAll(',', '')));
  }
  return parts;
}

/** Instructions as `12.34 G`. */
function giga(n) {
  return `${(n / 1e9).toFixed(2)} G`;
}

/** Counts the instructions the engine process runs in a cold build of a site of about `pages`
 * pages (empty build/ and .cache/), by this engine and by `other` when given, with each
 * engine's 12 largest parts. Valgrind's callgrind counts instructions, not time, so the count
 * hardly moves when the machine is busy (two runs of one engine, 1 043 pages: 52.46 and
 * 52.39 G), where wall and CPU time drift by tens of percent; a part can move more (the
 * index's, by up to 0.5 G: its threads split the work differently from run to run). It counts
 * the engine alone: not Node's prerender, not the system's time. Under Valgrind the CPU has no
 * SHA extensions, so SHA-256 takes its software path and weighs about five times what it does
 * natively. A cold 1 043-page build takes about 3.5 minutes under it: keep `pages` small. */
function countInstructions(pages, other) {
  if (spawnSync('valgrind', ['--version']).status !== 0) {
    console.error('bench/scale: SCALE_INSTRUCTIONS needs Valgrind: run `apt-get install -y valgrind`');
    process.exit(1);
  }
  const site = generate(pages);
  const engines = other ? {this: bin, other} : {this: bin};
  const counts = {};
  for (const [name, engine] of Object.entries(engines)) {
    makeCold(site);
    const profile = path.join(outDir, `scale-callgrind-${pages}-${name}.out`);
    const run = spawnSync('valgrind', ['--tool=callgrind', `--callgrind-out-file=${profile}`, engine, '--root', site, 'build'], {encoding: 'utf8', maxBuffer: 2 ** 28});
    const total = /Collected : (\d+)/.exec(run.stderr);
    if (run.status !== 0 || !total) throw new Error(`build of ${site} by ${engine} under callgrind failed:\n${run.stderr.slice(-2000)}`);
    counts[name] = {engine, instructions: Number(total[1]), parts: engineParts(profile)};
    console.log(`${name} (${engine}): ${giga(counts[name].instructions)} instructions`);
  }
  // Each engine's largest parts, with every engine's count of each.
  const shown = [...new Set(Object.values(counts).flatMap((c) => [...c.parts.keys()].slice(0, 12)))];
  for (const part of shown) console.log(`  ${part}: ${Object.values(counts).map((c) => giga(c.parts.get(part) ?? 0)).join(' / ')}`);
  if (!process.env.SCALE_KEEP) discard(site);
  fs.rmSync(trash, {recursive: true, force: true});
  const results = Object.fromEntries(
    Object.entries(counts).map(([name, c]) => [name, {...c, parts: Object.fromEntries(shown.map((p) => [p, c.parts.get(p) ?? 0]))}]),
  );
  writeResults('scale-instructions.json', {pages, results});
  console.log(`parts: this${other ? ' / other' : ''}, callees included (a part may hold another); wrote bench/output/scale-instructions.json`);
}
