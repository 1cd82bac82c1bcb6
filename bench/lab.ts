/**
 * The lab in headless Chromium against the production build (`vite preview` of dist/), with the
 * reference limits measured in the same run so that each figure also reads as a ratio:
 * - cold load to an interactive diagram (navigation start → the app has taken over the
 *   prerendered first screen, `svg.fl-diagram` drawn and an enabled Play button, the frame
 *   after; median of fresh contexts) for index.html and
 *   embed.html?scenario=gc-pause, against a blank page from the same origin probed the same way,
 *   and the worst main-thread delay in those loads (until a second after interactive: the parts
 *   below the first screen load then);
 * - frame times while playing and while scrubbing a generated ~5,000-event run (budget: median
 *   ≤ 16.7 ms, p95 ≤ 25 ms), against a bare requestAnimationFrame loop, and the long tasks
 *   (> 50 ms) during each interaction;
 * - the time from clicking "Pause client A" until a frame shows the changed diagram (budget:
 *   < 100 ms), against one bare frame: the steady state (the median of clicks each made at
 *   another moment, so each is a new run: the lab keeps the runs it made, and the same click
 *   again, after Undo, finds its run made), the first click in a freshly loaded page (the engine
 *   still compiling that code), and, in the detail, the same click repeated;
 * - the frames and the intervention again with the view zoomed in (ZOOM_CLICKS), so the
 *   follow-the-cursor glide and the windowed layout are measured too (folding is on in both).
 *   The zoomed frame figures are the median over BENCH_ZOOMED_LAUNCHES (default 3) launches of
 *   the browser: on a 2-core machine one launch's p95 can be 16.8 ms and the next's 33.3 ms for
 *   the same build, and a single sample decided nothing;
 * - the JS heap (after a forced GC) after a warm-up and after BENCH_SOAK_SECONDS (default 120)
 *   of looped playback, against a blank page's heap.
 *
 * Run it alone: `npx tsx bench/run.ts lab` (build first: `npm run build`).
 */
import type { Browser, Page } from '@playwright/test'
import { encodeScenario } from '../src/link/encode'
import { parseScenario, run } from '../src/sim'
import type { Preview } from './browser'
import {
  LAG_PROBE,
  launchChromium,
  observeLongTasks,
  openPreview,
  recordFrames,
  settledInPage,
  takeLongTasks,
  usedHeapBytes,
} from './browser'
import { generatedScenario } from './labScenario'
import type { BenchResult } from './result'
import { median, percentile, round } from './stats'

const FRAMES = 240
const INTERVENTIONS = 7
/** Clicks that repeat the last steady click exactly (its run made already), for the detail. */
const REPEATS = 3
const FIRST_CLICK_PAGES = 5
/** Zoom-in clicks before the zoomed measurements: a window of a small part of the run. */
const ZOOM_CLICKS = 3
/** Browser launches the zoomed frame figures are the median of (the first is the shared one). */
const ZOOMED_LAUNCHES = Math.max(1, Number(process.env.BENCH_ZOOMED_LAUNCHES ?? 3))
const COLD_LOADS = Number(process.env.BENCH_COLD_LOADS ?? 7)
const SOAK_SECONDS = Number(process.env.BENCH_SOAK_SECONDS ?? 120)
const VIEWPORT = { width: 1280, height: 900 }

/** Served by page.route on the preview's origin: no app, but what the probe waits for. */
const BLANK_PATH = '/bench-blank.html'
const BLANK_HTML =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Blank</title></head>' +
  '<body><svg class="fl-diagram" width="10" height="10"></svg>' +
  '<button type="button" aria-label="Play">Play</button></body></html>'

/**
 * Resolves `window.flInteractive` with the time (ms since navigation start) once the diagram is
 * in the document and a Play button is enabled, at the end of the frame that shows them (read
 * with settledInPage, which adds no task of its own to the page's start). A string, not a
 * function: tsx would wrap named functions in a helper the page does not have.
 */
const INTERACTIVE_PROBE = `(() => {
  let done = false
  let interactive
  window.flInteractive = new Promise((resolve) => { interactive = resolve })
  const observer = new MutationObserver(() => check())
  const check = () => {
    // The prerendered first screen (scripts/prerender.ts) has a diagram and a Play button too:
    // interactive means the app has taken it over.
    if (done || document.querySelector('[data-prerendered]') !== null) return
    if (document.querySelector('svg.fl-diagram') === null) return
    const play = [...document.querySelectorAll('button[aria-label="Play"]')]
    if (!play.some((b) => !b.disabled)) return
    done = true
    observer.disconnect()
    requestAnimationFrame(() => setTimeout(() => { interactive(performance.now()) }, 0))
  }
  observer.observe(document, { childList: true, subtree: true, attributes: true })
  document.addEventListener('DOMContentLoaded', check)
})()`

declare global {
  interface Window {
    flInteractive?: Promise<number>
  }
}

export async function benchLab(): Promise<BenchResult[]> {
  const parsed = parseScenario(generatedScenario())
  if (!parsed.ok) throw new Error(parsed.message)
  const events = run(parsed.scenario).events.length
  const preview = await openPreview()
  try {
    const busyUrl = `${preview.base}/#s=${encodeScenario(parsed.scenario)}`
    const busy = { events, viewport: `${VIEWPORT.width}×${VIEWPORT.height}` }
    return [
      ...(await loads(preview)),
      ...(await interactions(preview, busyUrl, busy)),
      ...(await soak(preview.browser, busyUrl, busy)),
    ]
  } finally {
    await preview.close()
  }
}

async function freshPage(browser: Browser, base: string): Promise<Page> {
  const context = await browser.newContext({ viewport: VIEWPORT })
  await context.route(`${base}${BLANK_PATH}`, (route) =>
    route.fulfill({ contentType: 'text/html; charset=utf-8', body: BLANK_HTML }),
  )
  const page = await context.newPage()
  const errors: string[] = []
  page.on('pageerror', (e) => errors.push(e.message))
  page.on('close', () => {
    if (errors.length > 0) console.error(`page errors on ${page.url()}: ${errors.join('; ')}`)
  })
  return page
}

/** How long after interactive the lateness is still watched: what loads after the first screen. */
const AFTER_INTERACTIVE_MS = 1000

interface ColdLoad {
  /** Navigation start → interactive, in the page's own clock. */
  readyMs: number
  /** The worst main-thread delay from the first script until AFTER_INTERACTIVE_MS after that. */
  worstDelayMs: number
}

/** One load in a fresh context (empty cache). */
async function coldLoad(browser: Browser, base: string, path: string): Promise<ColdLoad> {
  const page = await freshPage(browser, base)
  try {
    await page.addInitScript({ content: INTERACTIVE_PROBE })
    await page.addInitScript({ content: LAG_PROBE })
    await page.goto(`${base}${path}`)
    const readyMs = await settledInPage<number>(page, 'window.flInteractive', 30_000)
    await page.waitForTimeout(AFTER_INTERACTIVE_MS)
    const worstDelayMs = await page.evaluate(() => window.flLag?.worst ?? NaN)
    return { readyMs, worstDelayMs }
  } finally {
    await page.context().close()
  }
}

async function loads(preview: Preview): Promise<BenchResult[]> {
  const pages = {
    blank: BLANK_PATH,
    index: '/?scenario=gc-pause',
    embed: '/embed.html?scenario=gc-pause',
  }
  const samples = { blank: [] as number[], index: [] as number[], embed: [] as number[] }
  const delays = { blank: [] as number[], index: [] as number[], embed: [] as number[] }
  // Interleaved, so a slow moment of the machine hits every page alike; one unmeasured round
  // first warms the server and the browser's process pool.
  for (let i = 0; i <= COLD_LOADS; i++) {
    for (const key of ['blank', 'index', 'embed'] as const) {
      const { readyMs, worstDelayMs } = await coldLoad(preview.browser, preview.base, pages[key])
      if (i === 0) continue
      samples[key].push(readyMs)
      delays[key].push(worstDelayMs)
    }
  }
  const blankMs = median(samples.blank)
  const measured = 'navigation start → svg.fl-diagram and an enabled Play button painted'
  const load = (name: string, values: number[], path: string): BenchResult => ({
    name,
    value: round(median(values)),
    unit: 'ms',
    reference: 'reference.load_ms.blank-page',
    ratio: round(median(values) / blankMs, 2),
    detail: { path, loads: values.length, samples: values.map((v) => round(v)), measured },
  })
  const delayMeasured =
    `the longest lateness of a 20 ms timer, from the page's first script until ${AFTER_INTERACTIVE_MS} ms ` +
    'after it is interactive (what a click would have waited; median of the loads)'
  // Issue 18: "the page keeps answering input within 100 ms", here for the page as it opens.
  const delay = (name: string, values: number[], path: string): BenchResult => ({
    name,
    value: round(median(values)),
    unit: 'ms',
    target: '< 100',
    detail: {
      path,
      loads: values.length,
      samples: values.map((v) => round(v)),
      measured: delayMeasured,
    },
  })
  return [
    {
      name: 'reference.load_ms.blank-page',
      value: round(blankMs),
      unit: 'ms',
      detail: {
        loads: samples.blank.length,
        samples: samples.blank.map((v) => round(v)),
        measured: `${measured} (a static page with just those two, same origin)`,
      },
    },
    load('lab.load_ms.index', samples.index, pages.index),
    load('lab.load_ms.embed-gc-pause', samples.embed, pages.embed),
    {
      name: 'reference.load_delay_ms.blank-page',
      value: round(median(delays.blank)),
      unit: 'ms',
      detail: {
        loads: delays.blank.length,
        samples: delays.blank.map((v) => round(v)),
        measured: delayMeasured,
      },
    },
    delay('lab.load_delay_ms.index', delays.index, pages.index),
    delay('lab.load_delay_ms.embed-gc-pause', delays.embed, pages.embed),
  ]
}

async function interactions(
  preview: Preview,
  busyUrl: string,
  busy: Record<string, unknown>,
): Promise<BenchResult[]> {
  const { browser, base } = preview
  // The reference: a bare rAF loop, in a page of the same origin, in the same browser.
  const blank = await freshPage(browser, base)
  await blank.goto(`${base}${BLANK_PATH}`)
  const bare = await recordFrames(blank, FRAMES)
  await blank.context().close()
  const bareMedian = median(bare)
  const bareP95 = percentile(bare, 0.95)

  const plain = await interact(browser, base, busyUrl, 0)
  // The same three with the view zoomed in (the cursor followed by a gliding window), as a
  // reader who zooms into the climax sees it; folding is on in both (the layout's default).
  const zoomed = await interact(browser, base, busyUrl, ZOOM_CLICKS)
  const zoomedLaunches = [zoomed]
  for (let i = 1; i < ZOOMED_LAUNCHES; i++) {
    const another = await launchChromium()
    try {
      zoomedLaunches.push(await interact(another, base, busyUrl, ZOOM_CLICKS))
    } finally {
      await another.close()
    }
  }
  // A reader's very first click, on a page that has done nothing else yet.
  const firstClicks: number[] = []
  for (let i = 0; i < FIRST_CLICK_PAGES; i++) {
    const fresh = await freshPage(browser, base)
    await fresh.goto(busyUrl)
    await fresh.locator('svg.fl-diagram').first().waitFor()
    const [first] = (await interventionLatency(fresh, 1500, 1)).fresh
    if (first !== undefined) firstClicks.push(first)
    await fresh.context().close()
  }
  // The everyday case: a preset of a few dozen events.
  const presetPage = await freshPage(browser, base)
  await presetPage.goto(`${base}/?scenario=gc-pause`)
  await presetPage.locator('svg.fl-diagram').first().waitFor()
  const presetIntervention = (await interventionLatency(presetPage, 500)).fresh
  await presetPage.context().close()

  /**
   * The frame figures of one interaction, measured in one browser launch or several: the value is
   * the median of the launches' figures (the one figure, for one launch); with several, each
   * launch's figure and its count of frames >= 30 ms are in the detail.
   */
  const frames = (what: string, launches: number[][]): BenchResult[] => {
    const medians = launches.map((intervals) => median(intervals))
    const p95s = launches.map((intervals) => percentile(intervals, 0.95))
    const all = launches.flat()
    const several = launches.length > 1
    const detail = {
      ...busy,
      frames: all.length,
      ...(several
        ? { launches: launches.length, measured: "the median of each browser launch's figure" }
        : {}),
    }
    return [
      {
        name: `lab.frame_median_ms.${what}`,
        value: round(median(medians)),
        unit: 'ms',
        target: '<= 16.7',
        reference: 'reference.frame_median_ms.raf-loop',
        ratio: round(median(medians) / bareMedian, 2),
        detail: { ...detail, ...(several ? { perLaunch: medians.map((v) => round(v)) } : {}) },
      },
      {
        name: `lab.frame_p95_ms.${what}`,
        value: round(median(p95s)),
        unit: 'ms',
        target: '<= 25',
        reference: 'reference.frame_p95_ms.raf-loop',
        ratio: round(median(p95s) / bareP95, 2),
        detail: {
          ...detail,
          maxMs: round(Math.max(...all)),
          ...(several
            ? {
                perLaunch: p95s.map((v) => round(v)),
                slowFramesPerLaunch: launches.map((l) => l.filter((v) => v >= 30).length),
              }
            : {}),
        },
      },
    ]
  }
  const longTasks = (what: string, tasks: number[]): BenchResult[] => [
    {
      name: `lab.long_tasks_count.${what}`,
      value: tasks.length,
      unit: 'tasks',
      detail: { ...busy, durationsMs: tasks.map((t) => round(t)), observer: 'longtask (> 50 ms)' },
    },
    {
      name: `lab.long_task_max_ms.${what}`,
      value: round(Math.max(0, ...tasks)),
      unit: 'ms',
      detail: { ...busy, note: '0 when there was none' },
    },
  ]
  const latency = (
    name: string,
    { fresh: samples, repeated }: { fresh: number[]; repeated: number[] },
    detail: Record<string, unknown>,
  ) => ({
    name,
    value: round(median(samples)),
    unit: 'ms',
    target: '< 100',
    reference: 'reference.frame_median_ms.raf-loop',
    ratio: round(median(samples) / bareMedian, 2),
    detail: {
      ...detail,
      samples: samples.map((s) => round(s)),
      maxMs: round(Math.max(...samples)),
      measured: `click "Pause client A" → the frame showing the changed diagram; each click ${INTERVENTION_STEP_MS} ms after the last (a new run each), undone before the next`,
      ...(repeated.length > 0
        ? {
            repeatedMedianMs: round(median(repeated)),
            repeatedSamples: repeated.map((r) => round(r)),
            repeated: 'the last click again after Undo: its run is made already, only drawn',
          }
        : {}),
    },
  })
  return [
    {
      name: 'reference.frame_median_ms.raf-loop',
      value: round(bareMedian),
      unit: 'ms',
      detail: { frames: bare.length, page: 'blank page, same origin' },
    },
    {
      name: 'reference.frame_p95_ms.raf-loop',
      value: round(bareP95),
      unit: 'ms',
      detail: { frames: bare.length, maxMs: round(Math.max(...bare)) },
    },
    ...frames('playing-5k', [plain.playing]),
    ...longTasks('playing-5k', plain.playingTasks),
    ...frames('scrubbing-5k', [plain.scrubbing]),
    ...longTasks('scrubbing-5k', plain.scrubbingTasks),
    latency('lab.intervention_ms.5k', plain.intervention, busy),
    {
      name: 'lab.intervention_first_ms.5k',
      value: round(median(firstClicks)),
      unit: 'ms',
      // Issue 18 asks for the first click under 100 ms too, not only the steady state.
      target: '< 100',
      reference: 'reference.frame_median_ms.raf-loop',
      ratio: round(median(firstClicks) / bareMedian, 2),
      detail: {
        ...busy,
        pages: firstClicks.length,
        samples: firstClicks.map((s) => round(s)),
        measured:
          'the first click on "Pause client A" in a freshly loaded page → the frame showing the changed diagram (median of fresh pages)',
        note: 'the engine is still compiling and optimising the code the click runs; lab.intervention_ms.5k is the steady state',
      },
    },
    ...longTasks('intervention-5k', plain.interventionTasks),
    ...frames(
      'playing-5k-zoomed',
      zoomedLaunches.map((l) => l.playing),
    ),
    ...longTasks('playing-5k-zoomed', zoomed.playingTasks),
    ...frames(
      'scrubbing-5k-zoomed',
      zoomedLaunches.map((l) => l.scrubbing),
    ),
    ...longTasks('scrubbing-5k-zoomed', zoomed.scrubbingTasks),
    latency('lab.intervention_ms.5k-zoomed', zoomed.intervention, {
      ...busy,
      zoom: `${ZOOM_CLICKS} clicks on Zoom in`,
    }),
    latency(
      'lab.intervention_ms.gc-pause',
      { fresh: presetIntervention, repeated: [] },
      { scenario: 'gc-pause' },
    ),
  ]
}

/**
 * Playing, scrubbing and an intervention on a fresh page of `url`, zoomed in `zoomClicks` times
 * first: their frame intervals and latencies, and the long tasks during each.
 */
async function interact(browser: Browser, base: string, url: string, zoomClicks: number) {
  const page = await freshPage(browser, base)
  await observeLongTasks(page)
  await page.goto(url)
  await page.locator('svg.fl-diagram').first().waitFor()
  for (let i = 0; i < zoomClicks; i++) await page.getByRole('button', { name: 'Zoom in' }).click()
  await takeLongTasks(page)
  const playing = await framesWhilePlaying(page)
  const playingTasks = await takeLongTasks(page)
  const scrubbing = await framesWhileScrubbing(page)
  const scrubbingTasks = await takeLongTasks(page)
  const intervention = await interventionLatency(page, 1500, INTERVENTIONS, REPEATS)
  const interventionTasks = await takeLongTasks(page)
  await page.context().close()
  return { playing, playingTasks, scrubbing, scrubbingTasks, intervention, interventionTasks }
}

/** rAF intervals while the lab plays (at 2×, mid-run). */
async function framesWhilePlaying(page: Page): Promise<number[]> {
  await page.getByRole('slider', { name: 'Time' }).fill('2000')
  await page.getByRole('slider', { name: 'Speed' }).fill('3')
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

/** How far apart the steady clicks are made: each at another moment, so each is a new run. */
const INTERVENTION_STEP_MS = 37

/**
 * Time from a click on "Pause client A" until a frame showing the changed diagram was rendered,
 * `clicks` times, each undone before the next and each made INTERVENTION_STEP_MS after the one
 * before (from `atMs` on), so that no click finds its run already made (an Undo keeps the run;
 * the same click again would only redraw it). `repeats` more clicks then repeat the last one
 * exactly: those find their run made (`repeated`).
 */
async function interventionLatency(
  page: Page,
  atMs: number,
  clicks = INTERVENTIONS,
  repeats = 0,
): Promise<{ fresh: number[]; repeated: number[] }> {
  await page.getByRole('tab', { name: 'Break things' }).click()
  const fresh: number[] = []
  const repeated: number[] = []
  for (let i = 0; i < clicks + repeats; i++) {
    const at = atMs + Math.min(i, clicks - 1) * INTERVENTION_STEP_MS
    await page.getByRole('slider', { name: 'Time' }).fill(String(at))
    // A reader moves the cursor, then finds the button: by then a long run's event log has
    // followed the cursor (it waits for the cursor to rest, 120 ms), which is not the click's work.
    await page.waitForTimeout(i === 0 ? 500 : 300)
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
    ;(i < clicks ? fresh : repeated).push(ms)
    await page.getByRole('button', { name: 'Undo', exact: true }).click()
    await page.waitForTimeout(100)
  }
  return { fresh, repeated }
}

/**
 * Plays the busy run at the top speed, starting over whenever it ends, and reads the heap after
 * a warm-up and at the end. The blank page's heap is the reference.
 */
async function soak(
  browser: Browser,
  busyUrl: string,
  busy: Record<string, unknown>,
): Promise<BenchResult[]> {
  const base = new URL(busyUrl).origin
  const blank = await freshPage(browser, base)
  await blank.goto(`${base}${BLANK_PATH}`)
  const blankHeap = await usedHeapBytes(blank)
  await blank.context().close()

  const page = await freshPage(browser, base)
  await page.goto(busyUrl)
  await page.locator('svg.fl-diagram').first().waitFor()
  await page.getByRole('slider', { name: 'Speed' }).fill('5')
  const started = Date.now()
  // The lab page has no loop option (the embed's): start over from the page itself.
  await page.evaluate(() => {
    const w = window as unknown as { flLoops: number }
    w.flLoops = 0
    setInterval(() => {
      const play = document.querySelector<HTMLButtonElement>('button[aria-label="Play"]')
      if (play === null) return
      document.querySelector<HTMLButtonElement>('button[aria-label="Jump to start"]')?.click()
      play.click()
      w.flLoops++
    }, 200)
  })
  const warmUpSeconds = Math.min(15, SOAK_SECONDS / 4)
  await page.waitForTimeout(warmUpSeconds * 1000)
  const warmHeap = await usedHeapBytes(page)
  await page.waitForTimeout(Math.max(0, SOAK_SECONDS * 1000 - (Date.now() - started)))
  const soakHeap = await usedHeapBytes(page)
  const loops = await page.evaluate(() => (window as unknown as { flLoops: number }).flLoops)
  const seconds = round((Date.now() - started) / 1000)
  await page.context().close()

  const mb = (bytes: number) => round(bytes / 1e6, 2)
  const detail = { ...busy, speed: '8×', loops, measured: 'Runtime.getHeapUsage after a forced GC' }
  return [
    {
      name: 'reference.heap_mb.blank-page',
      value: mb(blankHeap),
      unit: 'MB',
      detail: { measured: detail.measured },
    },
    {
      name: 'lab.heap_mb.warm-5k',
      value: mb(warmHeap),
      unit: 'MB',
      reference: 'reference.heap_mb.blank-page',
      ratio: round(warmHeap / blankHeap, 2),
      detail: { ...detail, playedSeconds: warmUpSeconds },
    },
    {
      name: 'lab.heap_mb.soak-5k',
      value: mb(soakHeap),
      unit: 'MB',
      reference: 'reference.heap_mb.blank-page',
      ratio: round(soakHeap / blankHeap, 2),
      detail: {
        ...detail,
        playedSeconds: seconds,
        growthSinceWarmMb: mb(soakHeap - warmHeap),
      },
    },
  ]
}
