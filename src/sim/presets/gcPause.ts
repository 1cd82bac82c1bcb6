import type { Preset } from './types'
import { SEED_QUESTIONS } from './types'

/**
 * Kleppmann's fencing figure with tokens 41/42 (research S02). A reads, a GC pause freezes it
 * with the read reply on its way, its lease expires, B takes over with 42 and writes, and A's
 * late write with 41 is rejected by the storage: `token 41 < 42`.
 */
export const gcPause: Preset = {
  id: 'gc-pause',
  question: SEED_QUESTIONS.inFlight,
  summary: 'A pauses, its lease expires, B writes with 42, and storage rejects A’s 41.',
  research: 'S02',
  realWorld: [
    'Kleppmann (2016): storage remembers the highest token and rejects 33 after 34.',
    'Chubby sequencers: a server checks the lock generation before acting on a request.',
    'Hazelcast FencedLock: fences increase on every free → held transition.',
  ],
  scenario: {
    id: 'gc-pause',
    title: 'GC pause: token 41 vs 42',
    description:
      'Client A holds the lease with fencing token 41, reads the storage and is frozen by a 15 s stop-the-world pause. Its lease expires; B, waiting in line, gets token 42 and writes. When A wakes it still believes it holds the lock and writes with 41 — and the storage, which has seen 42, rejects it.',
    durationMs: 20000,
    clients: [
      {
        id: 'A',
        script: [
          { do: 'acquire' },
          { do: 'work', ms: 985 },
          { do: 'read' },
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
          { do: 'work', ms: 1000 },
          { do: 'write', value: 'B' },
          { do: 'release' },
        ],
      },
    ],
    faults: [{ atMs: 1000, do: 'pause', node: 'A', ms: 15000 }],
    narration: [
      { atMs: 0, text: 'A asks the lock service for the lease. A lease lasts 10 s.' },
      { on: 'BeliefStarted', node: 'A', text: 'A holds the lease with fencing token 41.' },
      { on: 'AcquireQueued', text: 'B wants the lock too, and waits in line.' },
      {
        on: 'NodePaused',
        node: 'A',
        text: 'A stops the world for a 15 s pause (GC, a VM migration…). Its read reply is on the way.',
      },
      {
        on: 'LeaseExpired',
        text: 'A’s lease runs out on the lock service’s clock. A is frozen and cannot know.',
      },
      {
        on: 'LeaseGranted',
        nth: 2,
        text: 'B gets the lease with token 42 — two clients now believe they hold the lock.',
      },
      {
        on: 'WriteAccepted',
        node: 'storage',
        text: 'Storage accepts B’s write and remembers token 42.',
      },
      {
        on: 'NodeResumed',
        node: 'A',
        text: 'A wakes up. Nothing told it the lease expired: it carries on and writes with token 41.',
      },
      {
        on: 'WriteRejected',
        text: 'Storage rejects 41 because it has already seen 42. The fencing check saved the data.',
      },
    ],
  },
  expected: { verdict: 'safe', violations: [], warnings: ['two-believers'] },
}

/** The same run with no fencing at the storage (research S01): A's stale write lands. */
export const gcPauseUnfenced: Preset = {
  id: 'gc-pause-unfenced',
  question: SEED_QUESTIONS.checkSite,
  summary: 'The same pause, but storage does not check tokens: A overwrites B.',
  research: 'S01',
  realWorld: [
    'Kleppmann (2016): without fencing, a paused holder corrupts the file after resuming.',
    'Redis SET NX PX and Redlock issue random values, not tokens a store can order.',
    'Kubernetes client-go: leader election “does not guarantee … fencing”.',
  ],
  scenario: {
    ...gcPause.scenario,
    id: 'gc-pause-unfenced',
    title: 'GC pause without fencing',
    description:
      'The same story as gc-pause, but the storage accepts every write without looking at the token. A wakes from its pause, still believing it holds the lock, and overwrites the value B wrote under the newer lease.',
    resources: [{ id: 'storage', fencing: 'none' }],
    narration: [
      { atMs: 0, text: 'Same clients, same pause — but this storage does not check tokens.' },
      {
        on: 'NodePaused',
        node: 'A',
        text: 'A freezes for 15 s with its read reply on the way.',
      },
      { on: 'LeaseExpired', text: 'A’s lease expires while A is frozen.' },
      { on: 'LeaseGranted', nth: 2, text: 'B gets the lease with token 42 and writes.' },
      {
        on: 'NodeResumed',
        node: 'A',
        text: 'A wakes up, still believing it holds the lock, and writes with token 41.',
      },
      {
        on: 'WriteAccepted',
        nth: 2,
        text: 'Storage accepts 41 after 42: A silently overwrote B. The lease alone did not protect the data.',
      },
    ],
  },
  expected: { verdict: 'unsafe', violations: ['token-order'], warnings: ['two-believers'] },
}
