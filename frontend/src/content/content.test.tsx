import {renderToStaticMarkup} from 'react-dom/server';
import {beforeEach, describe, expect, it} from 'vitest';
import {type CodeBlock as Code, type CodeLine, TOKEN_CLASSES, type TokenClass} from '../schema';
import {codeTextOf} from './articleEvents';
import {CodeBlock} from './CodeBlock';
import {choose, storedChoice} from './tabChoices';

/** A piece of a line: unstyled text, or a class and its text. */
type Piece = string | [TokenClass, string];

/** The wire form of a line of `pieces` (as the engine writes it): a string when nothing is
 * styled, else each piece's text, styled ones after their class's number. */
function lineOf(pieces: Piece[]): CodeLine {
  if (pieces.every((p) => typeof p === 'string')) return pieces.join('');
  return pieces.flatMap((p) => (typeof p === 'string' ? [p] : [TOKEN_CLASSES.indexOf(p[0]), p[1]]));
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
