import {applyHead} from './head';
import type {Current} from './usePageLoader';
import {useBrowserLayoutEffect} from './useScrollRestoration';

/** After a page change (not at hydration: the server wrote the first head), the new page's head. */
export function useHead(current: Current): void {
  useBrowserLayoutEffect(() => {
    if (current.scroll) applyHead(current.data.head);
  }, [current]);
}
