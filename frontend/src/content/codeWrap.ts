// The reader's choice to wrap long lines in code blocks: one choice for every block on every
// page, kept in localStorage and shown as `data-code-wrap` on <html>. The template's head
// script sets the attribute before first paint (frontend/index.html), so wrapped code does not
// jump when the page hydrates; CSS does the wrapping.

import {useSyncExternalStore} from 'react';
import * as storage from '../app/storage';

const ATTR = 'data-code-wrap';
const listeners = new Set<() => void>();

const isOn = () => document.documentElement.hasAttribute(ATTR);

function show(on: boolean): void {
  document.documentElement.toggleAttribute(ATTR, on);
  for (const l of listeners) l();
}

// Another tab changed the choice.
function onStorage(e: StorageEvent): void {
  if (e.key === storage.keys.codeWrap) show(e.newValue === 'true');
}

function subscribe(listener: () => void): () => void {
  if (listeners.size === 0) window.addEventListener('storage', onStorage);
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) window.removeEventListener('storage', onStorage);
  };
}

export function setCodeWrap(on: boolean): void {
  if (on) storage.write(storage.keys.codeWrap, 'true');
  else storage.remove(storage.keys.codeWrap);
  show(on);
}

/** Whether code blocks wrap long lines (false on the server and during hydration). */
export function useCodeWrap(): boolean {
  return useSyncExternalStore(subscribe, isOn, () => false);
}
