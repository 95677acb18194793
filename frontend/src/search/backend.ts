import type {SiteData} from '../schema';
import {loadManifest, pagefindUrl} from './manifest';
import type {SearchBackend} from './types';

let chosen: {site: SiteData; backend: Promise<SearchBackend>} | null = null;

/** The configured backend; its code loads with the search UI, not with the page. */
export function searchBackend(site: SiteData): Promise<SearchBackend> {
  // Once per site: every keystroke asks for it.
  if (chosen?.site !== site) {
    const backend = load(site);
    chosen = {site, backend};
    // A chunk that failed to load (offline) is asked for again by the next search.
    backend.catch(() => {
      if (chosen?.backend === backend) chosen = null;
    });
  }
  return chosen.backend;
}

async function load(site: SiteData): Promise<SearchBackend> {
  if (site.search.backend === 'hosted') {
    const {hostedBackend} = await import('./hosted');
    return hostedBackend(site, site.search);
  }
  const {pagefindBackend} = await import('./pagefind');
  return pagefindBackend;
}

/** Starts loading the search runtime and index as soon as search opens, before the first key:
 * the runtime and the manifest load alongside the search code, not after it. */
export function prepareSearch(site: SiteData): void {
  if (site.search.backend === 'local') {
    import(/* @vite-ignore */ pagefindUrl()).catch(() => {});
    loadManifest();
    import('./pagefind').then(
      (m) => m.warmUp(),
      () => {},
    );
  }
}
