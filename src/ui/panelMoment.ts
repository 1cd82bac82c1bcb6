/**
 * The moment (run and event at the cursor) the panels below the stage show: the inspector and
 * the event log. A short run's panels follow every step. A long run's wait: while the reader
 * drags the scrubber (or steps), until the cursor rests; while it plays, they move along a few
 * times a second; after an edit, until the changed diagram has been painted. The diagram and the
 * scrubber go first: on the zoomed 5k-event run, re-rendering, laying out and painting the
 * inspector's cards at every frame of a drag cost about 3 ms of a 16.7 ms frame (measured with
 * the panels hidden against shown), and the log did likewise before it waited.
 *
 * "Rests" means the cursor has stopped, not that it crosses no event: a drag through a quiet
 * stretch of the run keeps the moment the same for a while, and a panel that caught up then
 * (25 ms for the log and the inspector) cost the drag a frame. So the hook watches the store
 * itself: the cursor's every move restarts the wait, and a panel re-renders only when it takes a
 * moment, never on the frames in between.
 *
 * While the story plays, a panel off the screen does not move along at all (the stage fills the
 * first screen, so at 1280×800 both panels are below it): it takes the latest moment as it comes
 * into view, or once playback stops and the cursor rests. On the zoomed 5k-event run, the log's
 * moves (16–34 ms each, a forced layout of some 520 objects included) were about half of the
 * playback's dropped frames, for rows nobody could see.
 */
import type { RefObject } from 'react'
import { useDeferredValue, useEffect, useRef, useState } from 'react'
import type { LabStoreState, Moment } from '../store'
import { momentAtCursor, useLabStore } from '../store'
import { afterNextPaint } from '../viz/afterPaint'

/** Runs up to this long (every preset) have panels that follow every step. */
export const FOLLOW_EVERY_STEP_UP_TO = 320
/** How long the cursor of a long run must rest before the panels follow it (outside playback). */
export const PANEL_SETTLE_MS = 120
/**
 * While a long run plays, the panels move along this often. At 2× the 5k-event run crosses about
 * 90 events in 150 ms, so each move of the log rendered its rows anew (12–27 ms a move), more
 * often than anyone reads them: at 150 ms the moves caused most of the zoomed playback's dropped
 * frames (10 of 17 in a traced run), at 400 ms about 4.
 */
export const PANEL_PLAYING_MS = 400
/** A moment waiting for a paint is taken after this long at the most (no frames in a hidden tab). */
export const AFTER_PAINT_LIMIT_MS = 250

/**
 * When the panels take a new moment: at once, once the frame for it has been painted, once the
 * cursor has rested that many ms, or (playing) the latest one every that many ms.
 */
export type Settle = 'now' | 'after-paint' | number | { everyMs: number }

export function panelSettle(playing: boolean, shown: Moment, next: Moment): Settle {
  if (next[0].run.events.length <= FOLLOW_EVERY_STEP_UP_TO) return 'now'
  if (shown[0] !== next[0]) return 'after-paint'
  return playing ? { everyMs: PANEL_PLAYING_MS } : PANEL_SETTLE_MS
}

const same = (a: Moment, b: Moment) => a[0] === b[0] && a[1] === b[1]

/**
 * The moment a panel shows. `panel`: the panel's element, watched for whether it is on the
 * screen (see above); without it, or without IntersectionObserver, the panel counts as shown.
 */
export function usePanelMoment(panel?: RefObject<Element | null>): Moment {
  const store = useLabStore()
  const [moment, setMoment] = useState<Moment>(() => momentAtCursor(store.getState()))
  const shown = useRef(moment)
  useEffect(() => {
    let latest = shown.current
    let rest: ReturnType<typeof setTimeout> | undefined
    let every: ReturnType<typeof setTimeout> | undefined
    let paint: (() => void) | null = null
    // On the screen until the observer says otherwise (its first report comes a frame later).
    let onScreen = true
    const stopPaint = () => {
      paint?.()
      paint = null
    }
    const take = () => {
      clearTimeout(rest)
      rest = undefined
      clearTimeout(every)
      every = undefined
      stopPaint()
      if (same(shown.current, latest)) return
      shown.current = latest
      setMoment(latest)
    }
    const afterPaint = () => {
      if (paint !== null) return
      let stopPainted = () => {}
      // The store changed in this task; the changed diagram is committed in its microtasks. The
      // paint is waited for after those (a task later), so that it shows the diagram.
      const afterCommit = setTimeout(() => {
        stopPainted = afterNextPaint(take)
      }, 0)
      const limit = setTimeout(take, AFTER_PAINT_LIMIT_MS)
      paint = () => {
        clearTimeout(afterCommit)
        stopPainted()
        clearTimeout(limit)
      }
    }
    const follow = (s: LabStoreState, moved: boolean) => {
      const next = momentAtCursor(s)
      if (!same(next, latest)) latest = next
      if (same(shown.current, latest)) {
        // Back where the panels are: nothing to take.
        clearTimeout(rest)
        rest = undefined
        return
      }
      const when = panelSettle(s.playing, shown.current, latest)
      if (when === 'now') take()
      else if (when === 'after-paint') afterPaint()
      else if (typeof when === 'number') {
        if (moved || rest === undefined) {
          clearTimeout(rest)
          rest = setTimeout(take, when)
        }
      } else if (onScreen) every ??= setTimeout(take, when.everyMs)
    }
    const element = panel?.current ?? null
    const observer =
      element === null || typeof IntersectionObserver !== 'function'
        ? null
        : new IntersectionObserver((entries) => {
            const entry = entries.at(-1)
            if (entry === undefined) return
            onScreen = entry.isIntersecting
            if (!onScreen) {
              clearTimeout(every)
              every = undefined
            } else if (store.getState().playing) take()
          })
    if (element !== null) observer?.observe(element)
    follow(store.getState(), true)
    const unsubscribe = store.subscribe((s, previous) => {
      const moved = s.cursorMs !== previous.cursorMs
      if (moved || s.lab !== previous.lab || s.playing !== previous.playing) follow(s, moved)
    })
    return () => {
      unsubscribe()
      observer?.disconnect()
      clearTimeout(rest)
      clearTimeout(every)
      stopPaint()
    }
    // The panel's element is the same for its life (a ref, read once it is committed).
  }, [store, panel])
  // Where rendering is concurrent, a panel also catches up in the time a frame leaves over.
  return useDeferredValue(moment)
}
