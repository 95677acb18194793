import {memo, useCallback, useEffect, useId, useMemo, useRef, useState} from 'react';
import {SearchError} from './SearchError';
import {useRouter} from '../app/contexts';
import {withBase} from '../app/base';
import {CloseIcon, SearchIcon} from '../theme/Icons';
import {t} from '../i18n';
import {useSearch} from './useSearch';
import {forgetSearch, recentSearches, rememberSearch} from './recent';
import {ExcerptText} from './ExcerptText';
import type {SearchResult} from './types';

export interface SearchModalProps {
  onClose: () => void;
}

interface Row {
  key: string;
  url: string;
  external: boolean;
  title: string;
  section?: string;
  result: SearchResult;
  child: boolean;
}

function rowsOf(results: SearchResult[]): Row[] {
  return results.flatMap((r) => [
    {key: r.id, url: r.url, external: r.external, title: r.title, section: r.section, result: r, child: false},
    ...r.sections.map((s, i) => ({key: `${r.id}#${i}`, url: s.url, external: s.external, title: s.heading ?? r.title, result: r, child: true})),
  ]);
}

const MODAL_RESULTS = 8;

interface HitProps {
  row: Row;
  index: number;
  listId: string;
  selected: boolean;
  onSelect: (index: number) => void;
  onOpen: (url: string, external: boolean) => void;
}

/** One result row. Memoised: a keystroke re-renders the input, not every row, and an excerpt
 * arriving re-renders only its page's rows. */
const Hit = memo(
  function Hit({row, index, listId, selected, onSelect, onOpen}: HitProps) {
    return (
      <li role="none" className={row.child ? 'search-hit search-hit--child' : 'search-hit'}>
        <a
          id={`${listId}-${index}`}
          role="option"
          aria-selected={selected}
          tabIndex={-1}
          href={row.external ? row.url : withBase(row.url)}
          data-full-load={row.external ? '' : undefined}
          onMouseMove={() => onSelect(index)}
          onClick={(e) => {
            e.preventDefault();
            onOpen(row.url, row.external);
          }}
        >
          <span className="search-hit__title">{row.title}</span>
          {!row.child && row.section && <span className="search-hit__section">{row.section}</span>}
          <span className="search-hit__excerpt">
            <ExcerptText excerpt={row.child ? row.result.sections[Number(row.key.split('#')[1])].excerpt : row.result.excerpt} />
          </span>
        </a>
      </li>
    );
  },
  // Rows are rebuilt from the results on every change; a result object that did not change
  // keeps its identity (see `merge`), and so does everything the row shows.
  (a, b) =>
    a.row.result === b.row.result &&
    a.row.key === b.row.key &&
    a.index === b.index &&
    a.listId === b.listId &&
    a.selected === b.selected &&
    a.onSelect === b.onSelect &&
    a.onOpen === b.onOpen,
);

/** The search dialog: results as you type, keyboard selection, recent searches. */
export function SearchModal({onClose}: SearchModalProps) {
  const {navigate} = useRouter();
  // What the input shows, and what is searched: not the pinyin of an unfinished IME word.
  const [text, setText] = useState('');
  const [query, setQuery] = useState('');
  const [selected, setSelected] = useState(0);
  const [recent, setRecent] = useState<string[]>(() => recentSearches());
  const input = useRef<HTMLInputElement>(null);
  const dialog = useRef<HTMLDivElement>(null);
  const listId = useId();
  const {state, retry} = useSearch(query, MODAL_RESULTS);
  const results = state.status === 'done' ? state.results : null;
  const rows = useMemo(() => (results ? rowsOf(results) : []), [results]);

  useEffect(() => {
    input.current?.focus();
    document.body.classList.add('no-scroll');
    return () => document.body.classList.remove('no-scroll');
  }, []);
  const answered = state.status === 'done' ? state.query : '';
  useEffect(() => setSelected(0), [answered]);
  useEffect(() => {
    document.getElementById(`${listId}-${selected}`)?.scrollIntoView({block: 'nearest'});
  }, [selected, listId]);

  const open = (url: string, external: boolean) => {
    rememberSearch(query);
    onClose();
    if (external) window.location.assign(url);
    else navigate(withBase(url));
  };
  // A stable callback for the memoised rows; it calls the latest `open`.
  const openLatest = useRef(open);
  openLatest.current = open;
  const onOpen = useCallback((url: string, external: boolean) => openLatest.current(url, external), []);
  const seeAll = () => withBase(`search?q=${encodeURIComponent(state.status === 'done' ? state.query : query.trim())}`);

  const onKeyDown = (e: React.KeyboardEvent) => {
    if (e.key === 'Escape') {
      e.preventDefault();
      onClose();
    } else if (e.key === 'ArrowDown' && rows.length) {
      e.preventDefault();
      setSelected((s) => (s + 1) % rows.length);
    } else if (e.key === 'ArrowUp' && rows.length) {
      e.preventDefault();
      setSelected((s) => (s - 1 + rows.length) % rows.length);
    } else if (e.key === 'Enter' && e.target === input.current) {
      e.preventDefault();
      const row = rows[selected];
      if (row) open(row.url, row.external);
      else if (query.trim()) {
        rememberSearch(query);
        onClose();
        navigate(seeAll());
      }
    } else if (e.key === 'Tab') {
      // Keep focus inside the dialog.
      const focusable = dialog.current?.querySelectorAll<HTMLElement>('input, button, a[href]:not([tabindex="-1"])');
      if (!focusable?.length) return;
      const first = focusable[0];
      const last = focusable[focusable.length - 1];
      if (e.shiftKey && document.activeElement === first) {
        e.preventDefault();
        last.focus();
      } else if (!e.shiftKey && document.activeElement === last) {
        e.preventDefault();
        first.focus();
      }
    }
  };

  const active = rows[selected];
  return (
    <div className="search-modal" role="dialog" aria-modal="true" aria-label={t.searchLabel} ref={dialog} onKeyDown={onKeyDown}>
      <div className="search-modal__backdrop" onClick={onClose} />
      <div className="search-modal__panel">
        <form className="search-modal__form" role="search" onSubmit={(e) => e.preventDefault()}>
          <SearchIcon size={20} className="search-modal__icon" />
          <input
            ref={input}
            className="search-modal__input"
            type="search"
            value={text}
            placeholder={t.searchPlaceholder}
            aria-label={t.searchLabel}
            role="combobox"
            aria-expanded={rows.length > 0}
            aria-controls={listId}
            aria-autocomplete="list"
            aria-activedescendant={active ? `${listId}-${selected}` : undefined}
            autoComplete="off"
            autoCorrect="off"
            autoCapitalize="off"
            spellCheck={false}
            enterKeyHint="go"
            onChange={(e) => {
              setText(e.target.value);
              if (!(e.nativeEvent as InputEvent).isComposing) setQuery(e.target.value);
            }}
            onCompositionEnd={(e) => setQuery(e.currentTarget.value)}
          />
          <button type="button" className="search-modal__close" aria-label={t.closeSearch} onClick={onClose}>
            <CloseIcon size={16} />
            <kbd aria-hidden="true">Esc</kbd>
          </button>
        </form>
        <div className="search-modal__body" aria-live="polite" tabIndex={0} role="region" aria-label={t.searchResults}>
          {state.status === 'empty' &&
            (recent.length ? (
              <section>
                <h2 className="search-modal__heading">{t.recentSearches}</h2>
                <ul className="search-recent">
                  {recent.map((q) => (
                    <li key={q}>
                      <button
                        type="button"
                        className="search-recent__query"
                        onClick={() => {
                          setText(q);
                          setQuery(q);
                        }}
                      >
                        {q}
                      </button>
                      <button
                        type="button"
                        className="search-recent__remove"
                        aria-label={t.removeRecent(q)}
                        onClick={() => {
                          forgetSearch(q);
                          setRecent(recentSearches());
                        }}
                      >
                        <CloseIcon size={12} />
                      </button>
                    </li>
                  ))}
                </ul>
              </section>
            ) : (
              <p className="search-modal__message">{t.emptyQuery}</p>
            ))}
          {state.status === 'loading' && <p className="search-modal__message">{t.searchLoading}</p>}
          {state.status === 'error' && <SearchError className="search-modal__message" onRetry={retry} />}
          {state.status === 'done' && state.total === 0 && state.results.length === 0 && (
            <div className="search-modal__message">
              <p className="search-no-results">{t.noResults(state.query)}</p>
              <p className="search-modal__hint">{t.noResultsHint}</p>
            </div>
          )}
          {state.status === 'done' && state.results.length > 0 && (
            <ul className="search-hits" role="listbox" id={listId} aria-label={t.searchResultsFor(state.query)}>
              {rows.map((row, i) => (
                <Hit key={row.key} row={row} index={i} listId={listId} selected={i === selected} onSelect={setSelected} onOpen={onOpen} />
              ))}
            </ul>
          )}
        </div>
        <div className="search-modal__footer">
          {state.status === 'done' && state.total ? (
            <a
              className="search-modal__all"
              href={seeAll()}
              onClick={() => {
                rememberSearch(query);
                onClose();
              }}
            >
              {t.seeAllResults(state.total)}
            </a>
          ) : (
            <span />
          )}
          <span className="search-modal__keys">{t.searchKeyboardHint}</span>
        </div>
      </div>
    </div>
  );
}
