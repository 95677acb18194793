import {describe, expect, it} from 'vitest';
import type {PageData, SiteData} from '../schema';
import {headTags} from './head';

const site = {title: '站点', baseUrl: '/', favicon: '/img/favicon.svg', analytics: undefined} as unknown as SiteData;
const page: PageData = {
  route: '/docs/x',
  head: {title: 'X | 站点', description: '说明 "引号" <b>', canonical: 'https://example.com/docs/x', ogType: 'website'},
  page: {kind: 'notFound'},
};

describe('head tags', () => {
  it('carry title, description, canonical and Open Graph, escaped', () => {
    const h = headTags(site, page);
    expect(h).toContain('<title>X | 站点</title>');
    expect(h).toContain('<meta name="description" content="说明 &quot;引号&quot; &lt;b&gt;">');
    expect(h).toContain('<link rel="canonical" href="https://example.com/docs/x">');
    expect(h).toContain('<meta property="og:title" content="X | 站点">');
  });

  it('load no analytics unless configured, and then with defer', () => {
    expect(headTags(site, page)).not.toContain('<script');
    const withAnalytics = {...site, analytics: {scriptUrl: 'https://stats.example.com/s.js'}} as SiteData;
    expect(headTags(withAnalytics, page)).toContain('<script defer src="https://stats.example.com/s.js"></script>');
  });

  it('redirect pages refresh to their target under the base URL', () => {
    const r: PageData = {...page, page: {kind: 'redirect', to: '/docs/intro'}};
    expect(headTags(site, r)).toContain('<meta http-equiv="refresh" content="0; url=/docs/intro">');
  });
});
