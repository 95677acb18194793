import {useRef} from 'react';
import {useRouter} from '../app/contexts';
import {fill, t} from '../i18n';
import type {PageData} from '../schema';
import {rememberSearch} from '../search/recent';
import {SearchError} from '../search/SearchError';
import {SearchPageResults} from '../search/SearchPageResults';
import {isBusy} from '../search/searchState';
import {useInfiniteScroll} from '../search/useInfiniteScroll';
import {useQueryInput} from '../search/useQueryInput';
import {useSearch} from '../search/useSearch';
import {useQueryFromUrl, writeQueryToUrl} from '../search/useUrlQuery';
import {Icon} from '../theme/Icons';

const PAGE_SIZE = 10;

/** `/search?q=…`: the full result list, loading more as the reader scrolls. */
export default function SearchPage(_: {data: PageData}) {
  const {search} = useRouter();
  const {query, set, inputProps} = useQueryInput(writeQueryToUrl);
  useQueryFromUrl(search, set);
  const {state, loadMore, retry} = useSearch(query, PAGE_SIZE);
  const sentinel = useRef<HTMLDivElement>(null);
  useInfiniteScroll(sentinel, state.status === 'done' && state.more, state, loadMore);

  const q = query.trim();
  return (
    // Busy while results are still arriving (tests and assistive technology wait for the end).
    <div className="container search-page" aria-busy={isBusy(state)}>
      <h1>{q ? fill(t.searchResultsFor, {q}) : t.searchPageTitle}</h1>
      {/* biome-ignore lint/a11y/useSemanticElements: <search> is too new (2023) for the browsers the site supports; a form with role=search is its established equivalent */}
      <form className="search-page__form" role="search" onSubmit={(e) => e.preventDefault()}>
        <Icon name="search" className="search-page__icon" />
        <input
          className="search-page__input"
          type="search"
          aria-label={t.searchLabel}
          placeholder={t.searchPlaceholder}
          autoComplete="off"
          spellCheck={false}
          {...inputProps}
        />
      </form>
      <noscript>
        <p className="search-page__status">{t.searchNeedsJs}</p>
      </noscript>
      <div aria-live="polite">
        {state.status === 'loading' && <p className="search-page__status">{t.searchLoading}</p>}
        {state.status === 'error' && <SearchError className="search-page__status" onRetry={retry} />}
        {state.status === 'done' && state.total === 0 && state.results.length === 0 && (
          <p className="search-page__status search-no-results">{fill(t.noResults, {q: state.query})}</p>
        )}
        {state.status === 'done' && !!state.total && (
          <p className="search-page__status">{fill(t.resultCount, {n: state.total, q: state.query})}</p>
        )}
      </div>
      {state.status === 'done' && state.results.length > 0 && (
        <SearchPageResults results={state.results} onOpen={() => rememberSearch(q)} />
      )}
      {state.status === 'done' && state.loadingMore && <p className="search-page__status">{t.loadingNewResults}</p>}
      <div ref={sentinel} />
    </div>
  );
}
