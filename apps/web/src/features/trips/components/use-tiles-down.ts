import type { LeafletEventHandlerFnMap } from 'leaflet';
import { useCallback, useMemo, useRef, useState } from 'react';

/** One failed tile is a hiccup; this many in one batch, none loaded, is a street map that is not there. */
const FAILED_TILES_BEFORE_NOTICE = 3;

/**
 * Whether the street tiles fail to load (offline, a blocked or down tile server), from the tile layer's
 * events: a batch of tiles (from `loading` to `load`) where several failed and none loaded, or a small map
 * whose every tile failed. The first tile that loads clears it, and a notice dismissed while the tiles
 * were down shows again if they go down again.
 */
export function useTilesDown(): {
  tilesDown: boolean;
  noticeShown: boolean;
  dismissNotice: () => void;
  tileEvents: LeafletEventHandlerFnMap;
} {
  const [tilesDown, setTilesDown] = useState(false);
  const [dismissed, setDismissed] = useState(false);
  const batch = useRef({ failed: 0, loaded: 0 });
  const tileEvents = useMemo<LeafletEventHandlerFnMap>(
    () => ({
      loading: () => {
        batch.current = { failed: 0, loaded: 0 };
      },
      tileload: () => {
        batch.current.loaded += 1;
        setTilesDown(false);
        setDismissed(false);
      },
      tileerror: () => {
        const b = batch.current;
        b.failed += 1;
        if (b.loaded === 0 && b.failed >= FAILED_TILES_BEFORE_NOTICE) setTilesDown(true);
      },
      load: () => {
        const b = batch.current;
        if (b.loaded === 0 && b.failed > 0) setTilesDown(true);
      },
    }),
    [],
  );
  const dismissNotice = useCallback(() => setDismissed(true), []);
  return { tilesDown, noticeShown: tilesDown && !dismissed, dismissNotice, tileEvents };
}
