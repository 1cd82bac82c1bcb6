import { defineConfig } from 'vitest/config'

/**
 * `npm run test:real`: the recorder against real Redis, etcd and ZooKeeper (recorder/real.test.ts).
 * Its own step, not part of the unit suite: it starts services and client processes and takes
 * tens of seconds.
 */
export default defineConfig({
  test: {
    include: ['recorder/**/*.test.ts'],
    environment: 'node',
    testTimeout: 600_000,
  },
})
