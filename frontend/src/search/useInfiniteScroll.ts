import {type RefObject, useEffect} from 'react';

/** Calls `loadMore` when `sentinel` comes within 400 px of the viewport while `more` is true;
 * `version` (the results shown) re-arms it after each load. */
export function useInfiniteScroll(sentinel: RefObject<HTMLElement>, more: boolean, version: unknown, loadMore: () => void): void {
  // biome-ignore lint/correctness/useExhaustiveDependencies: `version` re-arms the observer
  useEffect(() => {
    const el = sentinel.current;
    if (!el || !more) return;
    const io = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && loadMore(), {rootMargin: '400px'});
    io.observe(el);
    return () => io.disconnect();
  }, [sentinel, more, version, loadMore]);
}
