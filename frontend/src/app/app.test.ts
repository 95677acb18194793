import {describe, expect, it, afterEach} from 'vitest';
import {dataUrl, isExternal, routeOf, setBaseUrl, withBase} from './base';
import {layouts, notFoundData} from './pages';
import {rafThrottle} from './hooks';

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

describe('layout registry', () => {
  it('loads lazily, caches, and retries after a failure', async () => {
    let calls = 0;
    const C = () => null;
    const reg = layouts({doc: C}, {
      home: () => {
        calls++;
        return calls === 1 ? Promise.reject(new Error('chunk failed')) : Promise.resolve({default: C});
      },
    });
    expect(reg.get('doc')).toBe(C);
    expect(reg.get('home')).toBeUndefined();
    await expect(reg.load('home')).rejects.toThrow('chunk failed');
    await expect(reg.load('home')).resolves.toBe(C);
    await reg.load('home');
    expect(calls).toBe(2);
    expect(reg.get('home')).toBe(C);
    await expect(reg.load('search')).rejects.toThrow('no layout');
  });

  it('makes not-found page data for unknown routes', () => {
    const d = notFoundData('/nope', '站点');
    expect(d.page.kind).toBe('notFound');
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
    expect(frames.length).toBe(1);
    frames.shift()!();
    expect(seen).toEqual([3]);
    f(4);
    frames.shift()!();
    expect(seen).toEqual([3, 4]);
  });
});
