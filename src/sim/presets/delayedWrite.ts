import type { Preset } from './types'
import { SEED_QUESTIONS } from './types'

const careful = { checkLeaseBeforeWrite: true }

/**
 * A write sent inside the lease arrives after the next holder wrote (research S03). A did
 * everything right — it even checked its lease before writing — but the network held the
 * write for 6 s. Fencing rejects it on arrival.
 */
export const delayedWrite: Preset = {
  id: 'delayed-write',
  question: SEED_QUESTIONS.inFlight,
  summary: 'A writes in time, the network holds it 6 s, and it lands after B’s 42.',
  research: 'S03',
  realWorld: [
    'GitHub’s 2012 incident: packets delayed in the network for about 90 seconds (cited by Kleppmann).',
    'Chubby §2.4: a request R sent under an old lock may arrive after the lock changed hands.',
  ],
  scenario: {
    id: 'delayed-write',
    title: 'A write delayed in the network',
    description:
      'A checks its lease and sends its write 1 s before the lease ends. The network holds the message for 6 s. Meanwhile the lease expires, B gets token 42 and writes. When A’s write finally arrives, the storage has seen 42 and rejects 41.',
    durationMs: 20000,
    clients: [
      {
        id: 'A',
        ...careful,
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
          { do: 'read' },
          { do: 'work', ms: 980 },
          { do: 'write', value: 'B' },
          { do: 'release' },
        ],
      },
    ],
    faults: [{ atMs: 9000, do: 'delay', from: 'A', to: 'storage', ms: 6000 }],
    narration: [
      { atMs: 0, text: 'A gets the lease with token 41 and starts its work.' },
      {
        on: 'MessageSent',
        node: 'A',
        nth: 2,
        text: 'A checks its lease — 1 s left — and sends its write. The network holds it for 6 s.',
      },
      { on: 'LeaseExpired', text: 'The lease expires while A’s write is still in the network.' },
      { on: 'WriteAccepted', text: 'B, now holding token 42, writes. Storage remembers 42.' },
      {
        on: 'WriteRejected',
        text: 'A’s write finally arrives with token 41. Storage has seen 42 and rejects it.',
      },
    ],
  },
  expected: { verdict: 'safe', violations: [], warnings: [] },
}

/**
 * Weak fencing's gap (research S04a): the late write lands before the new holder has shown its
 * token to the storage, so the token check passes — and the new holder's update, computed from
 * an older read, then erases it.
 */
export const lateWriteGap: Preset = {
  id: 'late-write-gap',
  question: SEED_QUESTIONS.inFlight,
  summary: 'A late write lands before storage saw 42: fencing passes it, an update is lost.',
  research: 'S04',
  realWorld: [
    'Chubby checks against “the most recent sequencer that the server has observed” — reads count.',
    'antirez: set the token on the resource when a critical section starts.',
  ],
  scenario: {
    id: 'late-write-gap',
    title: 'A late write in the gap before 42',
    description:
      'A counter at the storage starts at 0. A’s increment is delayed in the network and arrives after A’s lease has ended — but before B has written anything, so the storage has not yet seen token 42 and accepts 41. B had read 0 before A’s write landed; B writes 0 + 1, and A’s increment is lost. Fencing reads (fenceReads) closes this gap.',
    durationMs: 20000,
    resources: [{ id: 'storage', fencing: 'atomic', fenceReads: false, initialValue: 0 }],
    clients: [
      {
        id: 'A',
        ...careful,
        script: [
          { do: 'acquire' },
          { do: 'read' },
          { do: 'work', ms: 8980 },
          { do: 'write', increment: 1 },
          { do: 'release' },
        ],
      },
      {
        id: 'B',
        startMs: 500,
        script: [
          { do: 'acquire' },
          { do: 'read' },
          { do: 'work', ms: 6000 },
          { do: 'write', increment: 1 },
          { do: 'release' },
        ],
      },
    ],
    faults: [{ atMs: 9000, do: 'delay', from: 'A', to: 'storage', ms: 6000 }],
    narration: [
      { atMs: 0, text: 'The storage holds a counter, 0. Each client reads it and writes it + 1.' },
      {
        on: 'MessageSent',
        node: 'A',
        nth: 3,
        text: 'A sends its increment inside its lease. The network holds it for 6 s.',
      },
      { on: 'LeaseExpired', text: 'A’s lease expires; B gets token 42.' },
      {
        on: 'ReadServed',
        nth: 2,
        text: 'B reads 0. This read carries no token check, so the storage still has not seen 42.',
      },
      {
        on: 'WriteAccepted',
        nth: 1,
        text: 'A’s increment lands late, with token 41. Nothing newer was seen, so the check passes.',
      },
      {
        on: 'WriteAccepted',
        nth: 2,
        text: 'B writes 0 + 1 with token 42. Two increments were acknowledged; the counter says 1.',
      },
    ],
  },
  expected: { verdict: 'unsafe', violations: ['lost-update'], warnings: ['late-write'] },
}
