// Tab choices by groupId: shared by every tab group on the page, remembered across pages
// and visits in local storage (key prefix `tabs.`).

import * as storage from '../app/storage';

const choices = new Map<string, string>();
const listeners = new Set<() => void>();
let loaded = false;

function loadStored(groupId: string): string | undefined {
  return storage.read(storage.keys.tabGroup(groupId)) ?? undefined;
}

export function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The chosen value of a group; on the server (and before hydration) nothing is chosen. */
export function choice(groupId: string): string | undefined {
  if (!loaded) return undefined;
  if (!choices.has(groupId)) {
    const v = loadStored(groupId);
    if (v !== undefined) choices.set(groupId, v);
  }
  return choices.get(groupId);
}

export function choose(groupId: string, value: string): void {
  choices.set(groupId, value);
  storage.write(storage.keys.tabGroup(groupId), value);
  for (const l of listeners) l();
}

/** Called once the page is hydrated: stored choices apply from now on. */
export function enableStoredChoices(): void {
  if (loaded) return;
  loaded = true;
  for (const l of listeners) l();
}
