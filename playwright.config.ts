import { existsSync } from 'node:fs'
import { defineConfig } from '@playwright/test'
import { CHROMIUM_ARGS, resolveChromium } from './e2e/chromium'

const CI = !!process.env.CI

// E2E runs against the production build served by `vite preview`, never the dev server.
// `npm test` builds right before `test:e2e`, so the server only serves dist/. When dist/ is
// missing (e.g. a bare `npx playwright test` on a fresh clone) it is built first. A dist/ left
// over from older sources is NOT rebuilt: run `npm run build` (or `npm test`) after changes.
// E2E_PORT lets several checkouts run their suites side by side.
const port = Number(process.env.E2E_PORT ?? 4173)
const serve = `npx vite preview --host 127.0.0.1 --port ${port} --strictPort`
const executablePath = resolveChromium()
const command = existsSync('dist/index.html') ? serve : `npm run build && ${serve}`

export default defineConfig({
  testDir: 'e2e',
  // Two workers on CI too: the machine has two cores, and one worker made the suite too slow.
  workers: 2,
  // Tests, not files, are shared out: a long file (lab.spec.ts runs about two minutes) no longer
  // keeps one worker busy while the other has finished. No spec depends on its tests' order.
  fullyParallel: true,
  forbidOnly: CI,
  retries: CI ? 1 : 0,
  reporter: 'list',
  webServer: {
    command,
    url: `http://127.0.0.1:${port}`,
    reuseExistingServer: !CI,
    timeout: 120_000,
  },
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    viewport: { width: 1280, height: 800 },
    locale: 'en-US',
    timezoneId: 'UTC',
    launchOptions: {
      ...(executablePath ? { executablePath } : {}),
      args: [...CHROMIUM_ARGS],
    },
  },
  projects: [{ name: 'chromium' }],
})
