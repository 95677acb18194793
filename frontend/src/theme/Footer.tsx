import {useSite} from '../app/contexts';
import {Reused} from '../app/reused';
import {t} from '../i18n';
import {Link} from './Link';

export function Footer() {
  const {footer} = useSite();
  return (
    // The same on every page: the prerender makes its markup once (app/reused.tsx).
    <Reused reuseKey="footer" tag="footer" attrs={{className: 'footer'}}>
      <div className="container">
        <nav className="footer__groups" aria-label={t.footerNavigation}>
          {footer.groups.map((g) => (
            <div className="footer__group" key={g.title}>
              <h2 className="footer__title">{g.title}</h2>
              <ul>
                {g.items.map((item) => (
                  <li key={item.label}>
                    <Link to={'to' in item ? item.to : item.href} newTab={'href' in item} className="footer__link">
                      {item.label}
                    </Link>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </nav>
        <p className="footer__copyright">{footer.copyright}</p>
      </div>
    </Reused>
  );
}
