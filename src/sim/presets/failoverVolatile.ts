import type { Preset } from './types'
import { SEED_QUESTIONS } from './types'

/**
 * The lock service keeps its counter in memory (research S13): a crash and restart forgets both
 * the holder and the counter, so B is granted token 41 again. The storage cannot tell A's 41
 * from B's 41, and A overwrites B under the same token.
 */
export const failoverVolatile: Preset = {
  id: 'failover-volatile',
  question: SEED_QUESTIONS.identity,
  summary: 'The lock service restarts with an empty memory and hands out 41 twice.',
  research: 'S13',
  realWorld: [
    'Redis: “The master crashes before the write to the key is transmitted to the slave … SAFETY VIOLATION!”',
    'Durable counters: etcd revisions, ZooKeeper zxid, Chubby’s Paxos-replicated generation numbers.',
    'Kafka producer epochs and Chubby master epochs bump on failover to fence the past.',
  ],
  scenario: {
    id: 'failover-volatile',
    title: 'A lock service that forgets on restart',
    description:
      'The lock service keeps the lease and the token counter in memory only. It crashes 45 ms after granting token 41 to A and comes back a second later with no memory of either. B asks and is granted token 41 — again. The storage allows equal tokens (a holder may write many times), so A and B interleave their writes under the same token and the older holder overwrites the newer one.',
    durationMs: 20000,
    lockService: { persistence: 'volatile' },
    clients: [
      {
        id: 'A',
        script: [
          { do: 'acquire' },
          { do: 'work', ms: 1990 },
          { do: 'write', value: 'A1' },
          { do: 'work', ms: 190 },
          { do: 'write', value: 'A2' },
          { do: 'release' },
        ],
      },
      {
        id: 'B',
        startMs: 1495,
        script: [
          { do: 'acquire' },
          { do: 'work', ms: 590 },
          { do: 'write', value: 'B1' },
          { do: 'release' },
        ],
      },
    ],
    faults: [{ atMs: 50, do: 'crash', node: 'lock', restartAfterMs: 950 }],
    narration: [
      { atMs: 0, text: 'A gets the lease with token 41.' },
      {
        on: 'NodeCrashed',
        text: 'The lock service crashes. It kept the lease and the counter only in memory.',
      },
      { on: 'NodeRestarted', text: 'It restarts empty: no holder, and the counter is back at 41.' },
      {
        on: 'LeaseGranted',
        nth: 2,
        text: 'B asks and is granted token 41 — the same token A holds.',
      },
      {
        on: 'WriteAccepted',
        nth: 2,
        text: 'B writes with 41. The storage cannot tell the two holders apart.',
      },
      {
        on: 'WriteAccepted',
        nth: 3,
        text: 'A writes again with 41 and overwrites the newer holder’s value.',
      },
    ],
  },
  expected: {
    verdict: 'unsafe',
    violations: ['duplicate-token', 'token-order'],
    warnings: ['two-believers'],
  },
}
