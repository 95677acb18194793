// The client-side router: loading the next page (its data and code, a redirect followed), the
// history entries, Back and Forward, the progress bar of slow loads, the error state and its
// retry, and the new page's head. A chunk of its own: a first load hydrates without it, and the
// shell (useClientRouter.ts) loads it when the reader is about to go elsewhere.
import {routeOf, withBase} from './base';
import {applyHead} from './head';
import {pageCode} from './pageCode';
import {fetchPageData, LoadError, pageDataOrNotFound, primePageData} from './pages';
import {type Current, type How, PROGRESS_DELAY_MS, type Shell, type Status} from './routing';
import {rememberScroll, scrollToHash} from './scroll';

/** A route's data, with the page's code (its layout, embedded components, renderer) loaded. */
async function load(route: string, fresh = false) {
  const data = await pageDataOrNotFound(route, fresh);
  await pageCode.load(data);
  return data;
}

/** The page at `url`; a redirect page is followed, and its target replaces the history entry. */
async function loadFollowingRedirect(url: URL, route: string, how: How, fresh: boolean) {
  const data = await load(route, fresh);
  if (data.page.kind !== 'redirect') return {data, url, how};
  return {data: await load(data.page.to, fresh), url: new URL(withBase(data.page.to), url), how: {...how, replace: true}};
}

function pushEntry(url: URL, how: How): void {
  if (!how.push) return;
  const state = {top: 0};
  if (how.replace) history.replaceState(state, '', url.href);
  else history.pushState(state, '', url.href);
}

const scrollTarget = (url: URL, how: How): Current['scroll'] =>
  how.restoreTop !== undefined ? {top: how.restoreTop} : url.hash ? {hash: url.hash} : {top: 0};

const failed = (e: unknown, href: string, attempts: number): Status => ({
  kind: 'error',
  message: e instanceof LoadError || e instanceof Error ? e.message : String(e),
  href,
  attempts,
});

type Go = (url: URL, how: How) => Promise<void>;

/** Shows `url` (a same-site URL): loads its page, then the shell shows it. */
function goFor(shell: Shell): Go {
  let navId = 0;
  // The failures in a row of the last page that failed: kept here, not read from the status,
  // which every attempt sets to 'loading' before it can fail again.
  let failures = {href: '', count: 0};
  return async (url, how) => {
    const route = routeOf(url.pathname);
    if (route === null) return window.location.assign(url.href);
    const id = ++navId;
    const timer = window.setTimeout(() => id === navId && shell.setShowProgress(true), PROGRESS_DELAY_MS);
    shell.setStatus({kind: 'loading'});
    try {
      const page = await loadFollowingRedirect(url, route, how, !!shell.site.dev);
      if (id !== navId) return; // A newer navigation won.
      pushEntry(page.url, page.how);
      shell.setCurrent({data: page.data, search: page.url.search, scroll: scrollTarget(page.url, page.how)});
      applyHead(page.data.head);
      shell.setStatus({kind: 'idle'});
      failures = {href: '', count: 0};
    } catch (e) {
      if (id !== navId) return;
      failures = {href: url.href, count: failures.href === url.href ? failures.count + 1 : 1};
      shell.setStatus(failed(e, url.href, failures.count));
    } finally {
      window.clearTimeout(timer);
      if (id === navId) shell.setShowProgress(false);
    }
  };
}

/** `navigate(href)`: another site leaves, a link within the page scrolls, anything else loads. */
function navigate(go: Go, href: string, options?: {replace?: boolean}): void {
  const url = new URL(href, window.location.href);
  if (url.origin !== window.location.origin) {
    window.location.assign(url.href);
    return;
  }
  // Remember where the reader was on the page they leave.
  rememberScroll();
  const here = new URL(window.location.href);
  if (url.pathname === here.pathname && url.search === here.search && url.hash) {
    history.pushState({top: 0}, '', url.href);
    scrollToHash(url.hash);
    return;
  }
  void go(url, {push: true, replace: options?.replace});
}

/** Back and Forward show the entry's page at the offset the reader left it. */
function showEntry(shell: Shell, go: Go, url: URL, state: {top?: unknown} | null): void {
  const top = typeof state?.top === 'number' ? state.top : undefined;
  const shown = shell.current();
  // Another entry of the page on screen (an anchor): only the scroll offset changes. An entry
  // without one is a new anchor the browser is already scrolling to (a second scroll would
  // disturb its glide).
  if (routeOf(url.pathname) === shown.data.route && url.search === shown.search) {
    if (top !== undefined) window.scrollTo({top, behavior: 'instant'});
    return;
  }
  void go(url, {push: false, restoreTop: top});
}

/** Hover or focus: the reader is about to go there; have the data and the code ready. */
function prefetch(route: string): void {
  fetchPageData(route)
    .then((d) => d && pageCode.load(d))
    .catch(() => {
      // A prefetch that fails is retried by the real navigation.
    });
}

/** The error view's "Try again". */
function retry(shell: Shell, go: Go): void {
  const status = shell.status();
  if (status.kind !== 'error') return;
  // A code chunk that failed once may stay failed in the browser's module map: the second
  // retry loads the page in full, which always starts clean.
  if (status.attempts > 1) window.location.assign(status.href);
  else void go(new URL(status.href), {push: status.href !== window.location.href});
}

export type Router = ReturnType<typeof createRouter>;

export function createRouter(shell: Shell) {
  // The first page's data, kept for a later visit.
  primePageData(shell.current().data);
  const go = goFor(shell);
  return {
    go,
    navigate: (href: string, options?: {replace?: boolean}) => navigate(go, href, options),
    showEntry: (url: URL, state: {top?: unknown} | null) => showEntry(shell, go, url, state),
    prefetch,
    /** After a crash: fetch this page's data afresh, then render again. */
    reloadCurrent: async () => {
      const data = await load(shell.current().data.route, true);
      shell.setCurrent((c) => ({...c, data, scroll: null}));
    },
    retry: () => retry(shell, go),
  };
}
