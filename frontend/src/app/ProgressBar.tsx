import {t} from '../i18n';

/** The top progress bar of slow route changes (the router shows it after a delay). */
export function ProgressBar({active}: {active: boolean}) {
  if (!active) return null;
  return <div className="progress-bar" role="progressbar" aria-label={t.pageLoading} />;
}
