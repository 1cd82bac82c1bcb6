/**
 * The lock service's side of the story, recorded by the recorder watching the lock (an etcd
 * watch on the lock's prefix, a ZooKeeper child watch): when a holder's key or node disappears
 * without that client having asked to release it, the lock service ended its lease — the lease
 * ran out (etcd) or the session expired (ZooKeeper). That is recorded as the lock service's
 * `expiry-observed`, at the moment the watch told us.
 */
import { Etcd3 } from 'etcd3'
import type { Client, Stat } from 'node-zookeeper-client'
import { createClient } from 'node-zookeeper-client'
import type { History, Token } from './history'
import { HOST } from './services'
import { zxid } from './locks/zookeeper'

export interface LockWatch {
  /** The client is about to release: the disappearance of its key is its release, not an expiry. */
  releasing(client: string): void
  close(): Promise<void>
}

interface Holder {
  client: string
  token: Token
}

function ended(
  history: History,
  actor: string,
  releasing: Set<string>,
  holder: Holder,
  atMs: number,
) {
  // A node deleted before we could read whose it was is left out rather than guessed.
  if (holder.client === '' || releasing.delete(holder.client)) return
  history.add({
    atMs,
    actor,
    kind: 'expiry-observed',
    client: holder.client,
    token: holder.token,
  })
}

export async function watchEtcdLock(
  port: number,
  lockName: string,
  history: History,
): Promise<LockWatch> {
  const client = new Etcd3({ hosts: `http://${HOST}:${port}` })
  const holders = new Map<string, Holder>()
  const releasing = new Set<string>()
  const watcher = await client.watch().prefix(`/${lockName}/`).create()
  watcher.on('put', (kv) => {
    holders.set(kv.key.toString(), {
      client: kv.value.toString(),
      token: Number(kv.create_revision),
    })
  })
  watcher.on('delete', (kv) => {
    const holder = holders.get(kv.key.toString())
    if (holder !== undefined) ended(history, 'etcd', releasing, holder, Date.now())
  })
  return {
    releasing: (name) => void releasing.add(name),
    async close() {
      await watcher.cancel()
      client.close()
    },
  }
}

export async function watchZooKeeperLock(
  port: number,
  lockName: string,
  history: History,
): Promise<LockWatch> {
  const client: Client = createClient(`${HOST}:${port}`, { sessionTimeout: 10_000 })
  await new Promise<void>((resolve) => {
    client.once('connected', () => resolve())
    client.connect()
  })
  const root = `/${lockName}`
  await new Promise<void>((resolve, reject) =>
    client.mkdirp(root, (error) => (error ? reject(new Error(error.toString())) : resolve())),
  )
  const holders = new Map<string, Holder>()
  const releasing = new Set<string>()
  let closed = false
  // Stamped when the watch fired, not after the listing that says which node went: the
  // waiting client hears of it at the same moment and is granted after its own listing.
  const look = (firedAtMs: number) => {
    if (closed) return
    client.getChildren(
      root,
      () => look(Date.now()),
      (error, children) => {
        if (error) return
        for (const [name, holder] of holders) {
          if (children.includes(name)) continue
          holders.delete(name)
          ended(history, 'zookeeper', releasing, holder, firedAtMs)
        }
        for (const name of children) {
          if (holders.has(name)) continue
          // Known at once (the token filled in when read): a quick delete must not be missed.
          const holder: Holder = { client: '', token: null }
          holders.set(name, holder)
          client.getData(`${root}/${name}`, (err: unknown, data: Buffer, stat: Stat) => {
            if (err) return
            holder.client = data.toString()
            holder.token = zxid(stat.czxid)
          })
        }
      },
    )
  }
  look(Date.now())
  return {
    releasing: (name) => void releasing.add(name),
    close() {
      closed = true
      client.close()
      return Promise.resolve()
    },
  }
}
