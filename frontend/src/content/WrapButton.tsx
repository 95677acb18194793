import {t} from '../i18n';
import {Icon} from '../theme/Icons';

/** Turns line wrapping of every code block on or off (articleEvents.ts); the choice is remembered. */
export function WrapButton() {
  return (
    <button
      type="button"
      className="code-block__button code-block__wrap"
      aria-label={t.wrapLines}
      aria-pressed={false}
      title={t.wrapLines}
    >
      <Icon name="wrap" />
      <span className="code-block__copy-label">{t.wrap}</span>
    </button>
  );
}
