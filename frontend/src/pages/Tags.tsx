import {fill, t} from '../i18n';
import type {PageData, TagCount} from '../schema';
import {Link} from '../theme/Link';

function TagCloud({tags}: {tags: TagCount[]}) {
  return (
    <ul className="tag-cloud">
      {tags.map((tag) => (
        <li key={tag.route}>
          <Link to={tag.route} className="tag">
            {tag.label} <span className="tag__count">{tag.count}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** `/docs/tags`, `/blog/tags` and `/docs/tags/{tag}`. */
export default function Tags({data}: {data: PageData}) {
  const page = data.page;
  if (page.kind === 'docTag') {
    return (
      <div className="container container--narrow tags-page">
        <h1>{fill(t.taggedDocs, {n: page.docs.length, tag: page.tag})}</h1>
        <p>
          <Link to={page.allTagsRoute}>{t.allTags}</Link>
        </p>
        <ul className="tagged-docs">
          {page.docs.map((d) => (
            <li key={d.route}>
              <h2>
                <Link to={d.route}>{d.title}</Link>
              </h2>
              <p>{d.description}</p>
            </li>
          ))}
        </ul>
      </div>
    );
  }
  if (page.kind === 'docTags' || page.kind === 'blogTags') {
    return (
      <div className="container container--narrow tags-page">
        <h1>{page.kind === 'docTags' ? t.docTags : t.blogTags}</h1>
        <TagCloud tags={page.tags} />
      </div>
    );
  }
  return null;
}
