/**
 * Frame times of the live space-time diagram in headless Chromium, with a generated run of about
 * 5,000 events: while scrubbing (a real mouse drag across the diagram, through Playwright) and
 * while playing (the cursor advanced every animation frame). The marks must not re-render when
 * the cursor moves, so a frame should cost a playhead move, not a redraw.
 *
 * Builds a harness page (src/viz/harness) with Vite into bench/tmp, serves it on a free port, and
 * reports medians and 95th percentiles. Run: `npx tsx bench/diagram.ts` (prints JSON lines).
 */
import { createReadStream, existsSync, statSync } from 'node:fs'
import type { AddressInfo } from 'node:net'
import { createServer } from 'node:http'
import { extname, join, normalize, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import react from '@vitejs/plugin-react'
import { chromium } from 'playwright'
import { build } from 'vite'
import { CHROMIUM_ARGS, resolveChromium } from '../e2e/chromium'

export interface BenchResult {
  name: string
  value: number
  unit: string
  detail?: string
}

const ROOT = fileURLToPath(new URL('..', import.meta.url))
const OUT_DIR = join(ROOT, 'bench/tmp/diagram-harness')
const HARNESS = 'src/viz/harness/harness.html'
const FRAMES = 300

const MIME: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
}

/** Builds the harness page into `outDir` (each concurrent caller needs its own). */
export async function buildHarness(outDir = OUT_DIR): Promise<string> {
  await build({
    configFile: false,
    root: ROOT,
    base: './',
    logLevel: 'warn',
    plugins: [react()],
    build: {
      outDir,
      emptyOutDir: true,
      target: 'es2022',
      chunkSizeWarningLimit: 2000,
      rolldownOptions: { input: join(ROOT, HARNESS) },
    },
  })
  return outDir
}

/** Serves a directory on 127.0.0.1 (a free port); resolves with the base URL and a closer. */
export async function serveStatic(
  dir: string,
): Promise<{ url: string; close: () => Promise<void> }> {
  const server = createServer((req, res) => {
    const path = normalize(decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname))
    const file = resolve(dir, `.${path}`)
    if (!file.startsWith(dir) || !existsSync(file) || !statSync(file).isFile()) {
      res.writeHead(404).end('not found')
      return
    }
    res.writeHead(200, { 'content-type': MIME[extname(file)] ?? 'application/octet-stream' })
    createReadStream(file).pipe(res)
  })
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise((ok) => server.close(() => ok())),
  }
}

function percentile(values: number[], p: number): number {
  if (values.length === 0) return NaN
  const sorted = [...values].sort((a, b) => a - b)
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))
  return Math.round((sorted[i] ?? NaN) * 100) / 100
}

export async function benchDiagram(): Promise<BenchResult[]> {
  const dir = await buildHarness()
  const server = await serveStatic(dir)
  const executablePath = resolveChromium()
  const browser = await chromium.launch({
    ...(executablePath ? { executablePath } : {}),
    args: [...CHROMIUM_ARGS],
  })
  const results: BenchResult[] = []
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 1000 } })
    const t0 = Date.now()
    await page.goto(`${server.url}/${HARNESS}?scenario=large&width=1264&future=fade&cursor=0`)
    await page.waitForFunction(() => window.flHarness?.ready === true)
    const loadMs = Date.now() - t0
    const info = await page.evaluate(() => ({
      events: window.flHarness.events,
      endMs: window.flHarness.endMs,
      nodes: window.flHarness.nodes(),
    }))
    const detail = `${info.events} events, ${info.nodes} SVG nodes, 1264 px wide, future faded`
    results.push({
      name: 'diagram: load and first render (5k events)',
      value: loadMs,
      unit: 'ms',
      detail,
    })

    // Scrubbing: a real drag across the diagram (pointer capture, one onScrub per frame).
    const box = await page.locator('svg.fl-diagram[role=group]').boundingBox()
    if (box === null) throw new Error('the harness drew no diagram')
    const y = box.y + box.height * 0.4
    await page.mouse.move(box.x + 140, y)
    await page.evaluate(() => window.flHarness.startRecording())
    await page.mouse.down()
    for (let i = 0; i <= FRAMES; i++) {
      const x = box.x + 140 + ((box.width - 170) * i) / FRAMES
      await page.mouse.move(x, y)
    }
    await page.mouse.up()
    const scrub = await page.evaluate(() => window.flHarness.stopRecording())
    const scrubs = await page.evaluate(() => window.flHarness.scrubs)
    const scrubIntervals = scrub.intervalsMs.slice(2)
    results.push(
      {
        name: 'diagram scrub: frame interval median',
        value: percentile(scrubIntervals, 50),
        unit: 'ms',
        detail: `${scrubIntervals.length} frames, ${scrubs} scrub updates; ${detail}`,
      },
      {
        name: 'diagram scrub: frame interval p95',
        value: percentile(scrubIntervals, 95),
        unit: 'ms',
      },
      {
        name: 'diagram scrub: update (render) median',
        value: percentile(scrub.renderMs, 50),
        unit: 'ms',
      },
      {
        name: 'diagram scrub: update (render) p95',
        value: percentile(scrub.renderMs, 95),
        unit: 'ms',
      },
    )

    // Playing: the cursor advances every frame across the whole run.
    const play = await page.evaluate(
      ([frames, endMs]) => window.flHarness.play(frames, 0, endMs / frames),
      [FRAMES, info.endMs] as const,
    )
    const playIntervals = play.intervalsMs.slice(2)
    results.push(
      {
        name: 'diagram play: frame interval median',
        value: percentile(playIntervals, 50),
        unit: 'ms',
        detail: `${playIntervals.length} frames; ${detail}`,
      },
      {
        name: 'diagram play: frame interval p95',
        value: percentile(playIntervals, 95),
        unit: 'ms',
      },
      {
        name: 'diagram play: update (render) median',
        value: percentile(play.renderMs, 50),
        unit: 'ms',
      },
      {
        name: 'diagram play: update (render) p95',
        value: percentile(play.renderMs, 95),
        unit: 'ms',
      },
    )

    // An intervention: add a pause, re-run, re-check, re-lay out and redraw the whole diagram.
    for (const scenario of ['gc-pause', 'large'] as const) {
      await page.goto(`${server.url}/${HARNESS}?scenario=${scenario}&width=1264&future=fade`)
      await page.waitForFunction(() => window.flHarness?.ready === true)
      const samples: { commitMs: number; paintedMs: number; events: number }[] = []
      for (let i = 0; i < 7; i++) {
        samples.push(
          await page.evaluate(
            (k) => window.flHarness.intervene(((k + 1) * window.flHarness.endMs) / 9),
            i,
          ),
        )
      }
      const painted = samples.map((s) => s.paintedMs)
      results.push({
        name: `diagram intervention (${scenario}): run + check + layout + render, median`,
        value: percentile(painted, 50),
        unit: 'ms',
        detail: `to the next painted frame; ${samples[0]?.events ?? 0} events; 7 interventions; commit median ${percentile(
          samples.map((s) => s.commitMs),
          50,
        )} ms`,
      })
    }
  } finally {
    await browser.close()
    await server.close()
  }
  return results
}

const invokedDirectly =
  process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url)
if (invokedDirectly) {
  for (const result of await benchDiagram()) console.log(JSON.stringify(result))
}
