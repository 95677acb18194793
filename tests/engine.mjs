// The engine as the tests use it: where its binary is (honouring CARGO_TARGET_DIR, as cargo
// does), and the route list it reports, so no test keeps its own list of pages.
import {execFileSync} from 'node:child_process';
import path from 'node:path';
import {fileURLToPath} from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const targetDir = process.env.CARGO_TARGET_DIR ? path.resolve(ROOT, process.env.CARGO_TARGET_DIR) : path.join(ROOT, 'target');

/** The release build of `docsite` (scripts/test builds it first). */
export const DOCSITE = process.env.DOCSITE || path.join(targetDir, 'release', 'docsite');

/** Every route of the site at `root`: `{route, kind, source?, title, html, data}`. */
export function routes(root = ROOT) {
  const out = execFileSync(DOCSITE, ['--root', root, 'routes', '--json'], {encoding: 'utf8', maxBuffer: 64 << 20});
  return JSON.parse(out);
}
