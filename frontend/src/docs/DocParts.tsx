// The parts of a doc page that only show, no reader action changes them: in the article
// renderer's chunk (content/parts.ts). A first load keeps the server's HTML of them
// (content/Deferred.tsx); client-side navigation draws them.
import {t} from '../i18n';
import type {Breadcrumb, DocPage as Doc, PageLink} from '../schema';
import {Icon} from '../theme/Icons';
import {Link} from '../theme/Link';
import {PageSource} from '../theme/PageSource';

export function Paginator({previous, next}: {previous?: PageLink | null; next?: PageLink | null}) {
  return (
    <nav className="paginator" aria-label={t.docsPagination}>
      {previous ? (
        <Link to={previous.route} className="paginator__link paginator__link--prev" rel="prev">
          <span className="paginator__label">« {t.previous}</span>
          <span className="paginator__title">{previous.title}</span>
        </Link>
      ) : (
        <span />
      )}
      {next && (
        <Link to={next.route} className="paginator__link paginator__link--next" rel="next">
          <span className="paginator__label">{t.next} »</span>
          <span className="paginator__title">{next.title}</span>
        </Link>
      )}
    </nav>
  );
}

export function Breadcrumbs({items, title}: {items: Breadcrumb[]; title: string}) {
  return (
    <nav className="breadcrumbs" aria-label={t.breadcrumbs}>
      <ol>
        <li>
          <Link to="/" className="breadcrumbs__home">
            {t.home}
          </Link>
        </li>
        {items.map((c) => (
          <li key={c.label}>{c.route ? <Link to={c.route}>{c.label}</Link> : <span>{c.label}</span>}</li>
        ))}
        <li>
          <span aria-current="page">{title}</span>
        </li>
      </ol>
    </nav>
  );
}

export function DocFooter({page}: {page: Doc}) {
  return (
    <footer className="doc-footer">
      {page.tags.length > 0 && (
        <p className="tag-list">
          <span className="tag-list__label">{t.tags}</span>
          {page.tags.map((tag) => (
            <Link key={tag.route} to={tag.route} className="tag">
              {tag.label}
            </Link>
          ))}
        </p>
      )}
      {page.originalUrl && (
        <p className="doc-footer__original">
          <a href={page.originalUrl} target="_blank" rel="noopener noreferrer" hrefLang="en">
            {t.viewOriginal}
            <Icon name="external" className="external-icon" />
            <span className="sr-only">{t.externalLink}</span>
          </a>
        </p>
      )}
      <PageSource editUrl={page.editUrl} lastUpdated={page.lastUpdated} />
    </footer>
  );
}
