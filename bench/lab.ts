/**
 * Responsiveness of the lab page (issue 3's budget): with a generated ~5,000-event run opened
 * through a `#s=` link, in headless Chromium against the production build (`vite preview`):
 * - frame times while playing and while scrubbing (median and p95 of requestAnimationFrame
 *   intervals; budget: median ≤ 16.7 ms, p95 ≤ 25 ms);
 * - the time from clicking "Pause client A" until the diagram has changed and the next frame has
 *   started (budget: < 100 ms).
 *
 * Run it directly: `npx tsx bench/lab.ts` (prints one JSON line per measurement). It serves dist/
 * as it is: build first (`npx vite build`). BENCH_PORT picks the port (default 4181).
 */
import { spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { fileURLToPath, pathToFileURL } from 'node:url'
import type { Page } from '@playwright/test'
import { chromium } from '@playwright/test'
import { CHROMIUM_ARGS, resolveChromium } from '../e2e/chromium'
import { encodeScenario } from '../src/embed/urlCodec'
import { parseScenario, run } from '../src/sim'
import { generatedScenario } from './labScenario'
import type { BenchResult } from './result'

const FRAMES = 240
const INTERVENTIONS = 7

export async function benchLab(): Promise<BenchResult[]> {
  if (!existsSync('dist/index.html')) {
    throw new Error('dist/ is missing: run `npx vite build` first')
  }
  const parsed = parseScenario(generatedScenario())
  if (!parsed.ok) throw new Error(parsed.message)
  const eventCount = run(parsed.scenario).events.length
  const port = Number(process.env.BENCH_PORT ?? 4181)
  // --bypass-lock: Vite refuses a second preview of one project, and an e2e or manual preview
  // may be running on another port; this one only reads dist/.
  // Vite's own script under this Node (not `npx`, whose child would outlive server.kill()).
  const vite = fileURLToPath(new URL('../node_modules/vite/bin/vite.js', import.meta.url))
  const args = ['preview', '--host', '127.0.0.1', '--port', String(port), '--strictPort']
  const server = spawn(process.execPath, [vite, ...args, '--bypass-lock'], {
    stdio: ['ignore', 'ignore', 'pipe'],
  })
  let serverErrors = ''
  server.stderr.on('data', (chunk: Buffer) => (serverErrors += chunk.toString()))
  const executablePath = resolveChromium()
  const browser = await chromium.launch({
    ...(executablePath ? { executablePath } : {}),
    args: [...CHROMIUM_ARGS],
  })
  try {
    const base = `http://127.0.0.1:${port}`
    await waitForServer(
      base,
      () => server.exitCode !== null,
      () => serverErrors,
    )
    // Never measure someone else's server that happened to hold the port: ours would have
    // exited (--strictPort) by now.
    await new Promise((resolve) => setTimeout(resolve, 300))
    if (server.exitCode !== null) throw new Error(`vite preview exited: ${serverErrors}`)
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } })
    const errors: string[] = []
    page.on('pageerror', (e) => errors.push(e.message))
    const url = `${base}/#s=${encodeScenario(parsed.scenario)}`
    const loadStart = Date.now()
    await page.goto(url)
    await page.locator('svg.fl-diagram').first().waitFor()
    const loadMs = Date.now() - loadStart
    const detail = { events: eventCount, linkChars: url.length, viewport: '1280×900' }

    const playing = await framesWhilePlaying(page)
    const scrubbing = await framesWhileScrubbing(page)
    const intervention = await interventionLatency(page, '1500')
    // The everyday case: a preset of a few dozen events.
    await page.goto(`${base}/?scenario=gc-pause`)
    await page.locator('svg.fl-diagram').first().waitFor()
    const presetIntervention = await interventionLatency(page, '500')
    if (errors.length > 0) throw new Error(`page errors: ${errors.join('; ')}`)

    const frames = (what: string, intervals: number[]): BenchResult[] => [
      {
        name: `lab.frame_ms.${what}.median`,
        value: median(intervals),
        unit: 'ms',
        target: '<= 16.7',
        detail: { ...detail, frames: intervals.length },
      },
      {
        name: `lab.frame_ms.${what}.p95`,
        value: p95(intervals),
        unit: 'ms',
        target: '<= 25',
        detail: { ...detail, frames: intervals.length, max: round(Math.max(...intervals)) },
      },
    ]
    return [
      { name: 'lab.open_link_ms', value: loadMs, unit: 'ms', detail },
      ...frames('playing', playing),
      ...frames('scrubbing', scrubbing),
      {
        name: 'lab.pause_client_to_diagram_ms.median',
        value: median(intervention),
        unit: 'ms',
        target: '< 100',
        detail: { ...detail, samples: intervention.map(round) },
      },
      {
        name: 'lab.pause_client_to_diagram_ms.max',
        value: round(Math.max(...intervention)),
        unit: 'ms',
        target: '< 100',
        detail,
      },
      {
        name: 'lab.pause_client_to_diagram_ms.gc-pause.median',
        value: median(presetIntervention),
        unit: 'ms',
        target: '< 100',
        detail: { scenario: 'gc-pause', samples: presetIntervention.map(round) },
      },
    ]
  } finally {
    await browser.close()
    server.kill()
  }
}

/** rAF intervals while the lab plays (at 2×, mid-run). */
async function framesWhilePlaying(page: Page): Promise<number[]> {
  await page.getByRole('slider', { name: 'Time' }).fill('2000')
  const speed = page.getByRole('slider', { name: 'Speed' })
  await speed.fill('3')
  await page.getByRole('button', { name: 'Play', exact: true }).click()
  const frames = await recordFrames(page, FRAMES)
  // Slow frames may have played it to the end already.
  const pause = page.getByRole('button', { name: 'Pause', exact: true })
  if (await pause.isVisible()) await pause.click()
  return frames
}

/** rAF intervals while the scrubber is dragged across the whole run, one input per frame. */
async function framesWhileScrubbing(page: Page): Promise<number[]> {
  return page.evaluate(async (count) => {
    const input = document.querySelector<HTMLInputElement>('[data-scrubber]')
    if (input === null) throw new Error('no scrubber')
    const max = Number(input.max)
    // The native setter, so React sees an input event like a drag makes (not a value it set).
    // (No named functions in here: tsx would wrap them in a helper the page does not have.)
    const descriptor = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')
    const intervals: number[] = []
    let last = await new Promise<number>((resolve) => requestAnimationFrame(resolve))
    for (let i = 1; i <= count; i++) {
      const now = await new Promise<number>((resolve) =>
        requestAnimationFrame((t) => {
          descriptor?.set?.call(input, String(Math.round((max * i) / count)))
          input.dispatchEvent(new Event('input', { bubbles: true }))
          resolve(t)
        }),
      )
      intervals.push(now - last)
      last = now
    }
    return intervals.slice(2)
  }, FRAMES)
}

/** Time from a click on "Pause client A" until a frame showing the changed diagram was rendered. */
async function interventionLatency(page: Page, atMs: string): Promise<number[]> {
  await page.getByRole('tab', { name: 'Break things' }).click()
  await page.getByRole('slider', { name: 'Time' }).fill(atMs)
  const samples: number[] = []
  for (let i = 0; i < INTERVENTIONS; i++) {
    const ms = await page.evaluate(async () => {
      const diagram = document.querySelector('svg.fl-diagram')
      const button = [...document.querySelectorAll('button')].find(
        (b) => b.textContent === 'Pause client A',
      )
      if (diagram === null || button === undefined) throw new Error('no diagram or button')
      const changed = new Promise<void>((resolve) => {
        const observer = new MutationObserver(() => {
          observer.disconnect()
          resolve()
        })
        observer.observe(diagram, { subtree: true, childList: true, attributes: true })
      })
      const start = performance.now()
      button.click()
      await changed
      // The frame that shows it: its animation-frame callbacks, then (a task later) its
      // style, layout and paint are done.
      await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)))
      return performance.now() - start
    })
    samples.push(ms)
    await page.getByRole('button', { name: 'Undo', exact: true }).click()
    await page.waitForTimeout(100)
  }
  return samples
}

async function recordFrames(page: Page, count: number): Promise<number[]> {
  return page.evaluate(async (n) => {
    const intervals: number[] = []
    let last = await new Promise<number>((resolve) => requestAnimationFrame(resolve))
    for (let i = 0; i < n; i++) {
      const now = await new Promise<number>((resolve) => requestAnimationFrame(resolve))
      intervals.push(now - last)
      last = now
    }
    return intervals.slice(2)
  }, count)
}

async function waitForServer(
  url: string,
  exited: () => boolean,
  errors: () => string,
): Promise<void> {
  for (let i = 0; i < 150; i++) {
    if (exited()) throw new Error(`vite preview exited: ${errors()}`)
    try {
      const response = await fetch(url)
      if (response.ok) return
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error(`vite preview did not start at ${url}: ${errors()}`)
}

function sorted(values: readonly number[]): number[] {
  return [...values].sort((a, b) => a - b)
}

function median(values: readonly number[]): number {
  const s = sorted(values)
  return round(s[Math.floor(s.length / 2)] ?? Number.NaN)
}

function p95(values: readonly number[]): number {
  const s = sorted(values)
  return round(s[Math.min(s.length - 1, Math.floor(s.length * 0.95))] ?? Number.NaN)
}

function round(ms: number): number {
  return Math.round(ms * 10) / 10
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  benchLab().then(
    (results) => {
      for (const result of results) console.log(JSON.stringify(result))
    },
    (error: unknown) => {
      console.error(error)
      process.exitCode = 1
    },
  )
}
