/**
 * The playback loop: the imperative shell around a lab store. While the store says `playing`
 * (or a step is gliding), a requestAnimationFrame loop turns wall milliseconds into simulation
 * milliseconds × speed and sets `cursorMs` — the only thing that changes per frame. It never runs
 * when idle, never fast-forwards after a stall (a hidden tab, a debugger), pauses when the page
 * is hidden and stops at the end (of the range, if the lab has one), or starts over at the range's
 * start when the lab loops. With reduced motion the cursor jumps from event to event at the
 * same pace instead of sliding.
 *
 * Playing the story (playMode 'story' or 'wait', when the run has narration): the loop stops the
 * cursor at each narration line in turn — lines sharing a millisecond one after the other — and
 * holds it there long enough to read the line ('story') or pauses until the reader goes on
 * ('wait'); idle stretches between events are cut short (storyPace.ts).
 */
import { captionIndexAt, eventIndexAt, nextStopMs } from '../timeline'
import type { LabStore, LabStoreState } from './labStore'
import { cursorBoundsOf } from './labStore'
import { nextLineToTell, readingMs, storyAdvanceMs } from './storyPace'

/** A frame longer than this is counted as this long: playback never jumps ahead after a stall. */
export const MAX_FRAME_MS = 50
/** How long a looping lab holds its last moment before it starts over (wall ms). */
export const LOOP_HOLD_MS = 1500
/** How long a step glides (without reduced motion). */
export const GLIDE_MS = 180

export interface PlaybackEnv {
  requestFrame: (callback: (nowMs: number) => void) => number
  cancelFrame: (handle: number) => void
  /** Calls back when the page is hidden; returns the unsubscribe. */
  onHidden: (callback: () => void) => () => void
}

export function browserPlaybackEnv(): PlaybackEnv {
  return {
    requestFrame: (callback) => requestAnimationFrame(callback),
    cancelFrame: (handle) => cancelAnimationFrame(handle),
    onHidden: (callback) => {
      const listener = () => {
        if (document.visibilityState === 'hidden') callback()
      }
      document.addEventListener('visibilitychange', listener)
      return () => document.removeEventListener('visibilitychange', listener)
    },
  }
}

/** Starts driving `store`; returns the function that stops it. */
export function startPlayback(
  store: LabStore,
  env: PlaybackEnv = browserPlaybackEnv(),
): () => void {
  let handle: number | null = null
  let lastNow: number | null = null
  /** Continuous simulation time while playing (the cursor may snap behind it). */
  let clockMs = 0
  /** The cursor this loop last set; anything else means the reader moved it. */
  let committedMs = Number.NaN
  /** When a loop reached the end of its range (wall time), or null. */
  let heldSince: number | null = null
  let glide: LabStoreState['glide'] = null
  let glideStartedAt = 0
  /** The last narration line the story has told, and until when (wall) it is held. */
  let lastTold = -1
  let holdUntil: number | null = null

  const frame = (now: number) => {
    handle = null
    const s = store.getState()
    const wallMs = lastNow === null ? 0 : Math.min(Math.max(now - lastNow, 0), MAX_FRAME_MS)
    lastNow = now

    if (s.playing) {
      const captions = s.lab.captions
      const story = s.playMode !== 'time' && captions.length > 0
      if (s.cursorMs !== committedMs) {
        clockMs = s.cursorMs
        heldSince = null
        holdUntil = null
        // The line showing where the reader put the cursor counts as told.
        lastTold = captionIndexAt(captions, s.cursorMs, s.storyLine)
      }
      if (story && holdUntil !== null) {
        if (now < holdUntil) {
          schedule()
          return
        }
        holdUntil = null
      }
      clockMs = story
        ? storyAdvanceMs(clockMs, wallMs, s.speed, nextEventMs(s, clockMs))
        : clockMs + wallMs * s.speed
      const line = story ? nextLineToTell(captions, lastTold, clockMs) : null
      const caption = line === null ? undefined : captions[line]
      if (line !== null && caption !== undefined) {
        lastTold = line
        clockMs = caption.atMs
        committedMs = caption.atMs
        store.setState({ cursorMs: caption.atMs, storyLine: line })
        if (s.playMode === 'wait') store.getState().pause()
        else holdUntil = now + readingMs(caption.text)
        schedule()
        return
      }
      const { startMs, endMs } = cursorBoundsOf(s)
      const loops = s.loop && endMs > startMs
      const atEnd = clockMs >= endMs
      let cursorMs = atEnd
        ? endMs
        : s.reducedMotion
          ? Math.max(lastEventAtOrBefore(s, clockMs), startMs)
          : clockMs
      // A loop holds its last moment (so the outcome can be read), then starts over.
      if (atEnd && loops) {
        heldSince ??= now
        if (now - heldSince >= LOOP_HOLD_MS) {
          cursorMs = startMs
          clockMs = startMs
          heldSince = null
        }
      }
      committedMs = cursorMs
      if (cursorMs !== s.cursorMs) store.setState({ cursorMs })
      if (atEnd && !loops) store.getState().pause()
    } else if (s.glide !== null) {
      if (s.glide !== glide) {
        glide = s.glide
        glideStartedAt = now
      }
      const progress = Math.min(1, (now - glideStartedAt) / GLIDE_MS)
      if (progress >= 1 || s.reducedMotion) {
        s.endGlide()
      } else {
        const eased = 1 - (1 - progress) ** 3
        store.setState({ cursorMs: s.glide.fromMs + (s.glide.toMs - s.glide.fromMs) * eased })
      }
    }
    schedule()
  }

  const schedule = () => {
    const s = store.getState()
    if (handle !== null || (!s.playing && s.glide === null)) {
      if (!s.playing && s.glide === null) lastNow = null
      return
    }
    handle = env.requestFrame(frame)
  }

  const unsubscribe = store.subscribe(schedule)
  const stopWatchingVisibility = env.onHidden(() => store.getState().pause())
  schedule()

  return () => {
    unsubscribe()
    stopWatchingVisibility()
    if (handle !== null) env.cancelFrame(handle)
    handle = null
  }
}

/** The time of the next event strictly after `ms` on any timeline on screen, or null. */
function nextEventMs(s: LabStoreState, ms: number): number | null {
  let best: number | null = null
  for (const t of timelinesOf(s)) {
    const next = nextStopMs(t, ms)
    if (next !== null && (best === null || next < best)) best = next
  }
  return best
}

function timelinesOf(s: LabStoreState) {
  return s.compare === null
    ? [s.lab.timeline]
    : [s.lab.timeline, s.compare.fenced.timeline, s.compare.unfenced.timeline]
}

/** With reduced motion the cursor only lands on moments when something happened. */
function lastEventAtOrBefore(s: LabStoreState, ms: number): number {
  let best = 0
  for (const t of timelinesOf(s)) {
    const event = t.run.events[eventIndexAt(t, ms)]
    if (event !== undefined) best = Math.max(best, event.atMs)
  }
  return best
}
