import {useEffect} from 'react';

function queryOf(search: string): string {
  try {
    return new URLSearchParams(search).get('q') ?? '';
  } catch {
    return '';
  }
}

/** The `q` parameter of the /search page sets the query on load and on navigation (for
 * example from "See all"). */
export function useQueryFromUrl(search: string, set: (q: string) => void): void {
  useEffect(() => set(queryOf(search)), [search, set]);
}

/** Writes a typed query into the URL, replacing the history entry: typing is not navigation. */
export function writeQueryToUrl(q: string): void {
  const url = new URL(window.location.href);
  if (q) url.searchParams.set('q', q);
  else url.searchParams.delete('q');
  history.replaceState(history.state, '', url.href);
}
