import {t} from '../i18n';
import type {AdmonitionKind, Block, Inline} from '../schema';
import {Blocks} from './Blocks';
import {Inlines} from './Inlines';

const LABELS: Record<AdmonitionKind, string> = {
  note: t.admonitionNote,
  tip: t.admonitionTip,
  info: t.admonitionInfo,
  caution: t.admonitionCaution,
  danger: t.admonitionDanger,
};

const ICONS: Record<AdmonitionKind, string> = {
  note: 'M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20Zm1 15h-2v-6h2v6Zm0-8h-2V7h2v2Z',
  info: 'M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20Zm1 15h-2v-6h2v6Zm0-8h-2V7h2v2Z',
  tip: 'M9 21h6v-1H9v1Zm3-19a7 7 0 0 0-4 12.7V17a1 1 0 0 0 1 1h6a1 1 0 0 0 1-1v-2.3A7 7 0 0 0 12 2Z',
  caution: 'M1 21h22L12 2 1 21Zm12-3h-2v-2h2v2Zm0-4h-2v-4h2v4Z',
  danger: 'M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20Zm1 15h-2v-2h2v2Zm0-4h-2V7h2v6Z',
};

export function Admonition({kind, title, blocks}: {kind: AdmonitionKind; title?: Inline[] | null; blocks: Block[]}) {
  return (
    <div className={`admonition admonition--${kind}`}>
      <p className="admonition__heading">
        <svg width="16" height="16" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path fill="currentColor" d={ICONS[kind]} />
        </svg>
        {title?.length ? <Inlines nodes={title} /> : LABELS[kind]}
      </p>
      <div className="admonition__content">
        <Blocks blocks={blocks} />
      </div>
    </div>
  );
}
