// Routes are site paths without the base URL ("/docs/x"); URLs carry the base ("/zh/docs/x").
// These helpers are the only place the two meet. How a route maps to files is the engine's
// fact (crates/schema/src/route_files.rs), generated into ../generated/routeFiles.js.

import {dataFile, routeOfHtmlFile} from '../generated/routeFiles.js';

let base = '/';

export function setBaseUrl(b: string): void {
  base = b;
}

export function baseUrl(): string {
  return base;
}

/** `/docs/x` → `/zh/docs/x`; keeps `?query` and `#hash`. */
export function withBase(route: string): string {
  if (route.startsWith('#')) return route;
  return base + route.replace(/^\//, '');
}

/** A URL path of this site → its route, or `null` when the path is outside the base URL. */
export function routeOf(pathname: string): string | null {
  let path: string;
  try {
    path = decodeURIComponent(pathname);
  } catch {
    path = pathname;
  }
  const b = base.replace(/\/$/, '');
  if (b && path !== b && !path.startsWith(base)) return null;
  let route = path.slice(b.length) || '/';
  route = routeOfHtmlFile(route) ?? route;
  if (route.length > 1) route = route.replace(/\/+$/, '');
  return route || '/';
}

/** URL of a route's page data. */
export function dataUrl(route: string): string {
  return withBase(encodeURI(dataFile(route)));
}

/** True when `href` leaves the site (another origin, mailto:, …). */
export function isExternal(href: string): boolean {
  return /^([a-z][a-z0-9+.-]*:|\/\/)/i.test(href);
}
