import type { ScenarioInput, TraceEventType } from '../../sim'

/**
 * A moment of a run: a time, or the nth event of a type (optionally at one node), shifted by
 * `offsetMs` (e.g. -1: "just before it", where a step asks the reader to predict it).
 */
export type Moment =
  { atMs: number } | { on: TraceEventType; node?: string; nth?: number; offsetMs?: number }

export interface Citation {
  /** The real system or source, e.g. "Chubby", "Kubernetes Lease", "Kleppmann (2016)". */
  system: string
  /** One line: what it does, in its own terms. */
  text: string
  /** Where to read it (a URL). */
  source: string
}

export interface Prediction {
  question: string
  choices: Array<{ label: string; correct: boolean; explanation: string }>
  /** Where the run is shown once the reader has answered. */
  reveal: Moment
}

export interface TourStep {
  /** Stable within its chapter: deep links use it (`tour.html#fencing/reject`). */
  id: string
  /** A preset id, or a scenario of the tour's own. */
  scenario: string | (ScenarioInput & { id: string; title: string; description: string })
  /** Where the cursor stands for this step. */
  at: Moment
  /** What the reader should see, in plain words. */
  text: string
  predict?: Prediction
  /** Words the lab must show at this step (the event log or inspector) — checked by tests. */
  decisive?: string
}

export interface TourChapter {
  /** Stable: deep links and embeds select chapters by id. */
  id: string
  title: string
  /** The seed question this chapter answers. */
  question: string
  /** The answer, in plain words. */
  answer: string
  realWorld: Citation[]
  steps: TourStep[]
  /** The run "Try it yourself" opens in the lab (a preset id or one of the tour's scenarios). */
  tryIt: string
}
