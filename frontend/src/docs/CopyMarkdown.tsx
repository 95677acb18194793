import {useEffect, useRef, useState} from 'react';
import {useSite} from '../app/contexts';
import {COPIED_MS, copyPendingText} from '../content/clipboard';
import {t} from '../i18n';
import {Icon, type IconName} from '../theme/Icons';
import {fetchMarkdown} from './markdownTwin';

type State = 'idle' | 'copying' | 'copied' | 'failed';

const icons: Record<State, IconName> = {idle: 'copy', copying: 'copy', copied: 'check', failed: 'fail'};
const labels = {idle: t.copyMarkdown, copying: t.copyMarkdown, copied: t.copied, failed: t.copyFailed};
const announcements = {idle: '', copying: '', copied: t.markdownCopied, failed: t.markdownCopyFailed};

/** Copies the page's Markdown twin to the clipboard, for pasting into an AI assistant. */
export function CopyMarkdown({route}: {route: string}) {
  const {dev} = useSite();
  const [state, setState] = useState<State>('idle');
  const timer = useRef(0);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  const settle = (s: State) => {
    setState(s);
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => setState('idle'), COPIED_MS);
  };
  const copy = async () => {
    if (state === 'copying') return;
    setState('copying');
    try {
      await copyPendingText(fetchMarkdown(route, !!dev));
      settle('copied');
    } catch {
      settle('failed');
    }
  };
  // The reader is about to click: have the text ready.
  const prefetch = () => {
    if (!dev) fetchMarkdown(route).catch(() => {});
  };
  return (
    <>
      <button
        type="button"
        className={`copy-markdown copy-markdown--${state}`}
        title={t.copyMarkdownHint}
        aria-busy={state === 'copying'}
        onClick={copy}
        onPointerEnter={prefetch}
        onFocus={prefetch}
      >
        <Icon name={icons[state]} />
        {labels[state]}
      </button>
      <span className="sr-only" aria-live="polite">
        {announcements[state]}
      </span>
    </>
  );
}
