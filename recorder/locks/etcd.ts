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

export function etcdLock(port: number, lockName: string, owner: string, ttlS: number): LockClient {
  const client = new Etcd3({ hosts: `http://${HOST}:${port}` })
  const prefix = `/${lockName}/`
  let lease: Lease | null = null
  let key: string | null = null
  return {
    async acquire(): Promise<Grant> {
      const mine = client.lease(ttlS)
      // A paused client's keep-alive fails when it wakes: that is the story, not a crash.
      mine.on('lost', () => undefined)
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
      await lease.revoke().catch(() => undefined)
      lease = null
      return deleted.deleted !== '0'
    },
    close() {
      client.close()
      return Promise.resolve()
    },
  }
}
