import {useSite} from '../app/contexts';
import {fill, formatDate, t} from '../i18n';
import type {TagLink} from '../schema';
import {Link} from '../theme/Link';

export function PostMeta({date, minutes, authors}: {date: string; minutes: number; authors?: string[]}) {
  const {blog} = useSite();
  return (
    <p className="post-meta">
      <time dateTime={date}>{formatDate(date)}</time>
      {blog.showReadingTime && <span> · {fill(t.readingTime, {minutes})}</span>}
      {authors && authors.length > 0 && <span> · {authors.join('、')}</span>}
    </p>
  );
}

export function Tags({tags}: {tags: TagLink[]}) {
  if (!tags.length) return null;
  return (
    <p className="tag-list">
      <span className="tag-list__label">{t.tags}</span>
      {tags.map((tag) => (
        <Link key={tag.route} to={tag.route} className="tag">
          {tag.label}
        </Link>
      ))}
    </p>
  );
}
