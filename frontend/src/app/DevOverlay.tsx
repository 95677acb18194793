import {t} from '../i18n';

/** `dev` only: a failed rebuild's errors over the page, each naming its file and line. */
export function DevOverlay({errors}: {errors: string[]}) {
  if (errors.length === 0) return null;
  return (
    <div className="dev-overlay" role="alert">
      <div className="dev-overlay__panel">
        <h2>{t.devBuildFailed}</h2>
        <p>{t.devFixToContinue}</p>
        <ul>
          {errors.map((e) => (
            <li key={e}>{e}</li>
          ))}
        </ul>
      </div>
    </div>
  );
}
