import type {ReactNode} from 'react';
import {t} from '../i18n';
import {Link} from '../theme/Link';

/** The blog's two columns: a short side navigation and the main column. */
export function BlogLayout({children}: {children: ReactNode}) {
  return (
    <div className="container blog-layout">
      <aside className="blog-layout__side">
        <nav aria-label={t.blogNavigation}>
          <ul>
            <li>
              <Link to="/blog">{t.recentPosts}</Link>
            </li>
            <li>
              <Link to="/blog/archive">{t.archive}</Link>
            </li>
            <li>
              <Link to="/blog/tags">{t.blogTags}</Link>
            </li>
          </ul>
        </nav>
      </aside>
      <div className="blog-layout__main">{children}</div>
    </div>
  );
}
