// The words of the table that have `{placeholders}`, as functions of their values.

import * as words from './zh-hans.json';

/** `template` with each `{name}` replaced by `values[name]`. */
export function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

export const toggleCategory = (label: string) => fill(words.toggleCategory, {label});
export const versionUnreleased = (label: string) => fill(words.versionUnreleased, {label});
export const versionUnmaintained = (label: string) => fill(words.versionUnmaintained, {label});
export const taggedDocs = (n: number, tag: string) => fill(words.taggedDocs, {n, tag});
export const directLink = (text: string) => fill(words.directLink, {text});
export const readMoreAbout = (title: string) => fill(words.readMoreAbout, {title});
export const readingTime = (minutes: number) => fill(words.readingTime, {minutes});
export const postsTagged = (n: number, tag: string) => fill(words.postsTagged, {n, tag});
export const pageOf = (page: number, total: number) => fill(words.pageOf, {page, total});
export const postCount = (n: number) => fill(words.postCount, {n});
export const seeAllResults = (n: number) => fill(words.seeAllResults, {n});
export const noResults = (q: string) => fill(words.noResults, {q});
export const removeRecent = (q: string) => fill(words.removeRecent, {q});
export const resultCount = (n: number, q: string) => fill(words.resultCount, {n, q});
export const searchResultsFor = (q: string) => fill(words.searchResultsFor, {q});
export const baseUrlIssueDetail = (base: string) => fill(words.baseUrlIssueDetail, {base});
export const archiveYear = (year: string) => fill(words.archiveYear, {year});
export const footnoteRef = (n: number) => fill(words.footnoteRef, {n});

export const admonition = {
  note: words.admonitionNote,
  tip: words.admonitionTip,
  info: words.admonitionInfo,
  caution: words.admonitionCaution,
  danger: words.admonitionDanger,
};
