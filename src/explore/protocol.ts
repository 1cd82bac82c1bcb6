/** The messages between the page and the explorer's Web Worker (see jobProtocol.ts). */
import type { FromJob, ToJob } from './jobProtocol'
import type { ExploreInput, ExploreProgress, ExploreResult } from './types'

export type ToExplorer = ToJob<ExploreInput>

/** Progress with the worker's own timing (the worker's monotonic clock). */
export interface TimedProgress extends ExploreProgress {
  /** Wall time since the search started, in the worker. */
  elapsedMs: number
  /** Schedules explored per second of wall time so far. */
  schedulesPerSecond: number
}

export type FromExplorer = FromJob<TimedProgress, ExploreResult>
