import {useId} from 'react';
import type {TabItem} from '../schema';
import {Blocks} from './Blocks';

/**
 * Tabs; with a `groupId`, choosing a tab switches every group of that id, now and later.
 * Choosing and the keyboard work through the article's handlers (articleEvents.ts), which
 * also show the reader's stored choice once the article is on screen.
 */
export function Tabs({groupId, items}: {groupId?: string | null; items: TabItem[]}) {
  const id = useId();
  const selected = (items.find((i) => i.default) ?? items[0]).value;
  return (
    <div className="tabs" data-group={groupId ?? undefined}>
      <div role="tablist" className="tabs__list">
        {items.map((item, i) => {
          const on = item.value === selected;
          return (
            <button
              key={item.value}
              type="button"
              role="tab"
              id={`${id}-tab-${i}`}
              data-value={item.value}
              aria-selected={on}
              aria-controls={`${id}-panel-${i}`}
              tabIndex={on ? 0 : -1}
              className={on ? 'tabs__tab tabs__tab--active' : 'tabs__tab'}
            >
              {item.label}
            </button>
          );
        })}
      </div>
      {items.map((item, i) => (
        <div
          key={item.value}
          role="tabpanel"
          id={`${id}-panel-${i}`}
          aria-labelledby={`${id}-tab-${i}`}
          hidden={item.value !== selected}
          className="tabs__panel"
          tabIndex={0}
        >
          <Blocks blocks={item.children} />
        </div>
      ))}
    </div>
  );
}
