import {useEffect, useRef, useState} from 'react';
import {useSite} from '../app/contexts';
import {SidebarItems} from '../docs/DocSidebar';
import {t} from '../i18n';
import type {Sidebar} from '../schema';
import {Icon} from './Icons';
import {activeItem, Brand, ColorModeToggle, Item} from './Navbar';

/** The narrow-screen menu: the navbar items, or the docs sidebar, in a panel over the page. */
export default function MobileMenu({route, sidebar, onClose}: {route: string; sidebar: Sidebar | null; onClose: () => void}) {
  const {navbar} = useSite();
  const [secondary, setSecondary] = useState(!!sidebar);
  const closeRef = useRef<HTMLButtonElement>(null);
  useEffect(() => closeRef.current?.focus(), []);
  const active = activeItem(navbar.items, route);
  return (
    <div className="mobile-menu" role="dialog" aria-modal="true" aria-label={t.mainNavigation}>
      <button type="button" className="mobile-menu__backdrop" tabIndex={-1} aria-label={t.closeMenu} onClick={onClose} />
      <div className="mobile-menu__panel">
        <div className="mobile-menu__header">
          <Brand />
          <ColorModeToggle />
          <button ref={closeRef} type="button" className="navbar__icon-button" aria-label={t.closeMenu} onClick={onClose}>
            <Icon name="close" />
          </button>
        </div>
        <nav className="mobile-menu__body" aria-label={secondary ? t.docsSidebar : t.mainNavigation}>
          {secondary && sidebar ? (
            <>
              <button type="button" className="mobile-menu__back" onClick={() => setSecondary(false)}>
                {t.backToMainMenu}
              </button>
              <SidebarItems
                items={sidebar.items}
                route={route}
                depth={0}
                place={{sidebar: sidebar.id, prefix: 'menu-category', path: ''}}
              />
            </>
          ) : (
            <ul className="mobile-menu__items">
              {navbar.items.map((item, i) => (
                <li key={item.label}>
                  <Item item={item} active={i === active} mobile />
                </li>
              ))}
              {sidebar && (
                <li>
                  <button type="button" className="mobile-menu__back" onClick={() => setSecondary(true)}>
                    {t.docsSidebar} →
                  </button>
                </li>
              )}
            </ul>
          )}
        </nav>
      </div>
    </div>
  );
}
