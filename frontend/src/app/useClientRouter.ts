// The app shell's side of client-side navigation: the page on screen and the loading status,
// and the browser events that lead elsewhere. The router itself (router.ts) is a chunk that
// loads on the reader's first intent: a pointer or focus on a same-site link, a click, Back or
// Forward, or a call to navigate (search results). Until then the page needs none of it.
import {useCallback, useEffect, useMemo, useRef, useState} from 'react';
import type {PageData, SiteData} from '../schema';
import type {RouterState} from './contexts';
import {clientRouteOf, linkRouteOf} from './links';
import {saveData} from './network';
import {hintData} from './prefetch';
import type {Router} from './router';
import type {Current, How, Shell, Status} from './routing';

export function useClientRouter(site: SiteData, initial: PageData) {
  const [current, setCurrent] = useState<Current>({data: initial, search: '', scroll: null});
  const [status, setStatus] = useState<Status>({kind: 'idle'});
  const [showProgress, setShowProgress] = useState(false);
  const state = useRef({current, status});
  state.current = {current, status};
  const loaded = useRef<Promise<Router> | null>(null);

  // Once: the router's code, created over this shell. A chunk that failed to load is asked for
  // again next time.
  const router = useCallback((): Promise<Router> => {
    if (!loaded.current) {
      const shell: Shell = {
        site,
        current: () => state.current.current,
        status: () => state.current.status,
        setCurrent,
        setStatus,
        setShowProgress,
      };
      const p = import('./router').then((m) => m.createRouter(shell));
      p.catch(() => {
        if (loaded.current === p) loaded.current = null;
      });
      loaded.current = p;
    }
    return loaded.current;
  }, [site]);

  // At hydration: the query string.
  useEffect(() => setCurrent((c) => ({...c, search: window.location.search})), []);

  // Without the router's code, a navigation is a page load.
  const navigate = useCallback(
    (href: string, options?: {replace?: boolean}) =>
      void router().then(
        (r) => r.navigate(href, options),
        () => window.location.assign(href),
      ),
    [router],
  );
  const go = useCallback(async (url: URL, how: How) => (await router()).go(url, how), [router]);
  const prefetch = useCallback(
    (route: string, intent: boolean) => {
      if (saveData()) return;
      if (!intent) hintData(route);
      else
        void router().then(
          (r) => r.prefetch(route),
          () => {},
        );
    },
    [router],
  );
  useBrowserEvents(router, navigate, prefetch);

  const routerState: RouterState = useMemo(
    () => ({route: current.data.route, search: current.search, navigate, prefetch}),
    [current.data.route, current.search, navigate, prefetch],
  );
  const retry = () => void router().then((r) => r.retry());
  const reloadCurrent = async () => (await router()).reloadCurrent();
  return {current, status, showProgress, go, router: routerState, retry, reloadCurrent};
}

/** Clicks on same-site links navigate client-side, Back and Forward show their entry, and a
 * pointer, touch or focus on a same-site link readies its page (and the router's code). */
function useBrowserEvents(
  router: () => Promise<Router>,
  navigate: (href: string) => void,
  prefetch: (route: string, intent: boolean) => void,
): void {
  useEffect(() => {
    const onClick = (e: MouseEvent) => {
      const url = clientRouteOf(e);
      if (!url) return;
      e.preventDefault();
      navigate(url.href);
    };
    const onPop = (e: PopStateEvent) => {
      const url = new URL(window.location.href);
      void router().then(
        (r) => r.showEntry(url, e.state),
        () => window.location.reload(),
      );
    };
    // A pointer, a touch or the focus on a link: the reader may go there next.
    const onIntent = (e: Event) => {
      const route = linkRouteOf(e.target);
      if (route) prefetch(route, true);
    };
    const intents = ['pointerover', 'focusin', 'touchstart'] as const;
    document.addEventListener('click', onClick);
    window.addEventListener('popstate', onPop);
    for (const type of intents) document.addEventListener(type, onIntent, {passive: true});
    return () => {
      document.removeEventListener('click', onClick);
      window.removeEventListener('popstate', onPop);
      for (const type of intents) document.removeEventListener(type, onIntent);
    };
  }, [router, navigate, prefetch]);
}
