import {t} from '../i18n';
import type {PageData, SiteData} from '../schema';
import {Layout} from '../theme/Layout';
import {RouterContext, SiteContext} from './contexts';
import {type DevToolsProps, devTools} from './devTools';
import {ErrorBoundary} from './ErrorBoundary';
import {ProgressBar} from './ProgressBar';
import {pageCode} from './pageCode';
import type {Current, Status} from './routing';
import {useClientRouter} from './useClientRouter';
import {useScrollRestoration} from './useScrollRestoration';
import {useServiceWorker} from './useServiceWorker';

interface Props {
  site: SiteData;
  initial: PageData;
}

/** The application: the site chrome around the current page, and client-side navigation. */
export function App({site, initial}: Props) {
  const {current, status, showProgress, go, router, retry, reloadCurrent} = useClientRouter(site, initial);
  useServiceWorker(site, current.data.route);
  useScrollRestoration(current);

  return (
    <SiteContext.Provider value={site}>
      <RouterContext.Provider value={router}>
        <ProgressBar active={showProgress} />
        {site.dev && <DevToolsIfLoaded go={go} />}
        <Layout data={current.data}>
          {status.kind === 'error' ? (
            <LoadFailed status={status} onRetry={retry} />
          ) : (
            <CurrentPage current={current} onRetry={reloadCurrent} />
          )}
        </Layout>
      </RouterContext.Provider>
    </SiteContext.Provider>
  );
}

/** The page, in a boundary that shows a crash with a "Try again". */
function CurrentPage({current, onRetry}: {current: Current; onRetry: () => Promise<void>}) {
  const Page = pageCode.layouts.get(current.data.page.kind);
  return (
    <ErrorBoundary key={current.data.route} onRetry={onRetry}>
      {Page ? <Page data={current.data} /> : null}
    </ErrorBoundary>
  );
}

/** A page that could not be loaded (offline, a failed chunk), and the way to try again. */
function LoadFailed({status, onRetry}: {status: Extract<Status, {kind: 'error'}>; onRetry: () => void}) {
  return (
    <div className="load-error container" role="alert">
      <p>{t.loadFailed}</p>
      <p className="load-error__detail">{status.message}</p>
      <button type="button" className="button button--primary" onClick={onRetry}>
        {t.retry}
      </button>
    </div>
  );
}

/** `dev`: refresh on rebuilds, show failed ones. */
function DevToolsIfLoaded({go}: DevToolsProps) {
  const DevTools = devTools();
  return DevTools ? <DevTools go={go} /> : null;
}
