import {fill, t} from '../i18n';
import type {Inline} from '../schema';
import {Inlines} from './Inlines';

function text(nodes: Inline[]): string {
  return nodes.map((n) => (typeof n === 'string' ? n : 'text' in n ? n.text : 'children' in n ? text(n.children) : '')).join('');
}

/** A heading with an id and a link to itself (h2–h6); the h1 is the page title. */
export function Heading({level, id, nodes}: {level: number; id: string; nodes: Inline[]}) {
  const Tag = `h${Math.min(Math.max(level, 2), 6)}` as 'h2';
  return (
    <Tag id={id} className="anchor-heading">
      <Inlines nodes={nodes} />
      <a className="hash-link" href={`#${id}`} aria-label={fill(t.directLink, {text: text(nodes)})}>
        #
      </a>
    </Tag>
  );
}
