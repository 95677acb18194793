// The hosted backend: an Algolia-compatible query API (DocSearch record shape), configured
// in site.toml. Hits are mapped into the same shape as the local backend's.

import {baseUrl, routeOf} from '../app/base';
import type {SiteData} from '../schema';
import {parseExcerpt} from './excerpt';
import {MAX_QUERY_LENGTH, type SearchBackend, type SearchResponse, type SearchResult} from './types';

type Hosted = Extract<SiteData['search'], {backend: 'hosted'}>;

interface Hit {
  objectID: string;
  url: string;
  type?: string;
  hierarchy: Record<string, string | null>;
  content?: string | null;
  _snippetResult?: {content?: {value: string}; hierarchy?: Record<string, {value: string} | undefined>};
  _highlightResult?: {hierarchy?: Record<string, {value: string} | undefined>};
}

const PAGE = 20;

/**
 * A hit URL made local: same-site URLs become routes under this site's base path; URLs
 * matching the external pattern stay absolute and open with a full page load.
 */
export function rewriteUrl(url: string, externalPattern: RegExp | null): {url: string; external: boolean} {
  if (externalPattern?.test(url)) return {url, external: true};
  let u: URL;
  try {
    u = new URL(url, 'https://invalid.local');
  } catch {
    return {url, external: true};
  }
  const base = baseUrl();
  const path = u.pathname.startsWith(base) ? u.pathname : base + u.pathname.replace(/^\//, '');
  const route = routeOf(path) ?? '/';
  return {url: route + u.hash, external: false};
}

function facetFilters(site: SiteData, cfg: Hosted): Array<string | string[]> {
  const version = site.docs.versions[0]?.name ?? 'current';
  return [
    `language:${site.locale}`,
    ['docusaurus_tag:default', `docusaurus_tag:docs-${site.docs.pluginId}-${version}`],
    ...cfg.facetFilters,
  ];
}

/** One page of the service's hits for `q`. */
async function queryService(site: SiteData, cfg: Hosted, q: string, page: number): Promise<{hits: Hit[]; nbHits: number}> {
  const endpoint = `${cfg.host.replace(/\/$/, '')}/1/indexes/${encodeURIComponent(cfg.indexName)}/query`;
  const res = await fetch(endpoint, {
    method: 'POST',
    headers: {'X-Algolia-Application-Id': cfg.appId, 'X-Algolia-API-Key': cfg.apiKey, 'Content-Type': 'application/json'},
    body: JSON.stringify({
      query: q,
      page,
      hitsPerPage: PAGE,
      facetFilters: facetFilters(site, cfg),
      attributesToSnippet: ['content:24'],
      highlightPreTag: '<mark>',
      highlightPostTag: '</mark>',
    }),
  });
  if (!res.ok) throw new Error(`search service answered HTTP ${res.status}`);
  return res.json();
}

/** The hits as one result per page, with up to three of its sections. */
function groupByPage(hits: Hit[], external: RegExp | null): SearchResult[] {
  const byPage = new Map<string, SearchResult>();
  for (const h of hits) {
    const {url, external: ext} = rewriteUrl(h.url, external);
    const pageUrl = url.split('#')[0];
    const title = h.hierarchy.lvl1 ?? h.hierarchy.lvl0 ?? pageUrl;
    const levels = ['lvl6', 'lvl5', 'lvl4', 'lvl3', 'lvl2'];
    const deepest = levels.find((l) => h.hierarchy[l]);
    const snippet =
      h._snippetResult?.content?.value ?? (deepest ? h._highlightResult?.hierarchy?.[deepest]?.value : undefined) ?? '';
    let r = byPage.get(pageUrl);
    if (!r) {
      r = {
        id: h.objectID,
        title,
        section: h.hierarchy.lvl0 ?? undefined,
        kind: pageUrl.startsWith('/blog') ? 'blog' : 'docs',
        url: pageUrl,
        external: ext,
        excerpt: parseExcerpt(snippet),
        sections: [],
      };
      byPage.set(pageUrl, r);
    }
    if (deepest && url.includes('#') && r.sections.length < 3) {
      r.sections.push({url, external: ext, heading: h.hierarchy[deepest] ?? undefined, excerpt: parseExcerpt(snippet)});
    }
  }
  return [...byPage.values()];
}

export function hostedBackend(site: SiteData, cfg: Hosted): SearchBackend {
  const external = cfg.externalUrlRegex ? new RegExp(cfg.externalUrlRegex) : null;
  const query = (q: string, page: number) => queryService(site, cfg, q, page);
  const group = (hits: Hit[]) => groupByPage(hits, external);

  return {
    async search(q: string): Promise<SearchResponse> {
      const text = q.slice(0, MAX_QUERY_LENGTH);
      const first = await query(text, 0);
      const pages = new Map<number, Promise<SearchResult[]>>([[0, Promise.resolve(group(first.hits))]]);
      const servicePage = (n: number) => {
        let p = pages.get(n);
        if (!p) {
          p = query(text, n).then((r) => group(r.hits));
          pages.set(n, p);
        }
        return p;
      };
      return {
        total: first.nbHits,
        preview: [],
        async page(from, count) {
          // Results are grouped per service page; concatenate the pages that cover the range.
          const out: SearchResult[] = [];
          for (let n = 0; out.length < from + count; n++) {
            const got = await servicePage(n);
            if (!got.length) break;
            out.push(...got);
            if ((n + 1) * PAGE >= first.nbHits) break;
          }
          return out.slice(from, from + count);
        },
      };
    },
  };
}
