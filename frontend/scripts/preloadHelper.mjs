// A Vite plugin: a smaller helper for the client's dynamic imports. Vite wraps each `import()`
// of a lazy chunk in its preload helper, which adds `<link rel="modulepreload">` for the chunks
// it imports so they load side by side. Vite's helper also handles CSS files, CSP nonces,
// relative bases and its `vite:preloadError` event; this site uses none of them (its lazy chunks
// have no CSS, its base is absolute, our `Loaded` retries failed loads), and the helper sits in
// every page's first-load bundle: about 600 bytes of gzip less with this one.
// If a later Vite renames its helper, the build stops (see `generateBundle`).

/** Vite's id for its helper module (vite/src/node/plugins/importAnalysisBuild.ts). */
const HELPER = '\0vite/preload-helper.js';

/** The helper's source, for the site's base URL: `deps` are paths from the base
 * (`assets/words-abc.js`); each gets one modulepreload link unless the page has it already
 * (the prerender writes the page's own chunks into its HTML). */
export function helperSource(base) {
  return `const added = new Set();
export const __vitePreload = (load, deps) => {
  for (const dep of deps ?? []) {
    const href = ${JSON.stringify(base)} + dep;
    if (added.has(href)) continue;
    added.add(href);
    if (document.querySelector('link[href="' + href + '"]')) continue;
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.href = href;
    document.head.append(link);
  }
  return load();
};
`;
}

/** @returns {import('vite').Plugin} */
export function preloadHelper() {
  let base = '/';
  let used = false;
  return {
    name: 'preload-helper',
    enforce: 'pre',
    apply: 'build',
    applyToEnvironment: (environment) => environment.name === 'client',
    configResolved(config) {
      base = config.base;
      if (!base.startsWith('/')) throw new Error(`preload-helper: base "${base}" is not absolute`);
    },
    load(id) {
      if (id !== HELPER) return null;
      used = true;
      return helperSource(base);
    },
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((c) => c.type === 'chunk');
      // Vite's own helper dispatches this event; finding it means ours was not used.
      if (chunks.some((c) => c.code.includes('vite:preloadError')))
        this.error(`Vite's preload helper is in the bundle: did Vite rename "${HELPER.slice(1)}"? (scripts/preloadHelper.mjs)`);
      if (!used && chunks.some((c) => c.dynamicImports.length > 0))
        this.error('the client has lazy chunks but the preload helper was never loaded (scripts/preloadHelper.mjs)');
    },
  };
}
