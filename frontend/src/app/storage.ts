// Browser storage, in one place: every key the site writes, and reads that never throw
// (storage can be disabled, full, or unavailable during server rendering).

export const keys = {
  theme: 'theme',
  announcementDismissed: 'announcement.dismiss',
  announcementId: 'announcement.id',
  docsPreferredVersion: (pluginId: string) => `docs-preferred-version-${pluginId}`,
  tabGroup: (groupId: string) => `tabs.${groupId}`,
  recentSearches: 'search.recent',
  // Read before first paint by the template's head script too (frontend/index.html).
  codeWrap: 'code.wrap',
} as const;

export function read(key: string): string | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function write(key: string, value: string): void {
  try {
    localStorage.setItem(key, value);
  } catch {
    // Storage full or disabled: the choice lasts for this page only.
  }
}

export function remove(key: string): void {
  try {
    localStorage.removeItem(key);
  } catch {
    // As above.
  }
}
