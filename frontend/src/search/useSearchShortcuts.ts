import {useEffect} from 'react';

/** Typing `/` in these must type a slash, not open search. */
function isEditable(el: EventTarget | null): boolean {
  if (!(el instanceof HTMLElement)) return false;
  return el.isContentEditable || el.tagName === 'INPUT' || el.tagName === 'TEXTAREA' || el.tagName === 'SELECT';
}

/** Set by the inline script in index.html: stops its listener, and tells whether the reader
 * pressed a search shortcut before the app was ready. */
type EarlyKeys = Window & {__searchKeys?: () => boolean};

/**
 * Ctrl+K / ⌘K toggles search anywhere; `/` opens it outside text fields. A shortcut pressed
 * before the app hydrated (the inline script in index.html kept it) opens search now.
 */
export function useSearchShortcuts(open: boolean, openSearch: () => void, close: () => void): void {
  // Once, at hydration (declared before the listener below, so it runs first).
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once, at hydration
  useEffect(() => {
    if ((window as EarlyKeys).__searchKeys?.()) openSearch();
  }, []);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key.toLowerCase() === 'k' && (e.ctrlKey || e.metaKey) && !e.altKey) {
        e.preventDefault();
        if (open) close();
        else openSearch();
      } else if (e.key === '/' && !e.ctrlKey && !e.metaKey && !e.altKey && !isEditable(e.target) && !open) {
        e.preventDefault();
        openSearch();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open, openSearch, close]);
}
