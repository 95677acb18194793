import {dataUrl} from './base';
import {saveData} from './network';
import {pageCode} from './pageCode';
import {fetchPageData} from './pages';

const prefetched = new Set<string>();

/** Readies a route the reader may visit: `intent` (hover, focus) loads its data and code now;
 * a link merely in view only hints its data to the browser. Nothing under Save-Data. */
export function prefetch(route: string, intent: boolean): void {
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
}
