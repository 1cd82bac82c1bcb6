/**
 * Redlock: one lock made of five independent Redis nodes, acquired by majority vote (research
 * S07, S07b, S08; Kleppmann's “How to do distributed locking” and antirez's reply). Each preset
 * keeps Redlock's own rules in view — a quorum and validity = lease − elapsed − drift — and shows
 * that a random value gives the storage nothing to order, so a majority vote does not replace a
 * fencing token checked at the resource.
 */
import type { Preset } from './types'
import { SEED_QUESTIONS } from './types'

const NODE_IDS = ['redis1', 'redis2', 'redis3', 'redis4', 'redis5'] as const

/** Five Redis nodes, 10 s lease; Redlock's defaults: quorum 3, drift 0.01, 50 ms per node. */
function redlockService(persistence: 'durable' | 'volatile') {
  return { leaseMs: 10_000, persistence, nodes: NODE_IDS.map((id) => ({ id })) }
}

/** Loses a client's next request to some nodes (Kleppmann's “unreachable” nodes). */
function unreachable(client: string, nodes: readonly string[]) {
  return nodes.map((node) => ({ atMs: 0, do: 'drop' as const, from: client, to: node }))
}

/**
 * Two clients that each reach a different three of the five nodes (A: redis1–3, B from 2.1 s:
 * redis3–5), so they share redis3 alone: whatever makes redis3 forget A's key (a clock jump, a
 * restart without fsync) hands B a second majority.
 */
const SPLIT_CLIENTS = [
  {
    id: 'A',
    script: [
      { do: 'acquire' as const },
      { do: 'work' as const, ms: 3000 },
      { do: 'write' as const, value: 'A' },
      { do: 'release' as const },
    ],
  },
  {
    id: 'B',
    startMs: 2100,
    script: [
      { do: 'acquire' as const },
      { do: 'work' as const, ms: 300 },
      { do: 'write' as const, value: 'B' },
      { do: 'release' as const },
    ],
  },
]
const SPLIT_REACH = [
  ...unreachable('A', ['redis4', 'redis5']),
  ...unreachable('B', ['redis1', 'redis2']),
]

const REAL_WORLD_REDLOCK = [
  'Kleppmann: Redlock “does not have any facility for generating fencing tokens”; its safety assumes bounded delays, pauses and clock error.',
  'Redis expires keys on the wall clock: “a wall-clock shift may result in a lock being acquired by more than one process” (redis.io distlock disclaimer).',
  'node-redlock and go-redsync: quorum N/2 + 1, drift factor 0.01 (node-redlock adds 2 ms), validity = lease − elapsed − drift.',
]

/** S07: a clock jump on one of A's majority nodes lets B win a second majority. */
export const redlockClockJump: Preset = {
  id: 'redlock-clock-jump',
  question: SEED_QUESTIONS.identity,
  summary: 'One Redis node’s clock jumps: A and B both hold a Redlock majority, by its own rules.',
  research: 'S07',
  realWorld: [
    ...REAL_WORLD_REDLOCK,
    'valkey#2651: “We use Valkey for locks. If the wall clock changes, all locks expire.”',
  ],
  scenario: {
    id: 'redlock-clock-jump',
    title: 'Redlock: a clock jump gives two majorities',
    description:
      'Five independent Redis nodes; a client holds the lock with 3 of 5 grants and validity left (lease − elapsed − drift). A reaches redis1–3 (redis4 and redis5 are unreachable) and holds the lock until 9.898 s. At 2 s, redis3’s wall clock steps forward 9 s and A’s key there expires. B, whose requests to redis1 and redis2 are lost, gets redis3–5: a second majority. Both hold the lock by Redlock’s own rules. The storage checks fencing tokens, but a Redlock value is random: it cannot order A’s against B’s and refuses both — even the rightful holder. What works is a monotonic token from a consensus-backed store (an etcd revision, a ZooKeeper zxid) checked at the storage, as in gc-pause.',
    durationMs: 14_000,
    lockService: redlockService('durable'),
    clients: SPLIT_CLIENTS,
    faults: [...SPLIT_REACH, { atMs: 2000, do: 'clock-jump', node: 'redis3', ms: 9000 }],
    narration: [
      { atMs: 0, text: 'A asks all five Redis nodes; its requests to redis4 and redis5 are lost.' },
      {
        on: 'QuorumAcquired',
        node: 'A',
        text: 'A counts 3 of 5 grants after the 50 ms timeout: a majority, with 10 s − 50 ms − 102 ms drift of validity left.',
      },
      {
        on: 'ClockJumped',
        text: 'redis3’s wall clock jumps forward 9 s: by its clock, A’s key there has expired.',
      },
      {
        on: 'QuorumAcquired',
        node: 'B',
        text: 'B gets redis3, redis4 and redis5: a second majority. Two clients hold the lock by Redlock’s own rules.',
      },
      {
        on: 'WriteRejected',
        nth: 1,
        text: 'The storage checks tokens, but B’s value is random: there is nothing to order, so it refuses even B.',
      },
      {
        on: 'WriteRejected',
        nth: 2,
        text: 'A’s random value is refused too. Only a monotonic token from a consensus store would let the storage keep B and reject A.',
      },
    ],
  },
  expected: {
    verdict: 'unsafe',
    violations: ['two-holders'],
    warnings: ['two-believers', 'fenced-out'],
  },
}

/** S07b: a node without fsync restarts with no keys, and B wins a second majority. */
export const redlockRestart: Preset = {
  id: 'redlock-restart',
  question: SEED_QUESTIONS.identity,
  summary: 'A Redis node restarts without its keys: two Redlock majorities, and A overwrites B.',
  research: 'S07b',
  realWorld: [
    ...REAL_WORLD_REDLOCK,
    'antirez’s remedies: fsync=always, or keep a crashed node down for longer than the longest lease.',
  ],
  scenario: {
    id: 'redlock-restart',
    title: 'Redlock: a node restarts without its keys',
    description:
      'The same five Redis nodes, kept in memory only (no fsync). A holds the lock with redis1–3. At 2 s redis3 crashes and restarts 50 ms later with no keys. B, whose requests to redis1 and redis2 are lost, gets redis3–5 and holds the lock too. The storage has no fencing — Redlock’s random value gives it nothing to compare — so B’s write lands, then A’s older one overwrites it. Delaying the restart by a lease (antirez) closes this hole but not the paused client’s (redlock-pause); a monotonic token from a consensus-backed store, checked at the storage, closes both.',
    durationMs: 14_000,
    lockService: redlockService('volatile'),
    resources: [{ id: 'storage', fencing: 'none' }],
    clients: SPLIT_CLIENTS,
    faults: [...SPLIT_REACH, { atMs: 2000, do: 'crash', node: 'redis3', restartAfterMs: 50 }],
    narration: [
      { atMs: 0, text: 'A asks all five Redis nodes; its requests to redis4 and redis5 are lost.' },
      {
        on: 'QuorumAcquired',
        node: 'A',
        text: 'A holds the lock: 3 of 5 grants, validity 9.848 s.',
      },
      {
        on: 'NodeCrashed',
        text: 'redis3 crashes. It kept its keys in memory only: A’s key is gone.',
      },
      { on: 'NodeRestarted', text: 'redis3 is back 50 ms later, empty.' },
      {
        on: 'QuorumAcquired',
        node: 'B',
        text: 'B gets redis3, redis4 and redis5: two clients hold the lock by Redlock’s own rules.',
      },
      { on: 'WriteAccepted', nth: 1, text: 'B writes. The storage has no token it could check.' },
      {
        on: 'WriteAccepted',
        nth: 2,
        text: 'A, still inside its validity, writes over B. Nothing at the storage could tell them apart.',
      },
    ],
  },
  expected: {
    verdict: 'unsafe',
    violations: ['two-holders', 'token-order'],
    warnings: ['two-believers'],
  },
}

/** S08: a pause during acquisition; a client that does not time it believes a stale majority. */
export const redlockPause: Preset = {
  id: 'redlock-pause',
  question: SEED_QUESTIONS.inFlight,
  summary: 'A pauses while its Redlock grants arrive; without the elapsed-time check it believes.',
  research: 'S08',
  realWorld: [
    ...REAL_WORLD_REDLOCK,
    'node-redlock#296: “acquired lock already expired” — a client that does not check the time its acquisition took.',
  ],
  scenario: {
    id: 'redlock-pause',
    title: 'Redlock: a pause during acquisition',
    description:
      'A asks all five Redis nodes and every one grants, but A pauses (a stop-the-world GC) before it reads the answers. The keys expire at 10 s; B acquires at 10.5 s with 5 of 5 and validity left. A wakes at 12 s and reads five grants. A correct Redlock client measures the 12 s the acquisition took, finds no validity left, and releases (antirez’s answer to Kleppmann). This client does not time its acquisition: it believes it holds the lock. By Redlock’s rules only B holds it, yet A’s write lands after B’s. No rule of the lock service can stop that: only a resource that checks a monotonic token can, and Redlock’s random value is not one.',
    durationMs: 20_000,
    lockService: redlockService('durable'),
    resources: [{ id: 'storage', fencing: 'none' }],
    clients: [
      {
        id: 'A',
        elapsedTimeCheck: false,
        script: [{ do: 'acquire' }, { do: 'write', value: 'A' }, { do: 'release' }],
      },
      {
        id: 'B',
        startMs: 10_500,
        script: [
          { do: 'acquire' },
          { do: 'write', value: 'B' },
          { do: 'work', ms: 3000 },
          { do: 'release' },
        ],
      },
    ],
    faults: [{ atMs: 8, do: 'pause', node: 'A', ms: 11_992 }],
    narration: [
      { atMs: 0, text: 'A asks all five Redis nodes for a 10 s lease.' },
      {
        on: 'NodePaused',
        text: 'A pauses before it can read the five grants on their way back.',
      },
      {
        on: 'QuorumAcquired',
        node: 'B',
        text: 'A’s keys have expired; B gets 5 of 5 grants and holds the lock by Redlock’s rules.',
      },
      { on: 'WriteAccepted', nth: 1, text: 'B writes.' },
      {
        on: 'QuorumAcquired',
        node: 'A',
        text: 'A wakes and counts five grants. It does not check that 12 s passed, so it believes it holds the lock.',
      },
      {
        on: 'WriteAccepted',
        nth: 2,
        text: 'A writes over B. Redlock’s rules were kept — only B held the lock — yet the data is wrong.',
      },
    ],
  },
  expected: {
    verdict: 'unsafe',
    violations: ['token-order'],
    warnings: ['two-believers'],
  },
}
