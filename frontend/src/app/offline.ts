// Offline reading: registers the service worker the build writes at the site root (`sw.js`,
// from src/serviceWorker/sw.template.js) when `site.offline` is on, and tells it which page the
// reader is on, so it keeps that page's HTML and data even when it did not fetch them itself
// (the first page, loaded before it ran; pages reached by client-side navigation, which fetch
// only their data). `dev` builds and sites that turned it off unregister one left by an earlier
// build, so it cannot serve stale files.
//
// A chunk of its own, loaded once the page has loaded (useServiceWorker.ts).

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

let started = false;
let shown = '';

/** The page on screen is `route`: the worker (registered on the first call) keeps it. */
export function showPage(on: boolean, scope: string, route: string): void {
  if (!started) {
    started = true;
    if (!on) {
      unregister(scope).catch(() => {});
      return;
    }
    register(scope);
    // The first visit: the worker takes the page over once it is installed.
    navigator.serviceWorker.addEventListener('controllerchange', () => keepPage(shown));
  }
  if (!on) return;
  shown = route;
  keepPage(route);
}
