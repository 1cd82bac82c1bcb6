/**
 * etcd's lock recipe (clientv3/concurrency.Mutex) over the `etcd3` client: a key under the
 * lock's prefix, attached to a lease the client keeps alive; the key with the lowest create
 * revision holds the lock, the others wait for the key just before theirs to be deleted. The
 * holder's create revision is the fencing token: etcd's revisions only grow.
 */
import { Etcd3 } from 'etcd3'
import type { Lease } from 'etcd3'
import { HOST } from '../services'
import type { Grant, LockClient } from './types'

export function etcdLock(
  port: number,
  lockName: string,
  owner: string,
  ttlS: number,
  onLost: () => void,
): LockClient {
  const client = new Etcd3({ hosts: `http://${HOST}:${port}` })
  const prefix = `/${lockName}/`
  let lease: Lease | null = null
  let key: string | null = null
  return {
    async acquire(): Promise<Grant> {
      const mine = client.lease(ttlS)
      // The client library gives up on its lease (it does so 2 × TTL after the last keep-alive
      // it saw answered): from then on this client knows it no longer holds the lock.
      mine.on('lost', () => {
        if (lease === mine) onLost()
      })
      lease = mine
      const id = await mine.grant()
      key = `${prefix}${id}`
      const put = await mine.put(key).value(owner).exec()
      const revision = BigInt(put.header.revision)
      for (;;) {
        const all = await client.getAll().prefix(prefix).sort('Create', 'Ascend').exec()
        const before = all.kvs.filter((kv) => BigInt(kv.create_revision) < revision)
        const last = before[before.length - 1]
        if (last === undefined) return { token: Number(revision) }
        // Wait for the key just before ours to go, watching from the revision we read at.
        const watcher = await client
          .watch()
          .key(last.key)
          .startRevision(String(BigInt(all.header.revision) + 1n))
          .create()
        await new Promise<void>((resolve) => watcher.once('delete', () => resolve()))
        await watcher.cancel()
      }
    },
    async release() {
      if (lease === null || key === null) return false
      const deleted = await client.delete().key(key).exec()
      const released = lease
      lease = null
      await released.revoke().catch(() => undefined)
      return deleted.deleted !== '0'
    },
    close() {
      client.close()
      return Promise.resolve()
    },
  }
}
