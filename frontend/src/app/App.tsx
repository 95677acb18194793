import {useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState} from 'react';

// Layout effects run only in the browser; on the server the plain effect (a no-op) avoids a warning.
const useBrowserLayoutEffect = typeof window === 'undefined' ? useEffect : useLayoutEffect;
import type {PageData, SiteData} from '../schema';
import {dataUrl, isExternal, routeOf, withBase} from './base';
import {RouterContext, SiteContext, type RouterState} from './contexts';
import {applyHead} from './head';
import {fetchPageData, LoadError, pageDataOrNotFound, primePageData} from './pages';
import {Layout} from '../theme/Layout';
import {ErrorBoundary} from './ErrorBoundary';
import {pageCode} from './pageCode';
import {ProgressBar} from './ProgressBar';
import {DevOverlay} from './DevOverlay';
import {useDevEvents} from './useDevEvents';
import {useServiceWorker} from './useServiceWorker';
import {saveData} from './network';
import {t} from '../i18n';

const prefetched = new Set<string>();

// SPEC §9: the progress bar appears only when a route change takes longer than this.
export const PROGRESS_DELAY_MS = 1000;

interface Props {
  site: SiteData;
  initial: PageData;
}

type Status = {kind: 'idle'} | {kind: 'loading'} | {kind: 'error'; message: string; href: string; attempts: number};

interface Current {
  data: PageData;
  /** The query string (`?q=…`); empty on the server and until hydration. */
  search: string;
  /** Where to scroll once the page has rendered. */
  scroll: {hash: string} | {top: number} | null;
}

/** Scrolls to the element of `#hash`; a route change jumps ('instant'), an in-page link may glide. */
function scrollToHash(hash: string, behavior: ScrollBehavior = 'auto'): boolean {
  let id = hash.replace(/^#/, '');
  try {
    id = decodeURIComponent(id);
  } catch {
    // Keep it as written.
  }
  const el = id ? document.getElementById(id) : null;
  if (el) el.scrollIntoView({behavior});
  return !!el;
}

/** The application: the site chrome around the current page, and client-side navigation. */
export function App({site, initial}: Props) {
  const [current, setCurrent] = useState<Current>({data: initial, search: '', scroll: null});
  const [status, setStatus] = useState<Status>({kind: 'idle'});
  const [showProgress, setShowProgress] = useState(false);
  const navId = useRef(0);

  const load = useCallback(async (route: string, fresh = false): Promise<PageData> => {
    const data = await pageDataOrNotFound(route, fresh);
    // The page's code (its layout and embedded components) must be there before it renders.
    await pageCode.load(data);
    return data;
  }, []);

  /** Shows `url` (a same-site URL). `push`: add a history entry; `restore`: scroll offset. */
  const go = useCallback(
    async (url: URL, how: {push: boolean; replace?: boolean; restoreTop?: number}) => {
      const route = routeOf(url.pathname);
      if (route === null) {
        window.location.assign(url.href);
        return;
      }
      const id = ++navId.current;
      const timer = window.setTimeout(() => id === navId.current && setShowProgress(true), PROGRESS_DELAY_MS);
      setStatus({kind: 'loading'});
      try {
        let data = await load(route, site.dev);
        if (data.page.kind === 'redirect') {
          url = new URL(withBase(data.page.to), url);
          how = {...how, replace: true};
          data = await load(data.page.to, site.dev);
        }
        if (id !== navId.current) return; // A newer navigation won.
        if (how.push) {
          const state = {top: 0};
          if (how.replace) history.replaceState(state, '', url.href);
          else history.pushState(state, '', url.href);
        }
        setCurrent({
          data,
          search: url.search,
          scroll: how.restoreTop !== undefined ? {top: how.restoreTop} : url.hash ? {hash: url.hash} : {top: 0},
        });
        setStatus({kind: 'idle'});
      } catch (e) {
        if (id !== navId.current) return;
        const message = e instanceof LoadError || e instanceof Error ? e.message : String(e);
        setStatus((s) => ({
          kind: 'error',
          message,
          href: url.href,
          attempts: s.kind === 'error' && s.href === url.href ? s.attempts + 1 : 1,
        }));
      } finally {
        window.clearTimeout(timer);
        if (id === navId.current) setShowProgress(false);
      }
    },
    [load, site.dev],
  );

  const navigate = useCallback(
    (href: string, options?: {replace?: boolean}) => {
      const url = new URL(href, window.location.href);
      if (url.origin !== window.location.origin) {
        window.location.assign(url.href);
        return;
      }
      // Remember where the reader was on the page they leave.
      history.replaceState({...(history.state ?? {}), top: window.scrollY}, '');
      const here = new URL(window.location.href);
      if (url.pathname === here.pathname && url.search === here.search && url.hash) {
        history.pushState({top: 0}, '', url.href);
        scrollToHash(url.hash);
        return;
      }
      void go(url, {push: true, replace: options?.replace});
    },
    [go],
  );

  const prefetch = useCallback((route: string, intent: boolean) => {
    if (saveData()) return;
    if (!intent) {
      // In view: the browser fetches the data at idle priority into its cache; no code
      // runs on the page for it.
      const href = dataUrl(route);
      if (!prefetched.has(href)) {
        prefetched.add(href);
        const link = document.createElement('link');
        link.rel = 'prefetch';
        link.href = href;
        document.head.appendChild(link);
      }
      return;
    }
    // Hover or focus: the reader is about to go there; have the data and the code ready.
    fetchPageData(route)
      .then((d) => d && pageCode.load(d))
      .catch(() => {
        // A prefetch that fails is retried by the real navigation.
      });
  }, []);

  // Browser back and forward.
  useEffect(() => {
    history.scrollRestoration = 'manual';
    primePageData(initial);
    setCurrent((c) => ({...c, search: window.location.search}));
    const onPop = (e: PopStateEvent) => {
      const top = typeof e.state?.top === 'number' ? e.state.top : undefined;
      void go(new URL(window.location.href), {push: false, restoreTop: top});
    };
    window.addEventListener('popstate', onPop);
    // Save the scroll position of the current entry as the reader scrolls (debounced).
    let t = 0;
    const onScroll = () => {
      window.clearTimeout(t);
      t = window.setTimeout(() => history.replaceState({...(history.state ?? {}), top: window.scrollY}, ''), 100);
    };
    window.addEventListener('scroll', onScroll, {passive: true});
    return () => {
      window.removeEventListener('popstate', onPop);
      window.removeEventListener('scroll', onScroll);
    };
  }, [go, initial]);

  // Clicks on same-site links navigate client-side; anything else is left to the browser.
  useEffect(() => {
    const onClick = (e: MouseEvent) => {
      if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
      const a = (e.target as Element | null)?.closest?.('a');
      if (!a || !a.hasAttribute('href') || a.hasAttribute('download') || a.dataset.fullLoad !== undefined) return;
      if (a.target && a.target !== '_self') return;
      const href = a.getAttribute('href')!;
      if (href.startsWith('#')) return; // In-page anchors: the browser scrolls (CSS accounts for the navbar).
      if (isExternal(href) && new URL(href).origin !== window.location.origin) return;
      const url = new URL(a.href);
      if (routeOf(url.pathname) === null || /\.(xml|json|svg|png|txt)$/.test(url.pathname)) return;
      e.preventDefault();
      navigate(url.href);
    };
    document.addEventListener('click', onClick);
    return () => document.removeEventListener('click', onClick);
  }, [navigate]);

  // After a page change: head, scroll position, focus for screen readers.
  useBrowserLayoutEffect(() => {
    if (!current.scroll) return;
    applyHead(current.data.head);
    const s = current.scroll;
    if ('hash' in s) {
      if (!scrollToHash(s.hash, 'instant')) window.scrollTo({top: 0, behavior: 'instant'});
    } else {
      window.scrollTo({top: s.top, behavior: 'instant'});
    }
  }, [current]);

  // `dev`: refresh on rebuilds, show failed ones.
  const refreshHere = useCallback(() => void go(new URL(window.location.href), {push: false, restoreTop: window.scrollY}), [go]);
  const devErrors = useDevEvents(!!site.dev, refreshHere);
  useServiceWorker(site, current.data.route);

  const router: RouterState = useMemo(
    () => ({route: current.data.route, search: current.search, navigate, prefetch}),
    [current.data.route, current.search, navigate, prefetch],
  );
  const Page = pageCode.layouts.get(current.data.page.kind);

  // "Try again" after a crash: fetch this page's data afresh, then render again.
  const reloadCurrent = useCallback(async () => {
    const data = await load(current.data.route, true);
    setCurrent((c) => ({...c, data, scroll: null}));
  }, [load, current.data.route]);

  const retry = () => {
    if (status.kind !== 'error') return;
    // A code chunk that failed once may stay failed in the browser's module map: the second
    // retry loads the page in full, which always starts clean.
    if (status.attempts > 1) window.location.assign(status.href);
    else void go(new URL(status.href), {push: status.href !== window.location.href});
  };

  return (
    <SiteContext.Provider value={site}>
      <RouterContext.Provider value={router}>
        <ProgressBar active={showProgress} />
        <DevOverlay errors={devErrors} />
        <Layout data={current.data}>
          {status.kind === 'error' ? (
            <div className="load-error container" role="alert">
              <p>{t.loadFailed}</p>
              <p className="load-error__detail">{status.message}</p>
              <button type="button" className="button button--primary" onClick={retry}>
                {t.retry}
              </button>
            </div>
          ) : (
            <ErrorBoundary key={current.data.route} onRetry={reloadCurrent}>
              {Page ? <Page data={current.data} /> : null}
            </ErrorBoundary>
          )}
        </Layout>
      </RouterContext.Provider>
    </SiteContext.Provider>
  );
}
