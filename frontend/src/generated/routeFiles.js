// Generated from crates/schema/src/route_files.rs by `UPDATE_TYPES=1 cargo test -p site-schema`. Do not edit.
// How a route becomes files in the built site, and back.

/** `/` → `index`, `/docs/x` → `docs/x`. */
export function stem(route) {
  return route === '/' ? 'index' : route.replace(/^\//, '');
}

/** The prerendered HTML of a route: `/docs/x` → `docs/x.html`. */
export function htmlFile(route) {
  return `${stem(route)}.html`;
}

/** The page data of a route: `/docs/x` → `page-data/docs/x.json`. */
export function dataFile(route) {
  return `page-data/${stem(route)}.json`;
}

/** The page as Markdown, for tools and AI assistants: `/docs/x` → `docs/x.md`. */
export function markdownFile(route) {
  return `${stem(route)}.md`;
}

/** The route of an HTML file of the site, or null for any other file. */
export function routeOfHtmlFile(file) {
  const m = file.replace(/^\/+/, '').match(/^(.*)\.html$/);
  if (!m) return null;
  const s = m[1] === 'index' ? '' : m[1].replace(/\/index$/, '');
  return `/${s}`;
}
