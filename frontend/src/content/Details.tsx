import {useRef} from 'react';
import {t} from '../i18n';
import type {Block, Inline} from '../schema';
import {Blocks} from './Blocks';
import {Inlines} from './Inlines';

const reducedMotion = () => window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/** A collapsible section: native <details> (keyboard and screen readers for free), animated. */
export function Details({summary, blocks}: {summary: Inline[]; blocks: Block[]}) {
  const ref = useRef<HTMLDetailsElement>(null);
  const content = useRef<HTMLDivElement>(null);
  const onClick = (e: React.MouseEvent) => {
    const details = ref.current;
    const body = content.current;
    if (!details || !body || reducedMotion() || typeof body.animate !== 'function') return;
    e.preventDefault();
    if (details.open) {
      const a = body.animate(
        [
          {height: `${body.scrollHeight}px`, opacity: 1},
          {height: '0px', opacity: 0},
        ],
        {duration: 200, easing: 'ease-in-out'},
      );
      a.onfinish = () => (details.open = false);
    } else {
      details.open = true;
      body.animate(
        [
          {height: '0px', opacity: 0},
          {height: `${body.scrollHeight}px`, opacity: 1},
        ],
        {duration: 200, easing: 'ease-in-out'},
      );
    }
  };
  return (
    <details ref={ref} className="details">
      {/* biome-ignore lint/a11y/noStaticElementInteractions: <summary> is interactive; Enter and Space on it fire this click */}
      <summary onClick={onClick}>{summary.length > 0 ? <Inlines nodes={summary} /> : t.details}</summary>
      <div ref={content} className="details__content">
        <Blocks blocks={blocks} />
      </div>
    </details>
  );
}
