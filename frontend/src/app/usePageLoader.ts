// The current page and the loading of the next one: its data and code, a redirect followed,
// the progress bar for slow loads, and the error state with its retry.
import {useCallback, useEffect, useRef, useState} from 'react';
import type {PageData, SiteData} from '../schema';
import {routeOf, withBase} from './base';
import {pageCode} from './pageCode';
import {LoadError, pageDataOrNotFound, primePageData} from './pages';

// SPEC §9: the progress bar appears only when a route change takes longer than this.
export const PROGRESS_DELAY_MS = 1000;

export type Status = {kind: 'idle'} | {kind: 'loading'} | {kind: 'error'; message: string; href: string; attempts: number};

export interface Current {
  data: PageData;
  /** The query string (`?q=…`); empty on the server and until hydration. */
  search: string;
  /** Where to scroll once the page has rendered. */
  scroll: {hash: string} | {top: number} | null;
}

/** How to show a URL. `push`: add a history entry (`replace`: replace it); `restoreTop`: scroll offset. */
export interface How {
  push: boolean;
  replace?: boolean;
  restoreTop?: number;
}

/** A route's data, with the page's code (its layout and embedded components) loaded. */
async function load(route: string, fresh = false): Promise<PageData> {
  const data = await pageDataOrNotFound(route, fresh);
  await pageCode.load(data);
  return data;
}

/** The page at `url`; a redirect page is followed, and its target replaces the history entry. */
async function loadFollowingRedirect(url: URL, route: string, how: How, fresh: boolean) {
  const data = await load(route, fresh);
  if (data.page.kind !== 'redirect') return {data, url, how};
  return {data: await load(data.page.to, fresh), url: new URL(withBase(data.page.to), url), how: {...how, replace: true}};
}

function pushEntry(url: URL, how: How): void {
  if (!how.push) return;
  const state = {top: 0};
  if (how.replace) history.replaceState(state, '', url.href);
  else history.pushState(state, '', url.href);
}

const scrollTarget = (url: URL, how: How): Current['scroll'] =>
  how.restoreTop !== undefined ? {top: how.restoreTop} : url.hash ? {hash: url.hash} : {top: 0};

const failed = (s: Status, e: unknown, href: string): Status => ({
  kind: 'error',
  message: e instanceof LoadError || e instanceof Error ? e.message : String(e),
  href,
  attempts: s.kind === 'error' && s.href === href ? s.attempts + 1 : 1,
});

export function usePageLoader(site: SiteData, initial: PageData) {
  const [current, setCurrent] = useState<Current>({data: initial, search: '', scroll: null});
  const [status, setStatus] = useState<Status>({kind: 'idle'});
  const [showProgress, setShowProgress] = useState(false);
  const navId = useRef(0);

  // At hydration: the query string, and the first page's data kept for a later visit.
  useEffect(() => {
    primePageData(initial);
    setCurrent((c) => ({...c, search: window.location.search}));
  }, [initial]);

  /** Shows `url` (a same-site URL). */
  const go = useCallback(
    async (url: URL, how: How) => {
      const route = routeOf(url.pathname);
      if (route === null) return window.location.assign(url.href);
      const id = ++navId.current;
      const timer = window.setTimeout(() => id === navId.current && setShowProgress(true), PROGRESS_DELAY_MS);
      setStatus({kind: 'loading'});
      try {
        const page = await loadFollowingRedirect(url, route, how, !!site.dev);
        if (id !== navId.current) return; // A newer navigation won.
        pushEntry(page.url, page.how);
        setCurrent({data: page.data, search: page.url.search, scroll: scrollTarget(page.url, page.how)});
        setStatus({kind: 'idle'});
      } catch (e) {
        if (id === navId.current) setStatus((s) => failed(s, e, url.href));
      } finally {
        window.clearTimeout(timer);
        if (id === navId.current) setShowProgress(false);
      }
    },
    [site.dev],
  );
  return {current, setCurrent, status, showProgress, go};
}

/** The error view's "Try again" and the error boundary's: both reload the current page. */
export function useRetry({current, setCurrent, status, go}: ReturnType<typeof usePageLoader>) {
  // After a crash: fetch this page's data afresh, then render again.
  const reloadCurrent = useCallback(async () => {
    const data = await load(current.data.route, true);
    setCurrent((c) => ({...c, data, scroll: null}));
  }, [current.data.route, setCurrent]);

  const retry = () => {
    if (status.kind !== 'error') return;
    // A code chunk that failed once may stay failed in the browser's module map: the second
    // retry loads the page in full, which always starts clean.
    if (status.attempts > 1) window.location.assign(status.href);
    else void go(new URL(status.href), {push: status.href !== window.location.href});
  };
  return {reloadCurrent, retry};
}
