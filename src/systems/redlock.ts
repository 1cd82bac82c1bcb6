/**
 * Redlock: a majority of N independent Redis primaries, validity = TTL − elapsed − drift. Its
 * scenarios need the multi-node lock service; they are the presets `redlock-*`, linked by id here
 * (this profile builds nothing of its own).
 */
import { findPreset } from '../sim'
import { choice } from './params'
import type { BuildResult, ParamValues, SystemProfile } from './types'

export const REDLOCK_PRESETS = ['redlock-clock-jump', 'redlock-restart', 'redlock-pause'] as const

function build(values: ParamValues): BuildResult {
  const id = choice(values, 'story')
  const preset = findPreset(id)
  if (preset === undefined) {
    return {
      ok: false,
      message: `redlock: the preset "${id}" is not in this build (it needs the multi-node lock service)`,
    }
  }
  return {
    ok: true,
    built: {
      scenario: { ...preset.scenario },
      windows: [
        {
          id: 'no-token',
          label: 'no token',
          words:
            'Even a run where Redlock behaves needs fencing it cannot give: its values are random, so no resource can order holders. A token from a consensus store, checked at the resource, can.',
          fromMs: null,
          toMs: null,
        },
      ],
    },
  }
}

export const redlock: SystemProfile = {
  id: 'redlock',
  name: 'Redlock (N independent Redis nodes)',
  summary: 'A majority of 5, drift factor 0.01; random values, no token.',
  protocol:
    'The client asks every node with a short timeout, counts grants and holds the lock only with a majority and positive validity (TTL − elapsed − drift). Its runs are the multi-node presets.',
  fencing:
    'None: random values. A clock jump or a restart without fsync on one node gives two majorities.',
  params: [
    {
      kind: 'choice',
      key: 'story',
      label: 'Story',
      defaultValue: 'redlock-clock-jump',
      choices: [
        { value: 'redlock-clock-jump', label: 'a clock jump on a majority node (S07)' },
        { value: 'redlock-restart', label: 'a node restarts without its keys (S07b)' },
        { value: 'redlock-pause', label: 'a pause during acquisition (S08)' },
      ],
      why: 'Each is a preset with its narration and expected outcome.',
    },
  ],
  sources: [
    {
      label: 'Redis docs, “Distributed locks with Redis”: the Redlock algorithm',
      url: 'https://redis.io/docs/latest/develop/use/patterns/distributed-locks/',
    },
    {
      label: 'Kleppmann, “How to do distributed locking” (2016)',
      url: 'https://martin.kleppmann.com/2016/02/08/how-to-do-distributed-locking.html',
    },
    { label: 'antirez, “Is Redlock safe?” (2016)', url: 'http://antirez.com/news/101' },
  ],
  presets: REDLOCK_PRESETS,
  build,
}
