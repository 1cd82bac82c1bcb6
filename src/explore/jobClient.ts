/**
 * The page's handle on a chunked-job Web Worker (jobHost.ts runs the job there): a small typed
 * client, generic over the job's input, progress and result.
 *
 * - `start(input, onProgress?)` → `{ id, outcome, cancel() }`. One job at a time per client:
 *   starting another cancels the one in progress (its outcome is `cancelled`).
 * - `onProgress` is called after each chunk (about every 40 ms) and once more with the final
 *   progress before `outcome` settles as `done`.
 * - `outcome` settles exactly once and never rejects: `done` (with the result and the final
 *   progress), `cancelled` (with the last progress seen, if any) or `failed` (with a message).
 * - `cancel()` asks the worker to stop; it does within one chunk.
 * - `dispose()` terminates the worker; a job in progress ends as `cancelled`, later ones fail.
 *
 * The input is structured-cloned into the worker; the main thread does none of the job's work.
 */
import type { FromJob, ToJob } from './jobProtocol'
import type { PartPlan } from './resultParts'
import { PartGatherer } from './resultParts'

export type JobOutcome<Progress, Result> =
  | { status: 'done'; result: Result; progress: Progress }
  | { status: 'cancelled'; progress: Progress | null }
  | { status: 'failed'; message: string }

export interface Job<Progress, Result> {
  readonly id: number
  /** Settles once with how the job ended. Never rejects. */
  readonly outcome: Promise<JobOutcome<Progress, Result>>
  /** Asks the worker to stop; `outcome` then settles as `cancelled` (unless it had just ended). */
  cancel(): void
}

export interface JobClient<Input, Progress, Result> {
  start(input: Input, onProgress?: (progress: Progress) => void): Job<Progress, Result>
  /** Terminates the worker; a job in progress ends as `cancelled`. */
  dispose(): void
}

/** The part of a Worker the client uses (a real Worker, or an in-process stand-in in tests). */
export interface JobPort<Input, Progress, Result> {
  postMessage(message: ToJob<Input>): void
  onmessage: ((event: { data: FromJob<Progress, Result> }) => void) | null
  onerror: ((event: { message?: string }) => void) | null
  terminate(): void
}

/** How the client words its own failures. */
export interface JobClientText {
  /** Names the worker in "… failed: <error>.", e.g. 'The explorer worker'. */
  worker: string
  /** The failure of a job started after `dispose()`. */
  closed: string
}

interface Pending<Progress, Result> {
  id: number
  settle: (outcome: JobOutcome<Progress, Result>) => void
  onProgress: ((progress: Progress) => void) | undefined
  last: Progress | null
  /** The result's parts received so far (kinds with a part plan). */
  parts: PartGatherer | null
}

/** `parts`: the job kind's part plan (the same as the worker's), when it has one. */
export function createJobClient<Input, Progress, Result>(
  port: JobPort<Input, Progress, Result>,
  text: JobClientText,
  parts?: PartPlan,
): JobClient<Input, Progress, Result> {
  type Outcome = JobOutcome<Progress, Result>
  let nextId = 1
  let current: Pending<Progress, Result> | null = null
  let disposed = false

  const finish = (outcome: Outcome) => {
    const p = current
    if (p === null) return
    current = null
    p.settle(outcome)
  }

  port.onmessage = ({ data: message }) => {
    const p = current
    if (p === null || message.id !== p.id) return // a job that was replaced
    switch (message.type) {
      case 'progress':
        p.last = message.progress
        p.onProgress?.(message.progress)
        return
      case 'part':
        if (p.parts === null) {
          return finish({
            status: 'failed',
            message: `${text.worker} sent parts of a result this page does not expect.`,
          })
        }
        p.parts.add(message.part)
        port.postMessage({ type: 'next', id: p.id })
        return
      case 'done': {
        p.onProgress?.(message.progress)
        let result: Result
        try {
          result = p.parts === null ? message.result : p.parts.complete(message.result)
        } catch (error) {
          return finish({ status: 'failed', message: `${text.worker} failed: ${String(error)}.` })
        }
        return finish({ status: 'done', result, progress: message.progress })
      }
      case 'cancelled':
        return finish({ status: 'cancelled', progress: message.progress ?? p.last })
      case 'failed':
        return finish({ status: 'failed', message: message.message })
    }
  }
  port.onerror = (event) => {
    finish({
      status: 'failed',
      message: `${text.worker} failed${event.message ? `: ${event.message}` : ''}.`,
    })
  }

  return {
    start(input, onProgress) {
      const id = nextId++
      if (current !== null) finish({ status: 'cancelled', progress: current.last })
      let settle: (outcome: Outcome) => void = () => {}
      const outcome = new Promise<Outcome>((resolve) => (settle = resolve))
      if (disposed) {
        settle({ status: 'failed', message: text.closed })
      } else {
        const gatherer = parts === undefined ? null : new PartGatherer(parts)
        current = { id, settle, onProgress, last: null, parts: gatherer }
        port.postMessage({ type: 'start', id, input })
      }
      return {
        id,
        outcome,
        cancel() {
          if (current !== null && current.id === id) port.postMessage({ type: 'cancel', id })
        },
      }
    },
    dispose() {
      if (disposed) return
      disposed = true
      port.terminate()
      if (current !== null) finish({ status: 'cancelled', progress: current.last })
    },
  }
}
