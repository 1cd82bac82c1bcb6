/**
 * The page's handle on the explorer Web Worker: a small typed client.
 *
 * API (what a React panel uses):
 *
 *   const client = createExplorerClient(spawnExplorerWorker())   // once per lab instance
 *   const search = client.start(
 *     { scenario, baseFaults: 'none', target: { kinds: ['token-order'] }, budget: { maxFaults: 2 } },
 *     (progress) => setProgress(progress),   // about every 40 ms while it runs
 *   )
 *   search.cancel()                          // any time; the worker stops within one chunk
 *   const outcome = await search.outcome     // settles exactly once, never rejects
 *   client.dispose()                         // on unmount: terminates the worker
 *
 * - `start(input, onProgress?)` → `ExplorerSearch { id, outcome, cancel() }`. One search at a time
 *   per client: starting another cancels the one in progress (its outcome is `cancelled`).
 * - `onProgress(progress: TimedProgress)`: `explored` (schedules decided), `runs` (simulations),
 *   `distinct` (distinct traces), `faultsReached` and `deviationsReached` (the stage being
 *   searched), `stageDone` / `stageTotal` (for a progress bar of the current stage),
 *   `budget.maxSchedules` (the cap), and, measured in the worker with performance.now,
 *   `elapsedMs` and `schedulesPerSecond`.
 * - `outcome`: `{ status: 'done', result, progress }` where `result.kind` is `'counterexample'`
 *   (`result.counterexample.scenario` is a valid scenario to load; `counterexample.finding.atMs`
 *   is where to put the cursor; if `counterexample.choices` is not empty, the run needs
 *   `replayChooser(choices)` to show it) or `'no-violation'` (a bounded claim: say "no violation
 *   within this budget", and whether the space was exhausted or the schedule cap was hit);
 *   `{ status: 'cancelled', progress }`; or `{ status: 'failed', message }` for bad input (the
 *   message names what is wrong) or a worker that could not start.
 *
 * The input is structured-cloned into the worker; the main thread does no search work at all.
 */
import type { FromExplorer, TimedProgress, ToExplorer } from './protocol'
import type { ExploreInput, ExploreResult } from './types'

export type { TimedProgress } from './protocol'

export type ExplorerOutcome =
  | { status: 'done'; result: ExploreResult; progress: TimedProgress }
  | { status: 'cancelled'; progress: TimedProgress | null }
  | { status: 'failed'; message: string }

export interface ExplorerSearch {
  readonly id: number
  /** Settles once with how the search ended. Never rejects. */
  readonly outcome: Promise<ExplorerOutcome>
  /** Asks the worker to stop; `outcome` then settles as `cancelled` (unless it had just ended). */
  cancel(): void
}

export interface ExplorerClient {
  start(input: ExploreInput, onProgress?: (progress: TimedProgress) => void): ExplorerSearch
  /** Terminates the worker; a search in progress ends as `cancelled`. */
  dispose(): void
}

/** The part of a Worker the client uses (a real Worker, or an in-process stand-in in tests). */
export interface ExplorerPort {
  postMessage(message: ToExplorer): void
  onmessage: ((event: { data: FromExplorer }) => void) | null
  onerror: ((event: { message?: string }) => void) | null
  terminate(): void
}

interface Pending {
  id: number
  settle: (outcome: ExplorerOutcome) => void
  onProgress: ((progress: TimedProgress) => void) | undefined
  last: TimedProgress | null
}

export function createExplorerClient(port: ExplorerPort): ExplorerClient {
  let nextId = 1
  let current: Pending | null = null
  let disposed = false

  const finish = (outcome: ExplorerOutcome) => {
    const p = current
    if (p === null) return
    current = null
    p.settle(outcome)
  }

  port.onmessage = (event) => {
    const message = event.data
    const p = current
    if (p === null || message.id !== p.id) return // a search that was replaced
    switch (message.type) {
      case 'progress':
        p.last = message.progress
        p.onProgress?.(message.progress)
        return
      case 'done':
        p.onProgress?.(message.progress)
        return finish({ status: 'done', result: message.result, progress: message.progress })
      case 'cancelled':
        return finish({ status: 'cancelled', progress: message.progress ?? p.last })
      case 'failed':
        return finish({ status: 'failed', message: message.message })
    }
  }
  port.onerror = (event) => {
    finish({
      status: 'failed',
      message: `The explorer worker failed${event.message ? `: ${event.message}` : ''}.`,
    })
  }

  return {
    start(input, onProgress) {
      const id = nextId++
      if (current !== null) finish({ status: 'cancelled', progress: current.last })
      let settle: (outcome: ExplorerOutcome) => void = () => {}
      const outcome = new Promise<ExplorerOutcome>((resolve) => (settle = resolve))
      if (disposed) {
        settle({ status: 'failed', message: 'The explorer was closed.' })
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

// --- Creating the worker (the only code here that touches browser globals) -------------------
// The pure core is type-checked without DOM types, so the two constructors are named here by
// the shapes this module needs. `new Worker(new URL('./explorer.worker.ts', import.meta.url),
// { type: 'module' })` is the form Vite recognises and bundles as a module worker.
declare const Worker: new (url: object, options: { type: 'module'; name: string }) => ExplorerPort
declare const URL: new (path: string, base: string) => object
declare global {
  interface ImportMeta {
    url: string
  }
}

/** Starts the explorer worker (in a browser, bundled by Vite). */
export function spawnExplorerWorker(): ExplorerPort {
  return new Worker(new URL('./explorer.worker.ts', import.meta.url), {
    type: 'module',
    name: 'fencing-lab-explorer',
  })
}
