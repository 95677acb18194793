import {useEffect, useRef, useState, useSyncExternalStore} from 'react';
import {Reused} from '../app/reused';
import {t} from '../i18n';
import type {Sidebar, SidebarItem} from '../schema';
import {Icon} from '../theme/Icons';
import {Link} from '../theme/Link';

function contains(items: SidebarItem[], route: string): boolean {
  return items.some((i) => (i.type === 'doc' ? i.route === route : i.type === 'category' ? contains(i.items, route) : false));
}

/** Where a category sits in its sidebar, e.g. `2-0` (the first item of the third): its list's id
 * is made from it, not with `useId`, so that its markup is the same wherever it is rendered. */
interface Place {
  /** The sidebar (`Sidebar.id`), for the prerender's reuse of its categories. */
  sidebar: string;
  /** Which rendering of it: the page's sidebar or the mobile menu's (ids stay unique). */
  prefix: string;
  path: string;
}

function Category({
  item,
  route,
  depth,
  place,
}: {
  item: Extract<SidebarItem, {type: 'category'}>;
  route: string;
  depth: number;
  place: Place;
}) {
  const active = contains(item.items, route);
  const [open, setOpen] = useState(!item.collapsed || active);
  const id = `${place.prefix}-${place.path}`;
  // Navigating into a collapsed category opens it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: also on a move between two of its pages
  useEffect(() => {
    if (active) setOpen(true);
  }, [active, route]);
  const body = (
    <>
      <button
        type="button"
        className="sidebar__category-button"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen((o) => !o)}
      >
        <span>{item.label}</span>
        <Icon name="chevron" className={open ? 'sidebar__chevron sidebar__chevron--open' : 'sidebar__chevron'} />
      </button>
      <div id={id} hidden={!open}>
        <SidebarItems items={item.items} route={route} depth={depth + 1} place={place} />
      </div>
    </>
  );
  if (active) return <li className="sidebar__category sidebar__category--active">{body}</li>;
  // Without the current page, a category is the same on every page of its sidebar: the
  // prerender makes its markup once (app/reused.tsx).
  return (
    <Reused reuseKey={`sidebar:${place.sidebar}:${id}`} tag="li" attrs={{className: 'sidebar__category'}}>
      {body}
    </Reused>
  );
}

/** The items of a sidebar, recursively; also used inside the mobile menu. */
export function SidebarItems({items, route, depth, place}: {items: SidebarItem[]; route: string; depth: number; place: Place}) {
  return (
    <ul className={`sidebar__list sidebar__list--depth-${depth}`}>
      {items.map((item, i) => {
        if (item.type === 'category') {
          const inner = {...place, path: place.path ? `${place.path}-${i}` : `${i}`};
          return <Category key={item.label} item={item} route={route} depth={depth} place={inner} />;
        }
        if (item.type === 'link')
          return (
            <li key={item.label}>
              <Link to={item.href} newTab className="sidebar__link">
                {item.label}
              </Link>
            </li>
          );
        const active = item.route === route;
        return (
          <li key={item.route}>
            <Link
              to={item.route}
              className={active ? 'sidebar__link sidebar__link--active' : 'sidebar__link'}
              aria-current={active ? 'page' : undefined}
            >
              {item.label}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}

// The desktop sidebar's collapsed state outlives page changes (pages remount on navigation).
let collapsed = false;
const listeners = new Set<() => void>();
const collapseStore = {
  subscribe: (l: () => void) => {
    listeners.add(l);
    return () => listeners.delete(l);
  },
  get: () => collapsed,
  set: (v: boolean) => {
    collapsed = v;
    for (const l of listeners) l();
  },
};

export function useSidebarCollapsed(): [boolean, (v: boolean) => void] {
  const v = useSyncExternalStore(collapseStore.subscribe, collapseStore.get, () => false);
  return [v, collapseStore.set];
}

/** The desktop doc sidebar: collapsible categories, and collapsible as a whole to a thin bar. */
export function DocSidebar({sidebar, route}: {sidebar: Sidebar; route: string}) {
  const [isCollapsed, setCollapsed] = useSidebarCollapsed();
  const nav = useRef<HTMLElement>(null);
  // Keep the current page in view inside a long sidebar.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs again on each navigation
  useEffect(() => {
    const box = nav.current;
    const el = box?.querySelector('[aria-current="page"]');
    if (!box || !el) return;
    // The sidebar scrolls, not the page: scrollIntoView would also stop the page gliding to a #hash.
    const [b, e] = [box.getBoundingClientRect(), el.getBoundingClientRect()];
    if (e.top < b.top) box.scrollTop += e.top - b.top;
    else if (e.bottom > b.bottom) box.scrollTop += e.bottom - b.bottom;
  }, [route]);
  if (isCollapsed) {
    return (
      <div className="sidebar sidebar--collapsed">
        <button
          type="button"
          className="sidebar__expand"
          aria-label={t.expandSidebar}
          title={t.expandSidebar}
          onClick={() => setCollapsed(false)}
        >
          <Icon name="sidebar-expand" />
        </button>
      </div>
    );
  }
  return (
    <div className="sidebar">
      <nav ref={nav} className="sidebar__nav" aria-label={t.docsSidebar}>
        <SidebarItems
          items={sidebar.items}
          route={route}
          depth={0}
          place={{sidebar: sidebar.id, prefix: 'sidebar-category', path: ''}}
        />
      </nav>
      <button
        type="button"
        className="sidebar__collapse"
        aria-label={t.collapseSidebar}
        title={t.collapseSidebar}
        onClick={() => setCollapsed(true)}
      >
        <Icon name="sidebar-collapse" />
      </button>
    </div>
  );
}
