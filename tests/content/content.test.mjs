// The content test: every page the specification requires exists, and every page built from a
// content file has a Chinese title and description, reads as Chinese, and every
// js/jsx/ts/tsx code block parses.
import {test} from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {lintFile} from './lint.mjs';
import {requiredRoutes} from './pages.mjs';
import {routes} from '../engine.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

// The engine's own route list: every page built from a content file is linted.
const fromContent = routes().filter((r) => r.source);

test('every page the specification requires exists', () => {
  const built = new Set(routes().map((r) => r.route));
  const missing = requiredRoutes.filter((r) => !built.has(r));
  assert.deepEqual(missing, [], `missing: ${missing.join(', ')}`);
});

for (const [name, kinds] of [
  ['docs pages', ['doc']],
  ['blog posts', ['blogPost']],
  ['standalone pages', ['standalone']],
]) {
  test(`${name} read as Chinese, and their code parses`, () => {
    const files = fromContent.filter((r) => kinds.includes(r.kind)).map((r) => path.join(root, r.source));
    assert.ok(files.length > 0, `no ${name} found`);
    const problems = files.flatMap((f) => lintFile(f));
    assert.deepEqual(problems, [], `\n${problems.join('\n')}`);
  });
}

test('the lint itself catches what it should', () => {
  const dir = fs.mkdtempSync(path.join(root, 'tests/output-lint-'));
  try {
    const write = (name, text) => {
      const p = path.join(dir, name);
      fs.writeFileSync(p, text);
      return p;
    };
    const english = write('en.md', '---\ntitle: Atoms\ndescription: About atoms.\n---\nAtoms are units of state. Components subscribe to them and re-render when they change.\n');
    const found = lintFile(english).join('\n');
    assert.match(found, /Chinese title/);
    assert.match(found, /Chinese description/);
    assert.match(found, /mostly non-Chinese/);
    const badCode = write('code.md', '---\ntitle: 原子\ndescription: 原子是状态单位。\n---\n原子保存状态，组件订阅它。\n\n```jsx\nconst x = {...};\n```\n\n```jsx fragment\nconst y = {...};\n```\n');
    const codeProblems = lintFile(badCode);
    assert.equal(codeProblems.length, 1, codeProblems.join('\n'));
    assert.match(codeProblems[0], /code\.md:7: jsx code block does not parse/);
    // Avoided glossary variants are reported in prose (line 5 and 6, the description on line 3),
    // not in code spans, code blocks, link targets or English given in full-width brackets.
    const terms = write('terms.md', [
      '---',
      'title: 术语',
      'description: 介绍原子族的用法。',
      '---',
      '用原子族管理一组状态，用选择器族派生。',
      '异步选择器的 Promise resolve 之后才渲染；`Promise.resolve()` 和 `原子族` 不算。',
      '被拒绝（rejected）的 Promise 会让组件抛出错误，见 [链接](/docs/resolve)。',
      '',
      '```js',
      "const note = '原子副作用 resolve';",
      '```',
      '',
    ].join('\n'));
    const termProblems = lintFile(terms).filter((p) => /GLOSSARY/.test(p));
    assert.deepEqual(
      termProblems.map((p) => p.replace(/^.*terms\.md:(\d+): “([^”]+)”.*$/, '$1 $2')),
      ['3 原子族', '5 原子族', '5 选择器族', '6 resolve'],
      termProblems.join('\n'),
    );
    assert.match(termProblems[0], /write atom 族（atomFamily） \(content\/GLOSSARY\.md\)$/);
  } finally {
    fs.rmSync(dir, {recursive: true, force: true});
  }
});
