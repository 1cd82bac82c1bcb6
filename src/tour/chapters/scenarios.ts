/**
 * Runs the tour needs that are not presets: a lease kept alive by renewals until its holder
 * crashes, and lock-delay defeated by a pause longer than the delay.
 */
import { lockDelay } from '../../sim/presets/lockDelay'
import type { TourStep } from './types'

type TourScenario = Exclude<TourStep['scenario'], string>

export const renewalScenario: TourScenario = {
  id: 'tour-renewal',
  title: 'A renewed lease, then a crash',
  description:
    'A’s job takes 12 s but its lease lasts 10 s, so A renews every 3 s; each renewal moves the expiry 10 s ahead and keeps token 41. Then A crashes while holding the lock. Nobody releases it — but the lease expires 10 s after the last renewal, and B, waiting in line, gets token 42.',
  durationMs: 30000,
  clients: [
    {
      id: 'A',
      renewEveryMs: 3000,
      script: [
        { do: 'acquire' },
        { do: 'work', ms: 12000 },
        { do: 'write', value: 'report by A' },
        { do: 'work', ms: 4000 },
        { do: 'release' },
      ],
    },
    {
      id: 'B',
      startMs: 1000,
      script: [
        { do: 'acquire' },
        { do: 'read' },
        { do: 'write', value: 'report by B' },
        { do: 'release' },
      ],
    },
  ],
  faults: [{ atMs: 14000, do: 'crash', node: 'A' }],
}

/** Research S06b: the same lock-delay setup, but A's pause outlasts lease + lock-delay. */
export const lockDelayLongPauseScenario: TourScenario = {
  ...lockDelay.scenario,
  id: 'tour-lock-delay-long-pause',
  title: 'Lock-delay, outlasted',
  description:
    'The lock-delay setup again — no fencing, 10 s of lock-delay after an expiry — but A is paused for 24 s. B gets the lock when the delay ends and writes; then A wakes and overwrites B. Lock-delay only covers pauses shorter than the lease plus the delay.',
  durationMs: 30000,
  faults: [{ atMs: 1000, do: 'pause', node: 'A', ms: 24000 }],
  narration: [],
}

export const TOUR_SCENARIOS: readonly TourScenario[] = [renewalScenario, lockDelayLongPauseScenario]
