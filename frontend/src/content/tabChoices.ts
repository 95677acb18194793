// Tab choices by groupId: shared by every tab group on the page, remembered across pages
// and visits in local storage (key prefix `tabs.`).

import * as storage from '../app/storage';

const choices = new Map<string, string>();

/** The value last chosen in a group of `groupId`, in this visit or an earlier one. */
export function storedChoice(groupId: string): string | undefined {
  if (!choices.has(groupId)) {
    const v = storage.read(storage.keys.tabGroup(groupId));
    if (v != null) choices.set(groupId, v);
  }
  return choices.get(groupId);
}

export function choose(groupId: string, value: string): void {
  choices.set(groupId, value);
  storage.write(storage.keys.tabGroup(groupId), value);
}
