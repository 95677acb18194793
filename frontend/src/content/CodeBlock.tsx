import {useEffect, useRef, useState} from 'react';
import {t} from '../i18n';
import type {CodeBlock as Code, Token} from '../schema';
import {CheckIcon, CopyIcon} from '../theme/Icons';
import {copyToClipboard} from './clipboard';
import {WrapButton} from './WrapButton';

const text = (line: Token[]) => line.map((tok) => (typeof tok === 'string' ? tok : tok[1])).join('');

/** The code of a block as the reader wrote it: tokens joined, no line numbers. */
export function codeText(code: Code): string {
  return code.lines.map(text).join('\n');
}

export const COPIED_MS = 2000;

export function CodeBlock({code}: {code: Code}) {
  const [copied, setCopied] = useState(false);
  const timer = useRef(0);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  const copy = async () => {
    await copyToClipboard(codeText(code));
    setCopied(true);
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => setCopied(false), COPIED_MS);
  };
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
          <button
            type="button"
            className={
              copied ? 'code-block__button code-block__copy code-block__copy--copied' : 'code-block__button code-block__copy'
            }
            aria-label={copied ? t.copiedCode : t.copyCode}
            onClick={copy}
          >
            {copied ? <CheckIcon /> : <CopyIcon />}
            <span className="code-block__copy-label">{copied ? t.copied : t.copy}</span>
          </button>
        </div>
        <span className="sr-only" aria-live="polite">
          {copied ? t.copiedCode : ''}
        </span>
      </div>
    </div>
  );
}
