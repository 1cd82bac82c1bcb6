/**
 * The Amazon DynamoDB Lock Client: a lock item with a record version number (RVN, a fresh random
 * value on every heartbeat). It "never stores absolute times": a contender reads the item, waits
 * leaseDuration on its own clock, and takes the lock over if the RVN has not changed.
 */
import { num, freezeParam } from './params'
import { buildPausedHolder, freezeWindow, wakeWindow } from './story'
import type { PausedHolderStory } from './story'
import type { BuildResult, ParamValues, SystemProfile } from './types'

function story(values: ParamValues): PausedHolderStory {
  const leaseMs = num(values, 'leaseDurationS') * 1000
  const heartbeatMs = num(values, 'heartbeatS') * 1000
  return {
    id: 'system-dynamodb',
    title: 'DynamoDB lock client: takeover after an unchanged RVN',
    description: `A holds the lock item (leaseDuration ${leaseMs / 1000} s, heartbeat every ${heartbeatMs / 1000} s) and is frozen for ${num(values, 'pauseS')} s. Its heartbeats stop, so the record version number stays the same; B, having seen it unchanged for leaseDuration, takes the lock over. A wakes and writes before its next heartbeat fails. The RVN is random: the store cannot order A and B.`,
    leaseMs,
    renewEveryMs: heartbeatMs,
    tokens: 'random',
    resource: { id: 'storage', fencing: 'none' },
    pauseMs: num(values, 'pauseS') * 1000,
    actsForMs: 0,
    actEveryMs: 1000,
    holderValue: 'written by A',
    successorValue: 'written by B',
    judgeClockRate: num(values, 'contenderClockRate'),
  }
}

function build(values: ParamValues): BuildResult {
  const leaseMs = num(values, 'leaseDurationS') * 1000
  const heartbeatMs = num(values, 'heartbeatS') * 1000
  if (heartbeatMs >= leaseMs) {
    return { ok: false, message: 'dynamodb: heartbeatPeriod must be shorter than leaseDuration' }
  }
  const s = story(values)
  return {
    ok: true,
    built: {
      scenario: buildPausedHolder(s),
      windows: [
        freezeWindow(s, 'leaseDuration minus up to one heartbeat'),
        wakeWindow(
          s,
          '',
          'A frozen holder’s writes on waking land after the new holder’s: the RVN is a random value, so the store has nothing to order them by.',
        ),
      ],
    },
  }
}

export const dynamodb: SystemProfile = {
  id: 'dynamodb',
  name: 'DynamoDB Lock Client',
  summary: 'leaseDuration 10 s, heartbeat 3 s, a random record version number.',
  protocol:
    'The lock is an item written with a condition. The holder heartbeats, replacing the RVN each time; a contender that sees the same RVN for leaseDuration (its own clock) takes the item over with a conditional write. The lab judges the takeover on the lock service with the contender’s clock rate and plays heartbeats as renews.',
  fencing:
    'None for other resources: the RVN is a random value that proves ownership of the lock item only. Anything else the holder writes is unfenced.',
  params: [
    {
      kind: 'number',
      key: 'leaseDurationS',
      label: 'leaseDuration',
      unit: 's',
      defaultValue: 10,
      min: 2,
      max: 3600,
      step: 1,
      why: 'How long a contender waits for the RVN to change (the README example: 10 s).',
    },
    {
      kind: 'number',
      key: 'heartbeatS',
      label: 'heartbeatPeriod',
      unit: 's',
      defaultValue: 3,
      min: 1,
      max: 3600,
      step: 1,
      why: 'How often the holder replaces the RVN (the README example: 3 s).',
    },
    freezeParam('Holder frozen for', 15),
    {
      kind: 'number',
      key: 'contenderClockRate',
      label: 'Contender clock rate',
      unit: '×',
      defaultValue: 1,
      min: 0.5,
      max: 4,
      step: 0.1,
      why: 'The contender times leaseDuration on its own clock.',
    },
  ],
  sources: [
    {
      label: 'awslabs/amazon-dynamodb-lock-client README: leaseDuration, heartbeatPeriod, RVN',
      url: 'https://github.com/awslabs/amazon-dynamodb-lock-client',
    },
    {
      label: 'AWS blog: “Building distributed locks with the DynamoDB Lock Client”',
      url: 'https://aws.amazon.com/blogs/database/building-distributed-locks-with-the-dynamodb-lock-client/',
    },
  ],
  presets: ['gc-pause-unfenced'],
  build,
}
