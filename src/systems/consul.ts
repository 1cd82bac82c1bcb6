/**
 * Consul sessions and KV locks (`consul lock`, the api package's Lock): a session with a TTL
 * (the api's lock default is 15 s, renewed every TTL/2) and lock-delay (default 15 s). The TTL is
 * a lower bound: the server's timer runs for TTL × 2 before invalidating. After an invalidation
 * nobody may take the lock for lock-delay. LockIndex counts acquisitions: a sequencer.
 */
import { choice, num, freezeParam } from './params'
import { buildPausedHolder, formatDurationMs, freezeWindow, wakeWindow } from './story'
import type { PausedHolderStory } from './story'
import type { BuildResult, ParamValues, SystemProfile } from './types'

/** Consul's server arms the session timer with TTL × SessionTTLMultiplier (2). */
export const SESSION_TTL_MULTIPLIER = 2

function story(values: ParamValues): PausedHolderStory {
  const ttlMs = num(values, 'ttlS') * 1000
  const fenced = choice(values, 'fencing') === 'lockIndex'
  return {
    id: 'system-consul',
    title: `Consul lock: lock-delay ${num(values, 'lockDelayS')} s, ${fenced ? 'LockIndex checked' : 'unfenced'}`,
    description: `A and B lock a Consul key with sessions (TTL ${ttlMs / 1000} s, lock-delay ${num(values, 'lockDelayS')} s). A is frozen for ${num(values, 'pauseS')} s. Consul invalidates its session up to 2 × TTL after the last renew, then holds the lock back for lock-delay before B gets it. ${fenced ? 'The store checks LockIndex and rejects A.' : 'Lock-delay is a time-only mitigation: a freeze longer than it still lets A’s write land after B’s.'}`,
    leaseMs: ttlMs * SESSION_TTL_MULTIPLIER,
    lockDelayMs: num(values, 'lockDelayS') * 1000,
    renewEveryMs: Math.max(1000, Math.round(ttlMs / 2)),
    tokens: 'monotonic',
    firstToken: 1,
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
  const ttlMs = num(values, 'ttlS') * 1000
  return {
    ok: true,
    built: {
      scenario: buildPausedHolder(s),
      windows: [
        {
          id: 'ttl-bound',
          label: 'TTL is a lower bound',
          words: `The TTL is a lower bound: Consul invalidates a silent session between ${formatDurationMs(ttlMs)} and ${formatDurationMs(ttlMs * SESSION_TTL_MULTIPLIER)} after its last renew (its timer runs for TTL × 2); the lab takes the upper bound.`,
          fromMs: null,
          toMs: null,
        },
        freezeWindow(s, '2 × TTL plus lock-delay, minus up to one renew interval'),
        wakeWindow(
          s,
          'A frozen holder’s write on waking carries an older LockIndex and is refused.',
          'Lock-delay only protects freezes shorter than itself: a longer one lets the stale write land after the new holder’s.',
        ),
      ],
    },
  }
}

export const consul: SystemProfile = {
  id: 'consul',
  name: 'Consul sessions and locks',
  summary: 'Session TTL (a lower bound), lock-delay 15 s, LockIndex as a sequencer.',
  protocol:
    'A session with a TTL, renewed by the client; acquiring a key binds it to the session. When the session is invalidated its locks are released, and for lock-delay nobody can acquire them. The lab plays invalidation at 2 × TTL after the last renew, then lock-delay, on the lock service.',
  fencing:
    '(Key, LockIndex, Session) acts as a sequencer; LockIndex only grows. The locking is “purely advisory”: the resource must check it. Lock-delay is “not a bulletproof method”.',
  params: [
    {
      kind: 'number',
      key: 'ttlS',
      label: 'session TTL',
      unit: 's',
      defaultValue: 15,
      min: 10,
      max: 86400,
      step: 1,
      why: 'Consul accepts 10 s to 24 h; the api package’s lock uses 15 s.',
    },
    {
      kind: 'number',
      key: 'lockDelayS',
      label: 'lock-delay',
      unit: 's',
      defaultValue: 15,
      min: 0,
      max: 60,
      step: 1,
      why: 'How long an invalidated session’s locks stay unavailable (0–60 s, default 15 s).',
    },
    freezeParam('Holder frozen for', 60),
    {
      kind: 'choice',
      key: 'fencing',
      label: 'The resource checks',
      defaultValue: 'none',
      choices: [
        { value: 'none', label: 'nothing (lock-delay only)' },
        { value: 'lockIndex', label: 'LockIndex as a sequencer' },
      ],
      why: 'Time-only mitigation against a token.',
    },
  ],
  sources: [
    {
      label: 'Consul docs: sessions, TTL as a lower bound, lock-delay (default 15 s), sequencers',
      url: 'https://developer.hashicorp.com/consul/docs/automate/session',
    },
    {
      label: 'Consul session_ttl.go: the timer is TTL × SessionTTLMultiplier (2)',
      url: 'https://github.com/hashicorp/consul/blob/main/agent/consul/session_ttl.go',
    },
    {
      label: 'Consul PR #524: “the TTL represents a lower-bound”',
      url: 'https://github.com/hashicorp/consul/pull/524',
    },
  ],
  presets: ['lock-delay'],
  build,
}
