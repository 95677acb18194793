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

// The first results are shown as soon as a few are in; the rest of the page follows.
const FIRST = 3;

/**
 * Searches as the reader types: debounced (not while an input method is composing), and an
 * answer to an older query never replaces the answer to a newer one. Direct hits show at
 * once, then results arrive a few at a time; `loadMore()` appends the next `pageSize`.
 */
export function useSearch(query: string, pageSize: number, debounceMs = 20) {
  const site = useSite();
  const [state, setState] = useState<SearchState>({status: 'empty'});
  const [attempt, setAttempt] = useState(0);
  const seq = useRef(0);
  const response = useRef<SearchResponse | null>(null);
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
    const timer = window.setTimeout(async () => {
      if (id !== seq.current) return;
      try {
        const backend = await searchBackend(site);
        // Pages named like the query show first, before the full-text search answers.
        const direct = backend.direct ? await backend.direct(q) : [];
        if (id !== seq.current) return; // A newer query is under way.
        if (direct.length) setState({status: 'done', query: q, total: null, results: direct, more: false, loadingMore: true});
        const r = await backend.search(q, pageSize);
        if (id !== seq.current) return;
        response.current = r;
        consumed.current = 0;
        const show = (results: SearchResult[], loadingMore: boolean) =>
          setState({status: 'done', query: q, total: r.total, results, more: consumed.current < r.total, loadingMore});
        let results = r.preview;
        if (results.length || r.total === 0) show(results, r.total > 0);
        for (const n of [FIRST, pageSize - FIRST]) {
          if (consumed.current >= r.total || n <= 0) break;
          const next = await r.page(consumed.current, n);
          if (id !== seq.current) return;
          consumed.current += next.length;
          results = merge(results, next);
          show(results, false);
        }
      } catch (e) {
        if (id !== seq.current) return;
        setState({status: 'error', message: e instanceof Error ? e.message : String(e)});
      }
    }, debounceMs);
    return () => window.clearTimeout(timer);
  }, [query, site, pageSize, debounceMs, attempt]);

  const loadMore = useCallback(async () => {
    const r = response.current;
    const id = seq.current;
    const now = latest.current;
    if (!r || now.status !== 'done' || !now.more || now.loadingMore) return;
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
