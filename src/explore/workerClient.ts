/**
 * The page's handle on the explorer Web Worker: the generic job client (jobClient.ts), typed.
 *
 * API (what a panel uses):
 *
 *   const client = createExplorerClient(spawnExplorerWorker())   // src/workers; once per lab
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
 *   `budget.maxSchedules` (the cap), and, measured on the worker's monotonic clock,
 *   `elapsedMs` and `schedulesPerSecond`.
 * - `outcome`: `{ status: 'done', result, progress }` where `result.kind` is `'counterexample'`
 *   (`result.counterexample.scenario` is a valid scenario to load; `counterexample.finding.atMs`
 *   is where to put the cursor; if `counterexample.choices` is not empty, the run needs
 *   `replayChooser(choices)` to show it) or `'no-violation'` (a bounded claim: say "no violation
 *   within this budget", and whether the space was exhausted or the schedule cap was hit);
 *   `{ status: 'cancelled', progress }`; or `{ status: 'failed', message }` for bad input (the
 *   message names what is wrong) or a worker that could not start.
 */
import type { Job, JobClient, JobOutcome, JobPort } from './jobClient'
import { createJobClient } from './jobClient'
import type { TimedProgress } from './protocol'
import type { ExploreInput, ExploreResult } from './types'

export type { TimedProgress } from './protocol'

export type ExplorerOutcome = JobOutcome<TimedProgress, ExploreResult>
export type ExplorerSearch = Job<TimedProgress, ExploreResult>
export type ExplorerClient = JobClient<ExploreInput, TimedProgress, ExploreResult>
export type ExplorerPort = JobPort<ExploreInput, TimedProgress, ExploreResult>

export function createExplorerClient(port: ExplorerPort): ExplorerClient {
  return createJobClient(port, {
    worker: 'The explorer worker',
    closed: 'The explorer was closed.',
  })
}
