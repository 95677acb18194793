// Every built page passes the Nu Html Checker (vnu.jar from npm, on the machine's Java).
import {test, expect} from '@playwright/test';
import {execFileSync} from 'node:child_process';
import {createRequire} from 'node:module';
import {BUILD} from './site.mjs';

const require = createRequire(import.meta.url);

test('the Nu Html Checker finds no error on any page', () => {
  test.setTimeout(300_000);
  const jar = require('vnu-jar');
  let out;
  try {
    out = execFileSync('java', ['-Xss1024k', '-jar', jar, '--errors-only', '--format', 'json', '--skip-non-html', '--filterpattern', '.*pagefind.*', BUILD], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
      maxBuffer: 64 * 1024 * 1024,
    });
  } catch (e) {
    // vnu exits non-zero when it finds errors; the report is on stderr.
    out = e.stderr || e.stdout || String(e);
  }
  const messages = out.trim() ? JSON.parse(out).messages ?? [] : [];
  const errors = messages.filter((m) => m.type === 'error' || m.subType === 'fatal');
  const shown = errors.slice(0, 30).map((m) => `${m.url?.replace(/^file:.*\/build\//, '')}:${m.lastLine}: ${m.message}`);
  expect(errors.length, shown.join('\n')).toBe(0);
});
