/**
 * etcd's concurrency.Mutex over a concurrency.Session: the lock is a key attached to a lease
 * (session TTL 60 s by default, kept alive by the client every TTL/3); the key's create revision
 * is the fencing token, and inside etcd a Txn comparing it (`IsOwner()`) makes a write atomic
 * with ownership. Jepsen's three lock workloads: unfenced, lease-guarded, token-fenced.
 */
import { choice, num, freezeParam } from './params'
import { buildPausedHolder, freezeWindow, wakeWindow } from './story'
import type { PausedHolderStory } from './story'
import type { BuildResult, ParamValues, SystemProfile } from './types'

function story(values: ParamValues): PausedHolderStory {
  const ttlMs = num(values, 'ttlS') * 1000
  const guard = choice(values, 'guard')
  return {
    id: 'system-etcd',
    title: `etcd mutex: ${guard === 'txn' ? 'create revision compared in a Txn' : guard === 'lease-check' ? 'lease checked before writing' : 'unfenced'}`,
    description: `A and B lock with etcd's concurrency.Mutex (session TTL ${ttlMs / 1000} s, keep-alive every TTL/3). A is frozen for ${num(values, 'pauseS')} s; its lease expires, its key is deleted and B's key becomes the oldest. ${guard === 'txn' ? 'The store compares the writer’s create revision atomically and rejects A.' : guard === 'lease-check' ? 'A checks its own lease before each write — by its clock, after the freeze.' : 'Nothing checks: A’s write lands after B’s.'}`,
    leaseMs: ttlMs,
    renewEveryMs: Math.round(ttlMs / 3),
    tokens: 'monotonic',
    firstToken: 1000,
    resource: { id: 'store', fencing: guard === 'txn' ? 'atomic' : 'none' },
    pauseMs: num(values, 'pauseS') * 1000,
    actsForMs: 0,
    actEveryMs: 1000,
    checkLeaseBeforeWrite: guard === 'lease-check',
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
        freezeWindow(s, 'the session TTL minus up to one keep-alive interval'),
        wakeWindow(
          s,
          'A frozen holder’s write on waking is refused by the Txn compare on its create revision.',
          choice(values, 'guard') === 'lease-check'
            ? 'Checking the lease before writing narrows the window to the time between the check and the write’s arrival — a freeze there still lets a stale write through.'
            : 'A frozen holder’s writes on waking land after the new holder’s: nothing compares the create revision.',
        ),
      ],
    },
  }
}

export const etcd: SystemProfile = {
  id: 'etcd',
  name: 'etcd (concurrency.Mutex)',
  summary: 'Session TTL 60 s with keep-alive; the create revision is the token; Txn compare.',
  protocol:
    'Session: a lease with a TTL that the client keeps alive (every TTL/3). Lock: a key under the lock prefix attached to the lease; the oldest key (lowest create revision) holds; when the lease expires its keys are deleted and the next waiter holds. The lab plays the lease expiry on the server and the keep-alive as a renew.',
  fencing:
    'The lock key’s create revision (cluster-wide, only grows) is the token. Inside etcd, Txn(If(IsOwner()).Then(put)) is atomic; an external resource must compare the revision itself — “the lock feature of etcd itself cannot be used for protecting external resources”.',
  params: [
    {
      kind: 'number',
      key: 'ttlS',
      label: 'session TTL',
      unit: 's',
      defaultValue: 60,
      min: 3,
      max: 3600,
      step: 1,
      why: 'How long the lock outlives the last keep-alive.',
    },
    freezeParam(
      'Holder frozen for',
      70,
      'A freeze of the holder at 1 s, longer than the TTL to lose the lock.',
    ),
    {
      kind: 'choice',
      key: 'guard',
      label: 'Writes are guarded by',
      defaultValue: 'none',
      choices: [
        { value: 'none', label: 'nothing (unfenced)' },
        { value: 'lease-check', label: 'a lease check before writing' },
        { value: 'txn', label: 'a Txn comparing the create revision' },
      ],
      why: 'Jepsen’s three etcd lock workloads: unfenced, lease-guarded, token-fenced.',
    },
  ],
  sources: [
    {
      label: 'etcd client/v3/concurrency: session.go (defaultSessionTTL 60), mutex.go (IsOwner)',
      url: 'https://github.com/etcd-io/etcd/tree/main/client/v3/concurrency',
    },
    {
      label:
        'etcd docs, “Why etcd”: the revision as fencing token; external resources must check it',
      url: 'https://etcd.io/docs/v3.5/learning/why/',
    },
    {
      label: 'Jepsen, etcd 3.4.3: locks without fencing are unsafe',
      url: 'https://jepsen.io/analyses/etcd-3.4.3',
    },
  ],
  presets: ['gc-pause', 'gc-pause-unfenced'],
  build,
}
