import type { Preset } from './types'
import { SEED_QUESTIONS } from './types'

/**
 * Kubernetes-style leader election (research S10b): a 15 s Lease renewed every 2 s. The leader
 * is frozen for 23.5 s with a reconcile half done; B takes over; when A wakes, its worker sends
 * the pending write before A's renew loop notices it lost the lease. The resource checks the
 * token (a counter such as leaseTransitions) and rejects it.
 */
export const leaderElection: Preset = {
  id: 'leader-election',
  question: SEED_QUESTIONS.identity,
  summary: 'A frozen leader wakes and acts before it notices B took over.',
  research: 'S10',
  realWorld: [
    'client-go leaderelection: “does not guarantee that only one client is acting as a leader (a.k.a. fencing)”.',
    'Kubernetes Lease: holderIdentity, leaseDurationSeconds (15), renewTime, leaseTransitions.',
    'kubernetes#23731: OnStoppedLeading never called after the lease was lost.',
  ],
  scenario: {
    id: 'leader-election',
    title: 'Leader election with a Kubernetes-style Lease',
    description:
      'Two controllers compete for a 15 s Lease, renewing every 2 s (client-go defaults). Leader A reads the current state and is frozen for 23.5 s before the reply arrives. B takes over as leader with token 42. When A wakes, its worker finishes the reconcile and writes at once — before its renew loop discovers that the lease is gone. The resource checks the token and rejects A’s write.',
    durationMs: 40000,
    lockService: { leaseMs: 15000 },
    resources: [{ id: 'config', fencing: 'atomic', initialValue: 'v1' }],
    clients: [
      {
        id: 'A',
        renewEveryMs: 2000,
        script: [
          { do: 'acquire' },
          { do: 'work', ms: 1490 },
          { do: 'read' },
          { do: 'write', value: 'v2 by A' },
          { do: 'release' },
        ],
      },
      {
        id: 'B',
        startMs: 500,
        renewEveryMs: 2000,
        script: [
          { do: 'acquire' },
          { do: 'read' },
          { do: 'write', value: 'v2 by B' },
          { do: 'work', ms: 10000 },
          { do: 'release' },
        ],
      },
    ],
    faults: [{ atMs: 1505, do: 'pause', node: 'A', ms: 23495 }],
    narration: [
      { atMs: 0, text: 'A becomes leader: a 15 s Lease it must renew every 2 s.' },
      { on: 'AcquireQueued', text: 'B is a candidate, waiting for the Lease to lapse.' },
      {
        on: 'NodePaused',
        node: 'A',
        text: 'A is frozen mid-reconcile (CPU starvation, SIGSTOP…), its read reply on the way.',
      },
      { on: 'LeaseExpired', text: 'No renewals for 15 s: the Lease lapses.' },
      { on: 'LeaseGranted', nth: 2, text: 'B becomes leader with token 42 and writes the config.' },
      {
        on: 'NodeResumed',
        node: 'A',
        text: 'A wakes. Its worker writes at once; only afterwards does its renew loop find out.',
      },
      { on: 'WriteRejected', text: 'The config store checks the token and rejects A’s 41.' },
    ],
  },
  expected: { verdict: 'safe', violations: [], warnings: ['two-believers'] },
}
