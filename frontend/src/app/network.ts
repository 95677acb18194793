/** Whether the reader's connection asks to save data (save-data on, or a 2G effective type):
 * nothing is then fetched ahead of need (link prefetching, the rest of the search index). */
export function saveData(): boolean {
  if (typeof navigator === 'undefined') return false;
  const c = (navigator as Navigator & {connection?: {saveData?: boolean; effectiveType?: string}}).connection;
  return !!c && (c.saveData === true || /2g/.test(c.effectiveType ?? ''));
}
