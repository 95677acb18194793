import {type ChangeEvent, type CompositionEvent, useCallback, useState} from 'react';

/**
 * The text of a search field and the query searched: they differ while an input method is
 * composing (the pinyin of an unfinished word is not searched). `onTyped` runs with each query
 * the reader types; `set` replaces both without it.
 */
export function useQueryInput(onTyped?: (q: string) => void) {
  const [text, setText] = useState('');
  const [query, setQuery] = useState('');
  const set = useCallback((q: string) => {
    setText(q);
    setQuery(q);
  }, []);
  const typed = (q: string) => {
    set(q);
    onTyped?.(q);
  };
  const onChange = (e: ChangeEvent<HTMLInputElement>) => {
    if ((e.nativeEvent as InputEvent).isComposing) setText(e.target.value);
    else typed(e.target.value);
  };
  const onCompositionEnd = (e: CompositionEvent<HTMLInputElement>) => typed(e.currentTarget.value);
  return {text, query, set, inputProps: {value: text, onChange, onCompositionEnd}};
}
