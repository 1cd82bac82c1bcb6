import type { Preset } from './types'
import { SEED_QUESTIONS } from './types'

/**
 * A clock jump on the lock service expires A's lease after 2 s instead of 10 (research S07,
 * single-node form; Redis expires keys on the wall clock). B takes over with 42 while A still
 * believes; the token, not the timeout, keeps A's write out.
 */
export const clockJump: Preset = {
  id: 'clock-jump',
  question: SEED_QUESTIONS.identity,
  summary: 'The lock service’s clock jumps 9 s: A’s lease ends early, only the token saves B.',
  research: 'S07',
  realWorld: [
    'Redis expires keys on the wall clock: “a wall-clock shift may result in a lock being acquired by more than one process.”',
    'kubernetes#125761: kube-scheduler split brain after a one-hour system-time change.',
  ],
  scenario: {
    id: 'clock-jump',
    title: 'Clock jump on the lock service',
    description:
      'The lock service judges expiry on its own wall clock. Two seconds into A’s 10 s lease, an operator (or NTP) steps that clock forward by 9 s, and A’s lease expires at once. B gets token 42. A, whose own clock did not move, still believes it holds the lock for 8 more seconds — a timeout cannot be trusted, but the token can: A’s write with 41 is rejected.',
    durationMs: 20000,
    clients: [
      {
        id: 'A',
        script: [
          { do: 'acquire' },
          { do: 'work', ms: 2990 },
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
          { do: 'work', ms: 300 },
          { do: 'write', value: 'B' },
          { do: 'release' },
        ],
      },
    ],
    faults: [{ atMs: 2000, do: 'clock-jump', node: 'lock', ms: 9000 }],
    narration: [
      { atMs: 0, text: 'A gets a 10 s lease with token 41 and works for 3 s.' },
      {
        on: 'ClockJumped',
        text: 'The lock service’s clock jumps forward 9 s. By its clock, A’s lease is over.',
      },
      {
        on: 'LeaseGranted',
        nth: 2,
        text: 'B gets token 42 — 8 s before A expects its lease to end.',
      },
      { on: 'WriteAccepted', text: 'B writes with 42.' },
      {
        on: 'WriteRejected',
        text: 'A, sure of its lease, writes with 41. The storage rejects it: the token is what counts.',
      },
    ],
  },
  expected: { verdict: 'safe', violations: [], warnings: ['two-believers'] },
}
