import {memo} from 'react';
import {withBase} from '../app/base';
import {fill, t} from '../i18n';
import {ExcerptText} from './ExcerptText';
import type {Excerpt, SearchResult} from './types';

/** A line of the result list: a page, or a heading inside it. */
export interface Row {
  key: string;
  url: string;
  external: boolean;
  title: string;
  section?: string;
  excerpt: Excerpt;
  /** The page result the row comes from: a row re-renders only when it changes. */
  result: SearchResult;
  child: boolean;
}

export function rowsOf(results: SearchResult[]): Row[] {
  return results.flatMap((r) => [
    {
      key: r.id,
      url: r.url,
      external: r.external,
      title: r.title,
      section: r.section,
      excerpt: r.excerpt,
      result: r,
      child: false,
    },
    ...r.sections.map((s, i) => ({
      key: `${r.id}#${i}`,
      url: s.url,
      external: s.external,
      title: s.heading ?? r.title,
      excerpt: s.excerpt,
      result: r,
      child: true,
    })),
  ]);
}

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
            <ExcerptText excerpt={row.excerpt} />
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

interface SearchHitsProps extends Omit<HitProps, 'row' | 'index' | 'selected'> {
  rows: Row[];
  query: string;
  selectedIndex: number;
}

/** The result list of the dialog: a listbox the input controls. */
export function SearchHits({rows, query, selectedIndex, ...rest}: SearchHitsProps) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: a list with the listbox role is the ARIA combobox pattern (APG); its <li> are the options
    <ul className="search-hits" role="listbox" id={rest.listId} aria-label={fill(t.searchResultsFor, {q: query})}>
      {rows.map((row, i) => (
        <Hit key={row.key} row={row} index={i} selected={i === selectedIndex} {...rest} />
      ))}
    </ul>
  );
}
