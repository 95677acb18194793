// What a reader does inside an article — copy code, wrap lines, switch tabs, open a collapsible
// section — handled by the article's root element for everything under it. An article hydrated
// from the server's HTML has no React component inside it (its renderer is not in the first-load
// bundle), and one rendered on the client has the same markup: one implementation for both.
// A chunk of its own: it loads when a pointer or focus enters an article (content/Markdown.tsx).

import {t} from '../i18n';
import {showTab, showValue} from './articleState';
import {COPIED_MS, copyToClipboard} from './clipboard';
import {codeWrapOn, setCodeWrap} from './codeWrap';
import {choose} from './tabChoices';

/** The code a copy button copies: its block's text as rendered, without the last line's newline. */
export function codeTextOf(rendered: string): string {
  return rendered.endsWith('\n') ? rendered.slice(0, -1) : rendered;
}

const copyTimers = new WeakMap<Element, number>();

function showCopied(button: HTMLElement, copied: boolean): void {
  button.classList.toggle('code-block__copy--copied', copied);
  button.setAttribute('aria-label', copied ? t.copiedCode : t.copyCode);
  const label = button.querySelector('.code-block__copy-label');
  if (label) label.textContent = copied ? t.copied : t.copy;
  const live = button.closest('.code-block__body')?.querySelector('[aria-live]');
  if (live) live.textContent = copied ? t.copiedCode : '';
}

async function copyCode(button: HTMLElement): Promise<void> {
  const code = button.closest('.code-block')?.querySelector('pre code');
  if (!code) return;
  await copyToClipboard(codeTextOf(code.textContent ?? ''));
  showCopied(button, true);
  window.clearTimeout(copyTimers.get(button));
  copyTimers.set(
    button,
    window.setTimeout(() => showCopied(button, false), COPIED_MS),
  );
}

function tabsOf(tab: Element): HTMLElement[] {
  return [...(tab.closest('[role="tablist"]')?.querySelectorAll<HTMLElement>('[role="tab"]') ?? [])];
}

/** Shows `value` in every group of `groupId` on the page. */
function showGroupChoice(groupId: string, value: string): void {
  for (const group of document.querySelectorAll<HTMLElement>('.tabs[data-group]')) {
    if (group.dataset.group === groupId) showValue(group, value);
  }
}

function selectTab(tab: HTMLElement): void {
  const group = tab.closest('.tabs');
  if (!group) return;
  const groupId = (group as HTMLElement).dataset.group;
  const value = tab.dataset.value;
  if (groupId && value !== undefined) {
    choose(groupId, value);
    showGroupChoice(groupId, value);
  } else showTab(group, tabsOf(tab).indexOf(tab));
}

const reducedMotion = () => window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/** Opens or closes a collapsible section with a short animation (native toggling without one). */
function toggleDetails(e: Event, details: HTMLDetailsElement): void {
  const body = details.querySelector<HTMLElement>(':scope > .details__content');
  if (!body || reducedMotion() || typeof body.animate !== 'function') return;
  e.preventDefault();
  const frames = [
    {height: '0px', opacity: 0},
    {height: `${body.scrollHeight}px`, opacity: 1},
  ];
  if (details.open) {
    body.animate(frames.reverse(), {duration: 200, easing: 'ease-in-out'}).onfinish = () => (details.open = false);
  } else {
    details.open = true;
    body.animate(frames, {duration: 200, easing: 'ease-in-out'});
  }
}

/** A click anywhere in an article; `late` when this code loaded after it (the browser has then
 * already opened or closed a <details>). */
export function onArticleClick(e: {target: EventTarget | null; preventDefault(): void}, late = false): void {
  const target = e.target as Element | null;
  const button = target?.closest?.<HTMLElement>('button, summary');
  if (!button) return;
  if (button.classList.contains('code-block__copy')) void copyCode(button);
  else if (button.classList.contains('code-block__wrap')) setCodeWrap(!codeWrapOn());
  else if (button.getAttribute('role') === 'tab') selectTab(button);
  else if (!late && button.tagName === 'SUMMARY' && button.parentElement?.classList.contains('details'))
    toggleDetails(e as Event, button.parentElement as HTMLDetailsElement);
}

const KEY_STEPS: Record<string, (i: number, n: number) => number> = {
  ArrowRight: (i, n) => (i + 1) % n,
  ArrowLeft: (i, n) => (i - 1 + n) % n,
  Home: () => 0,
  End: (_, n) => n - 1,
};

/** Arrow keys, Home and End move between the tabs of a group. */
export function onArticleKeyDown(e: {target: EventTarget | null; key: string; preventDefault(): void}): void {
  const tab = e.target as HTMLElement | null;
  const step = KEY_STEPS[e.key];
  if (!step || tab?.getAttribute?.('role') !== 'tab') return;
  const tabs = tabsOf(tab);
  const next = tabs[step(tabs.indexOf(tab), tabs.length)];
  if (!next) return;
  e.preventDefault();
  selectTab(next);
  next.focus();
}
