import type {Plugin} from 'vite';

/** The table of words as one module per word (see wordPerModule.mjs). */
export function wordPerModule(): Plugin;
