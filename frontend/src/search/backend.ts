import type {SiteData} from '../schema';
import type {SearchBackend} from './types';

/** The configured backend; its code loads with the search UI, not with the page. */
export async function searchBackend(site: SiteData): Promise<SearchBackend> {
  if (site.search.backend === 'hosted') {
    const {hostedBackend} = await import('./hosted');
    return hostedBackend(site, site.search);
  }
  const {pagefindBackend} = await import('./pagefind');
  return pagefindBackend;
}

/** Starts loading the search runtime and index as soon as search opens, before the first key. */
export function prepareSearch(site: SiteData): void {
  if (site.search.backend === 'local') {
    import('./pagefind').then((m) => m.warmUp(), () => {});
  }
}
