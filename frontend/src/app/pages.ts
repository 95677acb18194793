// Loading a route: its page data (JSON) and the code of its layout (a lazy chunk for
// everything but docs). Both are cached, so prefetching makes the later navigation instant.

import type {ComponentType} from 'react';
import type {Page, PageData} from '../schema';
import {dataUrl} from './base';
import {t} from '../i18n';

export type PageKind = Page['kind'];
export type LayoutComponent = ComponentType<{data: PageData}>;

/** Finds the component for a page kind: synchronously when loaded, else by loading it. */
export interface Layouts {
  get(kind: PageKind): LayoutComponent | undefined;
  load(kind: PageKind): Promise<LayoutComponent>;
}

type Module = {default: LayoutComponent};

/** A layout registry from eager components and lazy loaders. */
export function layouts(eager: Partial<Record<PageKind, LayoutComponent>>, lazy: Partial<Record<PageKind, () => Promise<Module>>>): Layouts {
  const loaded = new Map<PageKind, LayoutComponent>(Object.entries(eager) as [PageKind, LayoutComponent][]);
  const pending = new Map<PageKind, Promise<LayoutComponent>>();
  return {
    get: (kind) => loaded.get(kind),
    load(kind) {
      const have = loaded.get(kind);
      if (have) return Promise.resolve(have);
      const loader = lazy[kind];
      if (!loader) return Promise.reject(new Error(`no layout for page kind "${kind}"`));
      let p = pending.get(kind);
      if (!p) {
        p = loader().then(
          (m) => {
            loaded.set(kind, m.default);
            return m.default;
          },
          (e) => {
            pending.delete(kind);
            throw e;
          },
        );
        pending.set(kind, p);
      }
      return p;
    },
  };
}

/** Page data of a route that does not exist. */
export function notFoundData(route: string, siteTitle: string): PageData {
  return {
    route,
    head: {title: `${t.notFoundTitle} | ${siteTitle}`, description: t.notFoundDescription, canonical: '', ogType: 'website', noindex: true},
    page: {kind: 'notFound'},
  };
}

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

export function clearPageData(): void {
  dataCache.clear();
}
