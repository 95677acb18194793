// The reader's choice to wrap long lines in code blocks: one choice for every block on every
// page, kept in localStorage and shown as `data-code-wrap` on <html>. The template's head
// script sets the attribute before first paint (frontend/index.html), so wrapped code does not
// jump when the page hydrates; CSS does the wrapping.

import * as storage from '../app/storage';

const ATTR = 'data-code-wrap';

export const codeWrapOn = () => document.documentElement.hasAttribute(ATTR);

function show(on: boolean): void {
  document.documentElement.toggleAttribute(ATTR, on);
  for (const b of document.querySelectorAll('.code-block__wrap')) b.setAttribute('aria-pressed', String(on));
}

export function setCodeWrap(on: boolean): void {
  if (on) storage.write(storage.keys.codeWrap, 'true');
  else storage.remove(storage.keys.codeWrap);
  show(on);
}

// Another tab changed the choice.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (e) => {
    if (e.key === storage.keys.codeWrap) show(e.newValue === 'true');
  });
}
