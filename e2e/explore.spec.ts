/**
 * "Find a counterexample" against the production build: the search finds gc-pause-unfenced's
 * stale write and shows it on the diagram, reports gc-pause's bounded "no token-order violation",
 * compares fencing on and off, cancels, runs chaos mode and opens a failing run — with the main
 * thread free while the workers search (long tasks measured), axe passing, no console error.
 */
import type { Browser, Locator, Page } from '@playwright/test'
import { expect, test } from './fixtures'
import { mainThreadTasks } from '../bench/mainThread'
import { axeScan } from './axe'

/** Most CPU one main-thread task may take while the worker searches. */
const MAIN_THREAD_TASK_BUDGET_MS = 100

test.beforeEach(async ({ page }) => {
  // Long tasks on the main thread, from page load on.
  await page.addInitScript(() => {
    const w = window as unknown as { flLongTasks: Array<{ startMs: number; durationMs: number }> }
    w.flLongTasks = []
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) {
        w.flLongTasks.push({ startMs: e.startTime, durationMs: e.duration })
      }
    }).observe({ type: 'longtask', buffered: true })
  })
})

async function openExplorer(page: Page, preset: string) {
  await page.goto(`/?scenario=${preset}`)
  await page.getByRole('tab', { name: 'Find a counterexample' }).click()
  await expect(page.getByRole('button', { name: 'Find a counterexample' })).toBeEnabled()
}

function results(page: Page): Locator {
  return page.getByRole('region', { name: 'Search results' })
}

async function setBudget(page: Page, budget: { maxFaults?: 1 | 2 | 3 }) {
  await page.locator('.fl-explore-budget > summary').click()
  if (budget.maxFaults !== undefined) {
    const label = budget.maxFaults === 1 ? '1 fault' : `${budget.maxFaults} faults`
    await page.getByRole('radio', { name: label }).check()
  }
}

async function longTasksSince(page: Page, sinceMs: number) {
  return page.evaluate(
    (since) =>
      (
        window as unknown as { flLongTasks: Array<{ startMs: number; durationMs: number }> }
      ).flLongTasks.filter((t) => t.startMs >= since),
    sinceMs,
  )
}

/** Runs `body` with a Chrome trace of the page written to `path` (see bench/mainThread.ts). */
async function traced<T>(browser: Browser, page: Page, path: string, body: () => Promise<T>) {
  await browser.startTracing(page, { path, categories: ['toplevel', 'devtools.timeline'] })
  try {
    return await body()
  } finally {
    await browser.stopTracing()
  }
}

test('gc-pause-unfenced: the search finds the stale write; Show it plays it on the diagram', async ({
  page,
  browser,
}) => {
  await openExplorer(page, 'gc-pause-unfenced')
  const startMs = await page.evaluate(() => performance.now())
  const tracePath = test.info().outputPath('trace.json')
  const foundMs = await traced(browser, page, tracePath, async () => {
    await page.getByRole('button', { name: 'Find a counterexample' }).click()
    const heading = results(page).getByRole('heading', { name: /^Counterexample: / })
    await expect(heading).toBeVisible()
    return (await page.evaluate(() => performance.now())) - startMs
  })
  const result = results(page).getByRole('article')
  await expect(result).toContainText('Counterexample: a stale write accepted token-order')
  await expect(result).toContainText(
    "storage applied A's write with token 41 after B's write with token 42",
  )
  await expect(result).toContainText('The schedule: 1 fault, minimal within this budget')
  await expect(result.getByRole('listitem')).toHaveCount(1)
  await expect(result).toContainText(/\d+ schedules explored, \d+ distinct states/)

  // The main thread stayed free while the worker searched.
  const longTasks = await longTasksSince(page, startMs)
  const tasks = mainThreadTasks(tracePath)
  const busiest = Math.max(0, ...tasks.map((t) => t.cpuMs))
  console.log(
    `time to counterexample in the browser: ${foundMs.toFixed(0)} ms; long tasks (wall): ${JSON.stringify(longTasks.map((t) => Math.round(t.durationMs)))}; main-thread tasks: ${tasks.length}, most CPU in one: ${busiest.toFixed(1)} ms`,
  )
  expect(tasks.length).toBeGreaterThan(0)
  // A cheap budget with margin (a search on the main thread would take seconds): 53 ms was seen
  // on a loaded 2-core machine for the result's own render. Figures belong in npm run bench.
  // Every task of the main thread in the trace is under it in CPU, so a long task the page saw
  // (wall time, logged above) was the thread waiting for a core, not working. (Pairing each long
  // task with a trace task by its duration, to 2 ms, failed now and then: the two clocks round
  // and bound a task differently.)
  expect(busiest).toBeLessThan(MAIN_THREAD_TASK_BUDGET_MS)

  await result.getByRole('button', { name: /^Show it/ }).click()
  await expect(page.getByRole('combobox', { name: 'Scenario' })).toHaveValue('__custom__')
  // The cursor is on the violation: its marker is on the diagram, not hidden as future.
  const diagram = page.getByRole('group', { name: /^Space-time diagram/ })
  const marker = diagram.getByRole('button', { name: /^Violation, .*token 41 after B's write/ })
  await expect(marker).toBeVisible()
  await expect(page.getByRole('slider', { name: 'Time' })).toHaveValue('12021')
  // The event log tells the stale write that was accepted, after B's.
  const log = page.getByRole('list', { name: 'Event log' })
  const texts = await log.locator('.fl-log-text').allTextContents()
  const b42 = texts.indexOf('storage accepted B\'s write "B" with token 42')
  const a41 = texts.indexOf('storage accepted A\'s write "A" with token 41')
  expect(b42).toBeGreaterThanOrEqual(0)
  expect(a41).toBeGreaterThan(b42)
  await expect(result).toContainText('Shown in the lab at 12.021 s.')

  // Undo returns to the preset.
  await result.getByRole('button', { name: 'Undo' }).click()
  await expect(page.getByRole('combobox', { name: 'Scenario' })).toHaveValue('gc-pause-unfenced')
  await expect(result).not.toContainText('Shown in the lab')
})

test('gc-pause: no token-order violation within the budget, said as a bounded claim', async ({
  page,
}) => {
  await openExplorer(page, 'gc-pause')
  await page.getByLabel('Look for').selectOption('token-order')
  await setBudget(page, { maxFaults: 1 })
  await expect(page.locator('.fl-explore-budget > summary')).toContainText(
    'all 8 fault kinds · up to 1 fault · 1 timing variation · at most 200,000 schedules',
  )
  await page.getByRole('button', { name: 'Find a counterexample' }).click()
  const result = results(page).getByRole('article')
  await expect(result.getByRole('heading')).toHaveText(
    'No token-order violation within this budget',
  )
  await expect(result).toContainText('This is a bounded claim, not a proof.')
  await expect(result).toContainText(/tried every schedule of up to 1 fault \(pauses, delays/)
  await expect(result).toContainText(/[\d,]+ schedules explored, [\d,]+ distinct states/)
  await expect(result).toContainText('It exhausted that space.')
  await expect(result).toContainText('might still break it')
  // Focus moved from Cancel (gone) to the result.
  await expect(result.getByRole('heading')).toBeFocused()
})

test('fencing on and off side by side: progress, then none with fencing, a stale write without', async ({
  page,
}) => {
  await openExplorer(page, 'gc-pause')
  await page.getByLabel('Look for').selectOption('token-order')
  await page.getByRole('button', { name: 'Search with fencing on and off' }).click()
  const on = results(page).getByRole('group', { name: 'Fencing on' })
  const off = results(page).getByRole('group', { name: 'Fencing off' })
  // Fencing on has the whole default budget to exhaust: its progress shows meanwhile.
  await expect(on.getByRole('progressbar')).toBeVisible()
  await expect(on.locator('.fl-explore-stats')).toContainText(/Schedules explored\s*[\d,]+/)
  await expect(on.locator('.fl-explore-stats')).toContainText(/Distinct states/)
  await expect(on.locator('.fl-explore-stats')).toContainText(/Rate\s*[\d,]+\/s/)
  await expect(off.getByRole('heading', { name: /^Counterexample: a stale write/ })).toBeVisible()
  await expect(
    on.getByRole('heading', { name: 'No token-order violation within this budget' }),
  ).toBeVisible({ timeout: 60_000 })
  await expect(on).toContainText('This is a bounded claim, not a proof.')
})

test('cancel: a long search stops, the panel returns to idle, no result is shown', async ({
  page,
}) => {
  await openExplorer(page, 'gc-pause')
  await setBudget(page, { maxFaults: 3 })
  await page.getByLabel('Stop after').selectOption('1000000')
  await page.getByRole('button', { name: 'Find a counterexample' }).click()
  const cancel = page.getByRole('button', { name: 'Cancel' })
  // Keyboard users land on Cancel.
  await expect(cancel).toBeFocused()
  await expect(page.getByRole('progressbar')).toBeVisible()
  await expect(page.locator('.fl-explore-stats')).toContainText(/Schedules explored\s*[1-9]/)
  await page.keyboard.press('Enter')
  await expect(cancel).toHaveCount(0)
  await expect(page.getByRole('progressbar')).toHaveCount(0)
  await expect(results(page)).toHaveCount(0)
  await expect(page.getByRole('article')).toHaveCount(0)
  await expect(page.getByRole('tabpanel').getByRole('status')).toHaveText(
    /^Search cancelled after [\d,]+ schedules\. Nothing was concluded\.$/,
  )
  await expect(page.getByRole('button', { name: 'Find a counterexample' })).toBeEnabled()
  await expect(page.getByRole('button', { name: 'Find a counterexample' })).toBeFocused()
})

test('chaos mode: fencing on vs off plotted; a failing run opens in the lab', async ({ page }) => {
  await openExplorer(page, 'gc-pause')
  await page.getByRole('radio', { name: 'Chaos mode' }).check()
  await page.getByLabel('Runs').selectOption('1000')
  await page.getByRole('button', { name: 'Run chaos' }).click()
  const chaos = page.getByRole('region', { name: 'Chaos results' })
  await expect(chaos.getByRole('heading', { name: /^1,000 runs in / })).toBeVisible()
  await expect(chaos).toContainText('With fencing on, no run broke an invariant.')
  await expect(chaos).toContainText(/With fencing off, \d+ broke an invariant \([\d.]+ per 1,000\)/)
  const plot = chaos.getByRole('img', {
    name: /Violations per 1,000 runs by kind, fencing on vs off/,
  })
  await expect(plot).toBeVisible()
  await expect(chaos.locator('.fl-chaos-legend')).toHaveText(
    /Fencing on \(atomic\).*Fencing off \(none\)/,
  )
  // Fencing on: every bar is 0; fencing off: the stale-write bar is not.
  await expect(chaos.locator('.fl-chaos-plot rect.fl-chaos-bar--fenced')).toHaveCount(0)
  expect(await chaos.locator('.fl-chaos-plot rect[fill^="url("]').count()).toBeGreaterThanOrEqual(2)
  await chaos.getByText('Show the numbers as a table').click()
  const row = chaos.getByRole('row', { name: /^Stale write token-order/ })
  await expect(row.getByRole('cell').first()).toHaveText('0 runs · 0 per 1,000')
  await expect(row.getByRole('cell').nth(1)).not.toHaveText('0 runs · 0 per 1,000')

  const runs = chaos.getByRole('table', { name: /^Failing runs/ })
  const open = runs
    .getByRole('button', { name: /^Open run \d+ \(fencing off\) in the lab$/ })
    .first()
  await open.click()
  await expect(page.getByRole('combobox', { name: 'Scenario' })).toHaveValue('__custom__')
  const diagram = page.getByRole('group', { name: /^Space-time diagram/ })
  await expect(diagram.getByRole('button', { name: /^Violation, / }).first()).toBeVisible()
  await runs.getByRole('button', { name: /^Undo/ }).click()
  await expect(page.getByRole('combobox', { name: 'Scenario' })).toHaveValue('gc-pause')
})

async function expectAxeClean(page: Page) {
  const results = await axeScan(page).analyze()
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.length}`)).toEqual([])
}

async function expectAxeCleanInBothThemes(page: Page) {
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme })
    await expect
      .poll(() => page.evaluate(() => matchMedia('(prefers-color-scheme: dark)').matches))
      .toBe(colorScheme === 'dark')
    await test.step(`axe, ${colorScheme}`, () => expectAxeClean(page))
  }
}

test("axe finds no WCAG 2.1 A/AA violations with the panel's results open, light and dark", async ({
  page,
}) => {
  test.setTimeout(90_000)
  await openExplorer(page, 'gc-pause-unfenced')
  await page.getByLabel('Look for').selectOption('token-order')
  await setBudget(page, { maxFaults: 1 })
  await page.getByRole('button', { name: 'Search with fencing on and off' }).click()
  await expect(results(page).getByRole('article')).toHaveCount(2)
  await page.getByRole('radio', { name: 'Chaos mode' }).check()
  await page.getByLabel('Runs').selectOption('1000')
  await page.getByRole('button', { name: 'Run chaos' }).click()
  await expect(page.getByRole('heading', { name: /^1,000 runs in / })).toBeVisible()
  await page.getByText('Show the numbers as a table').click()
  // The themes are CSS media queries: switching the emulated scheme restyles the same page, so
  // the search and the 1,000 chaos runs are done once for both.
  await expectAxeCleanInBothThemes(page)
  await page.getByRole('radio', { name: 'Systematic search' }).check()
  await expect(results(page).getByRole('article')).toHaveCount(2)
  await expectAxeCleanInBothThemes(page)
})

test('axe finds no WCAG 2.1 A/AA violations while a search runs', async ({ page }) => {
  test.setTimeout(60_000)
  await openExplorer(page, 'gc-pause')
  await setBudget(page, { maxFaults: 3 })
  await page.getByLabel('Stop after').selectOption('1000000')
  await page.getByRole('button', { name: 'Search with fencing on and off' }).click()
  // The unfenced side may finish at once (a counterexample); the fenced one runs on.
  await expect(page.getByRole('progressbar').first()).toBeVisible()
  await expectAxeClean(page)
  await page.getByRole('button', { name: 'Cancel' }).click()
  await expect(page.getByRole('progressbar')).toHaveCount(0)
})
