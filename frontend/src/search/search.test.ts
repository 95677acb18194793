import {afterEach, describe, expect, it} from 'vitest';
import {setBaseUrl} from '../app/base';
import {parseExcerpt} from './excerpt';
import {rewriteUrl} from './hosted';

afterEach(() => setBaseUrl('/'));

describe('excerpts', () => {
  it('keeps marks and decodes entities', () => {
    expect(parseExcerpt('用 <mark>原子</mark> 保存 &lt;状态&gt;')).toEqual([
      {text: '用 ', mark: false},
      {text: '原子', mark: true},
      {text: ' 保存 <状态>', mark: false},
    ]);
  });

  it('joins the pieces of a word marked piece by piece', () => {
    expect(parseExcerpt('用<mark>选择</mark><mark>器</mark>派生，<mark>原子</mark>')).toEqual([
      {text: '用', mark: false},
      {text: '选择器', mark: true},
      {text: '派生，', mark: false},
      {text: '原子', mark: true},
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
    expect(rewriteUrl('https://recoiljs.org/docs/api-reference/core/atom#default', null)).toEqual({
      url: '/docs/api-reference/core/atom#default',
      external: false,
    });
    setBaseUrl('/zh/');
    expect(rewriteUrl('https://example.org/docs/x', null)).toEqual({url: '/docs/x', external: false});
    expect(rewriteUrl('https://example.org/zh/docs/x', null)).toEqual({url: '/docs/x', external: false});
  });

  it('leaves URLs matching the external pattern for a full page load', () => {
    const ext = /^https:\/\/legacy\.example\.org/;
    expect(rewriteUrl('https://legacy.example.org/docs/old', ext)).toEqual({
      url: 'https://legacy.example.org/docs/old',
      external: true,
    });
  });
});

describe('direct hits by title', () => {
  it('names the page that is called like the query', async () => {
    const {directHits, titleScore} = await import('./titles');
    const list = [
      {route: '/a', title: 'useRecoilStateLoadable(state)：以 Loadable 形式读写状态', kind: 'docs' as const},
      {route: '/b', title: 'useRecoilState(state)：读写状态', section: 'API 参考', kind: 'docs' as const},
      {route: '/c', title: 'GraphQL 查询', kind: 'docs' as const},
    ];
    expect(directHits('useRecoilState', list).map((h) => h.url)).toEqual(['/b', '/a']);
    expect(directHits('graphql 查询', list).map((h) => h.url)).toEqual(['/c']);
    expect(directHits('读写', list).map((h) => h.url)).toEqual(['/b', '/a']);
    expect(directHits('查询以外', list)).toEqual([]);
    expect(titleScore('数据流图', '异步数据查询', ['数据流图'])).toBe(1);
    expect(titleScore('', 'x', [])).toBe(0);
  });
});

describe('query words', () => {
  it('leaves out the words of a question that name no topic', async () => {
    const {withoutFillerWords} = await import('./queryWords');
    expect(withoutFillerWords('怎么重置原子')).toBe('重置原子');
    expect(withoutFillerWords('如何 测试 Recoil 的选择器')).toBe(' 测试 Recoil 选择器');
    // Nothing but filler: the query stays as typed.
    expect(withoutFillerWords('怎么')).toBe('怎么');
    expect(withoutFillerWords('useRecoilState')).toBe('useRecoilState');
  });
});
