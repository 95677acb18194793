import {t} from '../i18n';

/** The index (or the hosted service) failed to answer: the message and a retry. Shared by
 * the dialog and the /search page. */
export function SearchError({className, onRetry}: {className: string; onRetry: () => void}) {
  return (
    <div role="alert" className={className}>
      <p>{t.searchError}</p>
      <button type="button" className="button button--primary" onClick={onRetry}>
        {t.searchRetry}
      </button>
    </div>
  );
}
