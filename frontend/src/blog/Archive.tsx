import {fill, formatDate, t} from '../i18n';
import type {PageData} from '../schema';
import {Link} from '../theme/Link';
import {BlogLayout} from './BlogLayout';

export default function Archive({data}: {data: PageData}) {
  const page = data.page as Extract<PageData['page'], {kind: 'blogArchive'}>;
  return (
    <BlogLayout>
      <h1>{t.archiveTitle}</h1>
      {page.years.map((y) => (
        <section key={y.year} className="archive-year">
          <h2 id={`year-${y.year}`}>
            {fill(t.archiveYear, {year: y.year})}{' '}
            <span className="archive-year__count">（{fill(t.postCount, {n: y.posts.length})}）</span>
          </h2>
          <ul className="archive-list">
            {y.posts.map((p) => (
              <li key={p.route}>
                <time dateTime={p.date}>{formatDate(p.date)}</time>
                <Link to={p.route}>{p.title}</Link>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </BlogLayout>
  );
}
