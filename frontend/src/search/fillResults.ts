import {merge} from './searchState';
import type {SearchResponse, SearchResult} from './types';

// The first results get their excerpts at once; the rest of the page's excerpts wait until
// the reader pauses, so that their page-text requests do not hold up the next keystroke.
const FIRST = 3;
const PAUSE_MS = 250;

export interface Filling {
  /** How many results of the response have been loaded in full. */
  consumed: number;
}

/**
 * Shows a response: its preview (titles) at once, then the first `pageSize` results with their
 * excerpts, in two steps. `show(results, loadingMore)` updates the screen; `stale()` stops it
 * when a newer query was typed.
 */
export async function fillResults(
  r: SearchResponse,
  pageSize: number,
  filling: Filling,
  stale: () => boolean,
  show: (results: SearchResult[], loadingMore: boolean) => void,
): Promise<void> {
  let results = r.preview;
  if (results.length || r.total === 0) show(results, r.total > 0);
  for (const n of [FIRST, pageSize - FIRST]) {
    if (filling.consumed >= r.total || n <= 0) break;
    if (n !== FIRST) await new Promise((go) => window.setTimeout(go, PAUSE_MS));
    if (stale()) return;
    const next = await r.page(filling.consumed, n);
    if (stale()) return;
    filling.consumed += next.length;
    results = merge(results, next);
    show(results, false);
  }
}
