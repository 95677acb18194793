import {useEffect, useState} from 'react';
import {rafThrottle} from '../app/hooks';
import {Inlines} from '../content/Inlines';
import {t} from '../i18n';
import type {TocItem} from '../schema';

/** Space the fixed navbar takes at the top, plus a little air. */
function topOffset(): number {
  const nav = document.querySelector('.navbar');
  return (nav ? nav.getBoundingClientRect().height : 60) + 16;
}

/** The id of the heading the reader is in: the last one whose top has passed the navbar. */
export function activeHeading(ids: string[]): string | null {
  const offset = topOffset();
  let current: string | null = null;
  for (const id of ids) {
    const el = document.getElementById(id);
    if (!el) continue;
    if (el.getBoundingClientRect().top - offset <= 1) current = id;
    else break;
  }
  // At the very bottom the last heading may never reach the top: it is the one in view.
  if (window.innerHeight + window.scrollY >= document.documentElement.scrollHeight - 2 && ids.length) {
    current = ids[ids.length - 1];
  }
  return current ?? ids[0] ?? null;
}

function useActiveHeading(items: TocItem[]): string | null {
  const [active, setActive] = useState<string | null>(null);
  useEffect(() => {
    const ids = items.map((i) => i.id);
    // Scroll handling runs at most once per animation frame (~16 ms).
    const update = rafThrottle(() => setActive(activeHeading(ids)));
    update();
    window.addEventListener('scroll', update, {passive: true});
    window.addEventListener('resize', update);
    return () => {
      update.cancel();
      window.removeEventListener('scroll', update);
      window.removeEventListener('resize', update);
    };
  }, [items]);
  return active;
}

function TocList({items, active}: {items: TocItem[]; active: string | null}) {
  const min = Math.min(...items.map((i) => i.level));
  return (
    <ul className="toc__list">
      {items.map((item) => (
        <li key={item.id} className={`toc__item toc__item--level-${item.level - min}`}>
          <a
            href={`#${item.id}`}
            className={item.id === active ? 'toc__link toc__link--active' : 'toc__link'}
            aria-current={item.id === active ? 'location' : undefined}
          >
            <Inlines nodes={item.children} />
          </a>
        </li>
      ))}
    </ul>
  );
}

/** Table of contents on the right (desktop), with the heading in view highlighted. */
export function TOC({items}: {items: TocItem[]}) {
  const active = useActiveHeading(items);
  return (
    <nav className="toc" aria-label={t.onThisPage}>
      <p className="toc__title">{t.onThisPage}</p>
      <TocList items={items} active={active} />
    </nav>
  );
}

/** Table of contents as a collapsible block above the content (narrow screens). */
export function TOCCollapsible({items}: {items: TocItem[]}) {
  return (
    <details className="toc-mobile">
      <summary>{t.onThisPage}</summary>
      <nav aria-label={t.onThisPage}>
        <TocList items={items} active={null} />
      </nav>
    </details>
  );
}
