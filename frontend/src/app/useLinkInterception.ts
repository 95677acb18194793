import {useEffect} from 'react';
import {isExternal, routeOf} from './base';

/** The same-site URL a click on a link should show without a page load, or null to leave the
 * click to the browser (modified clicks, downloads, other targets, anchors, other sites, files). */
function clientRouteOf(e: MouseEvent): URL | null {
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

/** Clicks on same-site links navigate client-side; anything else is left to the browser. */
export function useLinkInterception(navigate: (href: string) => void): void {
  useEffect(() => {
    const onClick = (e: MouseEvent) => {
      const url = clientRouteOf(e);
      if (!url) return;
      e.preventDefault();
      navigate(url.href);
    };
    document.addEventListener('click', onClick);
    return () => document.removeEventListener('click', onClick);
  }, [navigate]);
}
