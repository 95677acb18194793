import {t} from '../i18n';
import {WrapIcon} from '../theme/Icons';
import {setCodeWrap, useCodeWrap} from './codeWrap';

/** Turns line wrapping of every code block on or off; the choice is remembered. */
export function WrapButton() {
  const wrap = useCodeWrap();
  return (
    <button
      type="button"
      className="code-block__button code-block__wrap"
      aria-label={t.wrapLines}
      aria-pressed={wrap}
      title={t.wrapLines}
      onClick={() => setCodeWrap(!wrap)}
    >
      <WrapIcon />
      <span className="code-block__copy-label">{t.wrap}</span>
    </button>
  );
}
