// The prerender process (build time only): input and output around the server bundle's
// renderDocument(). The engine starts it once per build:
//   node scripts/prerender.mjs <server entry> <client index.html>
// then writes JSON lines on stdin: first the site data, then one page data per line. For each
// page it answers on stdout with a header line, `html <length>` or `error <length>`, then that
// many bytes of UTF-8: the page's HTML, or the error's message and the top of its stack (the
// engine names the page's source file). Not JSON: escaping every page (tens of kilobytes) and
// reading it back was about 3 % of a 10 000-page build's CPU. The engine runs up to one such
// process per core.
import fs from 'node:fs';
import path from 'node:path';
import {pathToFileURL} from 'node:url';

// React's production build: the development one renders several times slower.
process.env.NODE_ENV = 'production';

const [serverEntry, templatePath] = process.argv.slice(2);
const {prepare, renderDocument} = await import(pathToFileURL(path.resolve(serverEntry)).href);
const shell = {
  template: fs.readFileSync(templatePath, 'utf8'),
  manifest: JSON.parse(fs.readFileSync(path.join(path.dirname(templatePath), '.vite/manifest.json'), 'utf8')),
};

/** An error's message, and where in the bundle it was thrown (a few frames, not the whole stack). */
function describe(e) {
  if (!(e instanceof Error)) return String(e);
  const frames = (e.stack ?? '')
    .split('\n')
    .filter((l) => l.trim().startsWith('at '))
    .slice(0, 4);
  return [e.message, ...frames.map((f) => `  ${f.trim()}`)].join('\n');
}

// The engine went away (killed, or it stopped reading): nobody to answer, and Node's trace for
// the unhandled write error would only bury the engine's own message.
process.stdout.on('error', (e) => {
  if (e.code !== 'EPIPE') throw e;
  process.exit(0);
});

let site = null;
// The answer is encoded straight into a buffer with room for its header in front: `Buffer.from`
// measured the string's UTF-8 length first and then encoded it, and the header was a second
// write; about a twentieth of this process's CPU at 10 000 pages. A new buffer for each answer:
// a pipe that is full keeps the rest of a write queued, so a buffer cannot be reused safely.
const HEADER = 32;
const answer = (kind, text) => {
  // At most three bytes of UTF-8 for each UTF-16 unit.
  const out = Buffer.allocUnsafe(HEADER + text.length * 3);
  const length = out.write(text, HEADER, 'utf8');
  const header = `${kind} ${length}\n`;
  out.write(header, HEADER - header.length, 'latin1');
  process.stdout.write(out.subarray(HEADER - header.length, HEADER + length));
};
/** Standard input's lines, each decoded whole once it has arrived. Not `readline`: it decoded
 * every chunk and searched it with a regular expression, about 7 % of this process's CPU. */
async function* lines(input) {
  let pending = [];
  for await (const chunk of input) {
    let start = 0;
    for (let end = chunk.indexOf(10); end !== -1; end = chunk.indexOf(10, start)) {
      const part = chunk.subarray(start, end);
      yield (pending.length ? Buffer.concat([...pending, part]) : part).toString('utf8');
      pending = [];
      start = end + 1;
    }
    if (start < chunk.length) pending.push(chunk.subarray(start));
  }
  if (pending.length) yield Buffer.concat(pending).toString('utf8');
}

for await (const line of lines(process.stdin)) {
  if (!line) continue;
  if (!site) {
    site = JSON.parse(line);
    continue;
  }
  try {
    const page = JSON.parse(line);
    await prepare(site, page);
    answer('html', renderDocument(site, page, shell));
  } catch (e) {
    answer('error', describe(e));
  }
}
