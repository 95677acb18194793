// One search interface, two backends (local Pagefind index, hosted service) behind it.
// The UI only sees these shapes.

/** Excerpt text with the matching words marked. Never HTML: rendered as text and <mark>. */
export type Excerpt = Array<{text: string; mark: boolean}>;

export interface SearchHit {
  /** A route of this site (`/docs/x#y`), or an absolute URL when `external`. */
  url: string;
  /** Opens with a full page load (hosted hits matching the external-URL pattern). */
  external: boolean;
  excerpt: Excerpt;
  /** The matching heading inside the page, when the hit is a section. */
  heading?: string;
}

/** The hits of one page of the site, grouped under the page. */
export interface SearchResult {
  id: string;
  title: string;
  /** Sidebar section of a doc ("API 参考 › 状态"), or 博客. */
  section?: string;
  kind: 'docs' | 'blog';
  url: string;
  external: boolean;
  /** The page's best excerpt. */
  excerpt: Excerpt;
  /** Matching headings inside the page, best first. */
  sections: SearchHit[];
}

export interface SearchResponse {
  total: number;
  /** The first results as far as they are known without loading the pages' text (titles,
   * no excerpts): pages the query names, then the best full-text hits. The full-text
   * results for the same pages replace them as they arrive. */
  preview: SearchResult[];
  /** Loads results `[from, from + count)`. */
  page(from: number, count: number): Promise<SearchResult[]>;
}

export interface SearchBackend {
  /** `preview`: how many results the caller shows first. */
  search(query: string, preview: number): Promise<SearchResponse>;
  /** Pages named like the query, from a list already in memory: shown before `search()`
   * answers. Optional: the hosted backend has none. */
  direct?(query: string): Promise<SearchResult[]>;
}

// Long queries are cut for the backend (the input keeps what was typed).
export const MAX_QUERY_LENGTH = 200;
