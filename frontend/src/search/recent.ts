import * as storage from '../app/storage';

const MAX = 5;

export function recentSearches(): string[] {
  try {
    const v = JSON.parse(storage.read(storage.keys.recentSearches) ?? '[]');
    return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string').slice(0, MAX) : [];
  } catch {
    return [];
  }
}

export function rememberSearch(query: string): void {
  const q = query.trim();
  if (!q) return;
  const list = [q, ...recentSearches().filter((x) => x !== q)].slice(0, MAX);
  storage.write(storage.keys.recentSearches, JSON.stringify(list));
}

export function forgetSearch(query: string): void {
  storage.write(storage.keys.recentSearches, JSON.stringify(recentSearches().filter((x) => x !== query)));
}
