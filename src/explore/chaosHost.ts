/** Chaos mode's worker host: a chaos run as a chunked job (jobHost.ts). */
import type { ChaosInput, ChaosProgress } from './chaos'
import { ChaosInputError, createChaos } from './chaos'
import type { TimedChaosProgress } from './chaosProtocol'
import type { HostEnvironment, JobHost, JobKind } from './jobHost'
import { createJobHost, perSecond } from './jobHost'

export type ChaosHostEnvironment = HostEnvironment<TimedChaosProgress, ChaosProgress>
export type ChaosHost = JobHost<ChaosInput>

const CHAOS_JOB: JobKind<ChaosInput, ChaosProgress, TimedChaosProgress, ChaosProgress> = {
  create: createChaos,
  resultOf: (progress) => (progress.finished ? progress : null),
  timed: (progress, elapsedMs) => ({
    ...progress,
    elapsedMs,
    runsPerSecond: perSecond(progress.done, elapsedMs),
  }),
  firstChunk: 16,
  maxChunk: 100_000,
  InputError: ChaosInputError,
  failed: 'Chaos mode failed',
}

export function createChaosHost(env: ChaosHostEnvironment): ChaosHost {
  return createJobHost(CHAOS_JOB, env)
}
