// Offline reading: registers the service worker the build writes at the site root (`sw.js`,
// from src/serviceWorker/sw.template.js) when `site.offline` is on, and tells it which page the
// reader is on, so it keeps that page's HTML and data even when it did not fetch them itself
// (the first page, loaded before it ran; pages reached by client-side navigation, which fetch
// only their data). `dev` builds and sites that turned it off unregister one left by an earlier
// build, so it cannot serve stale files.

import {useEffect} from 'react';
import type {SiteData} from '../schema';
import {dataUrl, withBase} from './base';

function register(scope: string): void {
  navigator.serviceWorker.register(withBase('sw.js'), {scope}).catch(() => {
    // No worker (a private window, a host without the file): the site works online as before.
  });
}

async function unregister(scope: string): Promise<void> {
  const reg = await navigator.serviceWorker.getRegistration(scope);
  // Only this site's own worker, not one of a site at a parent path.
  if (reg && reg.scope === new URL(scope, window.location.href).href) await reg.unregister();
}

/** Asks the worker that controls the page to keep the current page. */
function keepPage(route: string): void {
  const page = new URL(window.location.href);
  page.hash = '';
  navigator.serviceWorker.controller?.postMessage({keep: [page.href, new URL(dataUrl(route), page).href]});
}

export function useServiceWorker(site: SiteData, route: string): void {
  const on = site.offline && !site.dev;
  const scope = site.baseUrl;
  useEffect(() => {
    if (!('serviceWorker' in navigator)) return;
    if (!on) {
      unregister(scope).catch(() => {});
      return;
    }
    // After the page's own loading, so installing the worker does not compete with it.
    if (document.readyState === 'complete') register(scope);
    else window.addEventListener('load', () => register(scope), {once: true});
  }, [on, scope]);

  useEffect(() => {
    if (!on || !('serviceWorker' in navigator)) return;
    keepPage(route);
    // The first visit: the worker takes the page over once it is installed.
    const onTakeover = () => keepPage(route);
    navigator.serviceWorker.addEventListener('controllerchange', onTakeover);
    return () => navigator.serviceWorker.removeEventListener('controllerchange', onTakeover);
  }, [on, route]);
}
