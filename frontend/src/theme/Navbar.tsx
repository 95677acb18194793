import {lazy, Suspense, useEffect, useRef, useState} from 'react';
import {createPortal} from 'react-dom';
import {withBase} from '../app/base';
import {useHydrated, useSite, useThemeContext} from '../app/contexts';
import {NARROW_QUERY, rafThrottle, useEscape, useMediaQuery, useOutsideClick} from '../app/hooks';
import {Reused} from '../app/reused';
import {t} from '../i18n';
import type {NavItem, Sidebar} from '../schema';
import {SearchButton} from '../search/SearchButton';
import {Icon} from './Icons';
import {Link} from './Link';

// The mobile menu's code loads when the reader is about to open it (or opens it), not with the page.
const loadMobileMenu = () => import('./MobileMenu');
const MobileMenu = lazy(loadMobileMenu);
const preloadMobileMenu = () => void loadMobileMenu().catch(() => {});

/** The index of the item active for `route`: the longest matching active base path wins. */
export function activeItem(items: NavItem[], route: string): number {
  let best = -1;
  let bestLen = -1;
  items.forEach((item, i) => {
    if (item.type !== 'link' || !item.activeBasePath) return;
    const base = item.activeBasePath;
    if ((route === base || route.startsWith(base.endsWith('/') ? base : `${base}/`)) && base.length > bestLen) {
      best = i;
      bestLen = base.length;
    }
  });
  return best;
}

export function ColorModeToggle() {
  const {colorMode, setColorMode} = useThemeContext();
  const {colorMode: cfg} = useSite();
  const hydrated = useHydrated();
  if (cfg.disableSwitch) return null;
  const dark = colorMode === 'dark';
  const label = dark ? t.switchToLight : t.switchToDark;
  return (
    <button
      type="button"
      className="navbar__icon-button color-toggle"
      // Until hydration the button could not work: say so rather than ignore clicks.
      disabled={!hydrated}
      aria-label={label}
      title={label}
      onClick={() => setColorMode(dark ? 'light' : 'dark')}
    >
      <Icon name="sun" className="color-toggle__sun" />
      <Icon name="moon" className="color-toggle__moon" />
    </button>
  );
}

function Dropdown({item, active}: {item: Extract<NavItem, {type: 'dropdown'}>; active: boolean}) {
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  useOutsideClick(ref, open, () => setOpen(false));
  useEscape(open, () => {
    setOpen(false);
    ref.current?.querySelector('button')?.focus();
  });
  return (
    <div ref={ref} className={`navbar__dropdown${open ? ' navbar__dropdown--open' : ''}`}>
      <button
        type="button"
        className={`navbar__link${active ? ' navbar__link--active' : ''}`}
        aria-haspopup="true"
        aria-expanded={open}
        onClick={() => setOpen((o) => !o)}
      >
        {item.label}
        <Icon name="chevron" className="navbar__dropdown-chevron" />
      </button>
      <ul className="navbar__dropdown-menu" hidden={!open}>
        {item.items.map((d) => (
          <li key={d.label}>
            <Link
              to={'to' in d ? d.to : d.href}
              newTab={'href' in d}
              className="navbar__dropdown-link"
              onClick={() => setOpen(false)}
            >
              {d.label}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

export function Item({item, active, mobile}: {item: NavItem; active: boolean; mobile?: boolean}) {
  if (item.type === 'dropdown') return <Dropdown item={item} active={active} />;
  const to = 'to' in item ? item.to : item.href;
  const icon = item.icon === 'github' || item.icon === 'language' ? <Icon name={item.icon} /> : null;
  const cls = `navbar__link${active ? ' navbar__link--active' : ''}${icon && !mobile ? ' navbar__link--icon' : ''}`;
  return (
    <Link
      to={to}
      newTab={'href' in item && !icon}
      className={cls}
      aria-current={active ? 'page' : undefined}
      title={icon ? item.label : undefined}
    >
      {icon && !mobile ? (
        <>
          {icon}
          <span className="sr-only">{item.label}</span>
        </>
      ) : (
        item.label
      )}
    </Link>
  );
}

export function Brand() {
  const {navbar} = useSite();
  return (
    <Link to="/" className="navbar__brand">
      <img
        className="navbar__logo navbar__logo--light"
        src={withBase(navbar.logo.src)}
        alt={navbar.logo.alt}
        width={32}
        height={32}
      />
      {navbar.logo.srcDark && (
        <img
          className="navbar__logo navbar__logo--dark"
          src={withBase(navbar.logo.srcDark)}
          alt={navbar.logo.alt}
          width={32}
          height={32}
        />
      )}
      <span className="navbar__title">{navbar.title}</span>
    </Link>
  );
}

/** The mobile menu's state: it closes on navigation, when the window grows to desktop width and
 * on Escape; while it is open the page does not scroll. Closing returns focus to the toggle. */
function useMobileMenu(route: string) {
  const [menuOpen, setMenuOpen] = useState(false);
  const narrow = useMediaQuery(NARROW_QUERY);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const closeMenu = () => {
    setMenuOpen(false);
    toggleRef.current?.focus();
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: closes on each navigation
  useEffect(() => setMenuOpen(false), [route]);
  useEffect(() => {
    if (!narrow) setMenuOpen(false);
  }, [narrow]);
  useEscape(menuOpen, closeMenu);
  useEffect(() => {
    document.body.classList.toggle('no-scroll', menuOpen);
  }, [menuOpen]);
  return {menuOpen, openMenu: () => setMenuOpen(true), closeMenu, toggleRef};
}

/** Optional hide-on-scroll: hidden while scrolling down, shown again when scrolling up. */
function useHideOnScroll(enabled: boolean | undefined): boolean {
  const [hidden, setHidden] = useState(false);
  useEffect(() => {
    if (!enabled) return;
    let last = window.scrollY;
    const onScroll = rafThrottle(() => {
      const y = window.scrollY;
      setHidden(y > last && y > 60);
      last = y;
    });
    window.addEventListener('scroll', onScroll, {passive: true});
    return () => {
      onScroll.cancel();
      window.removeEventListener('scroll', onScroll);
    };
  }, [enabled]);
  return hidden;
}

function NavItems({items, position, active}: {items: NavItem[]; position: 'left' | 'right'; active: number}) {
  return (
    <ul className={position === 'left' ? 'navbar__items' : 'navbar__items navbar__items--right'}>
      {items.map((item, i) =>
        item.position === position ? (
          <li key={item.label}>
            <Item item={item} active={i === active} />
          </li>
        ) : null,
      )}
    </ul>
  );
}

export function Navbar({route, sidebar}: {route: string; sidebar: Sidebar | null}) {
  const {navbar} = useSite();
  const {menuOpen, openMenu, closeMenu, toggleRef} = useMobileMenu(route);
  const hidden = useHideOnScroll(navbar.hideOnScroll);
  const active = activeItem(navbar.items, route);
  return (
    // The same on every page with the same active item: the prerender makes its markup once
    // per item (app/reused.tsx); on the server it is never hidden and its menu is closed.
    <Reused
      reuseKey={`navbar:${active}`}
      tag="nav"
      attrs={{className: `navbar${hidden ? ' navbar--hidden' : ''}`, 'aria-label': t.mainNavigation}}
    >
      <div className="navbar__inner">
        <button
          ref={toggleRef}
          type="button"
          className="navbar__icon-button navbar__toggle"
          aria-label={t.openMenu}
          aria-expanded={menuOpen}
          onClick={openMenu}
          onPointerEnter={preloadMobileMenu}
          onPointerDown={preloadMobileMenu}
          onFocus={preloadMobileMenu}
        >
          <Icon name="menu" />
        </button>
        <Brand />
        <NavItems items={navbar.items} position="left" active={active} />
        <NavItems items={navbar.items} position="right" active={active} />
        <ColorModeToggle />
        <SearchButton />
      </div>
      {/* In <body>: inside the navbar, fixed positioning would be relative to the navbar. */}
      {menuOpen &&
        createPortal(
          <Suspense fallback={null}>
            <MobileMenu route={route} sidebar={sidebar} onClose={closeMenu} />
          </Suspense>,
          document.body,
        )}
    </Reused>
  );
}
