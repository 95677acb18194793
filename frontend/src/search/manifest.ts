// The build's search manifest (crates/search): the searchable pages in index order, and the
// probes. Small, and fetched as soon as search opens, in parallel with the search code.

import {baseUrl} from '../app/base';
import type {SearchManifest} from '../schema';

let manifest: Promise<SearchManifest> | null = null;

/** Fetched once; empty when it cannot be had (search still works without it, only slower). */
export function loadManifest(): Promise<SearchManifest> {
  const empty: SearchManifest = {pagefindVersion: '', pages: [], probes: '', shards: [], pageShards: []};
  manifest ??= fetch(`${baseUrl()}pagefind/search-manifest.json`).then(
    (r) => (r.ok ? r.json() : empty),
    () => empty,
  );
  return manifest;
}

/** The Pagefind runtime's URL (a module; importing it twice loads it once). */
export const pagefindUrl = () => `${baseUrl()}pagefind/pagefind.js`;
