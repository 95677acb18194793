// Loading a route's page data (JSON). Loads are cached, so prefetching makes the later
// navigation instant.

import type {PageData} from '../schema';
import {dataUrl} from './base';

export class LoadError extends Error {
  constructor(
    message: string,
    readonly route: string,
  ) {
    super(message);
  }
}

const dataCache = new Map<string, Promise<PageData | null>>();

/** The page data of `route`; `null` when the route does not exist (HTTP 404). */
export function fetchPageData(route: string, fresh = false): Promise<PageData | null> {
  let p = fresh ? undefined : dataCache.get(route);
  if (!p) {
    p = fetch(dataUrl(route), fresh ? {cache: 'no-store'} : undefined).then(
      (res) => {
        if (res.status === 404) return null;
        if (!res.ok) throw new LoadError(`HTTP ${res.status}`, route);
        return res.json() as Promise<PageData>;
      },
      (e: unknown) => {
        throw new LoadError(e instanceof Error ? e.message : String(e), route);
      },
    );
    // A failed load is not cached: the next attempt fetches again.
    p.catch(() => dataCache.delete(route));
    dataCache.set(route, p);
  }
  return p;
}

/** Seeds the cache with data that is already on the page (hydration). */
export function primePageData(data: PageData): void {
  dataCache.set(data.route, Promise.resolve(data));
}

/** The page data of `route`, or the not-found page's (the engine builds it) when there is none. */
export async function pageDataOrNotFound(route: string, fresh = false): Promise<PageData> {
  const data = await fetchPageData(route, fresh);
  if (data) return data;
  const notFound = await fetchPageData('/404');
  if (!notFound) throw new LoadError('the not-found page is missing from the build', route);
  return {...notFound, route};
}
