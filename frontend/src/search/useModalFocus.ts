import {type RefObject, useEffect} from 'react';

/** While the dialog is open: focus in its field, and the page behind it does not scroll. */
export function useModalFocus(input: RefObject<HTMLInputElement>): void {
  useEffect(() => {
    input.current?.focus();
    document.body.classList.add('no-scroll');
    return () => document.body.classList.remove('no-scroll');
  }, [input]);
}
