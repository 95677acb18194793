import type {KeyboardEvent, RefObject} from 'react';

interface DialogKeys {
  dialog: RefObject<HTMLElement>;
  input: RefObject<HTMLInputElement>;
  count: number;
  onClose: () => void;
  onMove: (by: 1 | -1) => void;
  onEnter: () => void;
}

/** The dialog's keyboard: Escape closes, arrows move the selection, Enter in the field opens
 * it, and Tab keeps focus inside the dialog. */
export function dialogKeyHandler({dialog, input, count, onClose, onMove, onEnter}: DialogKeys) {
  return (e: KeyboardEvent) => {
    if (e.key === 'Escape') {
      e.preventDefault();
      onClose();
    } else if ((e.key === 'ArrowDown' || e.key === 'ArrowUp') && count) {
      e.preventDefault();
      onMove(e.key === 'ArrowDown' ? 1 : -1);
    } else if (e.key === 'Enter' && e.target === input.current) {
      e.preventDefault();
      onEnter();
    } else if (e.key === 'Tab') {
      trapTab(e, dialog.current);
    }
  };
}

function trapTab(e: KeyboardEvent, dialog: HTMLElement | null) {
  const focusable = dialog?.querySelectorAll<HTMLElement>('input, button:not([tabindex="-1"]), a[href]:not([tabindex="-1"])');
  if (!focusable?.length) return;
  const first = focusable[0];
  const last = focusable[focusable.length - 1];
  if (e.shiftKey && document.activeElement === first) {
    e.preventDefault();
    last.focus();
  } else if (!e.shiftKey && document.activeElement === last) {
    e.preventDefault();
    first.focus();
  }
}
