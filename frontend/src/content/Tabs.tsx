import {useEffect, useId, useRef, useState, useSyncExternalStore} from 'react';
import type {TabItem} from '../schema';
import {Blocks} from './Blocks';
import {choice, choose, enableStoredChoices, subscribe} from './tabChoices';

/** Tabs; with a `groupId`, choosing a tab switches every group of that id, now and later. */
export function Tabs({groupId, items}: {groupId?: string | null; items: TabItem[]}) {
  const id = useId();
  const fallback = (items.find((i) => i.default) ?? items[0]).value;
  const [local, setLocal] = useState(fallback);
  const grouped = useSyncExternalStore(
    subscribe,
    () => (groupId ? choice(groupId) : undefined),
    () => undefined,
  );
  useEffect(() => enableStoredChoices(), []);
  const selected = grouped !== undefined && items.some((i) => i.value === grouped) ? grouped : local;
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);

  const select = (value: string) => {
    setLocal(value);
    if (groupId) choose(groupId, value);
  };
  const onKeyDown = (e: React.KeyboardEvent, index: number) => {
    const n = items.length;
    const next =
      e.key === 'ArrowRight'
        ? (index + 1) % n
        : e.key === 'ArrowLeft'
          ? (index - 1 + n) % n
          : e.key === 'Home'
            ? 0
            : e.key === 'End'
              ? n - 1
              : -1;
    if (next < 0) return;
    e.preventDefault();
    select(items[next].value);
    tabs.current[next]?.focus();
  };

  return (
    <div className="tabs">
      <div role="tablist" className="tabs__list">
        {items.map((item, i) => {
          const on = item.value === selected;
          return (
            <button
              key={item.value}
              ref={(el) => {
                tabs.current[i] = el;
              }}
              type="button"
              role="tab"
              id={`${id}-tab-${i}`}
              aria-selected={on}
              aria-controls={`${id}-panel-${i}`}
              tabIndex={on ? 0 : -1}
              className={on ? 'tabs__tab tabs__tab--active' : 'tabs__tab'}
              onClick={() => select(item.value)}
              onKeyDown={(e) => onKeyDown(e, i)}
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
