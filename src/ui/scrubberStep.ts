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
import type { LabStoreState } from '../store'
import { eventIndexAt } from '../timeline'

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

/** The cursor as the scrubber shows it (see the top of this file), never before `startMs`. */
export function shownCursorMs(s: LabStoreState, stepMs: number, startMs: number): number {
  if (stepMs <= 1 || !s.playing || s.reducedMotion) return s.cursorMs
  const { timeline, run } = s.lab
  const passedMs = run.events[eventIndexAt(timeline, s.cursorMs)]?.atMs ?? startMs
  const fromMs = Math.max(startMs, passedMs)
  return fromMs + Math.floor((s.cursorMs - fromMs) / stepMs) * stepMs
}
