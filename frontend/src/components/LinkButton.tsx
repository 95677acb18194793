import type {PropsOf} from '../app/pageCode';
import {Link} from '../theme/Link';

/** A prominent link styled as a button (external links open in a new tab). */
export default function LinkButton({href, label}: PropsOf<'LinkButton'>) {
  return (
    <p className="link-button">
      <Link to={href} newTab={/^https?:/.test(href)} className="button button--primary button--lg">
        {label}
      </Link>
    </p>
  );
}
