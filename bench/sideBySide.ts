/**
 * The lab beside RaftScope (issue 18), measured in one run so that only the ratios matter on a
 * shared, loaded machine: first contentful paint, ready time (the diagram drawn by the app and
 * Play answering) and the main thread's script time over 5 s of playback (CDP
 * `Performance.getMetrics` ScriptDuration, before and after), each in a fresh context (cold
 * cache), the pages interleaved so a slow moment of the machine hits them alike.
 *
 * RaftScope (github.com/ongardie/raftscope, static HTML and jQuery) is never part of this
 * repository: set RAFTSCOPE_DIR to a directory holding its files (with its two submodules,
 * bootstrap-slider and bootstrap-contextmenu, checked out) and it is served by the same
 * `vite preview` as dist/, on BENCH_PEER_PORT (default 4182). Without it the lab's figures are measured alone.
 *
 * Run it alone: `RAFTSCOPE_DIR=/tmp/raftscope npx tsx bench/run.ts side` (build first).
 */
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import type { Browser, Page } from '@playwright/test'
import { openPreview, serveStatic, settledInPage } from './browser'
import type { BenchResult } from './result'
import { median, round } from './stats'

const LOADS = Number(process.env.BENCH_SIDE_LOADS ?? 5)
const PLAYS = Number(process.env.BENCH_SIDE_PLAYS ?? 3)
const PLAY_MS = 5000
const VIEWPORT = { width: 1280, height: 800 }

/**
 * When a page is ready, as an expression evaluated in it. The lab: the app has taken over the
 * prerendered first screen (no `data-prerendered` left), its diagram is drawn and a Play button
 * is enabled. RaftScope: its servers are drawn (it plays on its own from the start).
 */
const LAB_READY =
  "document.querySelector('[data-prerendered]') === null && document.querySelector('svg.fl-diagram') !== null && [...document.querySelectorAll('button[aria-label=\"Play\"]')].some((b) => !b.disabled)"
const RAFTSCOPE_READY = "document.querySelector('#servers > *') !== null"

interface Target {
  key: string
  /** Which server: the lab's dist/ or the peer's directory. */
  server: 'lab' | 'peer'
  path: string
  ready: string
  /**
   * Sets the page up before the count starts (the lab's "Real time" box) and says where a click
   * starts playback, or null (RaftScope plays from the start).
   */
  prepare: (page: Page) => Promise<Point | null>
  /** Whether it was still playing at the end (a run that ended early plays less). */
  playing: (page: Page) => Promise<boolean>
}

interface Point {
  x: number
  y: number
}

const playButton = (page: Page) => page.getByRole('button', { name: 'Play', exact: true })

/** The middle of the first Play button. */
async function playPoint(page: Page): Promise<Point> {
  const box = await playButton(page).first().boundingBox()
  if (box === null) throw new Error('the Play button is not on screen')
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 }
}
const stillPlaying = (page: Page) =>
  page.getByRole('button', { name: 'Pause', exact: true }).first().isVisible()

const LAB_TARGETS: Target[] = [
  {
    // What a reader gets by pressing Play on the lab's first screen: the story, held at each line.
    key: 'index-story',
    server: 'lab',
    path: '/',
    ready: LAB_READY,
    prepare: playPoint,
    playing: stillPlaying,
  },
  {
    // The same run in true time: the playhead moves every frame, like RaftScope's clock.
    key: 'index-time',
    server: 'lab',
    path: '/',
    ready: LAB_READY,
    prepare: async (page) => {
      await page.getByLabel('Real time').check()
      return playPoint(page)
    },
    playing: stillPlaying,
  },
  {
    key: 'embed',
    server: 'lab',
    path: '/embed.html?scenario=gc-pause',
    ready: LAB_READY,
    prepare: playPoint,
    playing: stillPlaying,
  },
]

const RAFTSCOPE: Target = {
  key: 'raftscope',
  server: 'peer',
  path: '/',
  ready: RAFTSCOPE_READY,
  prepare: () => Promise.resolve(null),
  playing: (page) =>
    page.evaluate(() => document.querySelector('#pause')?.getAttribute('class') === 'resumed'),
}

/**
 * Resolves `window.flReady` with the time at the end of the frame in which `condition` first
 * holds (read with settledInPage, which adds no task of its own to the page's start).
 */
const readyProbe = (condition: string) => `(() => {
  let done = false
  let ready
  window.flReady = new Promise((resolve) => { ready = resolve })
  const check = () => {
    if (done || !(${condition})) return
    done = true
    observer.disconnect()
    requestAnimationFrame(() => setTimeout(() => { ready(performance.now()) }, 0))
  }
  const observer = new MutationObserver(check)
  observer.observe(document, { childList: true, subtree: true, attributes: true })
  document.addEventListener('DOMContentLoaded', check)
})()`

declare global {
  interface Window {
    flReady?: Promise<number>
  }
}

interface Load {
  fcpMs: number
  readyMs: number
}

/** A fresh page at `url`, once it is ready, and when it was. */
async function open(
  browser: Browser,
  url: string,
  target: Target,
): Promise<{ page: Page; readyMs: number }> {
  const context = await browser.newContext({ viewport: VIEWPORT })
  const page = await context.newPage()
  await page.addInitScript({ content: readyProbe(target.ready) })
  await page.goto(url)
  const readyMs = await settledInPage<number>(page, 'window.flReady', 30_000)
  return { page, readyMs }
}

async function coldLoad(browser: Browser, url: string, target: Target): Promise<Load> {
  const { page, readyMs } = await open(browser, url, target)
  try {
    // The paint's entry can arrive after the ready frame (its time is the paint's, reported
    // later): read it once it is there, or the median would mix in missing samples.
    await page.waitForFunction(
      () => performance.getEntriesByName('first-contentful-paint').length > 0,
      null,
      { timeout: 10_000 },
    )
    const fcpMs = await page.evaluate(
      () => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN,
    )
    return { fcpMs, readyMs }
  } finally {
    await page.context().close()
  }
}

interface Play {
  scriptMs: number
  taskMs: number
  playing: boolean
}

async function playback(browser: Browser, url: string, target: Target): Promise<Play> {
  const { page } = await open(browser, url, target)
  const cdp = await page.context().newCDPSession(page)
  try {
    await cdp.send('Performance.enable')
    // The count is the page's own work: Playwright's locators run script in the page (finding
    // the button by its role and name, checking that it can be clicked), which ScriptDuration
    // counted as the lab's. So the button is found first, and Play is pressed by a plain mouse
    // click at its place.
    const point = await target.prepare(page)
    // Let the load's own work finish, so it is not counted as playing.
    await page.waitForTimeout(500)
    const metric = async () => {
      const { metrics } = await cdp.send('Performance.getMetrics')
      const get = (name: string) => metrics.find((m) => m.name === name)?.value ?? 0
      return { script: get('ScriptDuration'), task: get('TaskDuration') }
    }
    const before = await metric()
    const startedMs = Date.now()
    if (point !== null) await page.mouse.click(point.x, point.y)
    await page.waitForTimeout(Math.max(0, PLAY_MS - (Date.now() - startedMs)))
    const after = await metric()
    return {
      scriptMs: (after.script - before.script) * 1000,
      taskMs: (after.task - before.task) * 1000,
      playing: await target.playing(page),
    }
  } finally {
    await cdp.detach()
    await page.context().close()
  }
}

export async function benchSideBySide(): Promise<BenchResult[]> {
  const peerDir = process.env.RAFTSCOPE_DIR
  if (peerDir !== undefined && !existsSync(join(peerDir, 'index.html'))) {
    throw new Error(`RAFTSCOPE_DIR=${peerDir} holds no index.html`)
  }
  const preview = await openPreview()
  const peer =
    peerDir === undefined
      ? null
      : await serveStatic(peerDir, Number(process.env.BENCH_PEER_PORT ?? 4182))
  try {
    const targets = peer === null ? LAB_TARGETS : [...LAB_TARGETS, RAFTSCOPE]
    const urlOf = (t: Target) => `${t.server === 'peer' ? peer?.base : preview.base}${t.path}`
    const loads = new Map<string, Load[]>(targets.map((t) => [t.key, []]))
    const plays = new Map<string, Play[]>(targets.map((t) => [t.key, []]))
    // Loads: one unmeasured round first (it warms the servers and the browser's process pool).
    // index-time loads the same page as index-story: measured once.
    const loadTargets = targets.filter((t) => t.key !== 'index-time')
    for (let i = 0; i <= LOADS; i++) {
      for (const t of loadTargets) {
        const load = await coldLoad(preview.browser, urlOf(t), t)
        if (i > 0) loads.get(t.key)?.push(load)
      }
    }
    for (let i = 0; i < PLAYS; i++) {
      for (const t of targets) plays.get(t.key)?.push(await playback(preview.browser, urlOf(t), t))
    }
    return report(targets, loads, plays, peer !== null)
  } finally {
    await preview.close()
    peer?.close()
  }
}

function report(
  targets: Target[],
  loads: Map<string, Load[]>,
  plays: Map<string, Play[]>,
  withPeer: boolean,
): BenchResult[] {
  const results: BenchResult[] = []
  const figure = (
    name: string,
    unit: string,
    values: (key: string) => number[] | undefined,
    detail: Record<string, unknown>,
  ) => {
    const peer = withPeer ? values(RAFTSCOPE.key) : undefined
    const peerMedian = peer === undefined ? undefined : median(peer)
    const reference = `side.${name}.raftscope`
    for (const t of targets) {
      const samples = values(t.key)
      if (samples === undefined || samples.length === 0) continue
      const value = median(samples)
      const isPeer = t.key === RAFTSCOPE.key
      results.push({
        name: `side.${name}.${t.key}`,
        value: round(value),
        unit,
        ...(isPeer || peerMedian === undefined
          ? {}
          : { reference, ratio: round(value / peerMedian, 2) }),
        detail: { ...detail, path: t.path, samples: samples.map((v) => round(v)) },
      })
    }
  }
  const loadDetail = { viewport: `${VIEWPORT.width}×${VIEWPORT.height}`, cache: 'cold' }
  figure('fcp_ms', 'ms', (k) => loads.get(k)?.map((l) => l.fcpMs), loadDetail)
  figure('ready_ms', 'ms', (k) => loads.get(k)?.map((l) => l.readyMs), {
    ...loadDetail,
    measured: 'navigation start → the frame after the app drew its diagram and Play answers',
  })
  const playDetail = (k: string) => ({
    measured: `CDP ScriptDuration over ${PLAY_MS / 1000} s from a mouse click on Play (the button found before the count starts)`,
    stillPlayingAtEnd: plays.get(k)?.map((p) => p.playing),
  })
  for (const t of targets) {
    const samples = plays.get(t.key) ?? []
    if (samples.length === 0) continue
    const scriptMs = samples.map((p) => p.scriptMs)
    const taskMs = samples.map((p) => p.taskMs)
    const peer = plays.get(RAFTSCOPE.key)
    const peerScript = withPeer && peer !== undefined ? median(peer.map((p) => p.scriptMs)) : null
    results.push({
      name: `side.play_script_ms.${t.key}`,
      value: round(median(scriptMs)),
      unit: 'ms',
      ...(t.key === RAFTSCOPE.key || peerScript === null
        ? {}
        : {
            target: '<= 0.25× RaftScope',
            reference: 'side.play_script_ms.raftscope',
            ratio: round(median(scriptMs) / peerScript, 2),
          }),
      detail: {
        ...playDetail(t.key),
        samples: scriptMs.map((v) => round(v)),
        taskMs: round(median(taskMs)),
      },
    })
  }
  return results
}
