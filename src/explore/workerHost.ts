/** The explorer's worker host: its search as a chunked job (jobHost.ts). */
import { createExplorer, ExploreInputError } from './explorer'
import type { HostEnvironment, JobHost, JobKind } from './jobHost'
import { createJobHost, perSecond } from './jobHost'
import type { TimedProgress } from './protocol'
import type { ExploreInput, ExploreProgress, ExploreResult } from './types'

export type ExplorerHostEnvironment = HostEnvironment<TimedProgress, ExploreResult>
export type ExplorerHost = JobHost<ExploreInput>

const EXPLORER_JOB: JobKind<ExploreInput, ExploreProgress, TimedProgress, ExploreResult> = {
  create: createExplorer,
  resultOf: (progress) => progress.result,
  timed: (progress, elapsedMs) => ({
    ...progress,
    elapsedMs,
    schedulesPerSecond: perSecond(progress.explored, elapsedMs),
  }),
  firstChunk: 64,
  maxChunk: 1_000_000,
  InputError: ExploreInputError,
  failed: 'The explorer failed',
}

export function createExplorerHost(env: ExplorerHostEnvironment): ExplorerHost {
  return createJobHost(EXPLORER_JOB, env)
}
