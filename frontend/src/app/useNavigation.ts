// Client-side navigation: `navigate(href)` for links and code, and the browser's Back and Forward.
import {useCallback, useEffect, useMemo, useRef} from 'react';
import {routeOf} from './base';
import type {RouterState} from './contexts';
import {prefetch} from './prefetch';
import {rememberScroll, scrollToHash} from './scroll';
import type {Current, How} from './usePageLoader';

type Go = (url: URL, how: How) => Promise<void>;

/** `navigate(href)`: another site leaves, a link within the page scrolls, anything else loads. */
export function useNavigate(go: Go) {
  return useCallback(
    (href: string, options?: {replace?: boolean}) => {
      const url = new URL(href, window.location.href);
      if (url.origin !== window.location.origin) {
        window.location.assign(url.href);
        return;
      }
      // Remember where the reader was on the page they leave.
      rememberScroll();
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
}

/** Back and Forward show the entry's page at the offset the reader left it. */
export function useBackForward(go: Go, current: Current): void {
  const shown = useRef(current);
  shown.current = current;
  useEffect(() => {
    const onPop = (e: PopStateEvent) => {
      const top = typeof e.state?.top === 'number' ? e.state.top : undefined;
      const url = new URL(window.location.href);
      // Another entry of the page on screen (an anchor): only the scroll offset changes.
      if (routeOf(url.pathname) === shown.current.data.route && url.search === shown.current.search) {
        if (top !== undefined) window.scrollTo({top, behavior: 'instant'});
        else if (url.hash) scrollToHash(url.hash, 'instant');
        return;
      }
      void go(url, {push: false, restoreTop: top});
    };
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, [go]);
}

/** What the router context gives the page: where it is, and the ways to go elsewhere. */
export function useRouterState(current: Current, navigate: RouterState['navigate']): RouterState {
  return useMemo(
    () => ({route: current.data.route, search: current.search, navigate, prefetch}),
    [current.data.route, current.search, navigate],
  );
}
