// The server-render entry, imported by scripts/prerender.mjs at build time only: a page's data
// in, its complete HTML document out.
import {renderToString} from 'react-dom/server';
import {App} from './app/App';
import {dataUrl, setBaseUrl} from './app/base';
import {loadDevTools} from './app/devTools';
import {headTags} from './app/head';
import {chunkSources, pageCode} from './app/pageCode';
import {makeReused} from './app/reused';
import type {PageData, SiteData} from './schema';

/** Vite's client manifest (`dist/client/.vite/manifest.json`). */
export type Manifest = Record<string, {file: string; imports?: string[]; isEntry?: boolean}>;

/** The HTML template of the client bundle and its manifest. */
export interface Shell {
  template: string;
  manifest: Manifest;
}

/** Loads the code `page` renders with (its layout, its components, the article renderer; the
 * dev tools on `dev` pages), each chunk once per process. Only what the page needs: Recoil alone
 * (the demos' chunks) took a quarter of the time a one-page rebuild waited for Node. */
export async function prepare(site: SiteData, page: PageData): Promise<void> {
  await Promise.all([pageCode.load(page), site.dev && loadDevTools()]);
}

const attr = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
const json = (v: unknown) =>
  JSON.stringify(v)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

/** `json({site, data})`, the site's part written once per process: it is the same on every page. */
const siteJson = new WeakMap<SiteData, string>();
function pageJson(site: SiteData, data: string): string {
  let head = siteJson.get(site);
  if (head === undefined) {
    head = json(site);
    siteJson.set(site, head);
  }
  return `{"site":${head},"data":${json(data)}}`;
}

/** Where a page goes into the template, in the template's order. */
const SLOTS = ['<html lang="zh-hans" data-theme="light">', '<!--app-head-->', '<!--app-html-->', '<!--app-data-->'];

/** The template cut at its slots, once per template: replacing the slots one after another
 * copied the whole page (tens of kilobytes) and searched it again for each slot. */
const cuts = new Map<string, string[]>();
function templateParts(template: string): string[] {
  let parts = cuts.get(template);
  if (!parts) {
    parts = [];
    let rest = template;
    for (const slot of SLOTS) {
      const at = rest.indexOf(slot);
      if (at < 0) throw new Error(`the page template (index.html) has no ${slot}`);
      parts.push(rest.slice(0, at));
      rest = rest.slice(at + slot.length);
    }
    parts.push(rest);
    cuts.set(template, parts);
  }
  return parts;
}

/** The files a lazy chunk needs (itself and its static imports), minus what the entry has. */
function chunkFiles(manifest: Manifest, key: string, seen = new Set<string>()): string[] {
  const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry);
  const entryImports = new Set(entryKey ? (manifest[entryKey].imports ?? []) : []);
  const m = manifest[key];
  if (!m || seen.has(key) || entryImports.has(key) || key === entryKey) return [];
  seen.add(key);
  return [m.file, ...(m.imports ?? []).flatMap((k) => chunkFiles(manifest, k, seen))];
}

/** `<link rel="modulepreload">` for the page's lazy chunks: the browser fetches them alongside
 * the main bundle instead of after it. */
function preloads(site: SiteData, page: PageData, manifest: Manifest): string[] {
  const files = new Set(chunkSources(page).flatMap((source) => chunkFiles(manifest, source)));
  return [...files].map((f) => `<link rel="modulepreload" href="${site.baseUrl}${f}">`);
}

function htmlAttributes(site: SiteData): string {
  const a = site.announcement;
  return [
    `lang="${attr(site.locale)}"`,
    `data-theme="${site.colorMode.defaultMode}"`,
    site.colorMode.respectPrefersColorScheme ? 'data-theme-os' : '',
    // A closeable bar's id, so the head script can hide a dismissed bar before first paint.
    a?.isCloseable ? `data-announcement="${attr(a.id)}"` : '',
  ]
    .filter(Boolean)
    .join(' ');
}

export function renderDocument(site: SiteData, page: PageData, shell: Shell): string {
  setBaseUrl(site.baseUrl);
  const html = renderToString(<App site={site} initial={page} />);
  makeReused(renderToString);
  // The page's data is not inlined (it would double every page): the browser fetches it
  // alongside the code, and the same file serves later client-side navigation. Its preload and
  // the page's chunks wait in an inert <template> until the entry starts, after first paint
  // (scripts/entryAfterPaint.mjs), so they do not share the link with the HTML and CSS.
  const data = dataUrl(page.route);
  const later = [`<link rel="preload" href="${attr(data)}" as="fetch" crossorigin>`, ...preloads(site, page, shell.manifest)];
  const [beforeHtml, beforeHead, beforeApp, beforeData, rest] = templateParts(shell.template);
  return (
    `${beforeHtml}<html ${htmlAttributes(site)}>${beforeHead}${headTags(site, page)}${beforeApp}${html}${beforeData}` +
    `<script id="__data" type="application/json">${pageJson(site, data)}</script>\n    ` +
    `<template id="__later">${later.join('')}</template>${rest}`
  );
}
