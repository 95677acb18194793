// Writing text to the clipboard, with the fallbacks older browsers and insecure origins need.

/** How long a copy button says "copied". */
export const COPIED_MS = 2000;

/** Copies `s`; false when the browser refused every way. */
export async function copyToClipboard(s: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(s);
    return true;
  } catch {
    // Older browsers and insecure origins: the textarea fallback.
    const ta = document.createElement('textarea');
    ta.value = s;
    ta.setAttribute('readonly', '');
    ta.style.position = 'fixed';
    ta.style.opacity = '0';
    document.body.appendChild(ta);
    ta.select();
    const ok = document.execCommand('copy');
    ta.remove();
    return ok;
  }
}

/**
 * Copies text that may still be loading. Safari allows a clipboard write only while the click
 * is being handled, so the pending text goes in as a promised clipboard item where browsers
 * support one; elsewhere the text is awaited and written. Rejects when the text could not be
 * loaded or the browser refused the copy.
 */
export async function copyPendingText(text: Promise<string>): Promise<void> {
  if (typeof ClipboardItem !== 'undefined' && navigator.clipboard?.write) {
    const blob = text.then((s) => new Blob([s], {type: 'text/plain'}));
    try {
      await navigator.clipboard.write([new ClipboardItem({'text/plain': blob})]);
      return;
    } catch {
      // The text failed (rethrown below) or this browser wants the text itself.
    }
  }
  if (!(await copyToClipboard(await text))) throw new Error('the browser refused to copy');
}
