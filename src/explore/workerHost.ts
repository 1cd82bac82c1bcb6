/**
 * The explorer's side of the worker protocol, written against an injected environment (post,
 * clock, defer) so it stays free of host globals and can be tested in-process; the worker file
 * binds it to `self`, `performance.now` and a MessageChannel.
 *
 * It runs the search in chunks of about CHUNK_MS, posts progress after each one, and yields to
 * the event loop between chunks, which is when a `cancel` (or a new `start`) is received.
 */
import { createExplorer, ExploreInputError } from './explorer'
import type { Explorer } from './explorer'
import type { FromExplorer, TimedProgress, ToExplorer } from './protocol'
import type { ExploreProgress } from './types'

export interface HostEnvironment {
  post(message: FromExplorer): void
  /** A monotonic clock in ms (performance.now in a worker). */
  nowMs(): number
  /** Calls `fn` once pending messages have been delivered (a macrotask, not a microtask). */
  defer(fn: () => void): void
}

export interface ExplorerHost {
  receive(message: ToExplorer): void
}

/** Target wall time of one chunk: short enough for a prompt cancel, long enough to be cheap. */
export const CHUNK_MS = 40
const FIRST_CHUNK = 64

interface Job {
  id: number
  explorer: Explorer
  startedMs: number
  chunk: number
  cancelled: boolean
  last: TimedProgress | null
}

export function createExplorerHost(env: HostEnvironment): ExplorerHost {
  let job: Job | null = null

  const timed = (j: Job, progress: ExploreProgress): TimedProgress => {
    const elapsedMs = env.nowMs() - j.startedMs
    const schedulesPerSecond =
      elapsedMs > 0 ? Math.round((progress.explored * 1000) / elapsedMs) : 0
    return { ...progress, elapsedMs, schedulesPerSecond }
  }

  const work = (j: Job) => {
    if (job !== j) return
    if (j.cancelled) {
      job = null
      env.post({ type: 'cancelled', id: j.id, progress: j.last })
      return
    }
    let progress: ExploreProgress
    const before = env.nowMs()
    try {
      progress = j.explorer.step(j.chunk)
    } catch (error) {
      job = null
      env.post({ type: 'failed', id: j.id, message: messageOf(error) })
      return
    }
    const tookMs = env.nowMs() - before
    // Aim the next chunk at CHUNK_MS, changing its size by at most 4× at a time.
    const scale = tookMs > 0 ? Math.min(4, Math.max(0.25, CHUNK_MS / tookMs)) : 4
    j.chunk = Math.max(1, Math.min(1_000_000, Math.round(j.chunk * scale)))
    const report = timed(j, progress)
    j.last = report
    if (progress.result !== null) {
      job = null
      env.post({ type: 'done', id: j.id, progress: report, result: progress.result })
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
      if (job !== null) {
        env.post({ type: 'cancelled', id: job.id, progress: job.last })
        job = null
      }
      let explorer: Explorer
      try {
        explorer = createExplorer(message.input)
      } catch (error) {
        env.post({ type: 'failed', id: message.id, message: messageOf(error) })
        return
      }
      const j: Job = {
        id: message.id,
        explorer,
        startedMs: env.nowMs(),
        chunk: FIRST_CHUNK,
        cancelled: false,
        last: null,
      }
      job = j
      env.defer(() => work(j))
    },
  }
}

function messageOf(error: unknown): string {
  if (error instanceof ExploreInputError) return error.message
  if (error instanceof Error) return `The explorer failed: ${error.message}`
  return `The explorer failed: ${String(error)}`
}
