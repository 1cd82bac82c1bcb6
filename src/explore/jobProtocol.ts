import type { ResultPart } from './resultParts'

/**
 * The messages between the page and a chunked-job Web Worker (the explorer's, chaos mode's):
 * plain, structured-clone data, generic over the job's input, progress and result.
 */

/**
 * Page → worker. A new `start` replaces the job in progress (it is cancelled). `next` asks for
 * the next part of a result that goes in parts (once the page has taken the previous one).
 */
export type ToJob<Input> =
  | { type: 'start'; id: number; input: Input }
  | { type: 'cancel'; id: number }
  | { type: 'next'; id: number }

/**
 * Worker → page. Every job ends with exactly one of `done`, `cancelled` or `failed`. A job whose
 * kind has a part plan (resultParts.ts) posts its result's long arrays as `part`s just before
 * `done`, whose result is then the skeleton they go back into.
 */
export type FromJob<Progress, Result> =
  | { type: 'progress'; id: number; progress: Progress }
  | { type: 'part'; id: number; part: ResultPart }
  | { type: 'done'; id: number; progress: Progress; result: Result }
  | { type: 'cancelled'; id: number; progress: Progress | null }
  | { type: 'failed'; id: number; message: string }
