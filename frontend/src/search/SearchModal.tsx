import {useCallback, useId, useMemo, useRef} from 'react';
import {withBase} from '../app/base';
import {useRouter} from '../app/contexts';
import {t} from '../i18n';
import {rememberSearch} from './recent';
import {SearchBox} from './SearchBox';
import {rowsOf, SearchHits} from './SearchHits';
import {SearchModalBody, SearchModalFooter} from './SearchModalBody';
import {dialogKeyHandler} from './useDialogKeys';
import {useModalFocus} from './useModalFocus';
import {useQueryInput} from './useQueryInput';
import {useSearch} from './useSearch';
import {useSelection} from './useSelection';

export interface SearchModalProps {
  onClose: () => void;
}

const MODAL_RESULTS = 8;

/** The search dialog: results as you type, keyboard selection, recent searches. */
export function SearchModal({onClose}: SearchModalProps) {
  const {navigate} = useRouter();
  const {query, set, inputProps} = useQueryInput();
  const input = useRef<HTMLInputElement>(null);
  const dialog = useRef<HTMLDivElement>(null);
  const listId = useId();
  const {state, retry} = useSearch(query, MODAL_RESULTS);
  const results = state.status === 'done' ? state.results : null;
  const rows = useMemo(() => (results ? rowsOf(results) : []), [results]);
  const idOf = useCallback((i: number) => `${listId}-${i}`, [listId]);
  const {selected, setSelected, move} = useSelection(rows.length, state.status === 'done' ? state.query : '', idOf);
  useModalFocus(input);

  const seeAllHref = withBase(`search?q=${encodeURIComponent(state.status === 'done' ? state.query : query.trim())}`);
  const leave = () => {
    rememberSearch(query);
    onClose();
  };
  const open = (url: string, external: boolean) => {
    leave();
    if (external) window.location.assign(url);
    else navigate(withBase(url));
  };
  // A stable callback for the memoised rows; it calls the latest `open`.
  const openLatest = useRef(open);
  openLatest.current = open;
  const onOpen = useCallback((url: string, external: boolean) => openLatest.current(url, external), []);
  const onEnter = () => {
    const row = rows[selected];
    if (row) open(row.url, row.external);
    else if (query.trim()) {
      leave();
      navigate(seeAllHref);
    }
  };
  const onKeyDown = dialogKeyHandler({dialog, input, count: rows.length, onClose, onMove: move, onEnter});

  return (
    <div className="search-modal" role="dialog" aria-modal="true" aria-label={t.searchLabel} ref={dialog} onKeyDown={onKeyDown}>
      <button type="button" className="search-modal__backdrop" tabIndex={-1} aria-label={t.closeSearch} onClick={onClose} />
      <div className="search-modal__panel">
        <SearchBox
          input={input}
          inputProps={inputProps}
          listId={listId}
          expanded={rows.length > 0}
          activeId={rows[selected] ? idOf(selected) : undefined}
          onClose={onClose}
        />
        <SearchModalBody
          state={state}
          onPickRecent={set}
          onRetry={retry}
          hits={
            <SearchHits
              rows={rows}
              query={state.status === 'done' ? state.query : ''}
              selectedIndex={selected}
              listId={listId}
              onSelect={setSelected}
              onOpen={onOpen}
            />
          }
        />
        <SearchModalFooter state={state} seeAllHref={seeAllHref} onSeeAll={leave} />
      </div>
    </div>
  );
}
