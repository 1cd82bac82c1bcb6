/**
 * A finished run, indexed for a cursor: the state at any time, the next and previous moments to
 * step to, and the moments worth jumping to (violations, warnings, rejections).
 *
 * The cursor is a true time in ms; the state "at" a time includes every event at or before it.
 * Snapshots every SNAPSHOT_EVERY events keep any lookup to a short fold, so a 100k-event run
 * answers in microseconds.
 */
import type { CheckResult, Run } from '../sim'
import type { LabState } from './labState'
import { applyEvent, cloneLabState, initialLabState } from './labState'

export const SNAPSHOT_EVERY = 64

export interface Timeline {
  run: Run
  findings: CheckResult
  /** Distinct event times, ascending: the stops for "step". */
  stopsMs: number[]
  /** Times of findings and rejected writes/reads, ascending and distinct: "jump to next problem". */
  problemMs: number[]
  /** Snapshots[k] = state after event k × SNAPSHOT_EVERY − 1 (snapshot 0 = before any event). */
  snapshots: LabState[]
}

export function buildTimeline(run: Run, findings: CheckResult): Timeline {
  const stops: number[] = []
  const problems = new Set<number>()
  const snapshots: LabState[] = []
  const state = initialLabState(run.scenario)
  run.events.forEach((e, i) => {
    if (i % SNAPSHOT_EVERY === 0) snapshots.push(cloneLabState(state))
    if (stops.length === 0 || stops[stops.length - 1] !== e.atMs) stops.push(e.atMs)
    if (e.type === 'WriteRejected' || e.type === 'ReadRejected') problems.add(e.atMs)
    applyEvent(state, e, i)
  })
  for (const f of [...findings.violations, ...findings.warnings]) problems.add(f.atMs)
  return {
    run,
    findings,
    stopsMs: stops,
    problemMs: [...problems].sort((a, b) => a - b),
    snapshots,
  }
}

/** Index of the last event at or before `ms` (-1 if none). Events are sorted by time. */
export function eventIndexAt(timeline: Timeline, ms: number): number {
  return eventsBefore(timeline.run.events, ms, true) - 1
}

/** How many of `events` (sorted by time) lie in [fromMs, toMs], found by binary search. */
export function eventsBetween(
  events: readonly { atMs: number }[],
  fromMs: number,
  toMs: number,
): number {
  return Math.max(0, eventsBefore(events, toMs, true) - eventsBefore(events, fromMs, false))
}

/** How many of `events` (sorted by time) are before `ms` (or at it, when `orAt`). */
function eventsBefore(events: readonly { atMs: number }[], ms: number, orAt: boolean): number {
  let lo = 0
  let hi = events.length
  while (lo < hi) {
    const mid = (lo + hi) >> 1
    const at = (events[mid] as { atMs: number }).atMs
    if (at < ms || (orAt && at === ms)) lo = mid + 1
    else hi = mid
  }
  return lo
}

/** The state after event `index` (use -1 for the start). */
export function stateAfterEvent(timeline: Timeline, index: number): LabState {
  const last = Math.min(index, timeline.run.events.length - 1)
  const k = Math.max(
    0,
    Math.min(Math.floor((last + 1) / SNAPSHOT_EVERY), timeline.snapshots.length - 1),
  )
  const base = timeline.snapshots[k]
  const state = base ? cloneLabState(base) : initialLabState(timeline.run.scenario)
  for (let i = k * SNAPSHOT_EVERY; i <= last; i++) {
    const e = timeline.run.events[i]
    if (e !== undefined) applyEvent(state, e, i)
  }
  return state
}

/** The state at a cursor time: every event at or before `ms` has happened. */
export function stateAt(timeline: Timeline, ms: number): LabState {
  return stateAfterEvent(timeline, eventIndexAt(timeline, ms))
}

/** The first stop strictly after `ms`, or null at the end. */
export function nextStopMs(timeline: Timeline, ms: number): number | null {
  return firstAfter(timeline.stopsMs, ms)
}

/** The last stop strictly before `ms` (the start, 0, when there is none). */
export function previousStopMs(timeline: Timeline, ms: number): number {
  return lastBefore(timeline.stopsMs, ms) ?? 0
}

/** The next violation, warning or rejection strictly after `ms`, or null. */
export function nextProblemMs(timeline: Timeline, ms: number): number | null {
  return firstAfter(timeline.problemMs, ms)
}

export function previousProblemMs(timeline: Timeline, ms: number): number | null {
  return lastBefore(timeline.problemMs, ms)
}

function firstAfter(sorted: readonly number[], ms: number): number | null {
  let lo = 0
  let hi = sorted.length
  while (lo < hi) {
    const mid = (lo + hi) >> 1
    if ((sorted[mid] ?? Infinity) <= ms) lo = mid + 1
    else hi = mid
  }
  return sorted[lo] ?? null
}

function lastBefore(sorted: readonly number[], ms: number): number | null {
  let lo = 0
  let hi = sorted.length
  while (lo < hi) {
    const mid = (lo + hi) >> 1
    if ((sorted[mid] ?? Infinity) < ms) lo = mid + 1
    else hi = mid
  }
  return lo > 0 ? (sorted[lo - 1] ?? null) : null
}
