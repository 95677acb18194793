import {Component, type ReactNode} from 'react';
import {t} from '../i18n';

interface State {
  error: Error | null;
}

/**
 * Catches a crash while rendering a page: shows the message and lets the reader try again.
 * `onRetry` reloads the page's data first (a crash often comes from what was loaded).
 */
export class ErrorBoundary extends Component<{children: ReactNode; onRetry?: () => Promise<void>}, State> {
  state: State = {error: null};

  static getDerivedStateFromError(error: Error): State {
    return {error};
  }

  render() {
    const {error} = this.state;
    if (!error) return this.props.children;
    return (
      <div className="crash container" role="alert">
        <h1>{t.pageCrashed}</h1>
        <p className="crash__message">{error.message}</p>
        <button
          type="button"
          className="button button--primary"
          onClick={async () => {
            await this.props.onRetry?.().catch(() => {});
            this.setState({error: null});
          }}
        >
          {t.tryAgain}
        </button>
      </div>
    );
  }
}
