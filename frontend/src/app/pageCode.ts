// The code that renders each page kind and each embeddable component: the one table of it.
// The browser loads a page's code (a lazy chunk, except for the kinds in the main bundle)
// before the page renders; the server renderer loads each chunk the first time a page needs it;
// the prerender preloads a page's chunks from `source` (the key of Vite's manifest).

import type {ComponentType} from 'react';
import type * as Parts from '../content/parts';
import DocPage from '../docs/DocPage';
import type {Component, PageData} from '../schema';

export type PageKind = PageData['page']['kind'];
export type ComponentName = Component['name'];
export type PropsOf<N extends ComponentName> = Omit<Extract<Component, {name: N}>, 'name'>;
export type LayoutComponent = ComponentType<{data: PageData}>;

interface Code<C> {
  /** In the main bundle: there from the start. */
  eager?: C;
  /** A lazy chunk, and its source file (the key of Vite's manifest). */
  load?: () => Promise<{default: C}>;
  source?: string;
}

const eager = <C>(c: C): Code<C> => ({eager: c});
const lazy = <C>(source: string, load: () => Promise<{default: C}>): Code<C> => ({source, load});

// Docs (the most visited pages) are in the main bundle; every other layout is a chunk.
export const layoutCode: Record<PageKind, Code<LayoutComponent>> = {
  doc: eager(DocPage),
  standalone: lazy('src/pages/StandalonePage.tsx', () => import('../pages/StandalonePage')),
  notFound: lazy('src/pages/NotFound.tsx', () => import('../pages/NotFound')),
  redirect: lazy('src/pages/Redirect.tsx', () => import('../pages/Redirect')),
  home: lazy('src/pages/Home.tsx', () => import('../pages/Home')),
  search: lazy('src/pages/SearchPage.tsx', () => import('../pages/SearchPage')),
  blogList: lazy('src/blog/BlogList.tsx', () => import('../blog/BlogList')),
  blogPost: lazy('src/blog/BlogPost.tsx', () => import('../blog/BlogPost')),
  blogArchive: lazy('src/blog/Archive.tsx', () => import('../blog/Archive')),
  blogTags: lazy('src/pages/Tags.tsx', () => import('../pages/Tags')),
  docTags: lazy('src/pages/Tags.tsx', () => import('../pages/Tags')),
  docTag: lazy('src/pages/Tags.tsx', () => import('../pages/Tags')),
};

// The demos bring Recoil with them: they load only on pages that embed them. Adding a
// component to the Rust registry (crates/schema) fails this table's type check until it is here.
export const componentCode: {[N in ComponentName]: Code<ComponentType<PropsOf<N>>>} = {
  CharacterCounterDemo: lazy('src/components/CharacterCounterDemo.tsx', () => import('../components/CharacterCounterDemo')),
  TodoListDemo: lazy('src/components/TodoListDemo.tsx', () => import('../components/TodoListDemo')),
  LinkButton: lazy('src/components/LinkButton.tsx', () => import('../components/LinkButton')),
  Highlight: lazy('src/components/Highlight.tsx', () => import('../components/Highlight')),
};

// The renderer of articles (Markdown blocks): a first load hydrates the server's article HTML as
// it is (content/Markdown.tsx), so it needs this only for client-side navigation, and on the few
// pages that embed components (those hydrate their article whole).
export const rendererCode: Record<'parts', Code<typeof Parts>> = {
  parts: lazy('src/content/parts.ts', () => import('../content/parts').then((m) => ({default: m}))),
};

/** Loaded code by name, with loads in flight shared and failed loads retried. */
class Loaded<K extends string, C> {
  private done = new Map<K, C>();
  private pending = new Map<K, Promise<C>>();

  constructor(private table: Record<K, Code<C>>) {
    for (const [k, code] of Object.entries(table) as [K, Code<C>][]) if (code.eager) this.done.set(k, code.eager);
  }

  get(key: K): C | undefined {
    return this.done.get(key);
  }

  load(key: K): Promise<C> {
    const have = this.done.get(key);
    if (have) return Promise.resolve(have);
    const code = this.table[key];
    if (!code?.load) return Promise.reject(new Error(`no code for "${key}"`));
    let p = this.pending.get(key);
    if (!p) {
      p = code.load().then(
        (m) => {
          this.done.set(key, m.default);
          return m.default;
        },
        (e: unknown) => {
          this.pending.delete(key);
          throw e;
        },
      );
      this.pending.set(key, p);
    }
    return p;
  }
}

/** Finds a page's layout and components, loading them when needed. */
export class PageCode {
  readonly layouts: Loaded<PageKind, LayoutComponent>;
  readonly components: Loaded<ComponentName, ComponentType<never>>;
  readonly renderer: Loaded<'parts', typeof Parts>;

  constructor(
    layouts = layoutCode,
    components = componentCode as unknown as Record<ComponentName, Code<ComponentType<never>>>,
    renderer = rendererCode,
  ) {
    this.layouts = new Loaded(layouts);
    this.components = new Loaded(components);
    this.renderer = new Loaded(renderer);
  }

  /** Everything `data` needs to render on the client: its layout, the components it embeds and
   * the article renderer. */
  async load(data: PageData): Promise<void> {
    await Promise.all([this.loadToHydrate(data), this.renderer.load('parts')]);
  }

  /** What hydrating `data` over its server HTML needs: the article renderer only with components. */
  async loadToHydrate(data: PageData): Promise<void> {
    const components = data.components ?? [];
    await Promise.all([
      this.layouts.load(data.page.kind),
      ...components.map((n) => this.components.load(n)),
      components.length > 0 && this.renderer.load('parts'),
    ]);
  }
}

/** The source files of the lazy chunks hydrating `data` needs (for preload hints). */
export function chunkSources(data: PageData): string[] {
  const components = (data.components ?? []).map((n) => componentCode[n].source);
  const renderer = components.length > 0 ? [rendererCode.parts.source] : [];
  const sources = [layoutCode[data.page.kind].source, ...components, ...renderer];
  return [...new Set(sources.filter((s): s is string => !!s))];
}

/** The code of this browser tab (the server renderer has its own instance). */
export const pageCode = new PageCode();
