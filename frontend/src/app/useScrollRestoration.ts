import {useEffect, useLayoutEffect} from 'react';
import type {Current} from './routing';
import {rememberScroll, scrollToHash} from './scroll';

// Layout effects run only in the browser; on the server the plain effect (a no-op) avoids a warning.
export const useBrowserLayoutEffect = typeof window === 'undefined' ? useEffect : useLayoutEffect;

/** The app, not the browser, restores scroll positions: each history entry keeps its offset as
 * the reader scrolls, and a page shown scrolls to its `#hash`, its saved offset or the top. */
export function useScrollRestoration(current: Current): void {
  useEffect(() => {
    history.scrollRestoration = 'manual';
    let timer = 0;
    const onScroll = () => {
      window.clearTimeout(timer);
      timer = window.setTimeout(rememberScroll, 100);
    };
    window.addEventListener('scroll', onScroll, {passive: true});
    return () => window.removeEventListener('scroll', onScroll);
  }, []);

  useBrowserLayoutEffect(() => {
    const s = current.scroll;
    if (!s) return;
    const jump = () => {
      if ('hash' in s) {
        if (!scrollToHash(s.hash, 'instant')) window.scrollTo({top: 0, behavior: 'instant'});
      } else {
        window.scrollTo({top: s.top, behavior: 'instant'});
      }
    };
    jump();
    // A glide still under way when the page changed (the smooth scroll of an in-page link) moves
    // the page once more after the jump in Chromium 148 (it landed 30 px off the top): jump
    // again on the next frame when it did.
    const landed = window.scrollY;
    const frame = requestAnimationFrame(() => window.scrollY !== landed && jump());
    return () => cancelAnimationFrame(frame);
  }, [current]);
}
