import {useEffect} from 'react';
import {useSite} from '../app/contexts';
import * as storage from '../app/storage';
import {Deferred} from '../content/Deferred';
import {Markdown} from '../content/Markdown';
import {fill, t} from '../i18n';
import type {DocPage as Doc, PageData} from '../schema';
import {Link} from '../theme/Link';
import {CopyMarkdown} from './CopyMarkdown';
import {DocSidebar, useSidebarCollapsed} from './DocSidebar';
import {TOC, TOCCollapsible} from './TOC';

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
          {page.breadcrumbs.length > 0 && (
            <Deferred
              part="Breadcrumbs"
              props={{items: page.breadcrumbs, title: page.title}}
              source={page}
              tag="nav"
              className="breadcrumbs"
            />
          )}
          {showToc && <TOCCollapsible items={page.toc} />}
          <div>
            <header className="doc__header">
              <h1>{page.title}</h1>
              <CopyMarkdown route={data.route} />
            </header>
            <Markdown blocks={page.content} />
          </div>
          <Deferred part="DocFooter" props={{page}} source={page} tag="footer" className="doc-footer" />
          {(page.previous || page.next) && (
            <Deferred
              part="Paginator"
              props={{previous: page.previous, next: page.next}}
              source={page}
              tag="nav"
              className="paginator"
            />
          )}
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
