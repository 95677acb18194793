import {createElement, type ElementType, type Ref, useEffect, useRef, useState} from 'react';
import {useRouter} from '../app/contexts';
import {linkRouteOf} from '../app/links';
import {pageCode} from '../app/pageCode';
import {useBrowserLayoutEffect} from '../app/useScrollRestoration';
import {observeInView, whenIdle} from '../theme/Link';
import type * as Parts from './parts';

// Hydration keeps an element's server HTML as it is when React is told to set it from a string;
// the empty string is never written (React writes it only when it changes).
export const SERVER_HTML = {__html: ''};

/**
 * The renderer's parts: here after a client-side navigation (or on the server), else undefined.
 * `source` is the data the part shows: when new data for it comes (a retry, a `dev` rebuild),
 * the renderer (loaded with that data) draws it. Until then, its links prefetch in view.
 */
export function useParts(ref: {current: HTMLElement | null}, source: unknown): typeof Parts | undefined {
  // Decided when the part mounts: it keeps its first form until a next page replaces it.
  const [parts, setParts] = useState(() => pageCode.renderer.get('parts'));
  const first = useRef(source);
  const {prefetch} = useRouter();
  useBrowserLayoutEffect(() => {
    // React drew the page afresh instead of hydrating it (after a hydration error): there is
    // no server HTML to keep, so the renderer draws it.
    if (!parts && !ref.current?.firstChild) {
      pageCode.renderer.load('parts').then(
        (p) => setParts(() => p),
        () => {},
      );
    }
  }, [parts]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: ref is the caller's useRef, stable
  useEffect(() => {
    if (parts || !ref.current) return;
    const stops = [...ref.current.querySelectorAll('a')].map((a) => {
      const route = linkRouteOf(a);
      return route ? observeInView(a, () => whenIdle(() => prefetch(route, false))) : () => {};
    });
    return () => {
      for (const stop of stops) stop();
    };
  }, [parts, prefetch]);
  return parts ?? (source !== first.current ? pageCode.renderer.get('parts') : undefined);
}

type PartName = 'Breadcrumbs' | 'DocFooter' | 'Paginator' | 'Footer';
type PropsOf<N extends PartName> = Parameters<(typeof Parts)[N]> extends [infer P] ? P : Record<string, never>;

interface Props<N extends PartName> {
  part: N;
  props: PropsOf<N>;
  /** The data it shows (a new value is drawn by the renderer). */
  source: unknown;
  /** The part's outer element, as its component renders it. */
  tag: ElementType;
  className: string;
}

/** A part of the page that only shows: the server's HTML on a first load, drawn by the
 * renderer's chunk after a client-side navigation. */
export function Deferred<N extends PartName>({part, props, source, tag, className}: Props<N>) {
  const ref = useRef<HTMLElement>(null);
  const parts = useParts(ref, source);
  if (parts) {
    const Part = parts[part] as React.ComponentType<Record<string, unknown>>;
    return <Part {...(props as Record<string, unknown>)} />;
  }
  return createElement(tag, {
    ref: ref as Ref<HTMLElement>,
    className,
    dangerouslySetInnerHTML: SERVER_HTML,
    suppressHydrationWarning: true,
  });
}
