import {withBase} from '../app/base';
import {ExcerptText} from './ExcerptText';
import type {SearchResult} from './types';

/** The /search page's result list: each page with its section, excerpt and matching headings. */
export function SearchPageResults({results, onOpen}: {results: SearchResult[]; onOpen: () => void}) {
  return (
    <ol className="search-page__results">
      {results.map((r) => (
        <li key={r.id} className="search-page__result">
          <h2 className="search-page__title">
            <a href={r.external ? r.url : withBase(r.url)} data-full-load={r.external ? '' : undefined} onClick={onOpen}>
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
                  <a href={s.external ? s.url : withBase(s.url)} data-full-load={s.external ? '' : undefined} onClick={onOpen}>
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
  );
}
