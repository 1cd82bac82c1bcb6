/**
 * A single Redis primary: `SET key <random value> NX PX <ttl>`, release and extend by Lua scripts
 * that compare the value. Expiry runs on the server's wall clock. Replication is asynchronous, so
 * a failover can promote a replica that never received the key: a second client then gets the
 * same lock while the first still holds it.
 */
import { choice, num } from './params'
import { buildPausedHolder, formatDurationMs, formatMs, GRANT_MS, LATENCY_MS } from './story'
import type { PausedHolderStory } from './story'
import type { BuildResult, ParamValues, SystemProfile } from './types'

const FAILOVER_AT_MS = 1000

function story(values: ParamValues): PausedHolderStory {
  const pxMs = num(values, 'pxMs')
  const failoverMs = num(values, 'failoverMs')
  const actsMs = num(values, 'holderWorksS') * 1000
  const synced = choice(values, 'replica') === 'synced'
  return {
    id: 'system-redis',
    title: `Redis single primary: failover to ${synced ? 'a synced' : 'an unsynced'} replica`,
    description: `A locks with SET NX PX ${pxMs} and a random value, then works for ${actsMs / 1000} s. At 1 s the primary fails; a replica ${synced ? 'that had the key' : 'that never received the key'} is promoted ${formatDurationMs(failoverMs)} later. B asks then. ${synced ? 'The key is there: B waits.' : 'The key is gone: B gets the lock too, and both write. A random value gives the store nothing to order them by.'}`,
    leaseMs: pxMs,
    renewEveryMs: 0,
    tokens: 'random',
    persistence: synced ? 'durable' : 'volatile',
    resource: { id: 'storage', fencing: 'none' },
    pauseMs: 0,
    actsForMs: actsMs,
    actEveryMs: 1000,
    holderValue: 'written by A',
    successorValue: 'written by B',
    successorStartMs: FAILOVER_AT_MS + failoverMs + 100,
    faults: [{ atMs: FAILOVER_AT_MS, do: 'crash', node: 'lock', restartAfterMs: failoverMs }],
    narration: [
      {
        atMs: FAILOVER_AT_MS,
        text: synced
          ? 'The primary fails; the promoted replica has the key.'
          : 'The primary fails before replicating the key; the replica promoted has no lock.',
      },
    ],
  }
}

function build(values: ParamValues): BuildResult {
  const s = story(values)
  const synced = choice(values, 'replica') === 'synced'
  const bGrant = (s.successorStartMs ?? 0) + LATENCY_MS
  // A's key would have lived PX from its grant; A acts until its script stops.
  const aEnds = Math.min(GRANT_MS + s.leaseMs, 1000 + 1 + s.actsForMs)
  const open = !synced && bGrant < aEnds
  return {
    ok: true,
    built: {
      scenario: buildPausedHolder(s),
      windows: [
        {
          id: 'two-holders',
          label: 'two holders',
          words: open
            ? `After a failover to a replica without the key, two clients hold the lock by Redis’s own rules until the first one’s TTL ends or it stops — up to PX (${formatDurationMs(s.leaseMs)}); here ${formatMs(bGrant)}–${formatMs(aEnds)}.`
            : `No second holder in this run${synced ? ': the promoted replica had the key' : ''}. A failover to a replica that missed the key would give one, for up to PX (${formatDurationMs(s.leaseMs)}).`,
          fromMs: open ? bGrant : null,
          toMs: open ? aEnds : null,
        },
        {
          id: 'no-token',
          label: 'no token',
          words:
            'The random value proves ownership to Redis only (compare-and-delete); it carries no order, so a resource cannot refuse the older holder’s writes.',
          fromMs: null,
          toMs: null,
        },
      ],
    },
  }
}

export const redis: SystemProfile = {
  id: 'redis',
  name: 'Redis, single primary (SET NX PX)',
  summary: 'A random value, expiry on the wall clock, failover to an unsynced replica.',
  protocol:
    'SET key value NX PX ttl takes the lock if the key is absent; release deletes it only if the value matches. Replication is asynchronous. The lab plays the failover as a crash of a volatile lock service that comes back without the key.',
  fencing:
    'None: the value is random (“unique across all clients and all lock requests”), good for ownership checks, useless for ordering.',
  params: [
    {
      kind: 'number',
      key: 'pxMs',
      label: 'PX (TTL)',
      unit: 'ms',
      defaultValue: 30000,
      min: 1000,
      max: 3600000,
      step: 1000,
      why: 'The key’s TTL: 30 000 ms in the Redis docs’ example.',
    },
    {
      kind: 'number',
      key: 'failoverMs',
      label: 'Failover takes',
      unit: 'ms',
      defaultValue: 500,
      min: 1,
      max: 60000,
      step: 1,
      why: 'From the primary’s failure to the replica’s promotion.',
    },
    {
      kind: 'number',
      key: 'holderWorksS',
      label: 'A keeps working for',
      unit: 's',
      defaultValue: 5,
      min: 0,
      max: 3600,
      step: 1,
      why: 'How long A goes on writing after the failover, believing it holds the lock.',
    },
    {
      kind: 'choice',
      key: 'replica',
      label: 'The promoted replica',
      defaultValue: 'unsynced',
      choices: [
        { value: 'unsynced', label: 'never received the key' },
        { value: 'synced', label: 'had the key' },
      ],
      why: 'Asynchronous replication decides which.',
    },
  ],
  sources: [
    {
      label:
        'Redis docs, “Distributed locks with Redis”: SET NX PX, random value, the failover race',
      url: 'https://redis.io/docs/latest/develop/use/patterns/distributed-locks/',
    },
    {
      label: 'node-redlock README: a failover to an unsynced replica lets another process in',
      url: 'https://github.com/mike-marcacci/node-redlock',
    },
  ],
  presets: ['failover-volatile', 'gc-pause-unfenced'],
  build,
}
