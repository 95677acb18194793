import {useEffect, useRef, useState} from 'react';
import {createPortal} from 'react-dom';
import {withBase} from '../app/base';
import {useHydrated, useSite, useThemeContext} from '../app/contexts';
import {NARROW_QUERY, rafThrottle, useEscape, useMediaQuery, useOutsideClick} from '../app/hooks';
import {SidebarItems} from '../docs/DocSidebar';
import {t} from '../i18n';
import type {NavItem, Sidebar} from '../schema';
import {SearchButton} from '../search/SearchButton';
import {ChevronIcon, CloseIcon, GithubIcon, LanguageIcon, MenuIcon, MoonIcon, SunIcon} from './Icons';
import {Link} from './Link';

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

function ColorModeToggle() {
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
      <SunIcon className="color-toggle__sun" />
      <MoonIcon className="color-toggle__moon" />
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
        <ChevronIcon className="navbar__dropdown-chevron" size={12} />
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

function Item({item, active, mobile}: {item: NavItem; active: boolean; mobile?: boolean}) {
  if (item.type === 'dropdown') return <Dropdown item={item} active={active} />;
  const to = 'to' in item ? item.to : item.href;
  const icon = item.icon === 'github' ? <GithubIcon /> : item.icon === 'language' ? <LanguageIcon /> : null;
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

function Brand() {
  const {navbar} = useSite();
  return (
    <Link to="/" className="navbar__brand">
      <img
        className="navbar__logo navbar__logo--light"
        src={withBase(navbar.logo.src.replace(/^\//, ''))}
        alt={navbar.logo.alt}
        width={32}
        height={32}
      />
      {navbar.logo.srcDark && (
        <img
          className="navbar__logo navbar__logo--dark"
          src={withBase(navbar.logo.srcDark.replace(/^\//, ''))}
          alt={navbar.logo.alt}
          width={32}
          height={32}
        />
      )}
      <span className="navbar__title">{navbar.title}</span>
    </Link>
  );
}

function MobileMenu({route, sidebar, onClose}: {route: string; sidebar: Sidebar | null; onClose: () => void}) {
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
            <CloseIcon />
          </button>
        </div>
        <nav className="mobile-menu__body" aria-label={secondary ? t.docsSidebar : t.mainNavigation}>
          {secondary && sidebar ? (
            <>
              <button type="button" className="mobile-menu__back" onClick={() => setSecondary(false)}>
                {t.backToMainMenu}
              </button>
              <SidebarItems items={sidebar.items} route={route} depth={0} />
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

export function Navbar({route, sidebar}: {route: string; sidebar: Sidebar | null}) {
  const {navbar} = useSite();
  const [menuOpen, setMenuOpen] = useState(false);
  const [hidden, setHidden] = useState(false);
  const narrow = useMediaQuery(NARROW_QUERY);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const active = activeItem(navbar.items, route);

  const closeMenu = () => {
    setMenuOpen(false);
    toggleRef.current?.focus();
  };
  // The menu closes on navigation and when the window grows to desktop width.
  // biome-ignore lint/correctness/useExhaustiveDependencies: closes on each navigation
  useEffect(() => setMenuOpen(false), [route]);
  useEffect(() => {
    if (!narrow) setMenuOpen(false);
  }, [narrow]);
  useEscape(menuOpen, closeMenu);
  useEffect(() => {
    document.body.classList.toggle('no-scroll', menuOpen);
  }, [menuOpen]);

  // Optional hide-on-scroll: hide while scrolling down, show again when scrolling up.
  useEffect(() => {
    if (!navbar.hideOnScroll) return;
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
  }, [navbar.hideOnScroll]);

  const left = navbar.items.map((item, i) => ({item, i})).filter(({item}) => item.position === 'left');
  const right = navbar.items.map((item, i) => ({item, i})).filter(({item}) => item.position === 'right');
  return (
    <nav className={`navbar${hidden ? ' navbar--hidden' : ''}`} aria-label={t.mainNavigation}>
      <div className="navbar__inner">
        <button
          ref={toggleRef}
          type="button"
          className="navbar__icon-button navbar__toggle"
          aria-label={t.openMenu}
          aria-expanded={menuOpen}
          onClick={() => setMenuOpen(true)}
        >
          <MenuIcon />
        </button>
        <Brand />
        <ul className="navbar__items">
          {left.map(({item, i}) => (
            <li key={item.label}>
              <Item item={item} active={i === active} />
            </li>
          ))}
        </ul>
        <ul className="navbar__items navbar__items--right">
          {right.map(({item, i}) => (
            <li key={item.label}>
              <Item item={item} active={i === active} />
            </li>
          ))}
        </ul>
        <ColorModeToggle />
        <SearchButton />
      </div>
      {/* In <body>: inside the navbar, fixed positioning would be relative to the navbar. */}
      {menuOpen && createPortal(<MobileMenu route={route} sidebar={sidebar} onClose={closeMenu} />, document.body)}
    </nav>
  );
}
