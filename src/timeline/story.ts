/**
 * The story of an edited run, kept true. The author's narration was written for the scenario as
 * it stands; once a reader changes it (resumes A early, turns fencing off), a line is only known
 * to be true while the run is still the one the author saw. So a line is kept when every event
 * up to its moment is unchanged, and from the first changed event on the story is told from the
 * run itself: what the reader's change did, the lock's grants and expiries, each write's
 * decision, the checker's findings and the outcome — generated, never invented.
 */
import type { CheckResult, Finding, Run, TraceEvent } from '../sim'
import { describeEvent } from '../sim'
import type { Caption } from './captions'
import { sortCaptions } from './captions'

/** The run the author narrated, to compare an edited run with. */
export interface StoryBaseline {
  run: Run
  findings: CheckResult
}

/** At most this many generated event lines (findings and the outcome always come). */
export const MAX_TOLD_EVENTS = 12
/** At most this many generated finding lines. */
export const MAX_TOLD_FINDINGS = 6

/**
 * The captions of `run`: the author's (`authored`, resolved on this run) when the run is the one
 * they were written for, else the lines before the first changed event and what happens now.
 */
export function storyCaptions(
  run: Run,
  findings: CheckResult,
  authored: readonly Caption[],
  baseline: StoryBaseline | null,
): Caption[] {
  if (baseline === null) return [...authored]
  const changedAt = firstChangedEvent(run.events, baseline.run.events)
  if (changedAt === null) return [...authored]
  const changedAtMs = Math.min(
    run.events[changedAt]?.atMs ?? Infinity,
    baseline.run.events[changedAt]?.atMs ?? Infinity,
  )
  const kept = authored.filter((c) =>
    c.eventIndex < 0 ? c.atMs < changedAtMs : c.eventIndex < changedAt,
  )
  return sortCaptions([...kept, ...toldCaptions(run, findings, baseline.findings, changedAt)])
}

/** The index of the first event that differs between two traces, or null if they are equal. */
export function firstChangedEvent(
  events: readonly TraceEvent[],
  before: readonly TraceEvent[],
): number | null {
  const n = Math.min(events.length, before.length)
  for (let i = 0; i < n; i++) {
    if (!sameEvent(events[i], before[i])) return i
  }
  return events.length === before.length ? null : n
}

function sameEvent(a: TraceEvent | undefined, b: TraceEvent | undefined): boolean {
  return JSON.stringify(a) === JSON.stringify(b)
}

/** Lines generated from the run for events from `fromIndex` on. */
function toldCaptions(
  run: Run,
  findings: CheckResult,
  before: CheckResult,
  fromIndex: number,
): Caption[] {
  const told: Caption[] = []
  const found = [...findings.violations, ...findings.warnings]
    .filter((f) => f.eventIndex >= fromIndex)
    .sort((a, b) => a.eventIndex - b.eventIndex)
    .slice(0, MAX_TOLD_FINDINGS)
  const findingAt = new Set(found.map((f) => f.eventIndex))
  let events = 0
  for (let i = fromIndex; i < run.events.length && events < MAX_TOLD_EVENTS; i++) {
    const e = run.events[i]
    if (e === undefined || !worthTelling(e) || findingAt.has(i)) continue
    told.push({ atMs: e.atMs, eventIndex: i, text: `${describeEvent(e)}.`, generated: true })
    events++
  }
  for (const f of found) {
    told.push({
      atMs: run.events[f.eventIndex]?.atMs ?? f.atMs,
      eventIndex: f.eventIndex,
      text: findingText(f, run.events[f.eventIndex]),
      generated: true,
    })
  }
  const last = run.events.length - 1
  const end = run.events[last]
  if (end !== undefined && last >= fromIndex) {
    told.push({
      atMs: end.atMs,
      eventIndex: last,
      text: outcomeText(findings, before),
      generated: true,
    })
  }
  return told
}

/** The events a story tells: the reader's faults, the lock's decisions and the resources'. */
function worthTelling(e: TraceEvent): boolean {
  switch (e.type) {
    case 'NodePaused':
    case 'NodeResumed':
    case 'NodeCrashed':
    case 'NodeRestarted':
    case 'ClockJumped':
    case 'PartitionStarted':
    case 'LinkFaultArmed':
    case 'LeaseExpired':
    case 'LeaseForgotten':
    case 'RenewRefused':
    case 'WriteRejected':
    case 'WriteApplied':
    case 'WriteDiscarded':
    case 'ReadRejected':
    case 'LeaseCheckFailed':
      return true
    case 'LeaseGranted':
      return !e.reentrant
    case 'LeaseReleased':
      return e.foreign
    case 'WriteAccepted':
      return !e.duplicate
    case 'MessageDropped':
      return e.reason === 'drop'
    default:
      return false
  }
}

/** A finding as a caption: what happened at that event, then why it matters. */
function findingText(f: Finding, event: TraceEvent | undefined): string {
  const what = event !== undefined && worthTelling(event) ? `${describeEvent(event)}. ` : ''
  const label = f.severity === 'violation' ? 'Violation' : 'Warning'
  return `${what}${label} (${f.kind}): ${f.message}`
}

/** The outcome now, and how it differs from the run as written. */
function outcomeText(now: CheckResult, before: CheckResult): string {
  const kinds = (r: CheckResult) => [...new Set(r.violations.map((f) => f.kind))].join(', ')
  const nowWords =
    now.verdict === 'unsafe'
      ? `the run ends unsafe (${kinds(now)})`
      : 'the run ends safe: no violation'
  const beforeWords =
    before.verdict === now.verdict && kinds(before) === kinds(now)
      ? 'the same verdict as the scenario as written'
      : before.verdict === 'unsafe'
        ? `as written it was unsafe (${kinds(before)})`
        : 'as written it was safe'
  return `After your change, ${nowWords}; ${beforeWords}.`
}
