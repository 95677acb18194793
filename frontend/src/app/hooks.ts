import {useEffect, useRef, useState} from 'react';

/** Whether a media query matches; false on the server. */
export function useMediaQuery(query: string): boolean {
  const [matches, setMatches] = useState(false);
  useEffect(() => {
    const mql = window.matchMedia(query);
    const update = () => setMatches(mql.matches);
    update();
    mql.addEventListener('change', update);
    return () => mql.removeEventListener('change', update);
  }, [query]);
  return matches;
}

// The mobile/desktop breakpoint (SPEC §9): 996 px and below is "narrow".
export const NARROW_QUERY = '(max-width: 996px)';

/** Calls `fn` at most once per animation frame (about 16 ms), with the latest arguments. */
export function rafThrottle<A extends unknown[]>(fn: (...args: A) => void): ((...args: A) => void) & {cancel(): void} {
  let frame = 0;
  let last: A;
  const throttled = (...args: A) => {
    last = args;
    if (!frame) {
      frame = requestAnimationFrame(() => {
        frame = 0;
        fn(...last);
      });
    }
  };
  throttled.cancel = () => {
    if (frame) cancelAnimationFrame(frame);
    frame = 0;
  };
  return throttled;
}

/** Runs `handler` on Escape while `active`. */
export function useEscape(active: boolean, handler: () => void): void {
  const ref = useRef(handler);
  ref.current = handler;
  useEffect(() => {
    if (!active) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') ref.current();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [active]);
}

/** Runs `handler` on a pointer press outside `ref` while `active`. */
export function useOutsideClick(ref: React.RefObject<HTMLElement | null>, active: boolean, handler: () => void): void {
  const cb = useRef(handler);
  cb.current = handler;
  useEffect(() => {
    if (!active) return;
    const onDown = (e: MouseEvent | TouchEvent) => {
      if (ref.current && !ref.current.contains(e.target as Node)) cb.current();
    };
    document.addEventListener('mousedown', onDown);
    document.addEventListener('touchstart', onDown);
    return () => {
      document.removeEventListener('mousedown', onDown);
      document.removeEventListener('touchstart', onDown);
    };
  }, [ref, active]);
}
