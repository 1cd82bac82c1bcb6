import type { Preset } from './types'
import { SEED_QUESTIONS } from './types'

/**
 * Two resources, only one fenced (research S14b): A's job sends an email before writing to the
 * fenced database. The database rejects A's late write — but the email already went out.
 */
export const unfencedSideEffect: Preset = {
  id: 'unfenced-side-effect',
  question: SEED_QUESTIONS.sideEffects,
  summary: 'Storage rejects A’s 41, but A’s email went out first: nothing fences it.',
  research: 'S14',
  realWorld: [
    'AWS SWF / Temporal ignore a timed-out attempt’s result, but its external calls still happen.',
    'Mitigations: send effects after a fenced commit, idempotency keys, or an outbox row in the fenced store.',
  ],
  scenario: {
    id: 'unfenced-side-effect',
    title: 'A side effect nothing can fence',
    description:
      'A’s job sends a customer email and then updates the database. The database checks tokens; the mail API does not. A is paused with its lease; B takes over with 42 and does the job. When A wakes, its email goes out — a duplicate, sent with an expired lease — and only then does the database reject its write.',
    durationMs: 20000,
    resources: [
      { id: 'storage', fencing: 'atomic' },
      { id: 'mailer', fencing: 'none', initialValue: null },
    ],
    clients: [
      {
        id: 'A',
        script: [
          { do: 'acquire' },
          { do: 'work', ms: 985 },
          { do: 'read' },
          { do: 'effect', resource: 'mailer', value: 'invoice email (A)' },
          { do: 'write', value: 'invoiced by A' },
          { do: 'release' },
        ],
      },
      {
        id: 'B',
        startMs: 500,
        script: [
          { do: 'acquire' },
          { do: 'read' },
          { do: 'effect', resource: 'mailer', value: 'invoice email (B)' },
          { do: 'write', value: 'invoiced by B' },
          { do: 'release' },
        ],
      },
    ],
    faults: [{ atMs: 1000, do: 'pause', node: 'A', ms: 15000 }],
    narration: [
      { atMs: 0, text: 'The job: email the customer, then record it in the database.' },
      { on: 'NodePaused', node: 'A', text: 'A freezes for 15 s before sending its email.' },
      {
        on: 'LeaseGranted',
        nth: 2,
        text: 'A’s lease expires; B gets token 42, emails and records.',
      },
      {
        on: 'WriteAccepted',
        node: 'mailer',
        nth: 2,
        text: 'A wakes and sends its email. The mail API has no fencing check: the customer gets it twice.',
      },
      { on: 'WriteRejected', text: 'The database rejects A’s 41 — too late to unsend the email.' },
    ],
  },
  expected: {
    verdict: 'unsafe',
    violations: ['unfenced-effect'],
    warnings: ['two-believers'],
  },
}
