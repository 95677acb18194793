// A page's Markdown twin (`/docs/x` → `/docs/x.md`, written by the engine's export): loaded
// only when a reader asks to copy it, or is about to (hover, focus).

import {withBase} from '../app/base';
import {markdownFile} from '../generated/routeFiles.js';

const twins = new Map<string, Promise<string>>();

/** The URL of a route's Markdown twin. */
export function markdownUrl(route: string): string {
  return withBase(encodeURI(markdownFile(route)));
}

/** The Markdown of `route`; `fresh` skips the memory (`dev` rewrites twins as you edit). */
export function fetchMarkdown(route: string, fresh = false): Promise<string> {
  let p = fresh ? undefined : twins.get(route);
  if (!p) {
    p = fetch(markdownUrl(route), fresh ? {cache: 'no-store'} : undefined).then((res) => {
      if (!res.ok) throw new Error(`HTTP ${res.status}`);
      return res.text();
    });
    // A failed load is forgotten: the next click tries again.
    p.catch(() => twins.delete(route));
    twins.set(route, p);
  }
  return p;
}
