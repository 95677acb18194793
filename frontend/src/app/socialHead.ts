// The head tags for link previews and search engines: the page's social card (Open Graph and
// Twitter) and its structured data (JSON-LD). Rendered into the HTML at build time, and kept
// current after a client-side navigation.

import type {Head} from '../schema';

/** The size every social card is drawn at (crates/cards). */
export const CARD_WIDTH = 1200;
export const CARD_HEIGHT = 630;

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** JSON text that cannot close its <script> element (`</script>`, `<!--`). */
export const scriptSafeJson = (json: string) => json.replace(/</g, '\\u003c');

type MetaTag = {key: 'property' | 'name'; name: string; content: string | null};

/** The card's meta tags; a page without a card gets the small summary preview. */
function cardMeta(h: Head): MetaTag[] {
  const image = h.image ?? null;
  const size = (n: number) => (image ? String(n) : null);
  return [
    {key: 'property', name: 'og:image', content: image},
    {key: 'property', name: 'og:image:width', content: size(CARD_WIDTH)},
    {key: 'property', name: 'og:image:height', content: size(CARD_HEIGHT)},
    {key: 'name', name: 'twitter:card', content: image ? 'summary_large_image' : 'summary'},
    {key: 'name', name: 'twitter:image', content: image},
  ];
}

/** The tags as HTML (server side). */
export function socialTags(h: Head): string[] {
  const meta = cardMeta(h).flatMap((m) =>
    m.content === null ? [] : [`<meta ${m.key}="${m.name}" content="${esc(m.content)}">`],
  );
  const jsonLd = h.jsonLd ? [`<script type="application/ld+json">${scriptSafeJson(h.jsonLd)}</script>`] : [];
  return [...meta, ...jsonLd];
}

/** Sets, adds or removes one meta tag of the live <head>. */
function upsertMeta({key, name, content}: MetaTag): void {
  let el = document.head.querySelector(`meta[${key}="${name}"]`);
  if (content === null) {
    el?.remove();
    return;
  }
  if (!el) {
    el = document.createElement('meta');
    el.setAttribute(key, name);
    document.head.appendChild(el);
  }
  el.setAttribute('content', content);
}

/** Updates the card tags and the structured data after a client-side navigation. */
export function applySocialHead(h: Head): void {
  for (const m of cardMeta(h)) upsertMeta(m);
  let script = document.head.querySelector('script[type="application/ld+json"]');
  if (!h.jsonLd) {
    script?.remove();
    return;
  }
  if (!script) {
    // A data block: the browser never runs it, so the Content-Security-Policy does not apply.
    script = document.createElement('script');
    script.setAttribute('type', 'application/ld+json');
    document.head.appendChild(script);
  }
  script.textContent = h.jsonLd;
}
