// Every word a reader sees lives in one table, `i18n/zh-hans.json` (the engine reads the same
// file for the titles and descriptions of the pages it generates). This module gives the theme
// typed access to it. The strings the specification quotes verbatim ("Search", "See all N
// results", "This page crashed.", "Try again", "Retry") are kept exactly as written there.
//
// `t` is the table as a namespace: each chunk carries only the words it uses (with the Vite
// plugin scripts/wordPerModule.mjs, the first-load bundle only those of the first page). Words
// with `{placeholders}` go through `fill`: `fill(t.pageOf, {page, total})`.

import * as t from './i18n/zh-hans.json';

export {t};

/** `template` with each `{name}` replaced by `values[name]`. */
export function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}
export const dateFormat = new Intl.DateTimeFormat('zh-Hans', {year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC'});

/** Dates formatted so far: a site has few (the same ones recur on page after page), and
 * `Intl` formatting each again was about 2 % of the prerender's CPU. */
const formatted = new Map<string, string>();

/** `2022-10-11` → `2022年10月11日`. */
export function formatDate(iso: string): string {
  let text = formatted.get(iso);
  if (text === undefined) {
    text = dateFormat.format(new Date(`${iso}T00:00:00Z`));
    formatted.set(iso, text);
  }
  return text;
}
