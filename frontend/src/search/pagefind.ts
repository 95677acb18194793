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

// Pagefind ranks by word statistics. Readers who type a page's name (an API, a guide's
// title) expect that page first, so the first results are re-ordered: the query as a page
// title first, then as part of a title, then as a heading; otherwise Pagefind's order stays.
const RERANKED = 12;

const norm = (s: string) => s.toLowerCase().replace(/\s+/g, '');

export function titleScore(query: string, title: string, headings: string[]): number {
  const q = norm(query);
  if (!q) return 0;
  const t = norm(title);
  // "useRecoilState(state)：读写状态" is named "userecoilstate".
  const name = t.split(/[(：:]/)[0];
  if (name === q || t === q) return 3;
  if (t.includes(q)) return 2;
  if (headings.some((h) => norm(h).includes(q))) return 1;
  return 0;
}

export function rerank<T>(query: string, items: T[], title: (x: T) => string, headings: (x: T) => string[]): T[] {
  return items
    .map((x, i) => ({x, i, s: titleScore(query, title(x), headings(x))}))
    .sort((a, b) => b.s - a.s || a.i - b.i)
    .map((e) => e.x);
}

export const pagefindBackend: SearchBackend = {
  async search(query: string): Promise<SearchResponse> {
    const pf = await load();
    const q = query.slice(0, MAX_QUERY_LENGTH);
    const {results} = await pf.search(q);
    const head = await Promise.all(results.slice(0, RERANKED).map(async (r) => ({id: r.id, data: await r.data()})));
    const ordered = rerank(q, head, (h) => h.data.meta.title ?? '', (h) => h.data.sub_results.map((s) => s.title));
    const rest = results.slice(RERANKED);
    return {
      total: results.length,
      page: (from, count) =>
        Promise.all(
          Array.from({length: Math.max(0, Math.min(count, results.length - from))}, async (_, k) => {
            const i = from + k;
            if (i < ordered.length) return toResult(ordered[i].id, ordered[i].data);
            const r = rest[i - ordered.length];
            return toResult(r.id, await r.data());
          }),
        ),
    };
  },
};

/** Loads the runtime ahead of the first query (when the search box opens). */
export function warmUp(): void {
  load().catch(() => {
    // Reported by the first real search.
  });
}
