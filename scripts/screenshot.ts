/**
 * `npm run screenshot`: regenerates docs/screenshot.png (the README's picture) from the production
 * build, in headless Chromium: the lab on gc-pause at the moment token 41 is rejected.
 * Run `npm run build` first.
 */
import { spawn } from 'node:child_process'
import { chromium } from '@playwright/test'
import { CHROMIUM_ARGS, resolveChromium } from '../e2e/chromium'

const PORT = 4195
const server = spawn(
  process.execPath,
  [
    'node_modules/vite/bin/vite.js',
    'preview',
    '--host',
    '127.0.0.1',
    '--port',
    String(PORT),
    '--strictPort',
  ],
  { stdio: 'ignore' },
)
try {
  await waitForServer(`http://127.0.0.1:${PORT}/`)
  const executablePath = resolveChromium()
  const browser = await chromium.launch({
    ...(executablePath ? { executablePath } : {}),
    args: [...CHROMIUM_ARGS],
  })
  const page = await browser.newPage({
    viewport: { width: 1280, height: 760 },
    deviceScaleFactor: 2,
    colorScheme: 'light',
    reducedMotion: 'reduce',
  })
  await page.goto(`http://127.0.0.1:${PORT}/?scenario=gc-pause&t=16010`)
  await page.locator('.fl-diagram').first().waitFor()
  await page.waitForTimeout(300)
  await page.screenshot({ path: 'docs/screenshot.png', fullPage: false })
  await browser.close()
  console.log('wrote docs/screenshot.png')
} finally {
  server.kill()
}

async function waitForServer(url: string): Promise<void> {
  for (let i = 0; i < 300; i++) {
    try {
      const response = await fetch(url)
      if (response.ok) return
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error(`${url} did not start`)
}
