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
