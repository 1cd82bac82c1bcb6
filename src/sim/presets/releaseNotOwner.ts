import type { Preset } from './types'
import { SEED_QUESTIONS } from './types'

/**
 * A blind release (research S15a; Redis DEL instead of compare-and-delete): A wakes after its
 * lease expired and releases "its" lock — deleting B's lease. C is granted 43 while B still
 * believes it holds the lock; fencing rejects B's write.
 */
export const releaseNotOwner: Preset = {
  id: 'release-not-owner',
  question: SEED_QUESTIONS.identity,
  summary: 'A releases a lock it no longer holds and deletes B’s lease; C gets 43.',
  research: 'S15',
  realWorld: [
    'Redis: “Using just DEL is not safe as a client may remove the lock of another client.”',
    'Safe forms: compare-and-delete in Lua, etcd delete of your own key, ZooKeeper delete of your own znode.',
  ],
  scenario: {
    id: 'release-not-owner',
    title: 'Releasing a lock you no longer hold',
    description:
      'This lock service releases whoever holds the lock, without checking who asks (a plain DEL). A pauses past its lease; B gets token 42. When A wakes it releases the lock — B’s lease. C, next in line, gets token 43 and writes, while B still believes it holds the lock. The storage rejects B’s 42: B’s work is wasted, but the data is safe.',
    durationMs: 20000,
    lockService: { releaseChecksOwner: false },
    clients: [
      {
        id: 'A',
        script: [{ do: 'acquire' }, { do: 'work', ms: 985 }, { do: 'read' }, { do: 'release' }],
      },
      {
        id: 'B',
        startMs: 500,
        script: [
          { do: 'acquire' },
          { do: 'read' },
          { do: 'work', ms: 2500 },
          { do: 'write', value: 'B' },
          { do: 'release' },
        ],
      },
      {
        id: 'C',
        startMs: 600,
        script: [{ do: 'acquire' }, { do: 'write', value: 'C' }, { do: 'release' }],
      },
    ],
    faults: [{ atMs: 1000, do: 'pause', node: 'A', ms: 11000 }],
    narration: [
      { atMs: 0, text: 'This lock service releases without checking who asks.' },
      { on: 'NodePaused', node: 'A', text: 'A freezes for 11 s.' },
      { on: 'LeaseGranted', nth: 2, text: 'A’s lease expires. B gets token 42.' },
      { on: 'NodeResumed', node: 'A', text: 'A wakes and releases the lock it thinks it holds.' },
      { on: 'LeaseReleased', nth: 1, text: 'The release deletes B’s lease.' },
      {
        on: 'LeaseGranted',
        nth: 3,
        text: 'C gets token 43 and writes — while B still believes it holds the lock.',
      },
      { on: 'WriteRejected', text: 'B writes with 42; the storage has seen 43 and rejects it.' },
    ],
  },
  expected: {
    verdict: 'unsafe',
    violations: ['foreign-release'],
    warnings: ['two-believers'],
  },
}
