/**
 * A zoomed view follows the cursor: the imperative shell around `viewFollowing`. Whenever the
 * cursor moves (Play, Next/Previous, a step, a key, the scrubber) out of the window the diagram
 * shows, the window pans, keeping its width, so the cursor is in view again. It glides there
 * unless motion is reduced (then it moves at once), and it jumps at once when the cursor went
 * further than a window away, as a pan that long would only blur past, or when the window holds
 * more than GLIDE_MAX_EVENTS events: a glide redraws the whole window every frame, and a dense
 * window cannot be redrawn in a frame's time (the 5k-event run's frames went from 16.7 to 50 ms
 * at p95 while gliding; bench/lab.ts measures it zoomed).
 *
 * It watches the cursor, not the view: a window the reader panned or zoomed stays where they put
 * it until the cursor moves, and the reader's own pan or zoom during a glide wins over the glide.
 * This is the one place that applies the rule; the store's zoom actions never move the view for
 * the cursor.
 */
import type { TimeView } from '../timeline'
import { clampView, eventsBetween, viewFollowing } from '../timeline'
import type { LabStore, LabStoreState } from './labStore'
import type { PlaybackEnv } from './playback'
import { browserPlaybackEnv } from './playback'
import { actionMsOf } from './selectors'

/** How long the window glides to where the cursor is (without reduced motion). */
export const FOLLOW_MS = 200

/**
 * The most events a window may hold (where it is or where it goes) for it to glide; a denser one
 * jumps. Every preset's story glides (the densest preset window holds a few dozen events).
 */
export const GLIDE_MAX_EVENTS = 150

/** Events at or inside a view's two ends. */
function eventsIn(s: LabStoreState, view: TimeView): number {
  return eventsBetween(s.lab.run.events, view.fromMs, view.toMs)
}

/** Starts following for `store`; returns the function that stops it. */
export function startFollowing(
  store: LabStore,
  env: PlaybackEnv = browserPlaybackEnv(),
): () => void {
  /** Where the cursor was (or is heading, in a step's glide) when last looked at. */
  let seenMs = actionMsOf(store.getState())
  /** The view this follower last set: any other view was the reader's (or a new run's). */
  let committed: TimeView | null = null
  let pan: { from: TimeView; to: TimeView; startedAt: number | null } | null = null
  let handle: number | null = null

  const commit = (view: TimeView) => {
    committed = view
    store.setState({ timeView: view })
  }

  const stopPan = () => {
    pan = null
    if (handle !== null) env.cancelFrame(handle)
    handle = null
  }

  const frame = (now: number) => {
    handle = null
    if (pan === null) return
    pan.startedAt ??= now
    const progress = Math.min(1, (now - pan.startedAt) / FOLLOW_MS)
    if (progress >= 1) {
      const to = pan.to
      pan = null
      commit(to)
      return
    }
    const eased = 1 - (1 - progress) ** 3
    const span = pan.to.toMs - pan.to.fromMs
    const fromMs = pan.from.fromMs + (pan.to.fromMs - pan.from.fromMs) * eased
    commit(clampView({ fromMs, toMs: fromMs + span }, Math.max(1, store.getState().lab.run.endMs)))
    handle = env.requestFrame(frame)
  }

  const onChange = (s: LabStoreState) => {
    // The reader zoomed, panned or fitted during a glide: their view stands.
    if (pan !== null && s.timeView !== committed) stopPan()
    const ms = actionMsOf(s)
    if (ms === seenMs) return
    seenMs = ms
    const shown = s.timeView
    if (shown === null) return
    const heading = pan?.to ?? shown
    const target = viewFollowing(heading, ms, Math.max(1, s.lab.run.endMs))
    if (target === null || target === heading) return
    const far = Math.abs(target.fromMs - shown.fromMs) > shown.toMs - shown.fromMs
    const dense = Math.max(eventsIn(s, shown), eventsIn(s, target)) > GLIDE_MAX_EVENTS
    if (s.reducedMotion || far || dense) {
      stopPan()
      commit(target)
      return
    }
    pan = { from: shown, to: target, startedAt: null }
    handle ??= env.requestFrame(frame)
  }

  const unsubscribe = store.subscribe(onChange)
  return () => {
    unsubscribe()
    stopPan()
  }
}
