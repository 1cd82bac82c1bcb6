/**
 * The worker's side of a chunked job (the explorer's search, a chaos run), written against an
 * injected environment (post, clock, defer) so it stays free of host globals and can be tested
 * in-process; src/workers/serveJobs.ts binds it to the worker's globals.
 *
 * It runs the job in chunks of about CHUNK_MS, posts progress after each one, and yields to the
 * event loop between chunks, which is when a `cancel` (or a new `start`) is received.
 *
 * A result with a part plan goes out a part at a time, each when the page asks for the next
 * (`next`): posted all at once, they would arrive faster than the page's garbage collector keeps
 * up with a heap growing by hundreds of MB, and its pauses froze the page for up to 0.8 s each.
 */
import type { FromJob, ToJob } from './jobProtocol'
import type { PartPlan, ResultPart } from './resultParts'
import { takeParts } from './resultParts'

export interface HostEnvironment<Progress = unknown, Result = unknown> {
  post(message: FromJob<Progress, Result>): void
  /** A monotonic clock in ms (the worker's own). */
  nowMs(): number
  /** Calls `fn` once pending messages have been delivered (a macrotask, not a microtask). */
  defer(fn: () => void): void
}

export interface JobHost<Input> {
  receive(message: ToJob<Input>): void
}

/** A job that advances by a number of work units at a time and says where it stands. */
export interface JobStepper<Raw> {
  step(units: number): Raw
}

/** What the host needs to know about one kind of job. */
export interface JobKind<Input, Raw, Progress, Result> {
  /** Starts a job; throws `InputError` (with a message that names the problem) on bad input. */
  create(input: Input): JobStepper<Raw>
  /** The job's result once it has finished; null while it runs. */
  resultOf(raw: Raw): Result | null
  /** Adds the worker's timing to a report (`elapsedMs` since the job started). */
  timed(raw: Raw, elapsedMs: number): Progress
  /** Work units in the first chunk, and the most in any chunk. */
  firstChunk: number
  maxChunk: number
  InputError: abstract new (...args: never[]) => Error
  /** Begins the message of any other error, e.g. 'The explorer failed'. */
  failed: string
  /** The result's long arrays, posted in parts so no one message takes the page long to decode. */
  parts?: PartPlan
}

/** Target wall time of one chunk: short enough for a prompt cancel, long enough to be cheap. */
export const CHUNK_MS = 40

/** A rate for a progress report: `count` per second of `elapsedMs`, rounded. */
export function perSecond(count: number, elapsedMs: number): number {
  return elapsedMs > 0 ? Math.round((count * 1000) / elapsedMs) : 0
}

interface Job<Raw, Progress> {
  id: number
  stepper: JobStepper<Raw>
  startedMs: number
  chunk: number
  cancelled: boolean
  last: Progress | null
  /** A finished result going out in parts: the next part goes when the page asks for it. */
  sending: { parts: ResultPart[]; next: number; result: unknown; progress: Progress } | null
}

export function createJobHost<Input, Raw, Progress, Result>(
  kind: JobKind<Input, Raw, Progress, Result>,
  env: HostEnvironment<Progress, Result>,
): JobHost<Input> {
  let job: Job<Raw, Progress> | null = null

  const messageOf = (error: unknown): string => {
    if (error instanceof kind.InputError) return error.message
    if (error instanceof Error) return `${kind.failed}: ${error.message}`
    return `${kind.failed}: ${String(error)}`
  }

  /** Posts the next part of a finished result, or `done` once every part was taken. */
  const send = (j: Job<Raw, Progress>) => {
    const sending = j.sending
    if (sending === null) return
    if (j.cancelled) {
      job = null
      env.post({ type: 'cancelled', id: j.id, progress: j.last })
      return
    }
    const part = sending.parts[sending.next]
    if (part === undefined) {
      job = null
      env.post({
        type: 'done',
        id: j.id,
        progress: sending.progress,
        result: sending.result as Result,
      })
      return
    }
    sending.parts[sending.next++] = { path: part.path, items: [] } // sent: let it go
    env.post({ type: 'part', id: j.id, part })
  }

  const work = (j: Job<Raw, Progress>) => {
    if (job !== j) return
    if (j.cancelled) {
      job = null
      env.post({ type: 'cancelled', id: j.id, progress: j.last })
      return
    }
    let raw: Raw
    const before = env.nowMs()
    try {
      raw = j.stepper.step(j.chunk)
    } catch (error) {
      job = null
      env.post({ type: 'failed', id: j.id, message: messageOf(error) })
      return
    }
    const now = env.nowMs()
    // Aim the next chunk at CHUNK_MS, changing its size by at most 4× at a time.
    const tookMs = now - before
    const scale = tookMs > 0 ? Math.min(4, Math.max(0.25, CHUNK_MS / tookMs)) : 4
    j.chunk = Math.max(1, Math.min(kind.maxChunk, Math.round(j.chunk * scale)))
    const report = kind.timed(raw, now - j.startedMs)
    j.last = report
    const result = kind.resultOf(raw)
    if (result !== null && kind.parts !== undefined) {
      j.sending = { parts: takeParts(result, kind.parts), next: 0, result, progress: report }
      send(j)
      return
    }
    if (result !== null) {
      job = null
      env.post({ type: 'done', id: j.id, progress: report, result })
      return
    }
    env.post({ type: 'progress', id: j.id, progress: report })
    env.defer(() => work(j))
  }

  return {
    receive(message) {
      if (message.type === 'cancel') {
        if (job !== null && job.id === message.id) job.cancelled = true
        return
      }
      if (message.type === 'next') {
        if (job !== null && job.id === message.id) send(job)
        return
      }
      if (job !== null) {
        env.post({ type: 'cancelled', id: job.id, progress: job.last })
        job = null
      }
      let stepper: JobStepper<Raw>
      try {
        stepper = kind.create(message.input)
      } catch (error) {
        env.post({ type: 'failed', id: message.id, message: messageOf(error) })
        return
      }
      const j: Job<Raw, Progress> = {
        id: message.id,
        stepper,
        startedMs: env.nowMs(),
        chunk: kind.firstChunk,
        cancelled: false,
        last: null,
        sending: null,
      }
      job = j
      env.defer(() => work(j))
    },
  }
}
