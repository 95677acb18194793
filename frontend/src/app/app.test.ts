import {afterEach, describe, expect, it} from 'vitest';
import type {PageData} from '../schema';
import {dataUrl, isExternal, routeOf, setBaseUrl, withBase} from './base';
import {rafThrottle} from './hooks';
import {chunkSources, layoutCode, PageCode} from './pageCode';
import {pageDataOrNotFound} from './pages';

afterEach(() => setBaseUrl('/'));

describe('base URL', () => {
  it('maps routes to URLs and back at the root', () => {
    setBaseUrl('/');
    expect(withBase('/docs/x#y')).toBe('/docs/x#y');
    expect(routeOf('/docs/x')).toBe('/docs/x');
    expect(routeOf('/docs/x/')).toBe('/docs/x');
    expect(routeOf('/docs/x.html')).toBe('/docs/x');
    expect(routeOf('/')).toBe('/');
    expect(routeOf('/blog/tags/%E5%8F%91%E5%B8%83')).toBe('/blog/tags/发布');
    expect(dataUrl('/')).toBe('/page-data/index.json');
    expect(dataUrl('/blog/tags/发布')).toBe('/page-data/blog/tags/%E5%8F%91%E5%B8%83.json');
  });

  it('honours a base path', () => {
    setBaseUrl('/zh/');
    expect(withBase('/docs/x')).toBe('/zh/docs/x');
    expect(withBase('/')).toBe('/zh/');
    expect(routeOf('/zh/docs/x')).toBe('/docs/x');
    expect(routeOf('/zh/')).toBe('/');
    expect(routeOf('/zh')).toBe('/');
    expect(routeOf('/other/docs/x')).toBeNull();
    expect(dataUrl('/docs/x')).toBe('/zh/page-data/docs/x.json');
  });

  it('survives malformed percent-encoding', () => {
    expect(routeOf('/%E0%A4%A')).toBe('/%E0%A4%A');
  });

  it('tells external links', () => {
    expect(isExternal('https://jotai.org')).toBe(true);
    expect(isExternal('mailto:a@b.c')).toBe(true);
    expect(isExternal('//cdn.example.com/x.js')).toBe(true);
    expect(isExternal('/docs/x')).toBe(false);
    expect(isExternal('#x')).toBe(false);
  });
});

/** A stand-in for a page component. */
const C = () => null;

describe('page code', () => {
  it('loads lazily, caches, and retries after a failure', async () => {
    let calls = 0;
    const code = new PageCode({
      ...layoutCode,
      doc: {eager: C},
      home: {
        source: 'src/pages/Home.tsx',
        load: () => {
          calls++;
          return calls === 1 ? Promise.reject(new Error('chunk failed')) : Promise.resolve({default: C});
        },
      },
    });
    expect(code.layouts.get('doc')).toBe(C);
    expect(code.layouts.get('home')).toBeUndefined();
    await expect(code.layouts.load('home')).rejects.toThrow('chunk failed');
    await expect(code.layouts.load('home')).resolves.toBe(C);
    await code.layouts.load('home');
    expect(calls).toBe(2);
    expect(code.layouts.get('home')).toBe(C);
  });

  it('names the chunks hydrating a page needs: its layout, its components, the renderer with components', () => {
    const page = (kind: string, components?: string[]) =>
      ({route: '/x', head: {}, page: {kind}, components}) as unknown as PageData;
    expect(chunkSources(page('doc'))).toEqual([]);
    expect(chunkSources(page('docTag'))).toEqual(['src/pages/Tags.tsx']);
    // A page with components hydrates its article whole: the article renderer comes too.
    expect(chunkSources(page('doc', ['TodoListDemo', 'LinkButton']))).toEqual([
      'src/components/TodoListDemo.tsx',
      'src/components/LinkButton.tsx',
      'src/content/parts.ts',
    ]);
  });
});

describe('not found', () => {
  it("shows the engine's not-found page for a route without data", async () => {
    const notFound = {route: '/404', head: {title: '找不到页面 | 站点', noindex: true}, page: {kind: 'notFound'}};
    const fetched: string[] = [];
    globalThis.fetch = (async (url: string) => {
      fetched.push(url);
      return url.endsWith('/404.json') ? new Response(JSON.stringify(notFound)) : new Response('', {status: 404});
    }) as typeof fetch;
    const d = await pageDataOrNotFound('/nope');
    expect(fetched).toEqual(['/page-data/nope.json', '/page-data/404.json']);
    expect(d.page.kind).toBe('notFound');
    expect(d.route).toBe('/nope');
    expect(d.head.noindex).toBe(true);
  });
});

describe('rafThrottle', () => {
  it('runs at most once per frame with the latest arguments', () => {
    const frames: Array<() => void> = [];
    globalThis.requestAnimationFrame = ((cb: () => void) => frames.push(cb)) as typeof requestAnimationFrame;
    globalThis.cancelAnimationFrame = (() => {}) as typeof cancelAnimationFrame;
    const seen: number[] = [];
    const f = rafThrottle((n: number) => seen.push(n));
    f(1);
    f(2);
    f(3);
    const nextFrame = () => {
      const frame = frames.shift();
      if (!frame) throw new Error('no animation frame was requested');
      frame();
    };
    expect(frames.length).toBe(1);
    nextFrame();
    expect(seen).toEqual([3]);
    f(4);
    nextFrame();
    expect(seen).toEqual([3, 4]);
  });
});
