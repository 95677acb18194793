/** Scrolls to the element of `#hash`; a route change jumps ('instant'), an in-page link may glide. */
export function scrollToHash(hash: string, behavior: ScrollBehavior = 'auto'): boolean {
  let id = hash.replace(/^#/, '');
  try {
    id = decodeURIComponent(id);
  } catch {
    // Keep it as written.
  }
  const el = id ? document.getElementById(id) : null;
  if (el) el.scrollIntoView({behavior});
  return !!el;
}

/** Records the scroll offset in the current history entry (read back on Back and Forward). */
export function rememberScroll(): void {
  history.replaceState({...(history.state ?? {}), top: window.scrollY}, '');
}
