import type { Preset } from './types'
import { SEED_QUESTIONS } from './types'

/**
 * The token check is not atomic with the write (research S05): B's write (42) and A's delayed
 * write (41) arrive 1 ms apart; both pass their checks before either is applied, A's applies
 * last, and the recorded token goes backwards 42 → 41.
 */
export const checkThenWrite: Preset = {
  id: 'check-then-write',
  question: SEED_QUESTIONS.checkSite,
  summary: 'Storage checks the token, then writes 10 ms later: 41 slips in after 42.',
  research: 'S05',
  realWorld: [
    'Atomic forms: UPDATE … WHERE token <= $t; etcd Txn(If(…).Then(put)); GCS ifGenerationMatch.',
    'Kleppmann: the comparison and the write must share one atomic boundary.',
  ],
  scenario: {
    id: 'check-then-write',
    title: 'Check, then write: a race at the storage',
    description:
      'The storage checks each token and applies the write 10 ms later, in a separate step. B’s write with token 42 and A’s delayed write with 41 arrive 1 ms apart. Both pass the check, because neither has been applied yet. A’s write applies last: the stale value wins and the storage’s highest token goes backwards from 42 to 41.',
    durationMs: 20000,
    resources: [{ id: 'storage', fencing: 'check-then-write', checkToApplyMs: 10 }],
    clients: [
      {
        id: 'A',
        checkLeaseBeforeWrite: true,
        script: [
          { do: 'acquire' },
          { do: 'work', ms: 8990 },
          { do: 'write', value: 'A' },
          { do: 'release' },
        ],
      },
      {
        id: 'B',
        startMs: 500,
        script: [
          { do: 'acquire' },
          { do: 'work', ms: 4985 },
          { do: 'write', value: 'B' },
          { do: 'release' },
        ],
      },
    ],
    faults: [{ atMs: 9000, do: 'delay', from: 'A', to: 'storage', ms: 5996 }],
    narration: [
      {
        atMs: 0,
        text: 'This storage checks a write’s token, then applies the write 10 ms later.',
      },
      {
        on: 'MessageSent',
        node: 'A',
        nth: 2,
        text: 'A writes inside its lease; the network holds the write.',
      },
      { on: 'LeaseGranted', nth: 2, text: 'The lease expires and B gets token 42.' },
      {
        on: 'WriteChecked',
        nth: 1,
        text: 'B’s write arrives: 42 passes the check. It will apply in 10 ms.',
      },
      {
        on: 'WriteChecked',
        nth: 2,
        text: 'A’s delayed write arrives 1 ms later: 41 also passes — 42 has not been applied yet.',
      },
      { on: 'WriteApplied', nth: 1, text: 'B’s write applies; the storage records 42.' },
      {
        on: 'WriteApplied',
        nth: 2,
        text: 'A’s write applies last. The stale value wins and the recorded token goes back to 41.',
      },
    ],
  },
  expected: { verdict: 'unsafe', violations: ['token-order'], warnings: [] },
}
