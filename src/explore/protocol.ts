/** The messages between the page and the explorer's Web Worker (plain, structured-clone data). */
import type { ExploreInput, ExploreProgress, ExploreResult } from './types'

/** Page → worker. A new `start` replaces the search in progress (it is cancelled). */
export type ToExplorer =
  { type: 'start'; id: number; input: ExploreInput } | { type: 'cancel'; id: number }

/** Progress with the worker's own timing (performance.now in the worker). */
export interface TimedProgress extends ExploreProgress {
  /** Wall time since the search started, in the worker. */
  elapsedMs: number
  /** Schedules explored per second of wall time so far. */
  schedulesPerSecond: number
}

/** Worker → page. Every search ends with exactly one of `done`, `cancelled` or `failed`. */
export type FromExplorer =
  | { type: 'progress'; id: number; progress: TimedProgress }
  | { type: 'done'; id: number; progress: TimedProgress; result: ExploreResult }
  | { type: 'cancelled'; id: number; progress: TimedProgress | null }
  | { type: 'failed'; id: number; message: string }
