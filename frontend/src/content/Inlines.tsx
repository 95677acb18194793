import {isExternal, withBase} from '../app/base';
import {fill, t} from '../i18n';
import type {Inline} from '../schema';
import {Link} from '../theme/Link';

/** Renders inline nodes: one element per node type. */
export function Inlines({nodes}: {nodes: Inline[]}) {
  return (
    <>
      {nodes.map((n, i) => (
        <InlineNode key={i} node={n} />
      ))}
    </>
  );
}

function InlineNode({node}: {node: Inline}) {
  if (typeof node === 'string') return <>{node}</>;
  switch (node.t) {
    case 'code':
      return <code>{node.text}</code>;
    case 'em':
      return (
        <em>
          <Inlines nodes={node.children} />
        </em>
      );
    case 'strong':
      return (
        <strong>
          <Inlines nodes={node.children} />
        </strong>
      );
    case 'del':
      return (
        <del>
          <Inlines nodes={node.children} />
        </del>
      );
    case 'kbd':
      return (
        <kbd>
          <Inlines nodes={node.children} />
        </kbd>
      );
    case 'sup':
      return (
        <sup>
          <Inlines nodes={node.children} />
        </sup>
      );
    case 'sub':
      return (
        <sub>
          <Inlines nodes={node.children} />
        </sub>
      );
    case 'break':
      return <br />;
    case 'link':
      // In-page anchors stay plain; other internal links prefetch and navigate client-side.
      if (node.internal && node.href.startsWith('#')) {
        return (
          <a href={node.href}>
            <Inlines nodes={node.children} />
          </a>
        );
      }
      return (
        <Link to={node.href}>
          <Inlines nodes={node.children} />
        </Link>
      );
    case 'image':
      return (
        <img
          src={isExternal(node.src) ? node.src : withBase(node.src)}
          alt={node.alt}
          title={node.title ?? undefined}
          loading="lazy"
          decoding="async"
        />
      );
    case 'footnoteRef':
      return (
        <sup className="footnote-ref">
          <a href={`#${node.id}`} id={`ref-${node.id}`} aria-label={fill(t.footnoteRef, {n: node.number})}>
            [{node.number}]
          </a>
        </sup>
      );
  }
}
