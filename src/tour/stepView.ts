/**
 * What one stop of the tour shows, computed from the data and the run: the cursor, whether the
 * future is faded or hidden (hidden while a prediction on this run is still ahead of the reader
 * — this step's unanswered one or a later step's — so the diagram does not give the answer
 * away a step early), the key event (the step's decisive words, or the outcome a prediction revealed)
 * and the latest events up to the cursor for the event strip.
 */
import type { CheckResult, Finding, Run, TraceEvent } from '../sim'
import type { Moment, TourChapter, TourStep } from './chapters'
import { describeEvent } from '../sim'
import type { Future } from '../viz'
import type { LabRun } from '../store/derive'
import type { Spans } from '../timeline'
import { deriveSpans, eventIndexAt } from '../timeline'
import type { Tone } from '../ui/eventTone'
import { toneOf as logTone } from '../ui/eventTone'
import { momentEventIndex, momentMs, scenarioKey } from './runs'

export interface StepView {
  cursorMs: number
  future: Future
  /** Index of the event the step is about (highlighted), or -1. */
  keyIndex: number
  /** Indices of the latest events worth reading, oldest first, ending at the cursor. */
  recent: number[]
  /** Index of the last event at or before the cursor (-1 before the first). */
  lastIndex: number
}

/** Messages are drawn as arrows; the strip keeps to what nodes decided and did. */
export function isNarrated(e: TraceEvent): boolean {
  return e.type !== 'MessageSent' && e.type !== 'MessageDelivered'
}

export const RECENT_EVENTS = 4

/**
 * The outcomes the reader is still to predict on a step's run: the step's own prediction until
 * it is answered, and every later step's prediction on the same scenario (answers are kept per
 * stop, so a later question is always open). A step on another run cannot give them away.
 */
export function pendingReveals(
  chapter: TourChapter,
  stepIndex: number,
  answered: boolean,
): Moment[] {
  const here = chapter.steps[stepIndex]
  if (here === undefined) return []
  const key = scenarioKey(here.scenario)
  const reveals: Moment[] = []
  chapter.steps.forEach((s, i) => {
    if (i < stepIndex || s.predict === undefined || scenarioKey(s.scenario) !== key) return
    if (i === stepIndex && answered) return
    reveals.push(s.predict.reveal)
  })
  return reveals
}

/**
 * `pending`: the reveal moments of predictions still open on this run (`pendingReveals`); the
 * future is hidden while any of them lies past the cursor.
 */
export function stepView(
  lab: LabRun,
  step: TourStep,
  answered: boolean,
  pending: readonly Moment[] = [],
): StepView {
  const revealed = answered && step.predict !== undefined
  const moment = revealed && step.predict !== undefined ? step.predict.reveal : step.at
  const cursorMs = momentMs(lab, moment)
  const lastIndex = eventIndexAt(lab.timeline, cursorMs)
  const events = lab.run.events

  let keyIndex = -1
  if (revealed && step.predict !== undefined) {
    keyIndex = momentEventIndex(lab, step.predict.reveal)
  } else if (step.decisive !== undefined) {
    for (let i = lastIndex; i >= 0; i--) {
      const e = events[i]
      if (e !== undefined && describeEvent(e).includes(step.decisive)) {
        keyIndex = i
        break
      }
    }
  } else if (step.predict === undefined) {
    const index = momentEventIndex(lab, step.at)
    if (index <= lastIndex) keyIndex = index
  }

  const recent: number[] = []
  for (let i = lastIndex; i >= 0 && recent.length < RECENT_EVENTS; i--) {
    const e = events[i]
    if (e !== undefined && isNarrated(e)) recent.unshift(i)
  }

  const spoils = pending.some((m) => momentMs(lab, m) > cursorMs)
  return {
    cursorMs,
    future: (step.predict !== undefined && !revealed) || spoils ? 'hide' : 'fade',
    keyIndex,
    recent,
    lastIndex,
  }
}

/** What the diagram draws. */
export interface Drawn {
  run: Run
  findings: CheckResult
  spans: Spans
}

/**
 * The run cut at the cursor, for a diagram whose future is hidden while the reader predicts it:
 * the veil alone would leave labels of the next decision (placed just left of it) in view, and
 * the diagram's description in words would tell the outcome. The time axis stays the whole run's
 * (same `endMs`), so revealing the answer only lifts the veil.
 */
export function pastOnly(lab: LabRun, cursorMs: number): Drawn {
  const last = eventIndexAt(lab.timeline, cursorMs)
  const run: Run = { ...lab.run, events: lab.run.events.slice(0, last + 1) }
  const happened = (f: Finding) => f.atMs <= cursorMs && f.eventIndex <= last
  const violations = lab.findings.violations.filter(happened)
  const findings: CheckResult = {
    verdict: violations.length > 0 ? 'unsafe' : 'safe',
    // A cut at the event cap lies in the hidden future (and no tour chapter comes near it).
    truncated: null,
    violations,
    warnings: lab.findings.warnings.filter(happened),
  }
  return { run, findings, spans: deriveSpans(run) }
}

/**
 * The event log's tones, except that a message reads as plain information: the strip leaves
 * messages out (they are the diagram's arrows), so only a key event can be one.
 */
export function toneOf(e: TraceEvent): Exclude<Tone, 'message'> {
  const tone = logTone(e)
  return tone === 'message' ? 'info' : tone
}
