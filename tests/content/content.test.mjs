// The content test: every page the site must have exists, has a Chinese title and
// description, reads as Chinese, and every js/jsx/ts/tsx code block parses.
import {test} from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {lintFile} from './lint.mjs';
import {learningDocs, apiDocs, companionsDocs, blogPosts} from './pages.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

function docFile(route) {
  return path.join(root, 'content/docs', `${route.replace(/^\/docs\//, '')}.md`);
}

function postFile(route) {
  const [, , y, m, d, slug] = route.split('/');
  return path.join(root, 'content/blog', `${y}-${m}-${d}-${slug}.md`);
}

function checkAll(name, routes, fileOf) {
  test(name, () => {
    const problems = [];
    for (const route of routes) {
      const file = fileOf(route);
      if (!fs.existsSync(file)) {
        problems.push(`${route}: missing (${path.relative(root, file)})`);
        continue;
      }
      problems.push(...lintFile(file));
    }
    assert.deepEqual(problems, [], `\n${problems.join('\n')}`);
  });
}

checkAll('learning docs: introduction, tutorial, guides, migration, mdx', learningDocs, docFile);
checkAll('API reference: core and utils', apiDocs, docFile);
checkAll('Recoil Sync, Refine and Recoil Relay docs', companionsDocs, docFile);
checkAll('blog posts', blogPosts, postFile);
checkAll('standalone pages', ['/resources'], (r) => path.join(root, 'content/pages', `${r.slice(1)}.md`));

test('no stray content files outside the route list', () => {
  const known = new Set([...learningDocs, ...apiDocs, ...companionsDocs].map(docFile));
  const extra = [];
  const walk = (dir) => {
    for (const e of fs.readdirSync(dir, {withFileTypes: true})) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else if (p.endsWith('.md') && !known.has(p)) extra.push(path.relative(root, p));
    }
  };
  walk(path.join(root, 'content/docs'));
  assert.deepEqual(extra, []);
});

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
