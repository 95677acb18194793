import type {ReactNode} from 'react';
import {fill, t} from '../i18n';
import {RecentSearches} from './RecentSearches';
import {SearchError} from './SearchError';
import type {SearchState} from './searchState';

interface SearchModalBodyProps {
  state: SearchState;
  onPickRecent: (q: string) => void;
  onRetry: () => void;
  /** The result list, shown when there are results. */
  hits: ReactNode;
}

/** What the dialog shows under the field, by the state of the search. */
export function SearchModalBody({state, onPickRecent, onRetry, hits}: SearchModalBodyProps) {
  return (
    // A named <section> is a region landmark.
    <section className="search-modal__body" aria-live="polite" tabIndex={0} aria-label={t.searchResults}>
      {state.status === 'empty' && <RecentSearches onPick={onPickRecent} />}
      {state.status === 'loading' && <p className="search-modal__message">{t.searchLoading}</p>}
      {state.status === 'error' && <SearchError className="search-modal__message" onRetry={onRetry} />}
      {state.status === 'done' && state.total === 0 && state.results.length === 0 && (
        <div className="search-modal__message">
          <p className="search-no-results">{fill(t.noResults, {q: state.query})}</p>
          <p className="search-modal__hint">{t.noResultsHint}</p>
        </div>
      )}
      {state.status === 'done' && state.results.length > 0 && hits}
    </section>
  );
}

/** The dialog's footer: "See all N results" once the total is known, and the keys. */
export function SearchModalFooter({state, seeAllHref, onSeeAll}: {state: SearchState; seeAllHref: string; onSeeAll: () => void}) {
  return (
    <div className="search-modal__footer">
      {state.status === 'done' && state.total ? (
        <a className="search-modal__all" href={seeAllHref} onClick={onSeeAll}>
          {fill(t.seeAllResults, {n: state.total})}
        </a>
      ) : (
        <span />
      )}
      <span className="search-modal__keys">{t.searchKeyboardHint}</span>
    </div>
  );
}
