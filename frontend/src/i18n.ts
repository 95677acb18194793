// Every word a reader sees lives in one table, `i18n/zh-hans.json` (the engine reads the same
// file for the titles and descriptions of the pages it generates). This module gives the theme
// typed access to it. The strings the specification quotes verbatim ("Search", "See all N
// results", "This page crashed.", "Try again", "Retry") are kept exactly as written there.
//
// `t` (the words) and `tf` (the words with placeholders, filled in) are namespaces: the bundler
// keeps only the words some chunk uses.

import * as tf from './i18n/formats';
import * as t from './i18n/zh-hans.json';

export {t, tf};
export const dateFormat = new Intl.DateTimeFormat('zh-Hans', {year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC'});

/** `2022-10-11` → `2022年10月11日`. */
export function formatDate(iso: string): string {
  return dateFormat.format(new Date(`${iso}T00:00:00Z`));
}
