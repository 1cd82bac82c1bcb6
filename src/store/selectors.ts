/**
 * Selectors: what components and actions read from a lab's state, defined once, outside
 * components (a component passes one to `useLab`, an action calls it on `get()`). Each takes only
 * the fields it needs, so tests and other selectors can call it on a partial state.
 */
import type { DangerWindowSpan, LabState, Timeline } from '../timeline'
import { eventIndexAt, stateAfterEvent } from '../timeline'
import type { ComparePair } from './derivation'
import type { LabRun } from './derive'
import type { Base } from './history'

/** A stretch of the run that playback, the scrubber and the steps stay inside (embeds). */
export interface CursorRange {
  fromMs: number
  toMs: number
}

interface Runs {
  lab: LabRun
  compare: ComparePair | null
}

interface Cursor {
  lab: LabRun
  cursorMs: number
  glide: { fromMs: number; toMs: number } | null
}

/** A moment of a run: the run and the index of its last event that has happened (-1: none). */
export type Moment = readonly [lab: LabRun, eventIndex: number]

/** The end of the cursor's range: the longest of the runs on screen. */
export function endMsOf(s: Runs): number {
  if (s.compare === null) return s.lab.run.endMs
  return Math.max(s.lab.run.endMs, s.compare.fenced.run.endMs, s.compare.unfenced.run.endMs)
}

/**
 * Where the cursor may be: the range (if any) within the run, else the whole run. A range past
 * the run's end (after an edit shortened it) shrinks to the end rather than leaving the run.
 */
export function cursorBoundsOf(s: Runs & { range: CursorRange | null }): {
  startMs: number
  endMs: number
} {
  const endMs = endMsOf(s)
  if (s.range === null) return { startMs: 0, endMs }
  const startMs = Math.min(Math.max(s.range.fromMs, 0), endMs)
  return { startMs, endMs: Math.min(Math.max(s.range.toMs, startMs), endMs) }
}

/** `ms` moved into the cursor's bounds (a non-number goes to the start). */
export function clampCursor(s: Runs & { range: CursorRange | null }, ms: number): number {
  const bounds = cursorBoundsOf(s)
  if (!Number.isFinite(ms)) return bounds.startMs
  return Math.min(Math.max(ms, bounds.startMs), bounds.endMs)
}

/** The timelines the cursor steps through: the lab's, plus both compared runs in compare mode. */
export function navTimelines(s: Runs): Timeline[] {
  if (s.compare === null) return [s.lab.timeline]
  return [s.lab.timeline, s.compare.fenced.timeline, s.compare.unfenced.timeline]
}

/**
 * Where the reader is: the end of a step still gliding there, else the cursor. A step starts from
 * here, and a reader's action acts just after it.
 */
export function actionMsOf(s: Pick<Cursor, 'cursorMs' | 'glide'>): number {
  return s.glide?.toMs ?? s.cursorMs
}

/** The moment at the cursor (what the inspector, the log and the scrubber's words show). */
export function momentAtCursor(s: Pick<Cursor, 'lab' | 'cursorMs'>): Moment {
  return [s.lab, eventIndexAt(s.lab.timeline, s.cursorMs)]
}

/** The moment a reader's action starts from (the break panel's controls). */
export function momentAtAction(s: Cursor): Moment {
  return [s.lab, eventIndexAt(s.lab.timeline, actionMsOf(s))]
}

/** The lab state after a moment. */
export function stateAtMoment([lab, index]: Moment): LabState {
  return stateAfterEvent(lab.timeline, index)
}

/** The lab state at the cursor. */
export function stateAtCursor(s: Pick<Cursor, 'lab' | 'cursorMs'>): LabState {
  return stateAtMoment(momentAtCursor(s))
}

/** The lab state where a reader's action starts from. */
export function stateAtAction(s: Cursor): LabState {
  return stateAtMoment(momentAtAction(s))
}

const NO_WINDOWS: readonly DangerWindowSpan[] = []

/**
 * The danger windows to draw on the lab's timeline: those of the real system the open scenario
 * was built from, while it is unedited (an edit changes the story the windows were derived for).
 */
export function shownDangerWindows(s: {
  base: Base
  edited: boolean
}): readonly DangerWindowSpan[] {
  if (s.edited || s.base.kind !== 'custom') return NO_WINDOWS
  return s.base.dangerWindows ?? NO_WINDOWS
}
