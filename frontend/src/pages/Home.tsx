import {withBase} from '../app/base';
import {useSite} from '../app/contexts';
import {fill, t} from '../i18n';
import type {PageData} from '../schema';
import {Link} from '../theme/Link';

/** Shown by the template's script when the bundle could not load (a wrong base URL). */
function BaseUrlIssueBanner() {
  const {baseUrl} = useSite();
  return (
    // Styled inline: when this shows, the stylesheet did not load either.
    <div
      id="base-url-issue"
      role="alert"
      hidden
      style={{padding: '1rem', background: '#c0392b', color: '#fff', textAlign: 'center', fontWeight: 600}}
    >
      <p style={{margin: 0}}>
        {t.baseUrlIssue} {fill(t.baseUrlIssueDetail, {base: baseUrl})}
        <strong data-suggest="" />
      </p>
    </div>
  );
}

export default function Home({data}: {data: PageData}) {
  const home = data.page as Extract<PageData['page'], {kind: 'home'}>;
  const {logo} = useSite().navbar;
  return (
    <>
      <BaseUrlIssueBanner />
      <header className="hero">
        <div className="container hero__inner">
          <img className="hero__logo hero__logo--light" src={withBase(logo.src)} alt="" width={96} height={96} />
          <img className="hero__logo hero__logo--dark" src={withBase(logo.srcDark ?? logo.src)} alt="" width={96} height={96} />
          <h1 className="hero__title">{home.hero.title}</h1>
          <p className="hero__tagline">{home.hero.tagline}</p>
          <p className="hero__actions">
            <Link to={home.hero.actionRoute} className="button button--primary button--lg">
              {home.hero.actionLabel}
            </Link>
            {home.hero.secondary && (
              <Link to={home.hero.secondary.route} className="button button--secondary button--lg">
                {home.hero.secondary.title}
              </Link>
            )}
          </p>
        </div>
      </header>
      <section className="features container" aria-label={t.homeFeatures}>
        {home.features.map((f) => (
          <div key={f.title} className="feature">
            <img
              className="feature__image feature__image--light"
              src={withBase(f.image)}
              alt={f.imageAlt}
              width={240}
              height={180}
              loading="lazy"
            />
            <img
              className="feature__image feature__image--dark"
              src={withBase(f.imageDark)}
              alt={f.imageAlt}
              width={240}
              height={180}
              loading="lazy"
            />
            <h2 className="feature__title">{f.title}</h2>
            <p className="feature__text">{f.description}</p>
          </div>
        ))}
      </section>
    </>
  );
}
