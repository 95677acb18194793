import {useCallback, useEffect, useRef, useState} from 'react';
import {useSite} from '../app/contexts';
import {searchBackend} from './backend';
import type {SearchResponse, SearchResult} from './types';

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

// The first results get their excerpts at once; the rest of the page's excerpts wait until
// the reader pauses, so that their page-text requests do not hold up the next keystroke.
const FIRST = 3;
const PAUSE_MS = 250;

/**
 * Searches as the reader types (not while an input method is composing; the caller passes
 * the committed text). There is no fixed delay: a query starts at once when no search is
 * running, and a query typed while one runs waits for it, only the newest of them running
 * then. An answer to an older query never replaces the answer to a newer one. Direct hits
 * show first, then the full-text results; `loadMore()` appends the next `pageSize`.
 */
export function useSearch(query: string, pageSize: number) {
  const site = useSite();
  const [state, setState] = useState<SearchState>({status: 'empty'});
  const [attempt, setAttempt] = useState(0);
  const seq = useRef(0);
  // The search under way (until its full-text answer, not its excerpts); null when idle.
  const running = useRef<Promise<unknown> | null>(null);
  const response = useRef<SearchResponse | null>(null);
  // The query (by `seq`) whose first results are still being filled in; `loadMore` waits.
  const filling = useRef(0);
  const consumed = useRef(0);
  const latest = useRef(state);
  latest.current = state;

  useEffect(() => {
    const id = ++seq.current;
    const q = query.trim();
    response.current = null;
    if (!q) {
      setState({status: 'empty'});
      return;
    }
    // Earlier results stay until the new ones arrive; "no results" for another query does not.
    const keepOrLoad = (s: SearchState): SearchState => (s.status === 'done' && s.results.length > 0 ? s : {status: 'loading'});
    setState(keepOrLoad);
    const stale = () => id !== seq.current;

    const answer = async (): Promise<SearchResponse | null> => {
      const backend = await searchBackend(site);
      // Pages named like the query show first, before the full-text search answers.
      const direct = backend.direct ? await backend.direct(q) : [];
      if (stale()) return null;
      if (direct.length) setState({status: 'done', query: q, total: null, results: direct, more: false, loadingMore: true});
      const r = await backend.search(q, pageSize);
      return stale() ? null : r;
    };
    const excerpts = async (r: SearchResponse) => {
      response.current = r;
      consumed.current = 0;
      const show = (results: SearchResult[], loadingMore: boolean) =>
        setState({status: 'done', query: q, total: r.total, results, more: consumed.current < r.total, loadingMore});
      let results = r.preview;
      if (results.length || r.total === 0) show(results, r.total > 0);
      filling.current = id;
      try {
        for (const n of [FIRST, pageSize - FIRST]) {
          if (consumed.current >= r.total || n <= 0) break;
          if (n !== FIRST) await new Promise((go) => window.setTimeout(go, PAUSE_MS));
          if (stale()) return;
          const next = await r.page(consumed.current, n);
          if (stale()) return;
          consumed.current += next.length;
          results = merge(results, next);
          show(results, false);
        }
      } finally {
        if (filling.current === id) filling.current = 0;
      }
    };
    const fail = (e: unknown) => {
      if (!stale()) setState({status: 'error', message: e instanceof Error ? e.message : String(e)});
    };
    const start = () => {
      if (stale()) return; // A newer query was typed while waiting.
      const search = answer();
      const settled: Promise<void> = search.then(
        () => {},
        () => {},
      ).then(() => {
        if (running.current === settled) running.current = null;
      });
      running.current = settled;
      search.then((r) => r && excerpts(r)).catch(fail);
    };
    if (running.current) running.current.then(start);
    else start();
  }, [query, site, pageSize, attempt]);

  const loadMore = useCallback(async () => {
    const r = response.current;
    const id = seq.current;
    const now = latest.current;
    // While the first results fill in, the sentinel asks again when they change the state.
    if (!r || now.status !== 'done' || !now.more || now.loadingMore || filling.current === id) return;
    latest.current = {...now, loadingMore: true};
    setState(latest.current);
    try {
      const next = await r.page(consumed.current, pageSize);
      if (id !== seq.current) return;
      consumed.current += next.length;
      setState((s) => {
        if (s.status !== 'done') return s;
        return {...s, results: merge(s.results, next), more: next.length > 0 && consumed.current < (s.total ?? 0), loadingMore: false};
      });
    } catch (e) {
      if (id !== seq.current) return;
      setState({status: 'error', message: e instanceof Error ? e.message : String(e)});
    }
  }, [pageSize]);

  const retry = useCallback(() => setAttempt((a) => a + 1), []);
  return {state, loadMore, retry};
}
