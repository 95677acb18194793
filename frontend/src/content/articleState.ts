// The state an article shows from the reader's earlier choices (stored tab choices, line
// wrapping), set once it is on screen; the handlers of what the reader does next are in
// articleEvents.ts, loaded when they are about to be needed.
import {codeWrapOn} from './codeWrap';
import {storedChoice} from './tabChoices';

/** Shows tab `index` of a tab group (its element with class `tabs`). */
export function showTab(group: Element, index: number): void {
  const tabs = [...group.querySelectorAll<HTMLElement>(':scope > [role="tablist"] > [role="tab"]')];
  const panels = [...group.querySelectorAll<HTMLElement>(':scope > [role="tabpanel"]')];
  tabs.forEach((tab, i) => {
    const on = i === index;
    tab.setAttribute('aria-selected', String(on));
    tab.tabIndex = on ? 0 : -1;
    tab.classList.toggle('tabs__tab--active', on);
    panels[i]?.toggleAttribute('hidden', !on);
  });
}

/** Shows the tab of `value` in `group`, when it has one. */
export function showValue(group: HTMLElement, value: string): void {
  const tabs = [...group.querySelectorAll<HTMLElement>(':scope > [role="tablist"] > [role="tab"]')];
  const index = tabs.findIndex((tab) => tab.dataset.value === value);
  if (index >= 0) showTab(group, index);
}

/** Once an article is on screen: the reader's stored tab choices and line-wrap state. */
export function prepareArticle(root: HTMLElement): void {
  for (const group of root.querySelectorAll<HTMLElement>('.tabs[data-group]')) {
    const value = storedChoice(group.dataset.group as string);
    if (value !== undefined) showValue(group, value);
  }
  const wrap = String(codeWrapOn());
  for (const b of root.querySelectorAll('.code-block__wrap')) b.setAttribute('aria-pressed', wrap);
}
