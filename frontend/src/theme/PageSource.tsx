import {formatDate, t} from '../i18n';
import type {SourceInfo} from '../schema';
import {Icon} from './Icons';

/** Where a doc or post is kept: the link to edit its source (when the site sets
 * `site.edit_url`) and the date its file last changed in git. */
export function PageSource({editUrl, lastUpdated}: SourceInfo) {
  if (!editUrl && !lastUpdated) return null;
  return (
    <div className="page-source">
      {editUrl && (
        <a className="page-source__edit" href={editUrl} target="_blank" rel="noopener noreferrer">
          <Icon name="edit" />
          {t.editThisPage}
          <span className="sr-only">{t.externalLink}</span>
        </a>
      )}
      {lastUpdated && (
        <p className="page-source__updated">
          {t.lastUpdated} <time dateTime={lastUpdated}>{formatDate(lastUpdated)}</time>
        </p>
      )}
    </div>
  );
}
