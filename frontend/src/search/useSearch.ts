import {useCallback, useEffect, useRef, useState} from 'react';
import {useSite} from '../app/contexts';
import {searchBackend} from './backend';
import {type Filling, fillResults} from './fillResults';
import {SearchQueue} from './queue';
import {errorState, keepOrLoad, type SearchState} from './searchState';
import type {SearchResponse} from './types';
import {type Current, useLoadMore} from './useLoadMore';

export type {SearchState} from './searchState';

/**
 * Searches as the reader types (not while an input method is composing; the caller passes
 * the committed text). Queries run one at a time, the newest waiting (see `SearchQueue`); an
 * answer to an older query never replaces the answer to a newer one. Direct hits show first,
 * then the full-text results; `loadMore()` appends the next `pageSize`.
 */
export function useSearch(query: string, pageSize: number) {
  const site = useSite();
  const [state, setState] = useState<SearchState>({status: 'empty'});
  const [attempt, setAttempt] = useState(0);
  const queue = useRef(new SearchQueue());
  const current = useRef<Current>({seq: 0, response: null, filling: {consumed: 0}, filled: false});

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is the retry button
  useEffect(() => {
    const seq = ++current.current.seq;
    const q = query.trim();
    current.current.response = null;
    if (!q) return setState({status: 'empty'});
    setState(keepOrLoad);
    const stale = () => seq !== current.current.seq;

    const answer = async (): Promise<SearchResponse | null> => {
      const backend = await searchBackend(site);
      // Pages named like the query show first, before the full-text search answers.
      const direct = backend.direct ? await backend.direct(q) : [];
      if (stale()) return null;
      if (direct.length) setState({status: 'done', query: q, total: null, results: direct, more: false, loadingMore: true});
      const r = await backend.search(q, pageSize);
      return stale() ? null : r;
    };
    const show = async (r: SearchResponse) => {
      const filling: Filling = {consumed: 0};
      Object.assign(current.current, {response: r, filling, filled: false});
      try {
        await fillResults(r, pageSize, filling, stale, (results, loadingMore) =>
          setState({status: 'done', query: q, total: r.total, results, more: filling.consumed < r.total, loadingMore}),
        );
      } finally {
        if (!stale()) current.current.filled = true;
      }
    };
    queue.current.start(() => {
      if (stale()) return Promise.resolve(); // A newer query was typed while waiting.
      const search = answer();
      search.then((r) => r && show(r)).catch((e) => !stale() && setState(errorState(e)));
      return search;
    });
  }, [query, site, pageSize, attempt]);

  const loadMore = useLoadMore(current, state, setState, pageSize);
  const retry = useCallback(() => setAttempt((a) => a + 1), []);
  return {state, loadMore, retry};
}
