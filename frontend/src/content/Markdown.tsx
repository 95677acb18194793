import {memo, useRef} from 'react';
import {useBrowserLayoutEffect} from '../app/useScrollRestoration';
import type {Block} from '../schema';
import type * as ArticleEvents from './articleEvents';
import {prepareArticle} from './articleState';
import {SERVER_HTML, useParts} from './Deferred';

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

/**
 * An article's Markdown. On a first load the article renderer is not in the browser (it is not
 * in the first-load bundle): the server's HTML stays as it is (content/Deferred.tsx). After a
 * client-side navigation the renderer draws it. Either way the same handlers make its buttons
 * work (articleEvents.ts).
 */
export const Markdown = memo(function Markdown({blocks}: {blocks: Block[]}) {
  const ref = useRef<HTMLDivElement>(null);
  const Render = useParts(ref, blocks)?.Blocks;
  useBrowserLayoutEffect(() => {
    if (ref.current?.firstChild) prepareArticle(ref.current);
  }, [Render]);
  const onIntent = () => void loadEvents().catch(() => {});
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
