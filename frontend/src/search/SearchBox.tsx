import type {ChangeEvent, CompositionEvent, RefObject} from 'react';
import {t} from '../i18n';
import {Icon} from '../theme/Icons';

interface SearchBoxProps {
  input: RefObject<HTMLInputElement>;
  inputProps: {
    value: string;
    onChange: (e: ChangeEvent<HTMLInputElement>) => void;
    onCompositionEnd: (e: CompositionEvent<HTMLInputElement>) => void;
  };
  listId: string;
  expanded: boolean;
  activeId?: string;
  onClose: () => void;
}

/** The dialog's search field: a combobox controlling the result list, and the close button. */
export function SearchBox({input, inputProps, listId, expanded, activeId, onClose}: SearchBoxProps) {
  return (
    // biome-ignore lint/a11y/useSemanticElements: <search> is too new (2023) for the browsers the site supports; a form with role=search is its established equivalent
    <form className="search-modal__form" role="search" onSubmit={(e) => e.preventDefault()}>
      <Icon name="search" className="search-modal__icon" />
      <input
        ref={input}
        className="search-modal__input"
        type="search"
        placeholder={t.searchPlaceholder}
        aria-label={t.searchLabel}
        role="combobox"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={activeId}
        autoComplete="off"
        autoCorrect="off"
        autoCapitalize="off"
        spellCheck={false}
        enterKeyHint="go"
        {...inputProps}
      />
      <button type="button" className="search-modal__close" aria-label={t.closeSearch} onClick={onClose}>
        <Icon name="close" className="search-modal__close-icon" />
        <kbd>Esc</kbd>
      </button>
    </form>
  );
}
