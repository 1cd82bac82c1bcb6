import type { Preset } from './types'
import { SEED_QUESTIONS } from './types'

/**
 * An efficiency lock (research S11): a Redis-style lock with random values guards an idempotent
 * job. When it fails, the job runs twice — and the repeat changes nothing, because the cache
 * write is deterministic and the notification carries an idempotency key.
 */
export const bestEffort: Preset = {
  id: 'best-effort',
  question: SEED_QUESTIONS.purpose,
  summary: 'The lock only saves work: when it fails, an idempotent job runs twice, harmlessly.',
  research: 'S11',
  realWorld: [
    'Kleppmann: for efficiency, a single Redis node is fine — failure means work is done twice.',
    'Redis SET key random-value NX PX 30000: a random value identifies the holder, not the order.',
  ],
  scenario: {
    id: 'best-effort',
    title: 'A best-effort lock for idempotent work',
    description:
      'Two workers use a Redis-style lock (random values, a 30 s lease) so that a nightly report is usually built once. W1 is paused for 33 s; its lease expires and W2 builds the report. When W1 wakes it builds the same report again. Nothing is corrupted: the cache write is deterministic and the notification carries an idempotency key, so the repeat is absorbed. The lock protected efficiency, not correctness.',
    durationMs: 45000,
    lockService: { leaseMs: 30000, tokens: 'random' },
    resources: [
      { id: 'cache', fencing: 'none', idempotent: true, initialValue: null },
      { id: 'notify', fencing: 'none', idempotent: true, initialValue: null },
    ],
    clients: [
      {
        id: 'W1',
        script: [
          { do: 'acquire' },
          { do: 'work', ms: 5000 },
          { do: 'write', resource: 'cache', value: 'report-2026-12-01' },
          { do: 'effect', resource: 'notify', value: 'report-2026-12-01 ready' },
          { do: 'release' },
        ],
      },
      {
        id: 'W2',
        startMs: 500,
        script: [
          { do: 'acquire' },
          { do: 'work', ms: 5000 },
          { do: 'write', resource: 'cache', value: 'report-2026-12-01' },
          { do: 'effect', resource: 'notify', value: 'report-2026-12-01 ready' },
          { do: 'release' },
        ],
      },
    ],
    faults: [{ atMs: 2000, do: 'pause', node: 'W1', ms: 33000 }],
    narration: [
      { atMs: 0, text: 'The lock only keeps the nightly report from being built twice.' },
      { on: 'NodePaused', node: 'W1', text: 'W1 stalls for 33 s in the middle of the job.' },
      {
        on: 'LeaseGranted',
        nth: 2,
        text: 'W1’s lease expires; W2 takes the lock and builds the report.',
      },
      {
        on: 'NodeResumed',
        node: 'W1',
        text: 'W1 wakes and finishes the same job: duplicate work, the cost of a best-effort lock.',
      },
      {
        on: 'WriteAccepted',
        nth: 3,
        text: 'The repeat changes nothing: same bytes in the cache, same idempotency key for the notification.',
      },
    ],
  },
  expected: { verdict: 'safe', violations: [], warnings: ['two-believers', 'duplicate-work'] },
}
