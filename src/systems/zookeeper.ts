/**
 * ZooKeeper with Curator's InterProcessMutex: the lock is an EPHEMERAL_SEQUENTIAL znode, waiters
 * watch their predecessor (FIFO), and the session — kept alive by the client's pings — decides
 * how long the znode outlives a silent holder. The server caps the requested session timeout to
 * [2, 20] × tickTime. Curator tells the holder SUSPENDED when the connection drops (it cannot be
 * sure it still holds the lock) and LOST when the session is gone; a frozen process sees neither.
 */
import { choice, num, freezeParam } from './params'
import { buildPausedHolder, formatDurationMs, freezeWindow, wakeWindow } from './story'
import type { PausedHolderStory } from './story'
import type { BuildResult, ParamValues, SystemProfile } from './types'

/** The session timeout the server grants: the request, clamped to [2, 20] × tickTime. */
export function negotiatedSessionMs(requestedMs: number, tickTimeMs: number): number {
  return Math.min(Math.max(requestedMs, 2 * tickTimeMs), 20 * tickTimeMs)
}

function story(values: ParamValues): PausedHolderStory {
  const sessionMs = negotiatedSessionMs(num(values, 'sessionTimeoutMs'), num(values, 'tickTimeMs'))
  const fenced = choice(values, 'fencing') === 'czxid'
  return {
    id: 'system-zookeeper',
    title: `ZooKeeper/Curator lock: ${fenced ? 'czxid checked' : 'unfenced'}`,
    description: `A and B lock with Curator's InterProcessMutex; the negotiated session timeout is ${formatDurationMs(sessionMs)}. A is frozen for ${num(values, 'pauseS')} s: the server expires its session and deletes its znode, and B's watch fires. A wakes, sees neither SUSPENDED nor LOST yet, and writes. ${fenced ? 'The store checks the lock znode’s czxid and rejects A.' : 'Nothing checks: A’s write lands after B’s.'}`,
    leaseMs: sessionMs,
    // The client pings when idle for a third of the session timeout.
    renewEveryMs: Math.max(1000, Math.round(sessionMs / 3)),
    tokens: 'monotonic',
    // A czxid: epoch 1, counter 2 (0x100000002).
    firstToken: 0x100000002,
    resource: { id: 'store', fencing: fenced ? 'atomic' : 'none' },
    pauseMs: num(values, 'pauseS') * 1000,
    actsForMs: 0,
    actEveryMs: 1000,
    holderValue: 'written by A',
    successorValue: 'written by B',
  }
}

function build(values: ParamValues): BuildResult {
  const s = story(values)
  const requested = num(values, 'sessionTimeoutMs')
  const negotiated = s.leaseMs
  return {
    ok: true,
    built: {
      scenario: buildPausedHolder(s),
      windows: [
        {
          id: 'negotiated',
          label: 'negotiated timeout',
          words:
            negotiated === requested
              ? `The server grants the requested session timeout, ${formatDurationMs(negotiated)}.`
              : `The server grants ${formatDurationMs(negotiated)}, not the ${formatDurationMs(requested)} asked for: it clamps to 2–20 × tickTime (${formatDurationMs(num(values, 'tickTimeMs'))}).`,
          fromMs: null,
          toMs: null,
        },
        {
          id: 'suspended',
          label: 'SUSPENDED',
          words: `Between SUSPENDED and LOST (up to the session timeout, ${formatDurationMs(negotiated)}) the holder cannot know whether it still holds the lock; work that goes on through SUSPENDED may run after another holder took over.`,
          fromMs: null,
          toMs: null,
        },
        freezeWindow(s, 'the session timeout minus up to one ping interval'),
        wakeWindow(
          s,
          'A frozen holder’s write on waking carries an older czxid and is refused.',
          'A frozen holder learns of LOST only after it reconnects; its first writes on waking land after the new holder’s.',
        ),
      ],
    },
  }
}

export const zookeeper: SystemProfile = {
  id: 'zookeeper',
  name: 'ZooKeeper / Curator InterProcessMutex',
  summary: 'Ephemeral sequential znodes, session timeout, czxid as token, SUSPENDED/LOST.',
  protocol:
    'Each contender creates an EPHEMERAL_SEQUENTIAL child; the lowest holds, the others watch their predecessor (FIFO). The server expires a session it has not heard from for the negotiated timeout and deletes its ephemeral nodes. The lab plays the session expiry on the lock service and the pings as renews.',
  fencing:
    'None built in. The lock znode’s czxid (or its sequence number) only grows and can serve as a token — if the resource records it and refuses a lower one.',
  params: [
    {
      kind: 'number',
      key: 'sessionTimeoutMs',
      label: 'sessionTimeoutMs (requested)',
      unit: 'ms',
      defaultValue: 60000,
      min: 1000,
      max: 600000,
      step: 1000,
      why: 'Curator’s default request; the server clamps it.',
    },
    {
      kind: 'number',
      key: 'tickTimeMs',
      label: 'tickTime (server)',
      unit: 'ms',
      defaultValue: 2000,
      min: 500,
      max: 30000,
      step: 500,
      why: 'The server grants session timeouts between 2 and 20 ticks.',
    },
    freezeParam('Holder frozen for', 50),
    {
      kind: 'choice',
      key: 'fencing',
      label: 'The resource checks',
      defaultValue: 'none',
      choices: [
        { value: 'none', label: 'nothing' },
        { value: 'czxid', label: 'the lock znode’s czxid' },
      ],
      why: 'Whether the store refuses a write with an older czxid.',
    },
  ],
  sources: [
    {
      label: 'ZooKeeper Programmer’s Guide: sessions, timeouts clamped to 2–20 × tickTime',
      url: 'https://zookeeper.apache.org/doc/current/zookeeperProgrammers.html',
    },
    {
      label: 'ZooKeeper recipes: locks with ephemeral sequential nodes',
      url: 'https://zookeeper.apache.org/doc/current/recipes.html',
    },
    {
      label: 'Curator tech note: SUSPENDED (not certain you hold the lock) vs LOST',
      url: 'https://cwiki.apache.org/confluence/display/CURATOR/TN10',
    },
  ],
  presets: ['gc-pause'],
  build,
}
