import {t} from '../i18n';
import type {CodeBlock as Code, Token} from '../schema';
import {Icon} from '../theme/Icons';
import {WrapButton} from './WrapButton';

const text = (line: Token[]) => line.map((tok) => (typeof tok === 'string' ? tok : tok[1])).join('');

/** The code of a block as the reader wrote it: tokens joined, no line numbers. */
export function codeText(code: Code): string {
  return code.lines.map(text).join('\n');
}

/** A code block. Its buttons (copy, wrap) work through the article's handlers (articleEvents.ts). */
export function CodeBlock({code}: {code: Code}) {
  const highlighted = new Set(code.highlight ?? []);
  return (
    <div className={`code-block language-${code.lang}`}>
      {code.title && <div className="code-block__title">{code.title}</div>}
      <div className="code-block__body">
        <pre className={code.lineNumbers ? 'code-block__pre code-block__pre--numbered' : 'code-block__pre'} tabIndex={0}>
          <code>
            {code.lines.map((line, i) => (
              <span key={i} className={highlighted.has(i + 1) ? 'code-line code-line--highlighted' : 'code-line'}>
                {code.lineNumbers && <span className="code-line__number" aria-hidden="true" data-n={i + 1} />}
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
          </code>
        </pre>
        <div className="code-block__actions">
          <WrapButton />
          <button type="button" className="code-block__button code-block__copy" aria-label={t.copyCode}>
            <Icon name="copy" className="code-block__icon-copy" />
            <Icon name="check" className="code-block__icon-copied" />
            <span className="code-block__copy-label">{t.copy}</span>
          </button>
        </div>
        <span className="sr-only" aria-live="polite" />
      </div>
    </div>
  );
}
