// The built site as files: every HTML page with its links, ids and head fields. Regular
// expressions are enough here: the pages are React's own, predictable output.
import fs from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {routes} from '../engine.mjs';

export const BUILD = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../build');

const decode = (s) =>
  s.replace(/&amp;/g, '&').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&#x27;|&#39;/g, "'");

/** Every page the engine says the site has: its route and its HTML file. */
export function builtPages() {
  return routes().map((r) => ({route: r.route, rel: r.html}));
}

/** Every HTML file in the build, for comparing with the route list. */
export function htmlFiles() {
  const out = [];
  const walk = (dir) => {
    for (const e of fs.readdirSync(dir, {withFileTypes: true})) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) {
        if (e.name !== 'pagefind' && e.name !== 'assets' && e.name !== 'page-data') walk(p);
      } else if (e.name.endsWith('.html')) out.push(path.relative(BUILD, p).split(path.sep).join('/'));
    }
  };
  walk(BUILD);
  return out.sort();
}

export function readPage({route, rel}) {
  const html = fs.readFileSync(path.join(BUILD, rel), 'utf8');
  // Only the rendered document, not the JSON data island.
  const body = html.replace(/<script id="__data"[\s\S]*?<\/script>/, '');
  const attr = (name) => [...body.matchAll(new RegExp(`\\s${name}="([^"]*)"`, 'g'))].map((m) => decode(m[1]));
  const head = body.slice(0, body.indexOf('</head>'));
  const meta = (key, value) => {
    const m = head.match(new RegExp(`<meta ${key}="${value}" content="([^"]*)"`));
    return m ? decode(m[1]) : null;
  };
  return {
    rel,
    route,
    html,
    hrefs: [...body.matchAll(/<a\s[^>]*?href="([^"]*)"/g)].map((m) => decode(m[1])),
    resources: [...attr('src'), ...[...head.matchAll(/<link [^>]*?href="([^"]*)"/g)].map((m) => decode(m[1]))],
    ids: new Set(attr('id')),
    title: (head.match(/<title>([^<]*)<\/title>/) || [])[1],
    description: meta('name', 'description'),
    canonical: (head.match(/<link rel="canonical" href="([^"]*)"/) || [])[1],
    ogTitle: meta('property', 'og:title'),
    ogDescription: meta('property', 'og:description'),
    lang: (html.match(/<html[^>]*\slang="([^"]*)"/) || [])[1],
  };
}
