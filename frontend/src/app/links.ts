import {isExternal, routeOf} from './base';

/** The same-site URL a click on a link should show without a page load, or null to leave the
 * click to the browser (modified clicks, downloads, other targets, anchors, other sites, files). */
export function clientRouteOf(e: MouseEvent): URL | null {
  if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return null;
  const a = (e.target as Element | null)?.closest?.('a');
  const href = a?.getAttribute('href');
  if (!a || href == null || a.hasAttribute('download') || a.dataset.fullLoad !== undefined) return null;
  if (a.target && a.target !== '_self') return null;
  if (href.startsWith('#')) return null; // In-page anchors: the browser scrolls (CSS accounts for the navbar).
  if (isExternal(href) && new URL(href).origin !== window.location.origin) return null;
  const url = new URL(a.href);
  if (routeOf(url.pathname) === null || /\.(xml|json|svg|png|txt)$/.test(url.pathname)) return null;
  return url;
}

/** The route of the same-site link `target` is in (hover and focus prefetch it), or null. */
export function linkRouteOf(target: EventTarget | null): string | null {
  const a = (target as Element | null)?.closest?.('a');
  if (!a?.href || a.getAttribute('href')?.startsWith('#') || a.target === '_blank') return null;
  const url = new URL(a.href);
  return url.origin === window.location.origin ? routeOf(url.pathname) : null;
}
