/**
 * Storage that fences by itself: S3 conditional writes (If-Match on the ETag) and Google Cloud
 * Storage generation preconditions (ifGenerationMatch). A writer states the version it read; the
 * store refuses the write (412) if the object changed since. The lab stands this in with its
 * atomic check on a fenced read: B's read and write record a newer token, and A's write, judged
 * against what B did since, is refused. (A real precondition is an equality check on the version
 * the writer read, not an order; in this story both refuse the same write.)
 */
import { choice, num, freezeParam } from './params'
import { buildPausedHolder, wakeWindow } from './story'
import type { PausedHolderStory } from './story'
import type { BuildResult, ParamValues, SystemProfile } from './types'

const WORDS = {
  s3: { name: 'S3', check: 'If-Match with the ETag it read', resource: 's3-object' },
  gcs: {
    name: 'GCS',
    check: 'ifGenerationMatch with the generation it read',
    resource: 'gcs-object',
  },
} as const

function story(values: ParamValues): PausedHolderStory {
  const store = choice(values, 'store') === 'gcs' ? WORDS.gcs : WORDS.s3
  const on = choice(values, 'precondition') === 'on'
  return {
    id: 'system-storage',
    title: `${store.name} ${on ? 'conditional write' : 'plain PUT'} from a stale lock holder`,
    description: `A and B coordinate with a lease of ${num(values, 'leaseS')} s and both write one ${store.name} object. A reads it, is frozen for ${num(values, 'pauseS')} s, and its lease ends; B reads and writes. A wakes and writes ${on ? `with ${store.check}: the object changed, so ${store.name} answers 412 Precondition Failed` : 'without a precondition: it overwrites B’s object'}.`,
    leaseMs: num(values, 'leaseS') * 1000,
    renewEveryMs: 0,
    tokens: 'monotonic',
    resource: { id: store.resource, fencing: on ? 'atomic' : 'none', fenceReads: on },
    pauseMs: num(values, 'pauseS') * 1000,
    actsForMs: 0,
    actEveryMs: 1000,
    holderValue: 'object v2 by A',
    successorValue: 'object v2 by B',
    successorReads: true,
  }
}

function build(values: ParamValues): BuildResult {
  const s = story(values)
  return {
    ok: true,
    built: {
      scenario: buildPausedHolder(s),
      windows: [
        wakeWindow(
          s,
          'The stale writer’s conditional PUT is refused: the object changed since it read it.',
          'A plain PUT from a stale holder overwrites the newer object.',
        ),
        {
          id: 'equality',
          label: 'equality only',
          words:
            'A precondition is an equality check on the version the writer read: it refuses a writer that read before someone else wrote, but it cannot order two writers that read the same version — only one of them wins, and the other must re-read.',
          fromMs: null,
          toMs: null,
        },
      ],
    },
  }
}

export const storage: SystemProfile = {
  id: 'storage',
  name: 'S3 If-Match / GCS generation preconditions',
  summary: 'The store refuses a write whose version is stale (412).',
  protocol:
    'Any lock or lease decides who works; the object store checks each write against the version its writer read. The lab plays the precondition as its atomic token check on a fenced read (see the caveat in the danger windows).',
  fencing:
    'The store fences by itself, atomically with the write, by equality on the version (ETag, generation). Kleppmann: for stores without tokens, put the token in the object name.',
  params: [
    {
      kind: 'choice',
      key: 'store',
      label: 'Store',
      defaultValue: 's3',
      choices: [
        { value: 's3', label: 'Amazon S3 (If-Match)' },
        { value: 'gcs', label: 'Google Cloud Storage (ifGenerationMatch)' },
      ],
      why: 'Same idea, different header.',
    },
    {
      kind: 'choice',
      key: 'precondition',
      label: 'Writes carry a precondition',
      defaultValue: 'on',
      choices: [
        { value: 'on', label: 'yes' },
        { value: 'off', label: 'no (plain PUT)' },
      ],
      why: 'Without it the store takes the last write.',
    },
    {
      kind: 'number',
      key: 'leaseS',
      label: 'Lease',
      unit: 's',
      defaultValue: 10,
      min: 1,
      max: 3600,
      step: 1,
      why: 'The lease that decides who works (any lock service).',
    },
    freezeParam('Writer frozen for', 15, 'A freeze of the first writer at 1 s.'),
  ],
  sources: [
    {
      label: 'Amazon S3 conditional writes: If-Match, If-None-Match, 412',
      url: 'https://docs.aws.amazon.com/AmazonS3/latest/userguide/conditional-writes.html',
    },
    {
      label: 'Google Cloud Storage request preconditions: ifGenerationMatch',
      url: 'https://cloud.google.com/storage/docs/request-preconditions',
    },
  ],
  presets: ['gc-pause'],
  build,
}
