import type {Plugin} from 'vite';

/** Starts the entry script after the first paint (see entryAfterPaint.mjs). */
export function entryAfterPaint(): Plugin;
