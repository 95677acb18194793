import {Markdown} from '../content/Markdown';
import {TOC} from '../docs/TOC';
import {t} from '../i18n';
import type {PageData} from '../schema';
import {Link} from '../theme/Link';
import {PageSource} from '../theme/PageSource';
import {PostMeta, Tags} from './PostMeta';

export default function BlogPost({data}: {data: PageData}) {
  const post = data.page as Extract<PageData['page'], {kind: 'blogPost'}>;
  const showToc = !post.hideToc && post.toc.length > 0;
  return (
    <div className="container blog-post-layout">
      <article className="blog-post">
        <header>
          <p className="blog-post__back">
            <Link to="/blog">{t.backToBlog}</Link>
          </p>
          <h1>{post.title}</h1>
          <PostMeta date={post.date} minutes={post.readingMinutes} authors={post.authors} />
        </header>
        <Markdown blocks={post.content} />
        <footer className="blog-post__footer">
          <Tags tags={post.tags} />
          <PageSource editUrl={post.editUrl} lastUpdated={post.lastUpdated} />
        </footer>
        {(post.newer || post.older) && (
          <nav className="paginator" aria-label={t.blogPostPagination}>
            {post.newer ? (
              <Link to={post.newer.route} className="paginator__link paginator__link--prev" rel="prev">
                <span className="paginator__label">« {t.newerPost}</span>
                <span className="paginator__title">{post.newer.title}</span>
              </Link>
            ) : (
              <span />
            )}
            {post.older && (
              <Link to={post.older.route} className="paginator__link paginator__link--next" rel="next">
                <span className="paginator__label">{t.olderPost} »</span>
                <span className="paginator__title">{post.older.title}</span>
              </Link>
            )}
          </nav>
        )}
      </article>
      {showToc && (
        <div className="blog-post-layout__toc">
          <TOC items={post.toc} />
        </div>
      )}
    </div>
  );
}
