import {type ComponentType, useCallback, useEffect, useRef, useState} from 'react';
import {createPortal} from 'react-dom';
import {withBase} from '../app/base';
import {useRouter, useSite} from '../app/contexts';
import {t} from '../i18n';
import {Icon} from '../theme/Icons';
import type {SearchModalProps} from './SearchModal';
import {useSearchShortcuts} from './useSearchShortcuts';

const loadModal = () => import('./SearchModal');

export function isApple(): boolean {
  return typeof navigator !== 'undefined' && /Mac|iPhone|iPad|iPod/.test(navigator.platform || navigator.userAgent);
}

/**
 * The navbar search button. Opens the search modal on click and on the shortcuts (see
 * `useSearchShortcuts`); the modal's code loads on first use.
 */
export function SearchButton() {
  const {navigate} = useRouter();
  const site = useSite();
  const [Modal, setModal] = useState<ComponentType<SearchModalProps> | null>(null);
  const [open, setOpen] = useState(false);
  const [apple, setApple] = useState(false);
  const returnFocus = useRef<HTMLElement | null>(null);
  const button = useRef<HTMLAnchorElement>(null);

  useEffect(() => setApple(isApple()), []);

  const openSearch = useCallback(() => {
    if (open) return;
    returnFocus.current = (document.activeElement as HTMLElement | null) ?? button.current;
    // The search runtime and index load alongside the dialog's code.
    // (A chunk that cannot load fails the dialog's load too, which goes to /search.)
    import('./backend').then(
      (b) => b.prepareSearch(site),
      () => {},
    );
    loadModal().then(
      (m) => {
        setModal(() => m.SearchModal);
        setOpen(true);
      },
      () => navigate('/search'),
    );
  }, [open, navigate, site]);

  const close = useCallback(() => {
    setOpen(false);
    const el = returnFocus.current;
    // Focus goes back where it was, or to the button when that element is gone.
    requestAnimationFrame(() => (el?.isConnected ? el : button.current)?.focus());
  }, []);

  useSearchShortcuts(open, openSearch, close);

  return (
    <>
      {/* A link to /search, so the search page is reachable without JavaScript; with it, the
          click opens the search dialog instead. */}
      <a
        ref={button}
        href={withBase('search')}
        className="search-button"
        aria-haspopup="dialog"
        aria-keyshortcuts={apple ? 'Meta+K' : 'Control+K'}
        onClick={(e) => {
          e.preventDefault();
          openSearch();
        }}
        onMouseEnter={() => void loadModal().catch(() => {})}
        onFocus={() => void loadModal().catch(() => {})}
      >
        <Icon name="search" />
        <span className="search-button__label">{t.search}</span>
        <span className="search-button__keys" aria-hidden="true">
          <kbd>{apple ? '⌘' : 'Ctrl'}</kbd>
          <kbd>K</kbd>
        </span>
      </a>
      {/* In <body>: inside the navbar, fixed positioning would be relative to the navbar. */}
      {open && Modal && createPortal(<Modal onClose={close} />, document.body)}
    </>
  );
}
