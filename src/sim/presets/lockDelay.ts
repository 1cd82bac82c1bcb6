import type { Preset } from './types'
import { SEED_QUESTIONS } from './types'

/**
 * Lock-delay instead of fencing (research S06a): after an expiry the service waits 10 s before
 * granting again, which covers a 15 s pause on a 10 s lease. A's late write lands unfenced but
 * before B starts, so nothing is overwritten — this time.
 */
export const lockDelay: Preset = {
  id: 'lock-delay',
  question: SEED_QUESTIONS.inFlight,
  summary: 'No fencing, but 10 s of lock-delay: A’s late write lands before B begins.',
  research: 'S06',
  realWorld: [
    'Chubby lock-delay: after a holder fails, the lock cannot be reclaimed for up to a minute.',
    'Consul sessions: lock-delay defaults to 15 s — “not a bulletproof method”.',
  ],
  scenario: {
    id: 'lock-delay',
    title: 'Lock-delay covers a bounded pause',
    description:
      'The storage does not check tokens. Instead, after a lease expires, the lock service refuses to grant it again for 10 s (Chubby and Consul call this lock-delay). A pauses for 15 s; its write lands late, outside its lease, but before B is allowed in, so nothing is overwritten. A longer pause would slip past the delay: lock-delay only bounds the damage.',
    durationMs: 30000,
    lockService: { lockDelayMs: 10000 },
    resources: [{ id: 'storage', fencing: 'none' }],
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
      {
        atMs: 0,
        text: 'No fencing here. The lock service uses lock-delay instead: 10 s after an expiry.',
      },
      { on: 'NodePaused', node: 'A', text: 'A freezes for 15 s.' },
      {
        on: 'LockDelayStarted',
        text: 'A’s lease expires. Lock-delay starts: no one may take the lock for 10 s.',
      },
      {
        on: 'WriteAccepted',
        nth: 1,
        text: 'A wakes and writes without a valid lease — but B has not started, so nothing is lost.',
      },
      { on: 'ReleaseRefused', text: 'A’s release is refused: its lease is long gone.' },
      {
        on: 'LeaseGranted',
        nth: 2,
        text: 'Lock-delay is over: B gets token 42 and reads A’s value.',
      },
    ],
  },
  expected: { verdict: 'safe', violations: [], warnings: ['late-write'] },
}
