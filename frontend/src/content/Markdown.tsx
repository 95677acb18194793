import {memo, useEffect, useRef, useState} from 'react';
import {isExternal, routeOf} from '../app/base';
import {useRouter} from '../app/contexts';
import {pageCode} from '../app/pageCode';
import {useBrowserLayoutEffect} from '../app/useScrollRestoration';
import type {Block} from '../schema';
import {observeInView, whenIdle} from '../theme/Link';
import type * as ArticleEvents from './articleEvents';
import {prepareArticle} from './articleState';

// Hydration keeps an element's server HTML as it is when React is told to set it from a string;
// the empty string is never written (React writes it only when it changes).
const SERVER_HTML = {__html: ''};

// The handlers of what a reader does in an article: loaded when a pointer, a touch or the focus
// enters one, which comes before any click or key there.
let events: typeof ArticleEvents | null = null;
let loading: Promise<typeof ArticleEvents> | null = null;
function loadEvents(): Promise<typeof ArticleEvents> {
  loading ??= import('./articleEvents').then(
    (m) => (events = m),
    (e: unknown) => {
      loading = null;
      throw e;
    },
  );
  return loading;
}

/** Runs a handler now when its code is here (it may then prevent the default), else once loaded. */
function handle<E>(e: E, run: (m: typeof ArticleEvents, e: E, late: boolean) => void): void {
  if (events) run(events, e, false);
  else
    loadEvents().then(
      (m) => run(m, e, true),
      () => {},
    );
}

/** The route of a same-site link in an article, or null. */
function linkRoute(target: EventTarget | null): string | null {
  const href = (target as Element | null)?.closest?.('a')?.getAttribute('href');
  if (!href || href.startsWith('#') || isExternal(href)) return null;
  return routeOf(new URL(href, window.location.href).pathname);
}

/**
 * An article's Markdown. On a first load the article renderer is not in the browser (it is not
 * in the first-load bundle): the server's HTML stays as it is, and its links prefetch as the
 * renderer's links do. After a client-side navigation the renderer draws it. Either way the
 * same handlers make its buttons work (articleEvents.ts).
 */
export const Markdown = memo(function Markdown({blocks}: {blocks: Block[]}) {
  const ref = useRef<HTMLDivElement>(null);
  const {prefetch} = useRouter();
  // Decided when the article mounts: it keeps its first form until the next page replaces it.
  const [Render, setRender] = useState(() => pageCode.renderer.get('blocks'));
  useBrowserLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    // React drew the page afresh instead of hydrating it (after a hydration error): there is no
    // server HTML to keep, so the renderer draws the article.
    if (!Render && !el.firstChild && blocks.length > 0) {
      pageCode.renderer.load('blocks').then(
        (R) => setRender(() => R),
        () => {},
      );
      return;
    }
    prepareArticle(el);
  }, [Render]);
  useEffect(() => {
    if (Render || !ref.current) return;
    const stops = [...ref.current.querySelectorAll('a')].map((a) => {
      const route = linkRoute(a);
      return route ? observeInView(a, () => whenIdle(() => prefetch(route, false))) : () => {};
    });
    return () => {
      for (const stop of stops) stop();
    };
  }, [Render, prefetch]);
  const onIntent = (e: {target: EventTarget | null}) => {
    loadEvents().catch(() => {});
    const route = Render ? null : linkRoute(e.target);
    if (route) prefetch(route, true);
  };
  const handlers = {
    onClick: (e: React.MouseEvent) => handle(e, (m, ev, late) => m.onArticleClick(ev, late)),
    onKeyDown: (e: React.KeyboardEvent) => handle(e, (m, ev) => m.onArticleKeyDown(ev)),
    onMouseOver: onIntent,
    onFocus: onIntent,
    onTouchStart: onIntent,
  };
  return Render ? (
    <div ref={ref} className="markdown" {...handlers}>
      <Render blocks={blocks} />
    </div>
  ) : (
    // biome-ignore lint/security/noDangerouslySetInnerHtml: an empty constant; it keeps the server's HTML
    <div ref={ref} className="markdown" {...handlers} dangerouslySetInnerHTML={SERVER_HTML} suppressHydrationWarning />
  );
});
