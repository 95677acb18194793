// The local backend: the Pagefind index the build writes under `{base}pagefind/`. Its
// runtime and index chunks load only when the reader first searches.

import {baseUrl, routeOf} from '../app/base';
import {parseExcerpt} from './excerpt';
import {MAX_QUERY_LENGTH, type SearchBackend, type SearchResponse, type SearchResult} from './types';

interface PagefindSubResult {
  title: string;
  url: string;
  excerpt: string;
}

interface PagefindData {
  url: string;
  excerpt: string;
  meta: Record<string, string | undefined>;
  filters: Record<string, string[] | undefined>;
  sub_results: PagefindSubResult[];
}

interface Pagefind {
  options(o: Record<string, unknown>): Promise<void>;
  init(): Promise<void>;
  search(q: string): Promise<{results: Array<{id: string; data(): Promise<PagefindData>}>}>;
}

let loading: Promise<Pagefind> | null = null;

function load(): Promise<Pagefind> {
  loading ??= (async () => {
    const url = `${baseUrl()}pagefind/pagefind.js`;
    const pf = (await import(/* @vite-ignore */ url)) as Pagefind;
    await pf.options({baseUrl: baseUrl(), excerptLength: 24});
    await pf.init();
    return pf;
  })();
  // A failed load (offline, missing index) can be retried.
  loading.catch(() => (loading = null));
  return loading;
}

/** Pagefind URL (`/zh/docs/x.html#y`) → route (`/docs/x#y`). */
function toRoute(url: string): string {
  const [path, hash] = url.split('#');
  const route = routeOf(path) ?? path;
  return hash ? `${route}#${hash}` : route;
}

function toResult(id: string, d: PagefindData): SearchResult {
  const url = toRoute(d.url);
  const kind = d.filters.type?.[0] === 'blog' ? 'blog' : 'docs';
  const sections = d.sub_results
    .filter((s) => s.url.includes('#'))
    .slice(0, 3)
    .map((s) => ({url: toRoute(s.url), external: false, heading: s.title, excerpt: parseExcerpt(s.excerpt)}));
  return {
    id,
    title: d.meta.title ?? url,
    section: d.meta.section,
    kind,
    url,
    external: false,
    excerpt: parseExcerpt(d.excerpt),
    sections,
  };
}

export const pagefindBackend: SearchBackend = {
  async search(query: string): Promise<SearchResponse> {
    const pf = await load();
    const {results} = await pf.search(query.slice(0, MAX_QUERY_LENGTH));
    return {
      total: results.length,
      page: (from, count) => Promise.all(results.slice(from, from + count).map(async (r) => toResult(r.id, await r.data()))),
    };
  },
};

/** Loads the runtime ahead of the first query (when the search box opens). */
export function warmUp(): void {
  load().catch(() => {
    // Reported by the first real search.
  });
}
