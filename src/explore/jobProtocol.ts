/**
 * The messages between the page and a chunked-job Web Worker (the explorer's, chaos mode's):
 * plain, structured-clone data, generic over the job's input, progress and result.
 */

/** Page → worker. A new `start` replaces the job in progress (it is cancelled). */
export type ToJob<Input> =
  { type: 'start'; id: number; input: Input } | { type: 'cancel'; id: number }

/** Worker → page. Every job ends with exactly one of `done`, `cancelled` or `failed`. */
export type FromJob<Progress, Result> =
  | { type: 'progress'; id: number; progress: Progress }
  | { type: 'done'; id: number; progress: Progress; result: Result }
  | { type: 'cancelled'; id: number; progress: Progress | null }
  | { type: 'failed'; id: number; message: string }
