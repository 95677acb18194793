import {renderToStaticMarkup} from 'react-dom/server';
import {beforeEach, describe, expect, it} from 'vitest';
import type {CodeBlock as Code, CodeLine, TokenClass} from '../schema';
import {codeTextOf} from './articleEvents';
import {CodeBlock} from './CodeBlock';
import {choose, storedChoice} from './tabChoices';

/** A piece of a line: unstyled text, or a class and its text. */
type Piece = string | [TokenClass, string];

/** The wire form of a line of `pieces` (as the engine writes it): the text, and for each styled
 * run the UTF-16 units before it, its length and its class. */
function lineOf(pieces: Piece[]): CodeLine {
  const text = pieces.map((p) => (typeof p === 'string' ? p : p[1])).join('');
  const runs: (number | TokenClass)[] = [];
  let gap = 0;
  for (const p of pieces) {
    if (typeof p === 'string') gap += p.length;
    else {
      runs.push(gap, p[1].length, p[0]);
      gap = 0;
    }
  }
  return runs.length ? [text, runs] : text;
}

describe('code blocks', () => {
  it('copies the code text as rendered, without line numbers or markup', () => {
    const code: Code = {lang: 'js', lines: [lineOf([['k', 'const'], ' a = ', ['n', '<1>'], ';']), '', 'b();'], lineNumbers: true};
    const html = renderToStaticMarkup(CodeBlock({code}));
    // The text of <code> as a browser has it (tags out, entities decoded).
    const inner = /<code>([\s\S]*)<\/code>/.exec(html)?.[1] ?? '';
    const rendered = inner
      .replace(/<[^>]+>/g, '')
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&amp;/g, '&');
    expect(codeTextOf(rendered)).toBe('const a = <1>;\n\nb();');
  });

  it('writes its lines as React would write them as elements (escapes, numbers, highlights)', () => {
    const tricky = `<a href="x">'&'</a>`;
    const pieces: Piece[][] = [
      [['s', tricky], ` ${tricky} `],
      [],
      [['k', 'a'], 'b', ['u', '{'], '原子&&""<>', ['s', "'😀'"], ['c', '注释'], ' 🎉 '],
      ['只是文字 😀'],
    ];
    const code: Code = {lang: 'tsx', lines: pieces.map(lineOf), highlight: [1, 3]};
    for (const lineNumbers of [false, true]) {
      const block = {...code, lineNumbers};
      const asElements = renderToStaticMarkup(
        <code>
          {pieces.map((line, i) => (
            <span key={i} className={block.highlight?.includes(i + 1) ? 'code-line code-line--highlighted' : 'code-line'}>
              {lineNumbers && <span className="code-line__number" aria-hidden="true" data-n={i + 1} />}
              {line.map((tok, j) =>
                typeof tok === 'string' ? (
                  tok
                ) : (
                  <span key={j} className={`tok-${tok[0]}`}>
                    {tok[1]}
                  </span>
                ),
              )}
              {'\n'}
            </span>
          ))}
        </code>,
      );
      expect(/<code>[\s\S]*<\/code>/.exec(renderToStaticMarkup(CodeBlock({code: block})))?.[0]).toBe(asElements);
    }
  });
});

describe('tab choices', () => {
  const store = new Map<string, string>();
  beforeEach(() => {
    globalThis.localStorage = {
      getItem: (k: string) => store.get(k) ?? null,
      setItem: (k: string, v: string) => void store.set(k, v),
      removeItem: (k: string) => void store.delete(k),
    } as Storage;
  });

  it('reads a stored choice and stores a new one under the prefix', () => {
    store.set('tabs.pm', 'yarn');
    expect(storedChoice('pm')).toBe('yarn');
    expect(storedChoice('other')).toBeUndefined();
    choose('pm', 'npm');
    expect(storedChoice('pm')).toBe('npm');
    expect(store.get('tabs.pm')).toBe('npm');
  });
});
