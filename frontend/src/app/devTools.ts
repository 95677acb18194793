// The dev tools' code is loaded before the app renders, and only when the page is served by
// `docsite dev` (the server renderer always has it), so that a built site carries none of it.
import type {ComponentType} from 'react';
import type {How} from './routing';

export interface DevToolsProps {
  go: (url: URL, how: How) => Promise<void>;
}

let loaded: ComponentType<DevToolsProps> | null = null;

export async function loadDevTools(): Promise<void> {
  loaded ??= (await import('./DevTools')).default;
}

/** The dev tools when loaded (`dev` pages), else null. */
export const devTools = (): ComponentType<DevToolsProps> | null => loaded;
