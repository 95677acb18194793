// Offline reading (app/offline.ts, a chunk that loads once the page has loaded, so the worker
// does not compete with the page's own loading).

import {useEffect} from 'react';
import type {SiteData} from '../schema';

export function useServiceWorker(site: SiteData, route: string): void {
  const on = !!site.offline && !site.dev;
  const scope = site.baseUrl;
  useEffect(() => {
    if (!('serviceWorker' in navigator)) return;
    const run = () =>
      import('./offline').then(
        (m) => m.showPage(on, scope, route),
        () => {},
      );
    if (document.readyState === 'complete') void run();
    else {
      window.addEventListener('load', run, {once: true});
      return () => window.removeEventListener('load', run);
    }
  }, [on, scope, route]);
}
