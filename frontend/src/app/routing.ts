// What the app shell and the client-side router (router.ts, loaded on the reader's first intent
// to go elsewhere) share: the page on screen, the loading status, and how to show a URL.
import type {PageData, SiteData} from '../schema';

// SPEC §9: the progress bar appears only when a route change takes longer than this.
export const PROGRESS_DELAY_MS = 1000;

export type Status = {kind: 'idle'} | {kind: 'loading'} | {kind: 'error'; message: string; href: string; attempts: number};

export interface Current {
  data: PageData;
  /** The query string (`?q=…`); empty on the server and until hydration. */
  search: string;
  /** Where to scroll once the page has rendered. */
  scroll: {hash: string} | {top: number} | null;
}

/** How to show a URL. `push`: add a history entry (`replace`: replace it); `restoreTop`: scroll offset. */
export interface How {
  push: boolean;
  replace?: boolean;
  restoreTop?: number;
}

/** The app shell's state, as the router reads and sets it. */
export interface Shell {
  site: SiteData;
  current(): Current;
  status(): Status;
  setCurrent(c: Current | ((c: Current) => Current)): void;
  setStatus(s: Status | ((s: Status) => Status)): void;
  setShowProgress(on: boolean): void;
}
