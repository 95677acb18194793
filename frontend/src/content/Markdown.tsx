import {memo, useEffect, useRef, useState} from 'react';
import {isExternal, routeOf} from '../app/base';
import {useRouter} from '../app/contexts';
import {pageCode} from '../app/pageCode';
import {useBrowserLayoutEffect} from '../app/useScrollRestoration';
import type {Block} from '../schema';
import {observeInView, whenIdle} from '../theme/Link';
import {onArticleClick, onArticleKeyDown, prepareArticle} from './articleEvents';

// Hydration keeps an element's server HTML as it is when React is told to set it from a string;
// the empty string is never written (React writes it only when it changes).
const SERVER_HTML = {__html: ''};

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
  const [Render] = useState(() => pageCode.renderer.get('blocks'));
  useBrowserLayoutEffect(() => {
    if (ref.current) prepareArticle(ref.current);
  }, []);
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
    const route = Render ? null : linkRoute(e.target);
    if (route) prefetch(route, true);
  };
  const events = {onClick: onArticleClick, onKeyDown: onArticleKeyDown, onMouseOver: onIntent, onFocus: onIntent};
  return Render ? (
    <div ref={ref} className="markdown" {...events}>
      <Render blocks={blocks} />
    </div>
  ) : (
    // biome-ignore lint/security/noDangerouslySetInnerHtml: an empty constant; it keeps the server's HTML
    <div ref={ref} className="markdown" {...events} dangerouslySetInnerHTML={SERVER_HTML} suppressHydrationWarning />
  );
});
