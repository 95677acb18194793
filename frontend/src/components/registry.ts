// The registry of components a page may embed (`<CharacterCounterDemo />` in Markdown).
// The names come from the Rust `Component` type (schema.ts): adding one there fails this
// file's type check until the component exists here too.

import type {ComponentType} from 'react';
import type {Block, Component, Page} from '../schema';

export type ComponentName = Component['name'];
export type PropsOf<N extends ComponentName> = Omit<Extract<Component, {name: N}>, 'name'>;
type Module<N extends ComponentName> = {default: ComponentType<PropsOf<N>>};

/** Lazy loaders: the demos bring Recoil with them, so they load only on pages that use them. */
export const componentLoaders: {[N in ComponentName]: () => Promise<Module<N>>} = {
  CharacterCounterDemo: () => import('./CharacterCounterDemo'),
  TodoListDemo: () => import('./TodoListDemo'),
  LinkButton: () => import('./LinkButton'),
  Highlight: () => import('./Highlight'),
};

const loaded = new Map<ComponentName, ComponentType<never>>();

export function loadedComponent(name: ComponentName): ComponentType<never> | undefined {
  return loaded.get(name);
}

export function provideComponent(name: ComponentName, c: ComponentType<never>): void {
  loaded.set(name, c);
}

export async function loadComponents(names: Iterable<ComponentName>): Promise<void> {
  await Promise.all(
    [...new Set(names)].filter((n) => !loaded.has(n)).map(async (n) => loaded.set(n, (await componentLoaders[n]()).default as ComponentType<never>)),
  );
}

function walk(blocks: Block[], out: Set<ComponentName>): void {
  for (const b of blocks) {
    if (b.t === 'component') out.add(b.name);
    else if (b.t === 'admonition' || b.t === 'quote' || b.t === 'details') walk(b.children, out);
    else if (b.t === 'tabs') b.items.forEach((i) => walk(i.children, out));
    else if (b.t === 'list') b.items.forEach((i) => walk(i.children, out));
  }
}

/** The components a page embeds (loaded before the page renders, so hydration matches). */
export function componentsOf(page: Page): ComponentName[] {
  const out = new Set<ComponentName>();
  if (page.kind === 'doc' || page.kind === 'markdown' || page.kind === 'home') walk(page.content, out);
  if (page.kind === 'blogPost') walk(page.content, out);
  if (page.kind === 'blogList') page.posts.forEach((p) => walk(p.summary, out));
  return [...out];
}
