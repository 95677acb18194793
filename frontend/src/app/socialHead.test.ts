import {describe, expect, it} from 'vitest';
import type {Head} from '../schema';
import {socialTags} from './socialHead';

const head: Head = {title: 'X | 站点', description: '说明', canonical: 'https://example.com/docs/x', ogType: 'article'};

describe('social head tags', () => {
  it('point at the card with its size and ask for the large preview', () => {
    const tags = socialTags({...head, image: 'https://example.com/og/ab12.png?a=1&b=2'}).join('\n');
    expect(tags).toContain('<meta property="og:image" content="https://example.com/og/ab12.png?a=1&amp;b=2">');
    expect(tags).toContain('<meta property="og:image:width" content="1200">');
    expect(tags).toContain('<meta property="og:image:height" content="630">');
    expect(tags).toContain('<meta name="twitter:card" content="summary_large_image">');
    expect(tags).toContain('<meta name="twitter:image" content="https://example.com/og/ab12.png?a=1&amp;b=2">');
  });

  it('fall back to the small preview without a card', () => {
    const tags = socialTags(head).join('\n');
    expect(tags).toBe('<meta name="twitter:card" content="summary">');
  });

  it('carry the structured data in a script that its text cannot close', () => {
    const jsonLd = JSON.stringify({'@type': 'TechArticle', headline: '</script><script>alert(1)</script>'});
    const tags = socialTags({...head, jsonLd});
    const script = tags.find((t) => t.startsWith('<script')) ?? '';
    expect(script.startsWith('<script type="application/ld+json">')).toBe(true);
    expect(script.match(/<\/script>/g)).toHaveLength(1);
    const body = script.slice('<script type="application/ld+json">'.length, -'</script>'.length);
    expect(JSON.parse(body)).toEqual(JSON.parse(jsonLd));
  });
});
