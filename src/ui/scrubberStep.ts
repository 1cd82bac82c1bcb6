/**
 * How finely the scrubber follows a cursor that plays. Playing moves the cursor every frame, but
 * the scrubber's thumb moves by whole pixels and its clock is read, not watched at sixty changes
 * a second: following every frame was a fifth of playback's script time (issue 18). So while the
 * cursor plays, the scrubber shows it in steps of about one pixel of its track, rounded up to a
 * round number of milliseconds (1, 2, 5, 10, 20, 50 …), counted from the last event the cursor
 * passed: the clock reads each event's own time when the cursor reaches it (the story rests on
 * its lines' events) and never runs backwards. Anywhere else (paused, stepped, dragged, or playing
 * in reduced motion, which jumps from event to event) it shows the cursor exactly.
 */
import { formatMs } from '../sim'
import type { LabStoreState } from '../store'
import { momentWords } from '../store'
import { eventIndexAt } from '../timeline'
import { clockText } from './format'

/** The smallest of 1, 2, 5 × 10^k milliseconds that is at least `ms` (1 for anything up to 1). */
export function roundStepMs(ms: number): number {
  if (!(ms > 1)) return 1
  const power = 10 ** Math.floor(Math.log10(ms))
  for (const m of [1, 2, 5]) if (m * power >= ms) return m * power
  return 10 * power
}

/** The scrubber's step for a range of `spanMs` drawn on a track `trackPx` wide (1: not measured). */
export function scrubberStepMs(spanMs: number, trackPx: number): number {
  return trackPx > 0 && spanMs > 0 ? roundStepMs(spanMs / trackPx) : 1
}

/**
 * The cursor as the scrubber shows it (see the top of this file), never before `startMs`.
 * `index`: the event under the cursor, when the caller has it already.
 */
export function shownCursorMs(
  s: LabStoreState,
  stepMs: number,
  startMs: number,
  index = eventIndexAt(s.lab.timeline, s.cursorMs),
): number {
  if (stepMs <= 1 || !s.playing || s.reducedMotion) return s.cursorMs
  const passedMs = s.lab.run.events[index]?.atMs ?? startMs
  const fromMs = Math.max(startMs, passedMs)
  return fromMs + Math.floor((s.cursorMs - fromMs) / stepMs) * stepMs
}

/** What the scrubber shows: the thumb's value, the clock, and the spoken value. */
export interface ScrubberFace {
  valueMs: number
  clock: string
  valueText: string
}

export type ScrubberFaceOf = (s: LabStoreState, stepMs: number, startMs: number) => ScrubberFace

/**
 * The scrubber's face for the store's state, as its render and the store's listener both write it
 * (Controls.tsx), with `stepMs` and `startMs` from the render. It remembers its last answer and
 * gives the same object back while the thumb's millisecond and the event under the cursor stay:
 * the listener hears every change of the store, and most move neither (playing by time, the thumb
 * moves one frame in three on the lab's track); the words are built once per event.
 */
export function scrubberFaces(): ScrubberFaceOf {
  let last: { lab: LabStoreState['lab']; index: number; words: string; face: ScrubberFace } | null =
    null
  return (s, stepMs, startMs) => {
    // The clock, the thumb and the spoken value show the same whole millisecond.
    const index = eventIndexAt(s.lab.timeline, s.cursorMs)
    const valueMs = Math.round(shownCursorMs(s, stepMs, startMs, index))
    const sameEvent = last !== null && last.lab === s.lab && last.index === index
    if (sameEvent && last?.face.valueMs === valueMs) return last.face
    const words = sameEvent && last !== null ? last.words : momentWords(s.lab, index)
    const face = { valueMs, clock: clockText(valueMs), valueText: `${formatMs(valueMs)}: ${words}` }
    last = { lab: s.lab, index, words, face }
    return face
  }
}
