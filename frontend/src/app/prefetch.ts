import {dataUrl} from './base';

const hinted = new Set<string>();

/** A link merely in view: the browser fetches the route's data at idle priority into its cache;
 * no code runs on the page for it. (Hover and focus load data and code: router.ts.) */
export function hintData(route: string): void {
  const href = dataUrl(route);
  if (hinted.has(href)) return;
  hinted.add(href);
  const link = document.createElement('link');
  link.rel = 'prefetch';
  link.href = href;
  document.head.appendChild(link);
}
