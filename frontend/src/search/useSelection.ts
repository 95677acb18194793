import {useCallback, useEffect, useState} from 'react';

/** The selected row of a list of `count` rows, back on the first one whenever `resetKey`
 * changes (a new answer), and scrolled into view. */
export function useSelection(count: number, resetKey: string, idOf: (i: number) => string) {
  const [selected, setSelected] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new answer resets the selection
  useEffect(() => setSelected(0), [resetKey]);
  useEffect(() => {
    document.getElementById(idOf(selected))?.scrollIntoView({block: 'nearest'});
  }, [selected, idOf]);
  const move = useCallback((by: 1 | -1) => setSelected((s) => (s + by + count) % count), [count]);
  return {selected, setSelected, move};
}
