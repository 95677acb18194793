// `dev` only: the server tells open pages about each rebuild. A page refreshes when its route
// (or everything: "*") changed, and shows the build's errors over itself until a later rebuild
// succeeds.
import {useCallback, useEffect, useState} from 'react';
import {routeOf, withBase} from './base';
import type {How} from './routing';

type DevMessage = {reload: string[]} | {errors: string[]};

/** The errors of the last failed rebuild (empty once it is fixed). */
export function useDevEvents(enabled: boolean, refresh: () => void): string[] {
  const [errors, setErrors] = useState<string[]>([]);
  useEffect(() => {
    if (!enabled) return;
    const events = new EventSource(withBase('__dev/events'));
    // Marks the page as listening (tests wait for it before they edit a file).
    events.onopen = () => document.documentElement.setAttribute('data-dev-listening', '');
    events.onmessage = (e) => {
      const m = JSON.parse(e.data) as DevMessage;
      if ('errors' in m) {
        setErrors(m.errors);
        return;
      }
      setErrors([]);
      const route = routeOf(window.location.pathname);
      if (m.reload.includes('*')) window.location.reload();
      else if (route && m.reload.includes(route)) refresh();
    };
    return () => events.close();
  }, [enabled, refresh]);
  return errors;
}

/** `dev`: a rebuild of this page shows it again where the reader is; returns the build's errors. */
export function useDevReload(enabled: boolean, go: (url: URL, how: How) => Promise<void>): string[] {
  const refreshHere = useCallback(() => void go(new URL(window.location.href), {push: false, restoreTop: window.scrollY}), [go]);
  return useDevEvents(enabled, refreshHere);
}
