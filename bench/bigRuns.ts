/**
 * Big runs in the lab (issue 18, "Big runs never freeze or crash a reader's tab"): links to a
 * ~100,000-event and a ~2,000,000-event scenario, opened in headless Chromium against the
 * production build. For each:
 * - first paint: navigation → the first frame with the diagram (the default scenario while the
 *   link's run is asked about or computed) and the size prompt or progress;
 * - run shown: navigation → the link's own run drawn (the reader's "Run it in the background"
 *   is clicked as soon as it is offered);
 * - input delay while the link opens: the longest lateness of a 20 ms timer on the page from
 *   navigation until the size prompt or progress shows (reading, checking and sizing the link);
 *   this, first paint and the prompt's time are the median of OPENINGS fresh pages (one page's
 *   figure swung from 74 to 154 ms between pages of the same build on this 2-core machine);
 * - input delay during the run: the longest lateness of a 20 ms timer on the page while the
 *   worker computes (what a click would wait), and one click's time to the DOM it changes;
 * - time per edit: "Pause client C0" at a new moment → the changed run drawn (median of
 *   BENCH_BIG_EDITS edits, default 10: every edit is a new run of that size, which the reader is
 *   asked about, says run it in the background, and is computed in the worker), and the worst
 *   main-thread delay during each;
 * - the JS heap (after a forced GC) after those edits, against the heap once the run was shown.
 *
 * Run it alone: `npx tsx bench/run.ts big-runs` (build first: `npm run build`).
 */
import type { Page } from '@playwright/test'
import { encodeScenario } from '../src/link/encode'
import type { ScenarioInput } from '../src/sim'
import { estimateRun, parseScenario } from '../src/sim'
import { LAG_PROBE, openPreview, settledInPage, usedHeapBytes } from './browser'
import type { BenchResult } from './result'
import { median, round } from './stats'
import { contentionScenario } from './workloads'

const EDITS = Number(process.env.BENCH_BIG_EDITS ?? 10)
/** Edits on the 2M-event link (each a 2M-event run): BENCH_BIG_EDITS_2M, default the same. */
const EDITS_2M = Number(process.env.BENCH_BIG_EDITS_2M ?? EDITS)
const RUN_TIMEOUT_MS = 600_000
/** Fresh pages each link is opened in, up to its prompt (the figures of its first moments). */
const OPENINGS = Number(process.env.BENCH_BIG_OPENINGS ?? 5)

interface Link {
  name: string
  scenario: () => ScenarioInput
  edits: number
}

/**
 * C0 renews its lease every 10 ms for a day: the engine cuts the run at 2,000,000 events. (A
 * contention link of that size would need 500,000 script steps, more than a link may inflate to.)
 * "Pause client C0" pauses it for 5 s, under its 10 s lease, so every edit is as big again.
 */
function renewingDay(): ScenarioInput {
  return {
    id: 'renewing-day',
    title: 'C0 renews every 10 ms for a day',
    durationMs: 86_400_000,
    network: { latencyMs: 1 },
    clients: [
      { id: 'C0', renewEveryMs: 10, script: [{ do: 'acquire' }, { do: 'work', ms: 86_400_000 }] },
    ],
  }
}

/** The 100k link: 10 clients contending, about 20 events per round per client. */
const LINKS: Link[] = [
  { name: '100k', scenario: () => contentionScenario(10, 500), edits: EDITS },
  { name: '2M', scenario: renewingDay, edits: EDITS_2M },
]

export async function benchBigRuns(): Promise<BenchResult[]> {
  const preview = await openPreview()
  const results: BenchResult[] = []
  try {
    for (const link of LINKS) {
      const parsed = parseScenario(link.scenario())
      if (!parsed.ok) throw new Error(parsed.message)
      const estimate = estimateRun(parsed.scenario)
      const encoded = encodeScenario(parsed.scenario)
      // The first moments again in fresh pages, for their median (measureLink adds its own).
      const openings: Opening[] = []
      for (let i = 1; i < OPENINGS; i++) {
        const context = await preview.browser.newContext({ viewport: { width: 1280, height: 900 } })
        try {
          const page = await context.newPage()
          await page.addInitScript(LAG_PROBE)
          await page.addInitScript(PENDING_PROBE)
          openings.push(await openLink(page, preview.base, encoded))
        } finally {
          await context.close()
        }
      }
      const context = await preview.browser.newContext({ viewport: { width: 1280, height: 900 } })
      const page = await context.newPage()
      await page.addInitScript(LAG_PROBE)
      await page.addInitScript(PENDING_PROBE)
      try {
        const found = await measureLink(
          page,
          preview.base,
          encoded,
          link,
          estimate.events,
          openings,
        )
        // Each link's figures as soon as they are measured: a 2M-event link takes minutes.
        for (const r of found) console.error(JSON.stringify(r))
        results.push(...found)
      } finally {
        await context.close()
      }
    }
  } finally {
    await preview.close()
  }
  return results
}

/** A link's first moments in one page: until its size prompt or progress shows. */
interface Opening {
  promptMs: number
  firstPaintMs: number
  /** The worst main-thread delay until then (the link read, checked and sized). */
  openLagMs: number
}

/** The size prompt, or the progress of a run computed at once in the worker. */
const PENDING_SELECTOR = '[aria-label="A large run"], [aria-label="Computing the run"]'
const pendingIn = (page: Page) => page.locator(PENDING_SELECTOR)

/**
 * Resolves `window.flPending` once the size prompt or the progress is in the document, at the end
 * of the frame that shows it, with that time and the worst main-thread delay until then
 * (LAG_PROBE's). Read with settledInPage: a Playwright locator would first load Playwright's own
 * script into the page, a task of 40–75 ms among the lab's start-up tasks, which a reader's page
 * never runs (the worst delay until the prompt counted it). A string, as lab.ts's probes.
 */
const PENDING_PROBE = `(() => {
  let done = false
  let pending
  window.flPending = new Promise((resolve) => { pending = resolve })
  const check = () => {
    if (done) return
    const shown = document.querySelector('${PENDING_SELECTOR}')
    if (shown === null) return
    done = true
    observer.disconnect()
    requestAnimationFrame(() => setTimeout(() => {
      pending({ atMs: performance.now(), worstLagMs: window.flLag ? window.flLag.worst : NaN })
    }, 0))
  }
  const observer = new MutationObserver(check)
  observer.observe(document, { childList: true, subtree: true })
})()`

declare global {
  interface Window {
    flPending?: Promise<{ atMs: number; worstLagMs: number }>
  }
}

/**
 * Opens the link in `page` (which has LAG_PROBE and PENDING_PROBE) and times it until the prompt
 * or progress.
 */
async function openLink(page: Page, base: string, encoded: string): Promise<Opening> {
  await page.goto(`${base}/#s=${encoded}`)
  // No diagram is drawn before the link's own (the default scenario the lab holds meanwhile is
  // not shown): the prompt is the first thing the app adds.
  const pending = await settledInPage<{ atMs: number; worstLagMs: number }>(
    page,
    'window.flPending',
    RUN_TIMEOUT_MS,
  )
  const firstPaintMs = await page.evaluate(
    () => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN,
  )
  return { promptMs: pending.atMs, firstPaintMs, openLagMs: pending.worstLagMs }
}

async function measureLink(
  page: Page,
  base: string,
  encoded: string,
  link: Link,
  estimated: number,
  earlier: readonly Opening[],
): Promise<BenchResult[]> {
  const name = (what: string) => `lab: ${link.name}-event link, ${what}`
  const ask = page.getByRole('button', { name: 'Run it in the background' })
  const running = page.getByRole('region', { name: 'Computing the run' })
  const pending = pendingIn(page)
  // The diagram's stand-in while a heavy run is laid out in slices (SpaceTimeDiagram).
  const drawing = page.locator('.fl-diagram-drawing')
  const openings = [...earlier, await openLink(page, base, encoded)]
  const opened = (of: (o: Opening) => number) => ({
    value: round(median(openings.map(of)), 0),
    samples: openings.map((o) => round(of(o), 0)),
  })
  const promptMs = opened((o) => o.promptMs)
  const firstPaintMs = opened((o) => o.firstPaintMs)
  const openLagMs = opened((o) => o.openLagMs)
  await page.evaluate(() => window.flLag && (window.flLag.worst = 0))
  if (await ask.isVisible()) await ask.click()
  // A run of this size may be done before the click is measured: then there is nothing to time.
  const clickMs = (await running.isVisible()) ? await themeClickMs(page) : NaN
  await running.waitFor({ state: 'hidden', timeout: RUN_TIMEOUT_MS })
  // A heavy run is drawn in slices after it arrives: shown means drawn.
  await drawing.waitFor({ state: 'detached', timeout: RUN_TIMEOUT_MS })
  const shownMs = await page.evaluate(() => performance.now())
  const lagMs = await page.evaluate(() => window.flLag?.worst ?? NaN)
  const events = await page.evaluate(() => {
    const m = /(\d[\d,]*) events\./.exec(
      document.querySelector('[aria-live="polite"]')?.textContent ?? '',
    )
    return m === null ? NaN : Number((m[1] ?? '').replaceAll(',', ''))
  })
  const shownHeap = await usedHeapBytes(page)

  await page.getByRole('tab', { name: 'Break things' }).click()
  const edits: number[] = []
  const editLags: number[] = []
  for (let i = 0; i < link.edits; i++) {
    // 6 s apart: each 5 s pause has ended before the next moment, where C0 can be paused again.
    await page.getByRole('slider', { name: 'Time' }).fill(String(1000 + i * 6000))
    await page.waitForTimeout(300)
    await page.evaluate(() => window.flLag && (window.flLag.worst = 0))
    const started = Date.now()
    await page.getByRole('button', { name: 'Pause client C0', exact: true }).click()
    // The edited run is as large again: the reader is asked first (and says run it), then it
    // is computed in the worker. Waiting only for the progress to be hidden would end at once,
    // before either appeared.
    await pending.first().waitFor({ timeout: RUN_TIMEOUT_MS })
    if (await ask.isVisible()) await ask.click()
    await pending.first().waitFor({ state: 'hidden', timeout: RUN_TIMEOUT_MS })
    await drawing.waitFor({ state: 'detached', timeout: RUN_TIMEOUT_MS })
    // Wait for the run to be drawn: the pending region is gone once the new run is in the store.
    await page.evaluate(
      () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))),
    )
    edits.push(Date.now() - started)
    editLags.push(await page.evaluate(() => window.flLag?.worst ?? NaN))
  }
  const editedHeap = await usedHeapBytes(page)
  const detail = { events, estimated, scenario: link.scenario().id }
  const openingDetail = (samples: number[]) => ({
    ...detail,
    samples,
    measured: `median of ${openings.length} fresh pages`,
  })
  return [
    {
      name: name('first contentful paint'),
      value: firstPaintMs.value,
      unit: 'ms',
      detail: openingDetail(firstPaintMs.samples),
    },
    {
      name: name('size prompt or progress shown'),
      value: promptMs.value,
      unit: 'ms',
      detail: openingDetail(promptMs.samples),
    },
    {
      name: name('its run shown (computed in the worker)'),
      value: round(shownMs, 0),
      unit: 'ms',
      detail,
    },
    {
      name: name('worst main-thread delay while the link opens (until the prompt)'),
      value: openLagMs.value,
      unit: 'ms',
      target: '< 100',
      detail: openingDetail(openLagMs.samples),
    },
    {
      name: name('worst main-thread delay while its run is computed'),
      value: round(lagMs, 0),
      unit: 'ms',
      target: '< 100',
      detail: { ...detail, themeClickMs: round(clickMs, 1) },
    },
    {
      name: name(`time per edit (median of ${link.edits})`),
      value: round(median(edits), 0),
      unit: 'ms',
      detail: { ...detail, samples: edits, worstDelayPerEditMs: editLags.map((v) => round(v, 0)) },
    },
    {
      name: name(`JS heap after ${link.edits} edits`),
      value: round(editedHeap / 2 ** 20, 1),
      unit: 'MiB',
      detail: { ...detail, heapWhenShownMiB: round(shownHeap / 2 ** 20, 1) },
    },
  ]
}

/** A click on the Dark theme → the DOM showing it, in the page's clock. */
async function themeClickMs(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((done) => {
        const target = [...document.querySelectorAll<HTMLInputElement>('input[type="radio"]')].find(
          (input) => input.value === 'dark',
        )
        const lab = document.querySelector<HTMLElement>('.fl-lab')
        if (target === undefined || lab === null) return done(NaN)
        const started = performance.now()
        const observer = new MutationObserver(() => {
          if (lab.dataset.theme !== 'dark') return
          observer.disconnect()
          done(performance.now() - started)
        })
        observer.observe(lab, { attributes: true })
        target.click()
      }),
  )
}
