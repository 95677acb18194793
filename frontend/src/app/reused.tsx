import {createElement, type ReactElement, type ReactNode, useContext} from 'react';
import type {SiteData} from '../schema';
import {RouterContext, SiteContext, ThemeContext} from './contexts';

// Site chrome that is the same on many pages (the footer everywhere, the navbar for each active
// item, a sidebar's categories without the current page) is rendered by the prerender once per
// process and reused. Left out altogether, the footer saved 6-8 % of the prerender's CPU on this
// site's pages, the navbar 8-10 %, the sidebar 6-9 %; reused, 10 % (5 % on the 10 000-page
// benchmark, whose every copy has sidebars of its own). The markup is what the children render
// (the golden HTML tests hold every page kind to it), so in the browser they hydrate as usual.
// What is inside must depend only on the site, the three app contexts and the key (a build's
// sidebar is the same on every page that shows it), and must not call `useId` (its ids follow
// the position in the tree, which a separate render does not share). A build starts its own
// prerender processes; `dev` keeps its processes across rebuilds, in which a sidebar can change
// under the same site data, so `dev` reuses nothing (a rebuild renders a few pages anyway).

/** Markup made so far, per site (a `dev` process sees the site change) and key. */
const made = new WeakMap<SiteData, Map<string, string>>();
/** Parts rendered inline on this page whose markup is still to be made: what to render alone. */
const pending = new Map<string, {site: SiteData; alone: ReactElement}>();

interface Props {
  /** What makes this part's markup differ from page to page (with the site). */
  reuseKey: string;
  /** The part's outer element and its attributes, as the part itself would render them. */
  tag: string;
  attrs: Record<string, unknown>;
  children: ReactNode;
}

/** `<tag {...attrs}>{children}</tag>`, on the server from markup made before for this key.
 * `import.meta.env.SSR` is a build-time constant: the browser's bundle has only the plain form. */
export const Reused = import.meta.env.SSR ? ReusedOnServer : Plain;

function Plain({tag, attrs, children}: Props) {
  return createElement(tag, attrs, children);
}

function ReusedOnServer({reuseKey, tag, attrs, children}: Props) {
  const site = useContext(SiteContext);
  const router = useContext(RouterContext);
  const theme = useContext(ThemeContext);
  if (!site || site.dev) return createElement(tag, attrs, children);
  const markup = made.get(site)?.get(reuseKey);
  if (markup !== undefined) return createElement(tag, {...attrs, dangerouslySetInnerHTML: {__html: markup}});
  const alone = (
    <SiteContext.Provider value={site}>
      <RouterContext.Provider value={router}>
        <ThemeContext.Provider value={theme}>{children}</ThemeContext.Provider>
      </RouterContext.Provider>
    </SiteContext.Provider>
  );
  pending.set(reuseKey, {site, alone});
  return createElement(tag, attrs, children);
}

/** After a page's render: makes the markup of the parts it rendered inline for the first time,
 * with the server renderer's `render` (the caller's, so this module needs no server code). */
export function makeReused(render: (element: ReactElement) => string): void {
  for (const [key, {site, alone}] of pending) {
    const bySite = made.get(site) ?? new Map<string, string>();
    made.set(site, bySite);
    bySite.set(key, render(alone));
  }
  pending.clear();
}
