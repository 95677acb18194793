// The <head> of a page: rendered to a string at build time, and kept current in the browser
// after a client-side navigation.

import type {Head, PageData, SiteData} from '../schema';
import {withBase} from './base';
import {applySocialHead, socialTags} from './socialHead';

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The head tags of a page, as HTML (server side). */
export function headTags(site: SiteData, data: PageData): string {
  const h = data.head;
  const tags = [
    `<title>${esc(h.title)}</title>`,
    `<meta name="description" content="${esc(h.description)}">`,
    h.canonical ? `<link rel="canonical" href="${esc(h.canonical)}">` : '',
    `<meta property="og:title" content="${esc(h.title)}">`,
    `<meta property="og:description" content="${esc(h.description)}">`,
    `<meta property="og:type" content="${esc(h.ogType)}">`,
    h.canonical ? `<meta property="og:url" content="${esc(h.canonical)}">` : '',
    `<meta property="og:site_name" content="${esc(site.title)}">`,
    `<meta property="og:locale" content="zh_CN">`,
    ...socialTags(h),
    h.noindex ? `<meta name="robots" content="noindex">` : '',
    `<meta name="theme-color" content="#ffffff" media="(prefers-color-scheme: light)">`,
    `<meta name="theme-color" content="#1b1d21" media="(prefers-color-scheme: dark)">`,
    `<link rel="icon" href="${esc(withBase(site.favicon))}"${site.favicon.endsWith('.svg') ? ' type="image/svg+xml"' : ''}>`,
    `<link rel="alternate" type="application/rss+xml" href="${esc(withBase('blog/rss.xml'))}" title="${esc(site.title)} RSS">`,
    `<link rel="alternate" type="application/atom+xml" href="${esc(withBase('blog/atom.xml'))}" title="${esc(site.title)} Atom">`,
    data.page.kind === 'redirect' ? `<meta http-equiv="refresh" content="0; url=${esc(withBase(data.page.to))}">` : '',
    site.analytics ? `<script defer src="${esc(site.analytics.scriptUrl)}"></script>` : '',
  ];
  return tags.filter(Boolean).join('\n    ');
}

function setMeta(selector: string, attr: string, value: string | null): void {
  const el = document.head.querySelector(selector);
  if (el && value !== null) el.setAttribute(attr, value);
}

/** Updates the live <head> after a client-side navigation. */
export function applyHead(h: Head): void {
  document.title = h.title;
  setMeta('meta[name="description"]', 'content', h.description);
  setMeta('meta[property="og:title"]', 'content', h.title);
  setMeta('meta[property="og:description"]', 'content', h.description);
  setMeta('meta[property="og:type"]', 'content', h.ogType);
  if (h.canonical) {
    setMeta('link[rel="canonical"]', 'href', h.canonical);
    setMeta('meta[property="og:url"]', 'content', h.canonical);
  }
  applySocialHead(h);
}
