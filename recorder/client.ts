/**
 * One client of a recording, in a process of its own so the recorder can freeze it
 * (SIGSTOP/SIGCONT: a stop-the-world pause). It takes commands from the recorder over IPC
 * (acquire, read, write, release), drives a real lock client, talks to the protected resource
 * over TCP, and reports each step it took, stamped on its own clock.
 */
import { connect } from 'node:net'
import type { RecordedEvent, Token } from './history'
import type { LockClient } from './locks/types'
import { HOST } from './services'
import type { StoreReply, StoreRequest } from './store'

export interface ClientConfig {
  name: string
  lock:
    | { kind: 'etcd'; port: number; ttlS: number }
    | { kind: 'zookeeper'; port: number; sessionMs: number }
    | { kind: 'redlock'; ports: number[]; ttlMs: number }
  lockName: string
  /** The resource's name and the port this client reaches it on (maybe a proxy). */
  resource: { name: string; port: number }
}

export type Command =
  | { id: number; do: 'acquire' }
  | { id: number; do: 'read' }
  | { id: number; do: 'write'; value: string }
  | { id: number; do: 'release' }
  | { id: number; do: 'exit' }

export type ClientMessage =
  | { type: 'ready' }
  | { type: 'event'; event: RecordedEvent }
  | { type: 'done'; id: number; ok: boolean; token?: Token; error?: string }

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

function send(message: ClientMessage) {
  process.send?.(message)
}

/** Loads only the client library this lock needs: a process starts faster on a busy machine. */
async function lockFor(config: ClientConfig, lost: () => void): Promise<LockClient> {
  const lock = config.lock
  if (lock.kind === 'etcd') {
    const { etcdLock } = await import('./locks/etcd')
    return etcdLock(lock.port, config.lockName, config.name, lock.ttlS, lost)
  }
  if (lock.kind === 'zookeeper') {
    const { zookeeperLock } = await import('./locks/zookeeper')
    return zookeeperLock(lock.port, config.lockName, config.name, lock.sessionMs)
  }
  const { redlock } = await import('./locks/redlock')
  return redlock(lock.ports, config.lockName, lock.ttlMs)
}

/** One request a line, one reply a line, in order. */
function storeConnection(port: number) {
  const socket = connect(port, HOST)
  const waiting: Array<(reply: StoreReply) => void> = []
  let buffer = ''
  socket.on('data', (chunk) => {
    buffer += chunk.toString()
    let newline
    while ((newline = buffer.indexOf('\n')) >= 0) {
      const line = buffer.slice(0, newline)
      buffer = buffer.slice(newline + 1)
      waiting.shift()?.(JSON.parse(line) as StoreReply)
    }
  })
  return {
    ask(req: StoreRequest): Promise<StoreReply> {
      return new Promise((resolve) => {
        waiting.push(resolve)
        socket.write(JSON.stringify(req) + '\n')
      })
    },
    close: () => socket.destroy(),
  }
}

async function main() {
  const config = JSON.parse(process.argv[2] ?? '{}') as ClientConfig
  const me = config.name
  const record = (event: Omit<RecordedEvent, 'atMs' | 'actor'>) =>
    send({ type: 'event', event: { atMs: Date.now(), actor: me, ...event } })
  let token: Token = null
  // The client's own end of its belief: its lock library told it the lease is gone.
  const lock = await lockFor(config, () => record({ kind: 'expiry-observed', token }))
  const store = storeConnection(config.resource.port)
  let writes = 0
  const run = async (command: Command): Promise<void> => {
    switch (command.do) {
      case 'acquire': {
        record({ kind: 'acquire-requested' })
        const grant = await lock.acquire()
        token = grant.token
        record({
          kind: 'acquire-granted',
          token,
          ...(grant.leaseMs === undefined ? {} : { leaseMs: grant.leaseMs }),
        })
        return
      }
      case 'read':
        await store.ask({ op: 'read', client: me, token })
        return
      case 'write': {
        const id = `${me}-${++writes}`
        const resource = config.resource.name
        record({ kind: 'write-sent', resource, token, value: command.value, id })
        await store.ask({ op: 'write', client: me, token, value: command.value, id })
        return
      }
      case 'release':
        // Only a release the lock service confirmed is recorded: a paused client's key is gone.
        // An expired ZooKeeper session may never answer: give up after a few seconds.
        if (await Promise.race([lock.release(), sleep(5000).then(() => false)]))
          record({ kind: 'release', token })
        return
      case 'exit':
        store.close()
        // A client whose session or lease is gone may not close cleanly: do not wait for it.
        await Promise.race([lock.close(), sleep(1000)])
        return
    }
  }
  process.on('message', (command: Command) => {
    run(command).then(
      () => {
        send({ type: 'done', id: command.id, ok: true, token })
        if (command.do === 'exit') process.exit(0)
      },
      (error: unknown) => send({ type: 'done', id: command.id, ok: false, error: String(error) }),
    )
  })
  send({ type: 'ready' })
}

main().catch((error: unknown) => {
  console.error(`client: ${String(error)}`)
  process.exit(1)
})
