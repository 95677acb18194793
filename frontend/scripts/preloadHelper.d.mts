import type {Plugin} from 'vite';

/** The preload helper's source for a base URL (see preloadHelper.mjs). */
export function helperSource(base: string): string;

/** A smaller preload helper for the client's dynamic imports (see preloadHelper.mjs). */
export function preloadHelper(): Plugin;
