// The client's preload helper (scripts/preloadHelper.mjs), run against a stand-in document.
import {afterEach, expect, test} from 'vitest';
import {helperSource} from '../../scripts/preloadHelper.mjs';

type Preload = (load: () => Promise<string>, deps?: string[]) => Promise<string>;

/** A fresh copy of the helper (its set of added links is per module) and a document whose head
 * starts with links to `present`. */
async function setUp(base: string, present: string[]) {
  const head: {rel: string; href: string}[] = present.map((href) => ({rel: 'modulepreload', href}));
  const doc = {
    head: {append: (l: {rel: string; href: string}) => head.push(l)},
    createElement: () => ({rel: '', href: ''}),
    querySelector: (sel: string) => head.find((l) => sel === `link[href="${l.href}"]`) ?? null,
  };
  Object.assign(globalThis, {document: doc});
  const url = `data:text/javascript,${encodeURIComponent(helperSource(base))}`;
  const {__vitePreload} = (await import(/* @vite-ignore */ url)) as {__vitePreload: Preload};
  return {preload: __vitePreload, head};
}

afterEach(() => {
  Reflect.deleteProperty(globalThis, 'document');
});

test('each dependency gets one modulepreload link under the base, then the chunk loads', async () => {
  const {preload, head} = await setUp('/recoil/', []);
  const loaded = await preload(async () => 'chunk', ['assets/words-a.js', 'assets/PostMeta-b.js']);
  expect(loaded).toBe('chunk');
  expect(head).toEqual([
    {rel: 'modulepreload', href: '/recoil/assets/words-a.js'},
    {rel: 'modulepreload', href: '/recoil/assets/PostMeta-b.js'},
  ]);
  await preload(async () => 'again', ['assets/words-a.js']);
  expect(head).toHaveLength(2);
});

test('links the page already has are not added again; no dependencies, just the load', async () => {
  const {preload, head} = await setUp('/', ['/assets/PageSource-c.js']);
  await preload(async () => 'x', ['assets/PageSource-c.js', 'assets/PostMeta-b.js']);
  expect(head.map((l) => l.href)).toEqual(['/assets/PageSource-c.js', '/assets/PostMeta-b.js']);
  expect(await preload(async () => 'y')).toBe('y');
  expect(head).toHaveLength(2);
});

test('a failed load rejects as the import did (the caller retries)', async () => {
  const {preload} = await setUp('/', []);
  await expect(preload(() => Promise.reject(new Error('offline')), ['assets/a.js'])).rejects.toThrow('offline');
});
