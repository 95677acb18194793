import {useEffect, useRef, useState} from 'react';
import {SearchError} from '../search/SearchError';
import type {PageData} from '../schema';
import {useRouter} from '../app/contexts';
import {withBase} from '../app/base';
import {useSearch} from '../search/useSearch';
import {ExcerptText} from '../search/ExcerptText';
import {rememberSearch} from '../search/recent';
import {SearchIcon} from '../theme/Icons';
import {t} from '../i18n';

const PAGE_SIZE = 10;

function queryOf(search: string): string {
  try {
    return new URLSearchParams(search).get('q') ?? '';
  } catch {
    return '';
  }
}

/** `/search?q=…`: the full result list, loading more as the reader scrolls. */
export default function SearchPage(_: {data: PageData}) {
  const {search} = useRouter();
  const [text, setText] = useState('');
  const [query, setQuery] = useState('');
  const sentinel = useRef<HTMLDivElement>(null);
  const {state, loadMore, retry} = useSearch(query, PAGE_SIZE);

  // The URL decides the query on load and on navigation (for example from "See all").
  useEffect(() => {
    const q = queryOf(search);
    setText(q);
    setQuery(q);
  }, [search]);

  const onInput = (q: string, composing: boolean) => {
    setText(q);
    if (composing) return;
    setQuery(q);
    const url = new URL(window.location.href);
    if (q) url.searchParams.set('q', q);
    else url.searchParams.delete('q');
    // Replace, not push: typing is not navigation.
    history.replaceState(history.state, '', url.href);
  };

  useEffect(() => {
    const el = sentinel.current;
    if (!el || state.status !== 'done' || !state.more) return;
    const io = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && void loadMore(), {rootMargin: '400px'});
    io.observe(el);
    return () => io.disconnect();
  }, [state, loadMore]);

  const q = query.trim();
  return (
    // Busy while results are still arriving (tests and assistive technology wait for the end).
    <div className="container search-page" aria-busy={state.status === 'loading' || (state.status === 'done' && (state.total === null || state.loadingMore))}>
      <h1>{q ? t.searchResultsFor(q) : t.searchPageTitle}</h1>
      <form className="search-page__form" role="search" onSubmit={(e) => e.preventDefault()}>
        <SearchIcon size={20} />
        <input
          className="search-page__input"
          type="search"
          value={text}
          aria-label={t.searchLabel}
          placeholder={t.searchPlaceholder}
          autoComplete="off"
          spellCheck={false}
          onChange={(e) => onInput(e.target.value, (e.nativeEvent as InputEvent).isComposing)}
          onCompositionEnd={(e) => onInput(e.currentTarget.value, false)}
        />
      </form>
      <noscript>
        <p className="search-page__status">{t.searchNeedsJs}</p>
      </noscript>
      <div aria-live="polite">
        {state.status === 'loading' && <p className="search-page__status">{t.searchLoading}</p>}
        {state.status === 'error' && <SearchError className="search-page__status" onRetry={retry} />}
        {state.status === 'done' && state.total === 0 && state.results.length === 0 && (
          <p className="search-page__status search-no-results">{t.noResults(state.query)}</p>
        )}
        {state.status === 'done' && !!state.total && <p className="search-page__status">{t.resultCount(state.total, state.query)}</p>}
      </div>
      {state.status === 'done' && state.results.length > 0 && (
        <ol className="search-page__results">
          {state.results.map((r) => (
            <li key={r.id} className="search-page__result">
              <h2 className="search-page__title">
                <a href={r.external ? r.url : withBase(r.url)} data-full-load={r.external ? '' : undefined} onClick={() => rememberSearch(q)}>
                  {r.title}
                </a>
              </h2>
              {r.section && <p className="search-page__section">{r.section}</p>}
              <p className="search-page__excerpt">
                <ExcerptText excerpt={r.excerpt} />
              </p>
              {r.sections.length > 0 && (
                <ul className="search-page__sections">
                  {r.sections.map((s) => (
                    <li key={s.url}>
                      <a href={s.external ? s.url : withBase(s.url)} data-full-load={s.external ? '' : undefined} onClick={() => rememberSearch(q)}>
                        {s.heading}
                      </a>
                      <span className="search-page__excerpt">
                        {' '}
                        <ExcerptText excerpt={s.excerpt} />
                      </span>
                    </li>
                  ))}
                </ul>
              )}
            </li>
          ))}
        </ol>
      )}
      {state.status === 'done' && state.loadingMore && <p className="search-page__status">{t.loadingNewResults}</p>}
      <div ref={sentinel} />
    </div>
  );
}
