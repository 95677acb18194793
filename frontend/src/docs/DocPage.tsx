import {useEffect} from 'react';
import {useSite} from '../app/contexts';
import * as storage from '../app/storage';
import {Markdown} from '../content/Markdown';
import {fill, t} from '../i18n';
import type {Breadcrumb, DocPage as Doc, PageData, PageLink} from '../schema';
import {ExternalIcon} from '../theme/Icons';
import {Link} from '../theme/Link';
import {PageSource} from '../theme/PageSource';
import {CopyMarkdown} from './CopyMarkdown';
import {DocSidebar, useSidebarCollapsed} from './DocSidebar';
import {TOC, TOCCollapsible} from './TOC';

function Paginator({previous, next}: {previous?: PageLink | null; next?: PageLink | null}) {
  if (!previous && !next) return null;
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

/** Shown when the current version is unreleased or unmaintained (config-driven). */
function VersionBanner({version}: {version: string}) {
  const {docs} = useSite();
  const v = docs.versions.find((x) => x.name === version);
  useEffect(() => {
    // The reader's preferred docs version, per docs plugin.
    storage.write(storage.keys.docsPreferredVersion(docs.pluginId), version);
  }, [docs.pluginId, version]);
  if (!v?.banner) return null;
  const latest = docs.versions.find((x) => !x.banner);
  return (
    <div className="version-banner admonition admonition--caution" role="note">
      <p>
        {v.banner === 'unreleased' ? fill(t.versionUnreleased, {label: v.label}) : fill(t.versionUnmaintained, {label: v.label})}
        {latest && (
          <>
            {' '}
            <Link to={latest.path}>{t.latestVersionLink}</Link>
          </>
        )}
      </p>
    </div>
  );
}

function Breadcrumbs({items, title}: {items: Breadcrumb[]; title: string}) {
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

export default function DocPage({data}: {data: PageData}) {
  const page = data.page as Extract<PageData['page'], {kind: 'doc'}> & Doc;
  const [collapsed] = useSidebarCollapsed();
  const showToc = !page.hideToc && page.toc.length > 0;
  return (
    <div className={`doc-layout${page.sidebar ? '' : ' doc-layout--no-sidebar'}${collapsed ? ' doc-layout--collapsed' : ''}`}>
      {page.sidebar && (
        <aside className="doc-layout__sidebar">
          <DocSidebar sidebar={page.sidebar} route={data.route} />
        </aside>
      )}
      <div className="doc-layout__main">
        <article className="doc">
          <VersionBanner version={page.version} />
          {page.breadcrumbs.length > 0 && <Breadcrumbs items={page.breadcrumbs} title={page.title} />}
          {showToc && <TOCCollapsible items={page.toc} />}
          <div>
            <header className="doc__header">
              <h1>{page.title}</h1>
              <CopyMarkdown route={data.route} />
            </header>
            <Markdown blocks={page.content} />
          </div>
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
                  <ExternalIcon className="external-icon" />
                  <span className="sr-only">{t.externalLink}</span>
                </a>
              </p>
            )}
            <PageSource editUrl={page.editUrl} lastUpdated={page.lastUpdated} />
          </footer>
          <Paginator previous={page.previous} next={page.next} />
        </article>
        {showToc && (
          <div className="doc-layout__toc">
            <TOC items={page.toc} />
          </div>
        )}
      </div>
    </div>
  );
}
