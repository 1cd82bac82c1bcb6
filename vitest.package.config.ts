/**
 * The package test on its own (`npm run test:package`, after the build in `npm test`): it packs
 * the command line, installs it from the registry into a temporary project and runs it, which
 * takes minutes, so the unit suite (vite.config.ts) leaves it out to stay fast.
 */
import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: ['src/cli/package.test.ts'],
    environment: 'node',
    // beforeAll packs and installs: a timeout only guards against a hang.
    hookTimeout: 600_000,
    testTimeout: 120_000,
  },
})
