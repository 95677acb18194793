// `react-dom` as the server bundle sees it (vite.config.ts): the only thing the app takes from
// it is `createPortal`, for dialogs that open on a click, so never while a page is prerendered.
// Node would otherwise load react-dom's whole client in every prerender process: about 100 ms
// of each start, measured, and a one-page rebuild starts one.

export function createPortal(): never {
  throw new Error('createPortal was called while prerendering: a dialog must not be open in server-rendered HTML');
}
