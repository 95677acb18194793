// Every word a reader sees lives in one table, `i18n/zh-hans.json` (the engine reads the same
// file for the titles and descriptions of the pages it generates). This module gives the theme
// typed access to it. The strings the specification quotes verbatim ("Search", "See all N
// results", "This page crashed.", "Try again", "Retry") are kept exactly as written there.

import words from './i18n/zh-hans.json';

/** `template` with each `{name}` replaced by `values[name]`. */
export function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

export const t = {
  ...words,
  toggleCategory: (label: string) => fill(words.toggleCategory, {label}),
  versionUnreleased: (label: string) => fill(words.versionUnreleased, {label}),
  versionUnmaintained: (label: string) => fill(words.versionUnmaintained, {label}),
  taggedDocs: (n: number, tag: string) => fill(words.taggedDocs, {n, tag}),
  directLink: (text: string) => fill(words.directLink, {text}),
  readMoreAbout: (title: string) => fill(words.readMoreAbout, {title}),
  readingTime: (minutes: number) => fill(words.readingTime, {minutes}),
  postsTagged: (n: number, tag: string) => fill(words.postsTagged, {n, tag}),
  pageOf: (page: number, total: number) => fill(words.pageOf, {page, total}),
  postCount: (n: number) => fill(words.postCount, {n}),
  seeAllResults: (n: number) => fill(words.seeAllResults, {n}),
  noResults: (q: string) => fill(words.noResults, {q}),
  removeRecent: (q: string) => fill(words.removeRecent, {q}),
  resultCount: (n: number, q: string) => fill(words.resultCount, {n, q}),
  searchResultsFor: (q: string) => fill(words.searchResultsFor, {q}),
  baseUrlIssueDetail: (base: string) => fill(words.baseUrlIssueDetail, {base}),
  archiveYear: (year: string) => fill(words.archiveYear, {year}),
  footnoteRef: (n: number) => fill(words.footnoteRef, {n}),
  admonition: {
    note: words.admonitionNote,
    tip: words.admonitionTip,
    info: words.admonitionInfo,
    caution: words.admonitionCaution,
    danger: words.admonitionDanger,
  },
} as const;

export const dateFormat = new Intl.DateTimeFormat('zh-Hans', {year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC'});

/** `2022-10-11` → `2022年10月11日`. */
export function formatDate(iso: string): string {
  return dateFormat.format(new Date(`${iso}T00:00:00Z`));
}
