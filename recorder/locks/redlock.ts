/**
 * Redlock over `ioredis`, following node-redlock's code: SET key value NX PX ttl on every node,
 * a quorum of N/2 + 1, validity = ttl − elapsed − drift (drift = 1 % of ttl + 2 ms); short of a
 * quorum (or of validity) it releases what it got and tries again after a jittered delay. The
 * value is random: it says whose key it is, not which acquisition came later.
 */
import { randomBytes } from 'node:crypto'
import Redis from 'ioredis'
import { HOST } from '../services'
import type { Grant, LockClient } from './types'

const RELEASE = `if redis.call("get", KEYS[1]) == ARGV[1] then return redis.call("del", KEYS[1]) else return 0 end`
const DRIFT_FACTOR = 0.01
const RETRY_DELAY_MS = 200
const RETRY_JITTER_MS = 100

export function redlock(ports: readonly number[], lockName: string, ttlMs: number): LockClient {
  const nodes = ports.map(
    (port) =>
      new Redis({
        host: HOST,
        port,
        // A node behind a black hole accepts the connection and never answers: time out.
        commandTimeout: 500,
        enableReadyCheck: false,
        maxRetriesPerRequest: 1,
        retryStrategy: () => 100,
      }),
  )
  for (const node of nodes) node.on('error', () => undefined)
  const quorum = Math.floor(nodes.length / 2) + 1
  let value: string | null = null
  const releaseAll = (v: string) =>
    Promise.all(nodes.map((node) => node.eval(RELEASE, 1, lockName, v).catch(() => 0)))
  return {
    async acquire(): Promise<Grant> {
      for (;;) {
        const v = randomBytes(16).toString('hex')
        const start = Date.now()
        const votes = await Promise.all(
          nodes.map((node) =>
            node
              .set(lockName, v, 'PX', ttlMs, 'NX')
              .then((reply) => reply === 'OK')
              .catch(() => false),
          ),
        )
        const drift = Math.round(DRIFT_FACTOR * ttlMs) + 2
        const validityMs = ttlMs - (Date.now() - start) - drift
        if (votes.filter(Boolean).length >= quorum && validityMs > 0) {
          value = v
          return { token: v, leaseMs: validityMs }
        }
        await releaseAll(v)
        await new Promise((resolve) =>
          setTimeout(resolve, RETRY_DELAY_MS + Math.random() * RETRY_JITTER_MS),
        )
      }
    },
    async release() {
      if (value === null) return false
      const released = await releaseAll(value)
      value = null
      return released.some((n) => n === 1)
    },
    close() {
      for (const node of nodes) node.disconnect()
      return Promise.resolve()
    },
  }
}
