// Client-side navigation: `navigate(href)` for links and code, and the browser's Back and Forward.
import {useCallback, useEffect, useMemo} from 'react';
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
export function useBackForward(go: Go): void {
  useEffect(() => {
    const onPop = (e: PopStateEvent) => {
      const top = typeof e.state?.top === 'number' ? e.state.top : undefined;
      void go(new URL(window.location.href), {push: false, restoreTop: top});
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
