/**
 * How finely the scrubber follows a cursor that moves by time. Playing by time moves the cursor
 * every frame, but the scrubber's thumb moves by whole pixels and its clock is read, not watched
 * at sixty changes a second: following every frame was a fifth of playback's script time
 * (issue 18). So while the cursor moves by time, the scrubber shows it in steps of about one
 * pixel of its track, rounded up to a round number of milliseconds (1, 2, 5, 10, 20, 50 …) so the
 * clock ticks in tidy steps. Anywhere else (paused, stepped, dragged, held on a story line) it
 * shows the cursor exactly.
 */
import type { LabStoreState } from '../store'

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
 * Whether the cursor is moving by time: playing in true time (or a run without narration, which
 * plays by time in any mode), not a reduced-motion playback that jumps from event to event.
 */
export function movesByTime(s: LabStoreState): boolean {
  return s.playing && !s.reducedMotion && (s.playMode === 'time' || s.lab.captions.length === 0)
}

/** The cursor as the scrubber shows it (see the top of this file), never before `startMs`. */
export function shownCursorMs(s: LabStoreState, stepMs: number, startMs: number): number {
  if (stepMs <= 1 || !movesByTime(s)) return s.cursorMs
  return Math.max(startMs, Math.floor(s.cursorMs / stepMs) * stepMs)
}
