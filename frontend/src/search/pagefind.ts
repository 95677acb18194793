// The local backend: the Pagefind index the build writes under `{base}pagefind/`. Its
// runtime and index chunks load only when the reader first searches.

import {baseUrl, routeOf} from '../app/base';
import {saveData} from '../app/network';
import {parseExcerpt} from './excerpt';
import {MAX_QUERY_LENGTH, type SearchBackend, type SearchResponse, type SearchResult} from './types';
import type {SearchIndexInfo, SearchTitle} from '../schema';

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
  preload?(term: string): Promise<void>;
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

// Pagefind ranks by word statistics. A reader who types a page's name (an API, a guide's
// title) expects that page first: those come from the title list at once, before Pagefind's
// results (whose titles need one request per page) arrive.
const norm = (s: string) => s.toLowerCase().replace(/\s+/g, '');

/** 3: the query is the page's name or title; 2: part of its title; 1: of a heading. */
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

/** A JSON file of the build, fetched once; `fallback` when it cannot be had (search still
 * works without it, only slower). */
function jsonOnce<T>(path: string, fallback: T): () => Promise<T> {
  let p: Promise<T> | null = null;
  return () => (p ??= fetch(`${baseUrl()}${path}`).then((r) => (r.ok ? r.json() : fallback), () => fallback));
}

const loadTitles = jsonOnce<SearchTitle[]>('search-titles.json', []);
let titlesByRoute: Promise<Map<string, SearchTitle>> | null = null;
const loadTitlesByRoute = () => (titlesByRoute ??= loadTitles().then((list) => new Map(list.map((e) => [e.route, e]))));
const loadInfo = jsonOnce<SearchIndexInfo>('pagefind/index-info.json', {probes: [], routes: {}});

const titleHit = (e: SearchTitle): SearchResult => ({
  id: `title:${e.route}`,
  title: e.title,
  section: e.section ?? undefined,
  kind: e.kind,
  url: e.route,
  external: false,
  excerpt: [],
  sections: [],
});

export function directHits(query: string, list: SearchTitle[]): SearchResult[] {
  // Named exactly first, then titles holding the query, shortest (most specific) first.
  return list
    .map((e) => ({e, s: titleScore(query, e.title, [])}))
    .filter((x) => x.s >= 2)
    .sort((a, b) => b.s - a.s || a.e.title.length - b.e.title.length)
    .slice(0, 3)
    .map(({e}) => titleHit(e));
}

export const pagefindBackend: SearchBackend = {
  async direct(query: string): Promise<SearchResult[]> {
    return directHits(query.slice(0, MAX_QUERY_LENGTH), await loadTitles());
  },
  search(query: string, preview: number): Promise<SearchResponse> {
    // Typing back over a query (a deleted character, a retyped word) answers from memory.
    const key = `${preview}\n${query.slice(0, MAX_QUERY_LENGTH)}`;
    let answer = answers.get(key);
    if (!answer) {
      answer = searchIndex(query.slice(0, MAX_QUERY_LENGTH), preview);
      answer.catch(() => answers.delete(key));
      answers.set(key, answer);
      if (answers.size > 100) answers.delete(answers.keys().next().value!);
    }
    return answer;
  },
};

const answers = new Map<string, Promise<SearchResponse>>();
let answered: () => void;
const firstAnswer = new Promise<void>((done) => (answered = done));

async function searchIndex(q: string, preview: number): Promise<SearchResponse> {
  const [pf, list, byRoute, {routes}] = await Promise.all([load(), loadTitles(), loadTitlesByRoute(), loadInfo()]);
  const {results} = await pf.search(q).finally(answered);
  // One ranked list: pages the query names first (found by the full-text search or not:
  // the browser may split a Chinese query differently from the indexer), then the other
  // full-text hits.
  const named = directHits(q, list);
  const found = new Map(results.map((r) => [routes[r.id] ?? r.id, r]));
  const entries: Array<{title?: SearchResult; hit?: (typeof results)[number]}> = [
    ...named.map((title) => ({title, hit: found.get(title.url)})),
    ...results.filter((r) => !named.some((n) => n.url === (routes[r.id] ?? r.id))).map((hit) => ({hit})),
  ];
  // Shown by their titles at once; a hit's excerpt needs a request for its page's text.
  const shown = entries.slice(0, preview).flatMap((e) => {
    if (e.title) return [e.title];
    const known = e.hit && byRoute.get(routes[e.hit.id] ?? '');
    return known ? [titleHit(known)] : [];
  });
  return {
    total: entries.length,
    preview: shown,
    page: (from, count) =>
      Promise.all(entries.slice(from, from + count).map(async (e) => (e.hit ? toResult(e.hit.id, await e.hit.data()) : e.title!))),
  };
}

let warming: Promise<void> | null = null;

/** Loads the runtime, the index metadata and the title list as soon as search opens; then,
 * one chunk at a time, the rest of the index, so that later keystrokes need no request. */
export function warmUp(): void {
  loadTitles();
  loadInfo();
  warming ??= load()
    .then(async (pf) => {
      // A throwaway query brings in the WebAssembly and the index's first chunk.
      await pf.preload?.('的');
      if (saveData()) return;
      // The reader's first query goes first: it is not queued behind the rest of the index.
      await Promise.race([firstAnswer, new Promise((go) => setTimeout(go, 300))]);
      // The build lists a query per index chunk that loads that chunk.
      for (const probe of (await loadInfo()).probes) await pf.preload?.(probe);
      // One search through the whole path (word segmentation, ranking) before the reader's
      // next one: the first run of that code is several times slower than the later ones.
      await pf.search('状态管理 selector');
    })
    .catch(() => {
      warming = null; // Reported by the first real search; opening search again retries.
    });
}
