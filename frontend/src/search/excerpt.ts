import type {Excerpt} from './types';

const entities: Record<string, string> = {amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", '#x27': "'", nbsp: ' '};

function decode(s: string): string {
  return s.replace(/&(#x?[0-9a-f]+|[a-z]+);/gi, (m, e: string) => {
    const lower = e.toLowerCase();
    if (lower in entities) return entities[lower];
    if (lower.startsWith('#x')) return String.fromCodePoint(parseInt(lower.slice(2), 16) || 0xfffd);
    if (lower.startsWith('#')) return String.fromCodePoint(parseInt(lower.slice(1), 10) || 0xfffd);
    return m;
  });
}

/**
 * Turns a backend's highlighted snippet (`text <mark>word</mark> text`, HTML-escaped) into
 * text runs. Any other markup in it is dropped, so nothing from an index becomes HTML.
 */
export function parseExcerpt(html: string): Excerpt {
  const out: Excerpt = [];
  let mark = false;
  for (const part of html.split(/(<\/?mark>)/i)) {
    if (/^<mark>$/i.test(part)) mark = true;
    else if (/^<\/mark>$/i.test(part)) mark = false;
    else if (part) {
      const text = decode(part.replace(/<[^>]*>/g, ''));
      const last = out[out.length - 1];
      // One mark per matched word: Pagefind marks 选择器 as 选择 + 器, side by side.
      if (last && last.mark === mark) last.text += text;
      else if (text) out.push({text, mark});
    }
  }
  return out;
}
