/**
 * Chaos mode's side of its worker protocol, as workerHost.ts is the explorer's: written against
 * an injected environment (post, clock, defer) so it stays pure and testable in-process. It runs
 * the schedules in chunks of about CHUNK_MS, posts progress after each, and yields between them,
 * which is when a `cancel` (or a new `start`) is received.
 */
import type { Chaos } from './chaos'
import { ChaosInputError, createChaos } from './chaos'
import type { FromChaos, TimedChaosProgress, ToChaos } from './chaosProtocol'
import type { HostEnvironment } from './workerHost'
import { CHUNK_MS } from './workerHost'

export type ChaosHostEnvironment = Omit<HostEnvironment, 'post'> & {
  post(message: FromChaos): void
}

export interface ChaosHost {
  receive(message: ToChaos): void
}

const FIRST_CHUNK = 16

interface Job {
  id: number
  chaos: Chaos
  startedMs: number
  chunk: number
  cancelled: boolean
  last: TimedChaosProgress | null
}

export function createChaosHost(env: ChaosHostEnvironment): ChaosHost {
  let job: Job | null = null

  const work = (j: Job) => {
    if (job !== j) return
    if (j.cancelled) {
      job = null
      env.post({ type: 'cancelled', id: j.id, progress: j.last })
      return
    }
    const before = env.nowMs()
    let report: TimedChaosProgress
    try {
      const progress = j.chaos.step(j.chunk)
      const now = env.nowMs()
      const elapsedMs = now - j.startedMs
      const runsPerSecond = elapsedMs > 0 ? Math.round((progress.done * 1000) / elapsedMs) : 0
      report = { ...progress, elapsedMs, runsPerSecond }
      // Aim the next chunk at CHUNK_MS, changing its size by at most 4× at a time.
      const tookMs = now - before
      const scale = tookMs > 0 ? Math.min(4, Math.max(0.25, CHUNK_MS / tookMs)) : 4
      j.chunk = Math.max(1, Math.min(100_000, Math.round(j.chunk * scale)))
    } catch (error) {
      job = null
      env.post({ type: 'failed', id: j.id, message: messageOf(error) })
      return
    }
    j.last = report
    if (report.finished) {
      job = null
      env.post({ type: 'done', id: j.id, progress: report })
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
      let chaos: Chaos
      try {
        chaos = createChaos(message.input)
      } catch (error) {
        env.post({ type: 'failed', id: message.id, message: messageOf(error) })
        return
      }
      const j: Job = {
        id: message.id,
        chaos,
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
  if (error instanceof ChaosInputError) return error.message
  if (error instanceof Error) return `Chaos mode failed: ${error.message}`
  return `Chaos mode failed: ${String(error)}`
}
