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
