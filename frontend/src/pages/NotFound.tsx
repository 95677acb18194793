import {t} from '../i18n';
import {Link} from '../theme/Link';

export default function NotFound() {
  return (
    <div className="container container--narrow not-found">
      <h1>{t.notFoundTitle}</h1>
      <p>{t.notFoundText}</p>
      <p>{t.notFoundHelp}</p>
      <p>
        <Link to="/" className="button button--primary">
          {t.backHome}
        </Link>
      </p>
    </div>
  );
}
