import {Embedded} from '../components/Embedded';
import {t} from '../i18n';
import type {Block} from '../schema';
import {Admonition} from './Admonition';
import {CodeBlock} from './CodeBlock';
import {Details} from './Details';
import {Heading} from './Heading';
import {Inlines} from './Inlines';
import {Tabs} from './Tabs';

/** Renders the document tree: one component per block type. */
export function Blocks({blocks}: {blocks: Block[]}) {
  return (
    <>
      {blocks.map((b, i) => (
        <BlockNode key={i} block={b} />
      ))}
    </>
  );
}

function BlockNode({block: b}: {block: Block}) {
  switch (b.t) {
    case 'heading':
      return <Heading level={b.level} id={b.id} nodes={b.children} />;
    case 'paragraph':
      return (
        <p>
          <Inlines nodes={b.children} />
        </p>
      );
    case 'code':
      return <CodeBlock code={b} />;
    case 'list':
      return <ListBlock list={b} />;
    case 'quote':
      return (
        <blockquote>
          <Blocks blocks={b.children} />
        </blockquote>
      );
    case 'admonition':
      return <Admonition kind={b.kind} title={b.title} blocks={b.children} />;
    case 'tabs':
      return <Tabs groupId={b.groupId} items={b.items} />;
    case 'details':
      return <Details summary={b.summary} blocks={b.children} />;
    case 'table':
      return <TableBlock table={b} />;
    case 'rule':
      return <hr />;
    case 'component':
      return <Embedded component={b} />;
    case 'footnotes':
      return (
        <section className="footnotes" aria-label={t.footnotes}>
          <hr />
          <ol>
            {b.items.map((f) => (
              <li key={f.id} id={f.id}>
                <Blocks blocks={f.children} />
                <a href={`#ref-${f.id}`} aria-label={t.backToText} className="footnote-back">
                  ↩
                </a>
              </li>
            ))}
          </ol>
        </section>
      );
  }
}

type BlockOf<T extends Block['t']> = Extract<Block, {t: T}>;

function ListBlock({list}: {list: BlockOf<'list'>}) {
  const items = list.items.map((item, i) => {
    const [first, ...rest] = item.children;
    // Tight lists: the first paragraph of an item renders without <p>.
    const head =
      list.tight && first?.t === 'paragraph' ? <Inlines nodes={first.children} /> : first ? <BlockNode block={first} /> : null;
    return (
      <li key={i} className={item.checked != null ? 'task-list-item' : undefined}>
        {item.checked != null && (
          <input type="checkbox" checked={item.checked} disabled aria-label={item.checked ? t.taskDone : t.taskOpen} />
        )}
        {head}
        <Blocks blocks={rest} />
      </li>
    );
  });
  return list.ordered ? <ol start={list.start ?? undefined}>{items}</ol> : <ul>{items}</ul>;
}

function TableBlock({table}: {table: BlockOf<'table'>}) {
  const align = (i: number) => (table.align[i] && table.align[i] !== 'none' ? {textAlign: table.align[i] as 'left'} : undefined);
  return (
    <div className="table-wrapper" tabIndex={0}>
      <table>
        <thead>
          <tr>
            {table.head.map((cell, i) => (
              <th key={i} style={align(i)}>
                <Inlines nodes={cell} />
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {table.rows.map((row, r) => (
            <tr key={r}>
              {row.map((cell, i) => (
                <td key={i} style={align(i)}>
                  <Inlines nodes={cell} />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
