// `dev` only, in its own chunk: the rebuild listener and the overlay of a failed build's errors.
import {DevOverlay} from './DevOverlay';
import type {DevToolsProps} from './devTools';
import {useDevReload} from './useDevEvents';

export default function DevTools({go}: DevToolsProps) {
  return <DevOverlay errors={useDevReload(true, go)} />;
}
