/**
 * The page's handle on the chaos Web Worker: the generic job client (jobClient.ts), typed.
 *
 *   const client = createChaosClient(spawnChaosWorker())   // src/workers
 *   const job = client.start({ scenario, baseFaults: 'none', kinds, maxFaults: 2, runs: 2000, seed: 1 },
 *     (progress) => setProgress(progress))   // about every 40 ms: done / total, counts per side
 *   job.cancel()                             // any time; the worker stops within one chunk
 *   const outcome = await job.outcome        // 'done' | 'cancelled' | 'failed'; never rejects
 *   client.dispose()                         // terminates the worker
 *
 * One chaos run at a time per client: starting another cancels the one in progress. A `done`
 * outcome's `result` is the run's final tallies (its `progress` without the timing).
 */
import type { ChaosInput, ChaosProgress } from './chaos'
import type { TimedChaosProgress } from './chaosProtocol'
import type { Job, JobClient, JobOutcome, JobPort } from './jobClient'
import { createJobClient } from './jobClient'

export type { TimedChaosProgress } from './chaosProtocol'

export type ChaosOutcome = JobOutcome<TimedChaosProgress, ChaosProgress>
export type ChaosJob = Job<TimedChaosProgress, ChaosProgress>
export type ChaosClient = JobClient<ChaosInput, TimedChaosProgress, ChaosProgress>
export type ChaosPort = JobPort<ChaosInput, TimedChaosProgress, ChaosProgress>

export function createChaosClient(port: ChaosPort): ChaosClient {
  return createJobClient(port, { worker: 'The chaos worker', closed: 'Chaos mode was closed.' })
}
