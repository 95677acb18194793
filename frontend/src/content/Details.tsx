import {t} from '../i18n';
import type {Block, Inline} from '../schema';
import {Blocks} from './Blocks';
import {Inlines} from './Inlines';

/** A collapsible section: native <details> (keyboard and screen readers for free), animated by
 * the article's click handler (articleEvents.ts). */
export function Details({summary, blocks}: {summary: Inline[]; blocks: Block[]}) {
  return (
    <details className="details">
      <summary>{summary.length > 0 ? <Inlines nodes={summary} /> : t.details}</summary>
      <div className="details__content">
        <Blocks blocks={blocks} />
      </div>
    </details>
  );
}
