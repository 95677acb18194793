import type {SearchResult} from './types';

export type SearchState =
  | {status: 'empty'}
  | {status: 'loading'}
  // `query` is the query these results answer; while a newer one loads they stay on screen.
  // `total` is null while only the direct hits are known.
  | {status: 'done'; query: string; total: number | null; results: SearchResult[]; more: boolean; loadingMore: boolean}
  | {status: 'error'; message: string};

/** Adds full-text results to what is shown: a page already there (a preview by title) gets
 * its excerpt and sections in place; new pages go at the end. */
export function merge(shown: SearchResult[], incoming: SearchResult[]): SearchResult[] {
  const out = [...shown];
  for (const r of incoming) {
    const i = out.findIndex((x) => x.url === r.url);
    if (i < 0) out.push(r);
    else if (out[i].id.startsWith('title:')) out[i] = {...r, title: out[i].title, section: out[i].section ?? r.section};
  }
  return out;
}

export const errorState = (e: unknown): SearchState => ({status: 'error', message: e instanceof Error ? e.message : String(e)});

/** Earlier results stay until the new ones arrive; "no results" for another query does not. */
export const keepOrLoad = (s: SearchState): SearchState =>
  s.status === 'done' && s.results.length > 0 ? s : {status: 'loading'};

/** Whether results are still arriving (the /search page is busy meanwhile). */
export const isBusy = (s: SearchState): boolean =>
  s.status === 'loading' || (s.status === 'done' && (s.total === null || s.loadingMore));
