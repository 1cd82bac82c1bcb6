/**
 * ZooKeeper's lock recipe over `node-zookeeper-client`: an ephemeral sequential znode under the
 * lock's path; the lowest holds the lock, each other watches the one just before it. The node
 * lives as long as the client's session, so a client that stops answering loses it when the
 * session times out. The holder's node's czxid (the transaction id that created it) is the
 * fencing token: zxids only grow.
 */
import type { Client, Exception, Stat } from 'node-zookeeper-client'
import { CreateMode, createClient } from 'node-zookeeper-client'
import { HOST } from '../services'
import type { Grant, LockClient } from './types'

type Failure = Error | Exception | null

function call<T>(run: (done: (error: Failure, value: T) => void) => void): Promise<T> {
  return new Promise((resolve, reject) =>
    run((error, value) => (error ? reject(new Error(error.toString())) : resolve(value))),
  )
}

/** A zxid as a number when it fits (it does for any young ensemble), else exact as text. */
export function zxid(buffer: Buffer): number | string {
  const value = buffer.readBigUInt64BE(0)
  return value <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(value) : value.toString()
}

export async function zookeeperLock(
  port: number,
  lockName: string,
  owner: string,
  sessionMs: number,
): Promise<LockClient> {
  const client: Client = createClient(`${HOST}:${port}`, { sessionTimeout: sessionMs })
  await new Promise<void>((resolve) => {
    client.once('connected', () => resolve())
    client.connect()
  })
  const root = `/${lockName}`
  let path: string | null = null
  // A paused client learns when it wakes that its session (and so its node) is gone; a call
  // made meanwhile may never be answered.
  let expired = false
  const expiry = new Promise<false>((resolve) =>
    client.once('expired', () => {
      expired = true
      resolve(false)
    }),
  )
  return {
    async acquire(): Promise<Grant> {
      await call<string>((done) => client.mkdirp(root, done))
      const created = await call<string>((done) =>
        client.create(`${root}/lock-`, Buffer.from(owner), CreateMode.EPHEMERAL_SEQUENTIAL, done),
      )
      path = created
      const name = created.slice(root.length + 1)
      for (;;) {
        const children = (await call<string[]>((done) => client.getChildren(root, done))).sort()
        const before = children.filter((c) => c < name)
        const last = before[before.length - 1]
        if (last === undefined) {
          const stat = await call<Stat>((done) => client.exists(created, done))
          return { token: zxid(stat.czxid) }
        }
        // Watch the node just before ours; if it is already gone, look again.
        await new Promise<void>((resolve, reject) => {
          client.exists(
            `${root}/${last}`,
            () => resolve(),
            (error, stat) => {
              if (error) reject(new Error(error.toString()))
              else if (!stat) resolve()
            },
          )
        })
      }
    },
    async release() {
      if (path === null || expired) return false
      const mine = path
      path = null
      const removed = call<void>((done) =>
        client.remove(mine, -1, (error) => done(error, undefined)),
      ).then(
        () => true,
        () => false,
      )
      return Promise.race([removed, expiry])
    },
    close() {
      client.close()
      return Promise.resolve()
    },
  }
}
