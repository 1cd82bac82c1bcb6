/**
 * Chubby (Burrows, OSDI 2006): locks with sequencers — (lock name, mode, lock generation) — that
 * servers check, and lock-delay (chosen by the client, bounded at one minute) when a holder fails
 * or becomes unreachable. Session lease extension 12 s by default.
 */
import { choice, num, freezeParam } from './params'
import { buildPausedHolder, freezeWindow, wakeWindow } from './story'
import type { PausedHolderStory } from './story'
import type { BuildResult, ParamValues, SystemProfile } from './types'

function story(values: ParamValues): PausedHolderStory {
  const leaseMs = num(values, 'leaseS') * 1000
  const checked = choice(values, 'check') === 'sequencer'
  return {
    id: 'system-chubby',
    title: `Chubby lock: ${checked ? 'sequencer checked' : 'lock-delay only'}`,
    description: `A and B use a Chubby lock (session lease ${leaseMs / 1000} s, lock-delay ${num(values, 'lockDelayS')} s). A is frozen for ${num(values, 'pauseS')} s; its session lapses and, after lock-delay, B gets the lock with a higher generation. ${checked ? 'The server checks the sequencer and rejects A.' : 'The server checks nothing: lock-delay protected only freezes shorter than itself.'}`,
    leaseMs,
    lockDelayMs: num(values, 'lockDelayS') * 1000,
    // The client keeps a KeepAlive pending; the lab renews every third of the lease.
    renewEveryMs: Math.max(1000, Math.round(leaseMs / 3)),
    tokens: 'monotonic',
    firstToken: 1,
    resource: { id: 'server', fencing: checked ? 'atomic' : 'none' },
    pauseMs: num(values, 'pauseS') * 1000,
    actsForMs: 0,
    actEveryMs: 1000,
    holderValue: 'written by A',
    successorValue: 'written by B',
  }
}

function build(values: ParamValues): BuildResult {
  const s = story(values)
  return {
    ok: true,
    built: {
      scenario: buildPausedHolder(s),
      windows: [
        freezeWindow(s, 'the session lease plus lock-delay, minus up to one KeepAlive'),
        wakeWindow(
          s,
          'A frozen holder’s request on waking carries an old sequencer and is refused.',
          'Without a sequencer check, a freeze longer than lease + lock-delay lets the stale request land after the new holder’s.',
        ),
      ],
    },
  }
}

export const chubby: SystemProfile = {
  id: 'chubby',
  name: 'Chubby',
  summary: 'Sequencers checked by servers, and lock-delay (≤ 1 min).',
  protocol:
    'A session lease the master extends on KeepAlive (12 s by default; it never moves it backwards). A lock held by a failed or unreachable holder stays unavailable for lock-delay. The lab plays the lease and lock-delay on the lock service and the KeepAlive as a renew every third of the lease.',
  fencing:
    'The sequencer names the lock’s generation, which grows on every change from free to held; a server checks it (CheckSequencer) and refuses an old one. Lock-delay is the fallback for servers that do not check.',
  params: [
    {
      kind: 'number',
      key: 'leaseS',
      label: 'session lease',
      unit: 's',
      defaultValue: 12,
      min: 1,
      max: 600,
      step: 1,
      why: 'The master’s default lease extension.',
    },
    {
      kind: 'number',
      key: 'lockDelayS',
      label: 'lock-delay',
      unit: 's',
      defaultValue: 60,
      min: 0,
      max: 60,
      step: 1,
      why: 'The client chooses it, up to a bound of one minute; the lab starts at the bound.',
    },
    freezeParam('Holder frozen for', 90),
    {
      kind: 'choice',
      key: 'check',
      label: 'The server checks',
      defaultValue: 'sequencer',
      choices: [
        { value: 'sequencer', label: 'the sequencer' },
        { value: 'none', label: 'nothing (lock-delay only)' },
      ],
      why: 'Chubby’s two answers to delayed requests.',
    },
  ],
  sources: [
    {
      label: 'Burrows, “The Chubby lock service” (OSDI 2006), §2.4 sequencers and lock-delay',
      url: 'https://research.google/pubs/the-chubby-lock-service-for-loosely-coupled-distributed-systems/',
    },
  ],
  presets: ['lock-delay', 'gc-pause'],
  build,
}
