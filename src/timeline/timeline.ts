/**
 * A finished run, indexed for a cursor: the state at any time, the next and previous moments to
 * step to, and the moments worth jumping to (violations, warnings, rejections).
 *
 * The cursor is a true time in ms; the state "at" a time includes every event at or before it.
 * Snapshots every SNAPSHOT_EVERY events keep any lookup to a short fold, so a 100k-event run
 * answers in microseconds; they are made as the cursor first needs them (see `snapshots`).
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
  /**
   * Snapshots[k] = state after event k × SNAPSHOT_EVERY − 1 (snapshot 0 = before any event), when
   * made with the timeline: a run indexed in a worker brings them along, so the page never
   * replays two million events in one task. Null: made when first needed, and only as far as
   * needed (`stateAfterEvent`). A run the page indexes itself starts with its cursor at 0, and
   * replaying every event before its first frame was a fifth of opening a 100k-event history.
   */
  snapshots: LabState[] | null
}

/** When a timeline's snapshots are made: with it, or when a state is first asked for. */
export type SnapshotsMade = 'now' | 'when-needed'

export function buildTimeline(
  run: Run,
  findings: CheckResult,
  snapshots: SnapshotsMade = 'when-needed',
): Timeline {
  const stops: number[] = []
  const problems = new Set<number>()
  for (const e of run.events) {
    if (stops.length === 0 || stops[stops.length - 1] !== e.atMs) stops.push(e.atMs)
    if (e.type === 'WriteRejected' || e.type === 'ReadRejected') problems.add(e.atMs)
  }
  for (const f of [...findings.violations, ...findings.warnings]) problems.add(f.atMs)
  const timeline: Timeline = {
    run,
    findings,
    stopsMs: stops,
    problemMs: [...problems].sort((a, b) => a - b),
    snapshots: null,
  }
  if (snapshots === 'now') timeline.snapshots = replay(run).through(Infinity)
  return timeline
}

/**
 * A run replayed from its start, snapshot by snapshot, as far as asked (`through(k)`: until
 * snapshot k exists, or the run has ended). The snapshots made are kept for the next question.
 */
function replay(run: Run): { through: (k: number) => LabState[] } {
  const snapshots: LabState[] = []
  const state = initialLabState(run.scenario)
  let next = 0
  return {
    through(k) {
      for (; next < run.events.length && snapshots.length <= k; next++) {
        if (next % SNAPSHOT_EVERY === 0) snapshots.push(cloneLabState(state))
        applyEvent(state, run.events[next] as (typeof run.events)[number], next)
      }
      return snapshots
    },
  }
}

/**
 * Replays of the timelines whose snapshots are made when needed. Keyed by the timeline, so a
 * timeline stays plain data (equal to another of the same run, sent to a worker as it is) and
 * its replay goes when it goes.
 */
const replays = new WeakMap<Timeline, ReturnType<typeof replay>>()

/** The timeline's snapshots, at least up to snapshot `k` (all of them when the run is shorter). */
function snapshotsThrough(timeline: Timeline, k: number): LabState[] {
  if (timeline.snapshots !== null) return timeline.snapshots
  let made = replays.get(timeline)
  if (made === undefined) {
    made = replay(timeline.run)
    replays.set(timeline, made)
  }
  return made.through(k)
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
  const wanted = Math.max(0, Math.floor((last + 1) / SNAPSHOT_EVERY))
  const snapshots = snapshotsThrough(timeline, wanted)
  const k = Math.max(0, Math.min(wanted, snapshots.length - 1))
  const base = snapshots[k]
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
