import {describe, expect, it, afterEach} from 'vitest';
import {parseExcerpt} from './excerpt';
import {rewriteUrl} from './hosted';
import {setBaseUrl} from '../app/base';

afterEach(() => setBaseUrl('/'));

describe('excerpts', () => {
  it('keeps marks and decodes entities', () => {
    expect(parseExcerpt('用 <mark>原子</mark> 保存 &lt;状态&gt;')).toEqual([
      {text: '用 ', mark: false},
      {text: '原子', mark: true},
      {text: ' 保存 <状态>', mark: false},
    ]);
  });

  it('never lets markup through', () => {
    const runs = parseExcerpt('<img src=x onerror=alert(1)><mark><script>x()</script>hit</mark>');
    // Tags are dropped, their text stays text.
    expect(runs).toEqual([{text: 'x()hit', mark: true}]);
    expect(parseExcerpt('&lt;img src=x onerror=alert(1)&gt;')).toEqual([{text: '<img src=x onerror=alert(1)>', mark: false}]);
  });
});

describe('hosted hit URLs', () => {
  it('rewrites same-site URLs to routes under the base path', () => {
    setBaseUrl('/');
    expect(rewriteUrl('https://recoiljs.org/docs/api-reference/core/atom#default', null)).toEqual({url: '/docs/api-reference/core/atom#default', external: false});
    setBaseUrl('/zh/');
    expect(rewriteUrl('https://example.org/docs/x', null)).toEqual({url: '/docs/x', external: false});
    expect(rewriteUrl('https://example.org/zh/docs/x', null)).toEqual({url: '/docs/x', external: false});
  });

  it('leaves URLs matching the external pattern for a full page load', () => {
    const ext = /^https:\/\/legacy\.example\.org/;
    expect(rewriteUrl('https://legacy.example.org/docs/old', ext)).toEqual({url: 'https://legacy.example.org/docs/old', external: true});
  });
});

describe('re-ranking by title', () => {
  it('puts the page named like the query first, keeping the rest in order', async () => {
    const {rerank, titleScore} = await import('./pagefind');
    const items = [
      {t: 'useRecoilStateLoadable(state)：以 Loadable 形式读写状态', h: []},
      {t: '核心概念', h: ['useRecoilState']},
      {t: 'useRecoilState(state)：读写状态', h: []},
      {t: '原子', h: []},
    ];
    const out = rerank('useRecoilState', items, (x) => x.t, (x) => x.h).map((x) => x.t);
    expect(out).toEqual([items[2].t, items[0].t, items[1].t, items[3].t]);
    expect(titleScore('GraphQL 查询', 'GraphQL 查询', [])).toBe(3);
    expect(titleScore('数据流图', '异步数据查询', ['数据流图'])).toBe(1);
    expect(titleScore('', 'x', [])).toBe(0);
  });
});
