import {useState} from 'react';
import {fill, t} from '../i18n';
import {Icon} from '../theme/Icons';
import {forgetSearch, recentSearches} from './recent';

/** The reader's last searches, shown for an empty query: one click searches again. */
export function RecentSearches({onPick}: {onPick: (q: string) => void}) {
  const [recent, setRecent] = useState<string[]>(() => recentSearches());
  if (!recent.length) return <p className="search-modal__message">{t.emptyQuery}</p>;
  return (
    <section>
      <h2 className="search-modal__heading">{t.recentSearches}</h2>
      <ul className="search-recent">
        {recent.map((q) => (
          <li key={q}>
            <button type="button" className="search-recent__query" onClick={() => onPick(q)}>
              {q}
            </button>
            <button
              type="button"
              className="search-recent__remove"
              aria-label={fill(t.removeRecent, {q})}
              onClick={() => {
                forgetSearch(q);
                setRecent(recentSearches());
              }}
            >
              <Icon name="close" className="search-recent__remove-icon" />
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
