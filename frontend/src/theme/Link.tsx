import {type AnchorHTMLAttributes, type ReactNode, useEffect, useRef} from 'react';
import {isExternal, withBase} from '../app/base';
import {useRouter} from '../app/contexts';
import {t} from '../i18n';
import {Icon} from './Icons';

interface Props extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  /** A route (`/docs/x#y`) or an external URL. */
  to: string;
  children: ReactNode;
  /** External links open in a new tab with a marker (navbar, footer). */
  newTab?: boolean;
}

export function whenIdle(f: () => void): void {
  const ric = (window as Window & {requestIdleCallback?: (cb: () => void, o?: {timeout: number}) => number}).requestIdleCallback;
  if (ric) ric(f, {timeout: 2000});
  else setTimeout(f, 300);
}

let observer: IntersectionObserver | null = null;
const visibleCallbacks = new WeakMap<Element, () => void>();

/** Calls `onVisible` once when `el` comes into view; returns the way to stop watching. */
export function observeInView(el: Element, onVisible: () => void): () => void {
  if (typeof IntersectionObserver === 'undefined') return () => {};
  observer ??= new IntersectionObserver((entries) => {
    for (const e of entries) {
      if (e.isIntersecting) {
        visibleCallbacks.get(e.target)?.();
        observer?.unobserve(e.target);
      }
    }
  });
  visibleCallbacks.set(el, onVisible);
  observer.observe(el);
  return () => observer?.unobserve(el);
}

/**
 * A link. Internal links get the base URL, navigate client-side (through the router's
 * click handler) and prefetch their page when they come into view (on hover and focus:
 * app/useClientRouter.ts).
 */
export function Link({to, children, newTab, ...rest}: Props) {
  const {prefetch} = useRouter();
  const ref = useRef<HTMLAnchorElement>(null);
  const external = isExternal(to);
  const route = external ? null : to.split('#')[0].split('?')[0];

  useEffect(() => {
    if (!route || !ref.current) return;
    // Links in view are prefetched when the browser is idle, after what the page itself needs.
    return observeInView(ref.current, () => whenIdle(() => prefetch(route, false)));
  }, [route, prefetch]);

  if (external) {
    return newTab ? (
      <a href={to} target="_blank" rel="noopener noreferrer" {...rest}>
        {children}
        <Icon name="external" className="external-icon" />
        <span className="sr-only">{t.externalLink}</span>
      </a>
    ) : (
      <a href={to} {...rest}>
        {children}
      </a>
    );
  }
  return (
    <a ref={ref} href={withBase(to)} {...rest}>
      {children}
    </a>
  );
}
