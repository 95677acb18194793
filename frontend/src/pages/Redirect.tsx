import {t} from '../i18n';
import type {PageData} from '../schema';
import {Link} from '../theme/Link';

/** A route that leads elsewhere; the router follows it, the HTML has a meta refresh. */
export default function Redirect({data}: {data: PageData}) {
  const page = data.page as Extract<PageData['page'], {kind: 'redirect'}>;
  return (
    <div className="container container--narrow">
      <p>
        {t.redirecting} <Link to={page.to}>{page.to}</Link>
      </p>
    </div>
  );
}
