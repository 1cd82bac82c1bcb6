/**
 * The presets' stories, played against real lock services. Each starts what it needs on the
 * loopback interface, drives real client processes step by step, and returns the history.
 * Timing is made robust by the story's order, not by racing: B can only get the lock after the
 * lock service ended A's lease, and A writes only after B did; A's pause lasts several seconds
 * against a lease of 2 s.
 */
import type { RecordedEvent } from './history'
import { History } from './history'
import type { ClientConfig } from './client'
import { startClient } from './clientProcess'
import type { LockWatch } from './lockWatch'
import { watchEtcdLock, watchZooKeeperLock } from './lockWatch'
import type { Proxy } from './proxy'
import { startProxy } from './proxy'
import type { Service } from './services'
import { serviceVersion, startEtcd, startRedis, startZooKeeper } from './services'
import type { Store } from './store'
import { startStore } from './store'

export const STORIES = [
  'gc-pause',
  'gc-pause-unfenced',
  'delayed-write',
  'redlock-restart',
] as const
export type StoryId = (typeof STORIES)[number]
export type LockKind = 'etcd' | 'zookeeper'

/** etcd's shortest lease and a ZooKeeper session of the same length (10 ticks of 200 ms). */
export const LEASE_S = 2
/** A's stop-the-world pause: at least this long, several leases. */
export const PAUSE_MS = 6000
/** How long the network holds A's write in delayed-write: at least this long (the preset's 6 s). */
export const WRITE_DELAY_MS = 6000
/** Redlock's lease, as in the preset. */
export const REDLOCK_TTL_MS = 10_000

const LOCK = 'orders-lock'
const began = Date.now()
/** `FENCING_LAB_RECORDER_TRACE=1` prints each step's time, to see where a recording waits. */
const trace = (step: string) => {
  if (process.env.FENCING_LAB_RECORDER_TRACE === '1')
    console.warn(`recorder +${Date.now() - began} ms: ${step}`)
}
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** Everything a story started, stopped in reverse order however the story ended. */
class Stage {
  private readonly stops: Array<() => Promise<unknown>> = []
  add<T extends { stop?: () => Promise<void>; close?: () => Promise<void> }>(thing: T): T {
    const stop = thing.stop ?? thing.close
    if (stop !== undefined) this.stops.push(() => stop.call(thing).catch(() => undefined))
    return thing
  }
  async end() {
    for (const stop of this.stops.reverse()) await stop()
  }
}

export interface Recording {
  story: StoryId
  service: LockKind | 'redis'
  history: History
}

export async function recordStory(story: StoryId, lock: LockKind = 'etcd'): Promise<Recording> {
  if (story === 'redlock-restart')
    return { story, service: 'redis', history: await redlockRestart() }
  if (story === 'delayed-write') return { story, service: lock, history: await delayedWrite(lock) }
  return {
    story,
    service: lock,
    history: await gcPause(lock, story === 'gc-pause' ? 'atomic' : 'none'),
  }
}

const TOKEN_OF: Record<LockKind, string> = {
  etcd: 'the lock key’s create revision',
  zookeeper: 'the lock node’s czxid',
}

async function startLock(kind: LockKind, stage: Stage, history: History) {
  const service: Service = stage.add(kind === 'etcd' ? await startEtcd() : await startZooKeeper())
  trace(`${kind} up`)
  const watch: LockWatch = stage.add(
    kind === 'etcd'
      ? await watchEtcdLock(service.port, LOCK, history)
      : await watchZooKeeperLock(service.port, LOCK, history),
  )
  return { service, watch }
}

function lockConfig(kind: LockKind, port: number): ClientConfig['lock'] {
  return kind === 'etcd' ? { kind, port, ttlS: LEASE_S } : { kind, port, sessionMs: LEASE_S * 1000 }
}

/** Resolves once the history holds an event that `seen` accepts. */
async function until(history: History, seen: (e: RecordedEvent) => boolean, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs
  while (!history.all().some(seen)) {
    if (Date.now() > deadline) throw new Error('a step of the story did not happen in time')
    await sleep(20)
  }
}

/**
 * delayed-write: A sends its write while it holds the lock, and the network between A and the
 * storage holds it; the same trouble cuts A off from the lock service, so A's keep-alives are
 * lost and its lease runs out. B is granted, writes, and only then does A's write arrive.
 */
async function delayedWrite(kind: LockKind): Promise<History> {
  const history = new History({
    title: `delayed-write recorded on ${serviceVersion(kind)}: A's write held in a loopback proxy for ${WRITE_DELAY_MS / 1000} s while A is cut off from the lock service (its ${LEASE_S} s ${kind === 'etcd' ? 'lease' : 'session'} runs out); token = ${TOKEN_OF[kind]}; storage checks tokens`,
    resources: { storage: { fencing: 'atomic' } },
  })
  const stage = new Stage()
  try {
    const { service, watch } = await startLock(kind, stage, history)
    const store: Store = stage.add(await startStore('storage', 'atomic', history, 'initial'))
    const lockLink = stage.add(await startProxy(service.port))
    const storeLink = stage.add(await startProxy(store.port))
    const [a, b] = await Promise.all([
      startClient(
        {
          name: 'A',
          lockName: LOCK,
          lock: lockConfig(kind, lockLink.port),
          resource: { name: store.name, port: storeLink.port },
        },
        history,
      ),
      startClient(
        {
          name: 'B',
          lockName: LOCK,
          lock: lockConfig(kind, service.port),
          resource: { name: store.name, port: store.port },
        },
        history,
      ),
    ])
    stage.add(a)
    stage.add(b)
    trace('clients up')
    await a.run({ do: 'acquire' })
    storeLink.hold()
    const written = a.run({ do: 'write', value: 'A' }, 300_000)
    await until(history, (e) => e.actor === 'A' && e.kind === 'write-sent')
    const sentAt = Date.now()
    lockLink.drop()
    // B waits in line until the lock service ends A's lease: only then is B granted.
    await b.run({ do: 'acquire' })
    await b.run({ do: 'read' })
    await b.run({ do: 'write', value: 'B' })
    watch.releasing('B')
    await b.run({ do: 'release' })
    await sleep(Math.max(0, WRITE_DELAY_MS - (Date.now() - sentAt)))
    trace('B done')
    storeLink.flush()
    await written
    lockLink.pass()
    await a.run({ do: 'release' })
    trace('A done')
    await sleep(300)
  } finally {
    await stage.end()
    trace('stopped')
  }
  return history
}

/** gc-pause and gc-pause-unfenced: A holds the lock, reads, freezes; B takes over and writes. */
async function gcPause(kind: LockKind, fencing: 'atomic' | 'none'): Promise<History> {
  const history = new History({
    title: `${fencing === 'atomic' ? 'gc-pause' : 'gc-pause-unfenced'} recorded on ${serviceVersion(kind)}: A frozen (SIGSTOP) for ${PAUSE_MS / 1000} s against a ${LEASE_S} s ${kind === 'etcd' ? 'lease' : 'session'}; token = ${TOKEN_OF[kind]}; storage ${fencing === 'atomic' ? 'checks tokens' : 'does not check tokens'}`,
    resources: { storage: { fencing } },
  })
  const stage = new Stage()
  try {
    const { service, watch } = await startLock(kind, stage, history)
    const store: Store = stage.add(await startStore('storage', fencing, history, 'initial'))
    const config = (name: string): ClientConfig => ({
      name,
      lockName: LOCK,
      lock: lockConfig(kind, service.port),
      resource: { name: store.name, port: store.port },
    })
    const [a, b] = await Promise.all([
      startClient(config('A'), history),
      startClient(config('B'), history),
    ])
    stage.add(a)
    stage.add(b)
    trace('clients up')
    await a.run({ do: 'acquire' })
    await a.run({ do: 'read' })
    a.pause()
    const pausedAt = Date.now()
    // B waits in line until the lock service ends A's lease: only then is B granted.
    await b.run({ do: 'acquire' })
    await b.run({ do: 'read' })
    await b.run({ do: 'write', value: 'B' })
    watch.releasing('B')
    await b.run({ do: 'release' })
    await sleep(Math.max(0, PAUSE_MS - (Date.now() - pausedAt)))
    trace('B done')
    a.resume()
    // A wakes believing it still holds the lock, and writes with its old token.
    await a.run({ do: 'write', value: 'A' })
    await a.run({ do: 'release' })
    trace('A done')
    // Let the lock watch hear of anything still on its way.
    await sleep(300)
  } finally {
    await stage.end()
    trace('stopped')
  }
  return history
}

/**
 * redlock-restart: five Redis nodes in memory only. A reaches redis1–3 (its requests to redis4
 * and redis5 go into a black hole), B reaches redis3–5. redis3 crashes and restarts empty, so B
 * wins a second majority while A's is still valid; the storage cannot order random values.
 */
async function redlockRestart(): Promise<History> {
  const history = new History({
    title: `redlock-restart recorded on five ${serviceVersion('redis')} nodes without persistence: redis3 killed (SIGKILL) and restarted empty; Redlock over ioredis, lease ${REDLOCK_TTL_MS / 1000} s; storage does not check tokens`,
    resources: { storage: { fencing: 'none' } },
  })
  const stage = new Stage()
  try {
    const nodes: Service[] = []
    for (let i = 0; i < 5; i++) nodes.push(stage.add(await startRedis()))
    const hole = async (node: Service) =>
      stage.add<Proxy>(await startProxy(node.port, 0, 'drop')).port
    const [r1, r2, r3, r4, r5] = nodes.map((n) => n.port) as [
      number,
      number,
      number,
      number,
      number,
    ]
    const redis3 = nodes[2] as Service
    const store: Store = stage.add(await startStore('storage', 'none', history, 'initial'))
    const config = (name: string, ports: number[]): ClientConfig => ({
      name,
      lockName: LOCK,
      lock: { kind: 'redlock', ports, ttlMs: REDLOCK_TTL_MS },
      resource: { name: store.name, port: store.port },
    })
    const aPorts = [r1, r2, r3, await hole(nodes[3] as Service), await hole(nodes[4] as Service)]
    const bPorts = [await hole(nodes[0] as Service), await hole(nodes[1] as Service), r3, r4, r5]
    const [a, b] = await Promise.all([
      startClient(config('A', aPorts), history),
      startClient(config('B', bPorts), history),
    ])
    stage.add(a)
    stage.add(b)
    await a.run({ do: 'acquire' })
    await redis3.restart()
    await b.run({ do: 'acquire' })
    await b.run({ do: 'write', value: 'B' })
    // A is still inside its validity: by Redlock's rules it holds the lock too.
    await a.run({ do: 'write', value: 'A' })
    await b.run({ do: 'release' })
    await a.run({ do: 'release' })
  } finally {
    await stage.end()
  }
  return history
}
