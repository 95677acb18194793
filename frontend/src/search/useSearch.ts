import {useCallback, useEffect, useRef, useState} from 'react';
import {useSite} from '../app/contexts';
import {searchBackend} from './backend';
import type {SearchResponse, SearchResult} from './types';

export type SearchState =
  | {status: 'empty'}
  | {status: 'loading'}
  // `query` is the query these results answer; while a newer one loads they stay on screen.
  | {status: 'done'; query: string; total: number; results: SearchResult[]; more: boolean; loadingMore: boolean}
  | {status: 'error'; message: string};

/**
 * Searches as the reader types: debounced, and an answer to an older query never replaces
 * the answer to a newer one. `pageSize` results come first; `loadMore()` appends the next.
 */
export function useSearch(query: string, pageSize: number, debounceMs = 100) {
  const site = useSite();
  const [state, setState] = useState<SearchState>({status: 'empty'});
  const [attempt, setAttempt] = useState(0);
  const seq = useRef(0);
  const response = useRef<SearchResponse | null>(null);
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
    const keepOrLoad = (s: SearchState): SearchState => (s.status === 'done' && s.total > 0 ? s : {status: 'loading'});
    setState(keepOrLoad);
    const timer = window.setTimeout(async () => {
      if (id !== seq.current) return;
      setState(keepOrLoad);
      try {
        const backend = await searchBackend(site);
        const r = await backend.search(q);
        const results = await r.page(0, pageSize);
        if (id !== seq.current) return; // A newer query is under way.
        response.current = r;
        setState({status: 'done', query: q, total: r.total, results, more: results.length < r.total, loadingMore: false});
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
    if (!r) return;
    const now = latest.current;
    if (now.status !== 'done' || !now.more || now.loadingMore) return;
    const from = now.results.length;
    latest.current = {...now, loadingMore: true};
    setState(latest.current);
    try {
      const next = await r.page(from, pageSize);
      if (id !== seq.current) return;
      setState((s) => {
        if (s.status !== 'done') return s;
        const results = [...s.results, ...next.filter((n) => !s.results.some((x) => x.url === n.url))];
        return {...s, results, more: next.length > 0 && results.length < s.total, loadingMore: false};
      });
    } catch (e) {
      if (id !== seq.current) return;
      setState({status: 'error', message: e instanceof Error ? e.message : String(e)});
    }
  }, [pageSize]);

  const retry = useCallback(() => setAttempt((a) => a + 1), []);
  return {state, loadMore, retry};
}
