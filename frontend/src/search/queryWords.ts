// Words a reader adds to a Chinese question that say nothing about its topic ("怎么重置原子").
// Pagefind finds only the pages that hold every word of a query, so these are left out of
// it (the query stays as typed when nothing else is left).
const FILLER_WORDS = new Set(['怎么', '怎样', '怎么样', '如何', '请问', '吗', '呢', '吧', '啊', '的', '了']);

export function withoutFillerWords(query: string): string {
  if (typeof Intl === 'undefined' || !('Segmenter' in Intl)) return query;
  const segments = new Intl.Segmenter('zh', {granularity: 'word'}).segment(query);
  const kept = [...segments].filter((s) => !(s.isWordLike && FILLER_WORDS.has(s.segment))).map((s) => s.segment);
  const rest = kept.join('');
  return rest.trim() ? rest : query;
}
