import {type Dispatch, type MutableRefObject, type SetStateAction, useCallback, useRef} from 'react';
import type {Filling} from './fillResults';
import {errorState, merge, type SearchState} from './searchState';
import type {SearchResponse} from './types';

/** The query on screen: its number, its response, how much of it is loaded, and whether its
 * first results have been filled in. */
export interface Current {
  seq: number;
  response: SearchResponse | null;
  filling: Filling;
  filled: boolean;
}

/** Appends the next `pageSize` results of the current query (the /search page, on scroll). */
export function useLoadMore(
  current: MutableRefObject<Current>,
  state: SearchState,
  setState: Dispatch<SetStateAction<SearchState>>,
  pageSize: number,
) {
  const latest = useRef(state);
  latest.current = state;
  return useCallback(async () => {
    const {seq, response: r, filling, filled} = current.current;
    const now = latest.current;
    // While the first results fill in, the sentinel asks again when they change the state.
    if (!r || !filled || now.status !== 'done' || !now.more || now.loadingMore) return;
    latest.current = {...now, loadingMore: true};
    setState(latest.current);
    try {
      const next = await r.page(filling.consumed, pageSize);
      if (seq !== current.current.seq) return;
      filling.consumed += next.length;
      setState((s) =>
        s.status !== 'done'
          ? s
          : {
              ...s,
              results: merge(s.results, next),
              more: next.length > 0 && filling.consumed < (s.total ?? 0),
              loadingMore: false,
            },
      );
    } catch (e) {
      if (seq === current.current.seq) setState(errorState(e));
    }
  }, [current, setState, pageSize]);
}
