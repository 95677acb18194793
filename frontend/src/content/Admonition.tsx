import {t} from '../i18n';
import type {AdmonitionKind, Block, Inline} from '../schema';
import {Icon} from '../theme/Icons';
import {Blocks} from './Blocks';
import {Inlines} from './Inlines';

const LABELS: Record<AdmonitionKind, string> = {
  note: t.admonitionNote,
  tip: t.admonitionTip,
  info: t.admonitionInfo,
  caution: t.admonitionCaution,
  danger: t.admonitionDanger,
};

export function Admonition({kind, title, blocks}: {kind: AdmonitionKind; title?: Inline[] | null; blocks: Block[]}) {
  return (
    <div className={`admonition admonition--${kind}`}>
      <p className="admonition__heading">
        <Icon name={kind} />
        {title?.length ? <Inlines nodes={title} /> : LABELS[kind]}
      </p>
      <div className="admonition__content">
        <Blocks blocks={blocks} />
      </div>
    </div>
  );
}
