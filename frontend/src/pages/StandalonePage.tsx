import {Markdown} from '../content/Markdown';
import {TOC} from '../docs/TOC';
import type {PageData} from '../schema';

/** A standalone Markdown page (content/pages/*.md), such as /resources. */
export default function StandalonePage({data}: {data: PageData}) {
  const page = data.page as Extract<PageData['page'], {kind: 'standalone'}>;
  const showToc = !page.hideToc && page.toc.length > 0;
  return (
    <div className="container markdown-page">
      <article className="markdown-page__main">
        <h1>{page.title}</h1>
        <Markdown blocks={page.content} />
      </article>
      {showToc && (
        <div className="markdown-page__toc">
          <TOC items={page.toc} />
        </div>
      )}
    </div>
  );
}
