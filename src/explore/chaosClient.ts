/**
 * The page's handle on the chaos Web Worker, shaped like the explorer's (workerClient.ts):
 *
 *   const client = createChaosClient(spawnChaosWorker())
 *   const job = client.start({ scenario, baseFaults: 'none', kinds, maxFaults: 2, runs: 2000, seed: 1 },
 *     (progress) => setProgress(progress))   // about every 40 ms: done / total, counts per side
 *   job.cancel()                             // any time; the worker stops within one chunk
 *   const outcome = await job.outcome        // 'done' | 'cancelled' | 'failed'; never rejects
 *   client.dispose()                         // terminates the worker
 *
 * One chaos run at a time per client: starting another cancels the one in progress.
 */
import type { ChaosInput } from './chaos'
import type { FromChaos, TimedChaosProgress, ToChaos } from './chaosProtocol'

export type { TimedChaosProgress } from './chaosProtocol'

export type ChaosOutcome =
  | { status: 'done'; progress: TimedChaosProgress }
  | { status: 'cancelled'; progress: TimedChaosProgress | null }
  | { status: 'failed'; message: string }

export interface ChaosJob {
  readonly id: number
  readonly outcome: Promise<ChaosOutcome>
  cancel(): void
}

export interface ChaosClient {
  start(input: ChaosInput, onProgress?: (progress: TimedChaosProgress) => void): ChaosJob
  dispose(): void
}

/** The part of a Worker the client uses (a real Worker, or an in-process stand-in in tests). */
export interface ChaosPort {
  postMessage(message: ToChaos): void
  onmessage: ((event: { data: FromChaos }) => void) | null
  onerror: ((event: { message?: string }) => void) | null
  terminate(): void
}

interface Pending {
  id: number
  settle: (outcome: ChaosOutcome) => void
  onProgress: ((progress: TimedChaosProgress) => void) | undefined
  last: TimedChaosProgress | null
}

export function createChaosClient(port: ChaosPort): ChaosClient {
  let nextId = 1
  let current: Pending | null = null
  let disposed = false

  const finish = (outcome: ChaosOutcome) => {
    const p = current
    if (p === null) return
    current = null
    p.settle(outcome)
  }

  port.onmessage = ({ data: message }) => {
    const p = current
    if (p === null || message.id !== p.id) return // a run that was replaced
    switch (message.type) {
      case 'progress':
        p.last = message.progress
        p.onProgress?.(message.progress)
        return
      case 'done':
        p.onProgress?.(message.progress)
        return finish({ status: 'done', progress: message.progress })
      case 'cancelled':
        return finish({ status: 'cancelled', progress: message.progress ?? p.last })
      case 'failed':
        return finish({ status: 'failed', message: message.message })
    }
  }
  port.onerror = (event) => {
    finish({
      status: 'failed',
      message: `The chaos worker failed${event.message ? `: ${event.message}` : ''}.`,
    })
  }

  return {
    start(input, onProgress) {
      const id = nextId++
      if (current !== null) finish({ status: 'cancelled', progress: current.last })
      let settle: (outcome: ChaosOutcome) => void = () => {}
      const outcome = new Promise<ChaosOutcome>((resolve) => (settle = resolve))
      if (disposed) {
        settle({ status: 'failed', message: 'Chaos mode was closed.' })
      } else {
        current = { id, settle, onProgress, last: null }
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

// The pure core is type-checked without DOM types: the constructors are named by the shapes
// used (see workerClient.ts). This exact form is what Vite recognises and bundles as a worker.
declare const Worker: new (url: object, options: { type: 'module'; name: string }) => ChaosPort
declare const URL: new (path: string, base: string) => object

/** Starts the chaos worker (in a browser, bundled by Vite). */
export function spawnChaosWorker(): ChaosPort {
  return new Worker(new URL('./chaos.worker.ts', import.meta.url), {
    type: 'module',
    name: 'fencing-lab-chaos',
  })
}
