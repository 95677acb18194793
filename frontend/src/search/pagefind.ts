// The local backend: the Pagefind index the build writes under `{base}pagefind/`, with the
// site's manifest beside it (crates/search). Its runtime and index chunks load only when the
// reader first searches.

import {baseUrl, routeOf} from '../app/base';
import {saveData} from '../app/network';
import type {SearchTitle} from '../schema';
import {parseExcerpt} from './excerpt';
import {loadManifest, pagefindUrl} from './manifest';
import {withoutFillerWords} from './queryWords';
import {directHits, titleHit} from './titles';
import {MAX_QUERY_LENGTH, type SearchBackend, type SearchResponse, type SearchResult} from './types';

/** The Pagefind runtime this code is written for: the build writes the runtime of the version
 * crates/search pins, and a test keeps the two equal. */
export const PAGEFIND_VERSION = '1.6.0';

interface PagefindData {
  url: string;
  excerpt: string;
  filters: Record<string, string[] | undefined>;
  sub_results: Array<{title: string; url: string; excerpt: string}>;
}

interface PagefindHit {
  id: string;
  data(): Promise<PagefindData>;
}

interface Pagefind {
  options(o: Record<string, unknown>): Promise<void>;
  init(): Promise<void>;
  mergeIndex(path: string, o: Record<string, unknown>): Promise<void>;
  preload(term: string): Promise<void>;
  search(
    q: string | null,
    o?: {filters?: Record<string, string>; sort?: Record<string, 'asc' | 'desc'>},
  ): Promise<{results: PagefindHit[]}>;
}

let loading: Promise<Pagefind> | null = null;
/** Loads that failed so far. */
let failures = 0;

function load(): Promise<Pagefind> {
  loading ??= (async () => {
    // A module that failed to load stays failed in some browsers' module maps (Chromium 148
    // does): a retry asks for the runtime under another URL.
    const url = failures ? `${pagefindUrl()}?retry=${failures}` : pagefindUrl();
    const [pf, {shards}] = await Promise.all([import(/* @vite-ignore */ url) as Promise<Pagefind>, loadManifest()]);
    // Keywords (front matter) weigh as much as a title word.
    const options = {baseUrl: baseUrl(), excerptLength: 24, ranking: {metaWeights: {title: 5, keywords: 5}}};
    // On the main thread: Pagefind's worker costs the first answer about 50 ms (measured,
    // bench/RESULTS.md), more than the search itself.
    await pf.options({...options, noWorker: true});
    await pf.init();
    // The index's other shards (crates/search/src/shards.rs), opened side by side; merged in
    // the manifest's order, which is the order of its pages.
    await Promise.all((shards ?? []).map((shard) => pf.mergeIndex(`${baseUrl()}pagefind/${shard}`, options)));
    return pf;
  })();
  // A failed load (offline, missing index) can be retried.
  loading.catch(() => {
    loading = null;
    failures++;
  });
  return loading;
}

let pagesById: Promise<Map<string, SearchTitle>> | null = null;

/** Each page by its result id. The build gives every page its position in the manifest as the
 * `position` sort and its shard as the `shard` filter (crates/search/src/document.rs): a search
 * with no term, for one shard, sorted by position, lists the result ids of that shard's pages in
 * manifest order. Computed in the index's memory; with shards, each fetches its small filter
 * file once. */
function loadPagesById(pf: Pagefind): Promise<Map<string, SearchTitle>> {
  pagesById ??= loadManifest().then(async ({pages, shards, pageShards}) => {
    const byId = new Map<string, SearchTitle>();
    const count = 1 + (shards ?? []).length;
    const lists = await Promise.all(
      // One shard needs no filter (whose file would cost a request before the first answer).
      Array.from({length: count}, (_, n) =>
        pf.search(null, {...(count > 1 && {filters: {shard: String(n)}}), sort: {position: 'asc'}}),
      ),
    );
    for (const [n, {results}] of lists.entries()) {
      const own = pages.filter((_, i) => (pageShards?.[i] ?? 0) === n);
      // Another index than the manifest's (a stale cache): hits then wait for their text.
      if (results.length !== own.length) continue;
      for (const [i, r] of results.entries()) byId.set(r.id, own[i]);
    }
    return byId;
  });
  pagesById.catch(() => (pagesById = null));
  return pagesById;
}

/** Pagefind URL (`/zh/docs/x#y`) → route (`/docs/x#y`). */
function toRoute(url: string): string {
  const [path, hash] = url.split('#');
  const route = routeOf(path) ?? path;
  return hash ? `${route}#${hash}` : route;
}

function toResult(id: string, d: PagefindData, page: SearchTitle | undefined): SearchResult {
  const url = toRoute(d.url);
  const sections = d.sub_results
    .filter((s) => s.url.includes('#'))
    .slice(0, 3)
    .map((s) => ({url: toRoute(s.url), external: false, heading: s.title, excerpt: parseExcerpt(s.excerpt)}));
  const kind = page?.kind ?? (d.filters.type?.[0] === 'blog' ? 'blog' : 'docs');
  return {
    id,
    title: page?.title ?? url,
    section: page?.section ?? undefined,
    kind,
    url,
    external: false,
    excerpt: parseExcerpt(d.excerpt),
    sections,
  };
}

export const pagefindBackend: SearchBackend = {
  async direct(query: string): Promise<SearchResult[]> {
    return directHits(query.slice(0, MAX_QUERY_LENGTH), (await loadManifest()).pages);
  },
  search(query: string, preview: number): Promise<SearchResponse> {
    // Typing back over a query (a deleted character, a retyped word) answers from memory.
    const key = `${preview}\n${query.slice(0, MAX_QUERY_LENGTH)}`;
    let answer = answers.get(key);
    if (!answer) {
      answer = searchIndex(query.slice(0, MAX_QUERY_LENGTH), preview);
      answer.catch(() => answers.delete(key));
      answers.set(key, answer);
      // The oldest answer goes (a Map keeps insertion order).
      const [oldest] = answers.keys();
      if (answers.size > 100) answers.delete(oldest);
    }
    return answer;
  },
};

const answers = new Map<string, Promise<SearchResponse>>();
let answered: () => void;
const firstAnswer = new Promise<void>((done) => (answered = done));
let excerpted: () => void;
const firstExcerpts = new Promise<void>((done) => (excerpted = done));

/** A page the query names (with its full-text hit when there is one), or a full-text hit. */
type Entry = {title: SearchResult; hit?: PagefindHit} | {title?: undefined; hit: PagefindHit};

async function searchIndex(q: string, preview: number): Promise<SearchResponse> {
  const pf = await load();
  const [{pages}, byId, {results}] = await Promise.all([
    loadManifest(),
    loadPagesById(pf),
    pf.search(withoutFillerWords(q)).finally(answered),
  ]);
  const routeOfHit = (h: PagefindHit) => byId.get(h.id)?.route ?? h.id;
  // One ranked list: pages the query names first (found by the full-text search or not: the
  // browser may split a Chinese query differently from the indexer), then the other hits.
  const named = directHits(q, pages);
  const found = new Map(results.map((r) => [routeOfHit(r), r]));
  const entries: Entry[] = [
    ...named.map((title) => ({title, hit: found.get(title.url)})),
    ...results.filter((r) => !named.some((n) => n.url === routeOfHit(r))).map((hit) => ({hit})),
  ];
  // Shown by their titles at once; a hit's excerpt needs a request for its page's text.
  const shown = entries.slice(0, preview).flatMap((e) => {
    const page = e.hit && byId.get(e.hit.id);
    return e.title ? [e.title] : page ? [titleHit(page)] : [];
  });
  const fromHit = async (hit: PagefindHit) => toResult(hit.id, await hit.data(), byId.get(hit.id));
  const full = (e: Entry) => (e.title === undefined ? fromHit(e.hit) : e.hit ? fromHit(e.hit) : e.title);
  const page = (from: number, count: number) => Promise.all(entries.slice(from, from + count).map(full)).finally(excerpted);
  return {total: entries.length, preview: shown, page};
}

let warming: Promise<void> | null = null;

/** Loads the runtime, the index metadata and the manifest as soon as search opens; then the
 * rest of the index, so that later keystrokes need no request. */
export function warmUp(): void {
  loadManifest();
  if (warming) return;
  warming = load()
    .then(async (pf) => {
      loadPagesById(pf);
      if (saveData()) return;
      // The reader's first answer and its first excerpts go first: they are not queued behind
      // the rest of the index (whose chunks are decompressed on this thread).
      await Promise.race([firstAnswer.then(() => firstExcerpts), new Promise((go) => setTimeout(go, 600))]);
      // Short prefixes that together start every word of the index (the build lists them).
      await pf.preload((await loadManifest()).probes);
      // One search through the whole path (word segmentation, ranking) before the reader's
      // next one: the first run of that code is several times slower than the later ones.
      await pf.search('状态管理 selector');
    })
    .catch(() => {
      warming = null; // Reported by the first real search; opening search again retries.
    });
}
