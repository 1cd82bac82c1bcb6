import type { Preset } from './types'
import { SEED_QUESTIONS } from './types'

/**
 * A renewal that races expiry, on a service that extends whoever holds the lock (research S09a;
 * a naive PEXPIRE). A wakes from a pause with a renew due and sends it; the service extends B's
 * lease and says "ok"; A, which had given up at its deadline, believes again.
 */
export const renewalRace: Preset = {
  id: 'renewal-race',
  question: SEED_QUESTIONS.identity,
  summary: 'A’s late renew extends B’s lease, and A believes it holds the lock again.',
  research: 'S09',
  realWorld: [
    'redlock-rb #36: “Lock extension via lock method allows extending expired locks”.',
    'Redis: extend with a Lua script that checks the key still holds your random value.',
    'etcd: KeepAlive on a dead lease ID fails; Kubernetes: an Update with a stale resourceVersion gets 409.',
  ],
  scenario: {
    id: 'renewal-race',
    title: 'A renew that extends someone else’s lease',
    description:
      'A renews its lease every 3 s. A pause freezes it for 12 s; its lease expires and B gets token 42. When A wakes, a renew is due and A sends it without looking at the clock. This lock service extends whoever holds the lock — B — and replies “ok”. A, which had just given up at its own deadline, believes it holds the lock again. Only the storage’s fencing check keeps A’s write out.',
    durationMs: 25000,
    lockService: { renewChecksOwner: false },
    clients: [
      {
        id: 'A',
        renewEveryMs: 3000,
        script: [
          { do: 'acquire' },
          { do: 'work', ms: 6000 },
          { do: 'write', value: 'A' },
          { do: 'release' },
        ],
      },
      {
        id: 'B',
        startMs: 500,
        script: [
          { do: 'acquire' },
          { do: 'read' },
          { do: 'write', value: 'B' },
          { do: 'work', ms: 5000 },
          { do: 'release' },
        ],
      },
    ],
    faults: [{ atMs: 4000, do: 'pause', node: 'A', ms: 12000 }],
    narration: [
      { atMs: 0, text: 'A holds the lease and renews it every 3 s.' },
      { on: 'LeaseRenewed', nth: 1, text: 'A’s renew succeeds: its lease now runs to 13 s.' },
      { on: 'NodePaused', node: 'A', text: 'A freezes for 12 s; its next renew never goes out.' },
      { on: 'LeaseGranted', nth: 2, text: 'A’s lease expires. B gets token 42 and writes.' },
      {
        on: 'NodeResumed',
        node: 'A',
        text: 'A wakes with a renew overdue and sends it at once, then notices its deadline passed.',
      },
      {
        on: 'LeaseRenewed',
        nth: 2,
        text: 'The lock service extends the lease of whoever holds it — B — and tells A “ok”.',
      },
      {
        on: 'BeliefStarted',
        node: 'A',
        nth: 2,
        text: 'A believes it holds the lock again. Two clients are sure they hold it.',
      },
      { on: 'WriteRejected', text: 'A writes with 41; storage has seen 42 and rejects it.' },
    ],
  },
  expected: { verdict: 'unsafe', violations: ['foreign-renew'], warnings: ['two-believers'] },
}
