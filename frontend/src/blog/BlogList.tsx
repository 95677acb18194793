import {useSite} from '../app/contexts';
import {Markdown} from '../content/Markdown';
import {fill, t} from '../i18n';
import type {PageData} from '../schema';
import {Link} from '../theme/Link';
import {BlogLayout} from './BlogLayout';
import {PostMeta, Tags} from './PostMeta';

/** `/blog`, `/blog/page/N` and a tag's post list: summaries, 10 a page, with paging. */
export default function BlogList({data}: {data: PageData}) {
  const page = data.page as Extract<PageData['page'], {kind: 'blogList'}>;
  const {blog} = useSite();
  return (
    <BlogLayout>
      <header className="blog-list__header">
        <h1>{page.tag ? fill(t.postsTagged, {n: page.totalPosts, tag: page.tag}) : blog.title}</h1>
        {page.tag && (
          <p>
            <Link to="/blog/tags">{t.allTags}</Link>
          </p>
        )}
        {page.totalPages > 1 && <p className="blog-list__page">{fill(t.pageOf, {page: page.page, total: page.totalPages})}</p>}
      </header>
      {page.posts.map((post) => (
        <article key={post.route} className="post-card">
          <h2 className="post-card__title">
            <Link to={post.route}>{post.title}</Link>
          </h2>
          <PostMeta date={post.date} minutes={post.readingMinutes} />
          <Markdown blocks={post.summary} />
          <footer className="post-card__footer">
            <Tags tags={post.tags} />
            {post.truncated && (
              <Link to={post.route} className="post-card__more" aria-label={fill(t.readMoreAbout, {title: post.title})}>
                {t.readMore} »
              </Link>
            )}
          </footer>
        </article>
      ))}
      {(page.newerRoute || page.olderRoute) && (
        <nav className="paginator" aria-label={t.blogPagination}>
          {page.newerRoute ? (
            <Link to={page.newerRoute} className="paginator__link paginator__link--prev" rel="prev">
              <span className="paginator__title">« {t.newerPosts}</span>
            </Link>
          ) : (
            <span />
          )}
          {page.olderRoute && (
            <Link to={page.olderRoute} className="paginator__link paginator__link--next" rel="next">
              <span className="paginator__title">{t.olderPosts} »</span>
            </Link>
          )}
        </nav>
      )}
    </BlogLayout>
  );
}
