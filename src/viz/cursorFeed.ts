/**
 * Where a diagram reads its cursor from, when the cursor moves on its own (playing, scrubbing):
 * a feed the cursor's parts (the playhead, the veil, the pill) subscribe to themselves, so a new
 * cursor moves those few elements (Cursor.tsx: by writes, with a render only when their shape
 * changes) and never renders the diagram that holds them, nor the panel around it (issue 18:
 * playing must be cheap). Without a feed the diagram takes `cursorMs` as a prop, as the tour, the
 * figures and the tests give it.
 */
import { useSyncExternalStore } from 'react'

export interface CursorFeed {
  /** Calls `onChange` after each change of the cursor; returns the unsubscribe. */
  subscribe: (onChange: () => void) => () => void
  /** The cursor now, in ms of simulated time. */
  getMs: () => number
}

const NO_SUBSCRIPTION = () => () => {}

/**
 * A value derived from the cursor, re-rendering the caller only when the value changes
 * (`derive` must return a primitive, or the same object, for the same cursor). Without a feed,
 * derived from `cursorMs`.
 */
export function useCursorValue<T>(
  feed: CursorFeed | undefined,
  cursorMs: number,
  derive: (ms: number) => T,
): T {
  const snapshot = () => derive(feed === undefined ? cursorMs : feed.getMs())
  // The same snapshot on the server: the build's prerender draws the first frame from it.
  return useSyncExternalStore(feed?.subscribe ?? NO_SUBSCRIPTION, snapshot, snapshot)
}
