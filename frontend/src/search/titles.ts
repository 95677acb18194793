// Pages named by the query, found in the manifest's title list (in memory once search opens):
// a reader who types a page's name (an API, a guide's title) expects that page first, before
// the full-text results arrive.

import type {SearchTitle} from '../schema';
import type {SearchResult} from './types';

const norm = (s: string) => s.toLowerCase().replace(/\s+/g, '');

/** 3: the query is the page's name or title; 2: part of its title; 1: of a heading. */
export function titleScore(query: string, title: string, headings: string[]): number {
  const q = norm(query);
  if (!q) return 0;
  const t = norm(title);
  // "useRecoilState(state)：读写状态" is named "userecoilstate".
  const name = t.split(/[(：:]/)[0];
  if (name === q || t === q) return 3;
  if (t.includes(q)) return 2;
  if (headings.some((h) => norm(h).includes(q))) return 1;
  return 0;
}

/** A page shown by its title, before (or without) its excerpt. */
export const titleHit = (e: SearchTitle): SearchResult => ({
  id: `title:${e.route}`,
  title: e.title,
  section: e.section ?? undefined,
  kind: e.kind,
  url: e.route,
  external: false,
  excerpt: [],
  sections: [],
});

export function directHits(query: string, list: SearchTitle[]): SearchResult[] {
  // Named exactly first, then titles holding the query, shortest (most specific) first.
  return list
    .map((e) => ({e, s: titleScore(query, e.title, [])}))
    .filter((x) => x.s >= 2)
    .sort((a, b) => b.s - a.s || a.e.title.length - b.e.title.length)
    .slice(0, 3)
    .map(({e}) => titleHit(e));
}
