/**
 * Big runs never freeze the reader's tab: a link above the page's budget shows its size and a
 * choice before anything runs; a heavy run is computed in a Web Worker with progress and Cancel,
 * and the page answers a click while it runs; the embed refuses a huge link with its size.
 */
import type { Page } from '@playwright/test'
import { expect, openLab, test } from './fixtures'
import { encodeScenario } from '../src/link/encode'
import type { ScenarioInput } from '../src/sim'
import { estimateRun, parseScenario } from '../src/sim'
import { count as estimateWords } from '../src/store/largeRun'
import { contentionScenario } from '../bench/workloads'
import { AFTER_PAINT_LIMIT_MS } from '../src/ui/panelMoment'

/** A client renewing every `renewEveryMs` until the horizon. */
function renewing(durationMs: number, renewEveryMs: number): ScenarioInput {
  return {
    title: 'Renewing all day',
    durationMs,
    network: { latencyMs: 1 },
    clients: [
      { id: 'A', renewEveryMs, script: [{ do: 'acquire' }, { do: 'work', ms: durationMs }] },
    ],
  }
}

/**
 * Milliseconds from a click on a theme until the page shows it (in the page's clock), and whether
 * `busy` (a selector) was still in the page when it did.
 */
async function clickDelay(
  page: Page,
  theme: 'dark' | 'light',
  busy: string | null = null,
): Promise<{ ms: number; whileBusy: boolean }> {
  return page.evaluate(
    ({ theme, busy }) =>
      new Promise<{ ms: number; whileBusy: boolean }>((done) => {
        const target = [...document.querySelectorAll<HTMLInputElement>('input[type="radio"]')].find(
          (input) => input.value === theme,
        )
        if (target === undefined) throw new Error(`no ${theme} theme control`)
        const lab = document.querySelector('.fl-lab') as HTMLElement
        const started = performance.now()
        const observer = new MutationObserver(() => {
          if (lab.dataset.theme !== theme) return
          observer.disconnect()
          done({
            ms: performance.now() - started,
            whileBusy: busy !== null && document.querySelector(busy) !== null,
          })
        })
        observer.observe(lab, { attributes: true })
        target.click()
      }),
    { theme, busy },
  )
}

/** Milliseconds from a click on a theme until the page shows it. */
async function clickDelayMs(page: Page, theme: 'dark' | 'light'): Promise<number> {
  return (await clickDelay(page, theme)).ms
}

test('a huge link shows its size and a choice before anything runs', async ({ page }) => {
  await openLab(page, `/#s=${encodeScenario(renewing(86_400_000, 10))}`)
  const ask = page.getByRole('region', { name: 'A large run' })
  await expect(ask).toContainText('“Renewing all day” is a large run: 2,000,000 events or more.')
  await expect(ask.getByRole('button', { name: 'Run it in the background' })).toBeVisible()
  await expect(ask.getByRole('button', { name: /^Shorten it to / })).toBeVisible()
  // The address keeps the link while its run waits (a reload asks again).
  expect(page.url()).toContain('#s=')
  // Nothing but the link's scenario is shown: its name in the picker, its place in the stage; not
  // the default scenario the store holds meanwhile, nor its panels.
  const picker = page.getByRole('combobox', { name: 'Scenario' })
  await expect(picker.locator('option:checked')).toHaveText('Custom: Renewing all day')
  await expect(page.getByRole('region', { name: 'Timeline' })).toHaveText(
    '“Renewing all day” is drawn here once its run is computed.',
  )
  // Not drawn at all, hidden or not: the page's first task stays short.
  await expect(page.locator('svg.fl-diagram')).toHaveCount(0)
  await expect(page.locator('.fl-question:visible')).toHaveCount(0)
  await expect(page.locator('.fl-lab [role="tablist"]:visible')).toHaveCount(0)
  await expect(page.getByRole('button', { name: 'Play' })).toHaveCount(0)
  // Nor do the page's keys play or step that hidden scenario.
  await page.keyboard.press('Space')
  await page.keyboard.press('ArrowRight')
  await page.waitForTimeout(600)
  await ask.getByRole('button', { name: 'Not now' }).click()
  await expect(ask).toBeHidden()
  // Then the lab shows its default scenario, working.
  await expect(page.locator('svg.fl-diagram').first()).toBeVisible()
  await expect(picker.locator('option:checked')).toHaveText('GC pause: token 41 vs 42')
  await expect(page.locator('.fl-clock')).toHaveText(/^0\.000 s/)
  await expect(page.getByRole('button', { name: 'Play', exact: true })).toBeVisible()
  await expect(page.getByRole('tablist').first()).toBeVisible()
})

test('a long link (25,000 script lines) is read in pieces and opens its own scenario', async ({
  page,
}) => {
  // Ten clients contending for 500 rounds: 500 kB of scenario JSON in a 4 kB link.
  const scenario: ScenarioInput = {
    title: 'Ten clients contending',
    durationMs: 86_400_000,
    lockService: { leaseMs: 200 },
    clients: Array.from({ length: 10 }, (_, i) => ({
      id: `C${i}`,
      startMs: i * 3,
      script: Array.from({ length: 500 }, () => [
        { do: 'acquire' as const },
        { do: 'read' as const },
        { do: 'work' as const, ms: 20 + i },
        { do: 'write' as const, increment: 1 },
        { do: 'release' as const },
      ]).flat(),
    })),
  }
  const parsed = parseScenario(scenario)
  if (!parsed.ok) throw new Error(parsed.message)
  await openLab(page, `/#s=${encodeScenario(parsed.scenario)}`)
  // The page's size for it is the whole scenario's, every script line of every client read.
  const ask = page.getByRole('region', { name: 'A large run' })
  await expect(ask).toContainText(
    `“Ten clients contending” is a large run: ${estimateWords(estimateRun(parsed.scenario))}.`,
  )
  expect(page.url()).toContain('#s=')
})

test('a heavy run shows progress, the page answers a click during it, and Cancel stops it', async ({
  page,
}) => {
  await openLab(page, `/#s=${encodeScenario(renewing(86_400_000, 10))}`)
  // The same click with nothing running, for reference (the machine may be loaded).
  await clickDelayMs(page, 'dark')
  const idleMs = await clickDelayMs(page, 'light')
  await page.getByRole('button', { name: 'Run it in the background' }).click()
  const running = page.getByRole('region', { name: 'Computing the run' })
  await expect(running).toBeVisible()
  await expect(running).toContainText(/[\d,]+ events so far/)
  await expect(running.getByRole('progressbar', { name: 'Progress of the run' })).toBeVisible()
  const busy = await clickDelay(page, 'dark', 'section[aria-label="Computing the run"]')
  console.log(`theme click → shown: ${idleMs.toFixed(0)} ms idle, ${busy.ms.toFixed(0)} ms mid-run`)
  // The run is in the worker: the page painted the click while the run still went on. (How fast
  // is the benchmark's business: a bound here measures the machine's load as much as the page.)
  expect(busy.whileBusy).toBe(true)
  await expect(running).toBeVisible()
  await running.getByRole('button', { name: 'Cancel' }).click()
  await expect(running).toBeHidden()
  await expect(page.locator('.fl-lab [aria-live="polite"][aria-atomic="true"]')).toContainText(
    'Cancelled',
  )
})

test('a run heavier than a frame comes back from the worker and is shown', async ({ page }) => {
  await openLab(
    page,
    `/#s=${encodeScenario({ ...renewing(60_000, 10), title: 'Renewing a minute' })}`,
  )
  await expect(page.locator('.fl-lab')).toContainText('Renewing a minute', { timeout: 30_000 })
  await expect(page.getByRole('region', { name: 'Computing the run' })).toBeHidden({
    timeout: 30_000,
  })
})

test('a heavy run is drawn in slices: the page answers a click while its diagram is laid out', async ({
  page,
}) => {
  test.setTimeout(120_000)
  // Six minutes of renewals every 10 ms: about 200k events, a layout of a second or more.
  await openLab(
    page,
    `/#s=${encodeScenario({ ...renewing(360_000, 10), title: 'Renewing six minutes' })}`,
  )
  await clickDelayMs(page, 'dark')
  const idleMs = await clickDelayMs(page, 'light')
  // In the page: when the diagram says it is drawing, a click is asked for 30 ms later (a
  // reader's click while the layout runs); how late the theme shows, from the moment the click
  // was due, is what the reader waits.
  const watched = page.evaluate(
    () =>
      new Promise<{
        text: string
        role: string | null
        lateMs: number
        drewForMs: number
        shownWhileDrawing: boolean
      }>((done) => {
        let seen: { text: string; role: string | null; at: number } | null = null
        let lateMs = Number.NaN
        let shownWhileDrawing = false
        const lab = document.querySelector('.fl-lab') as HTMLElement
        const observer = new MutationObserver(() => {
          const drawing = document.querySelector('.fl-diagram-drawing')
          if (seen === null && drawing !== null) {
            seen = {
              text: drawing.textContent ?? '',
              role: drawing.getAttribute('role'),
              at: performance.now(),
            }
            const due = performance.now() + 30
            setTimeout(() => {
              const dark = [
                ...document.querySelectorAll<HTMLInputElement>('input[type="radio"]'),
              ].find((input) => input.value === 'dark')
              dark?.click()
            }, 30)
            const themed = new MutationObserver(() => {
              if (lab.dataset.theme !== 'dark') return
              themed.disconnect()
              lateMs = performance.now() - due
              shownWhileDrawing = document.querySelector('.fl-diagram-drawing') !== null
            })
            themed.observe(lab, { attributes: true })
          }
          if (seen !== null && drawing === null && !Number.isNaN(lateMs)) {
            observer.disconnect()
            done({ ...seen, lateMs, drewForMs: performance.now() - seen.at, shownWhileDrawing })
          }
        })
        observer.observe(document.body, { childList: true, subtree: true, attributes: true })
      }),
  )
  const ask = page.getByRole('button', { name: 'Run it in the background' })
  const computing = page.getByRole('region', { name: 'Computing the run' })
  await expect(ask.or(computing)).toBeVisible()
  if (await ask.isVisible()) await ask.click()
  const { text, role, lateMs, drewForMs, shownWhileDrawing } = await watched
  console.log(
    `theme click → shown: ${idleMs.toFixed(0)} ms idle, ${lateMs.toFixed(0)} ms late while drawing (${drewForMs.toFixed(0)} ms of drawing)`,
  )
  // Between the run's arrival and its drawing, the diagram says what it is doing.
  expect(role).toBe('status')
  expect(text).toMatch(/^Drawing [\d,]+ events…$/)
  // The click came while the layout ran and was answered before the layout ended: the page
  // painted the new theme with the stand-in still up, so the layout gave the page its turns. How
  // late (the figure above) is the benchmark's business (npm run bench: "worst main-thread delay
  // while the link opens"); a bound on it here failed on a loaded CI machine (172 ms against
  // 2 × 22 + 100) while the slicing worked.
  expect(shownWhileDrawing).toBe(true)
  expect(lateMs).toBeLessThan(drewForMs)
  await expect(page.locator('.fl-diagram-drawing')).toHaveCount(0)
  await expect(page.locator('.fl-lab')).toContainText('Renewing six minutes')
  await expect(page.locator('svg.fl-diagram').first()).toBeVisible()
})

test('the embed refuses a huge link with its size and a link to the lab', async ({ page }) => {
  const encoded = encodeScenario(renewing(86_400_000, 10))
  await page.goto(`/embed.html#s=${encoded}`)
  await expect(page.getByRole('alert')).toContainText(
    '“Renewing all day” is too large for an embedded lab: 2,000,000 events or more',
  )
  await expect(page.getByRole('link', { name: /Open in Fencing Lab/ })).toHaveAttribute(
    'href',
    new RegExp(`#s=${encoded}$`),
  )
})

test('edits of a heavy run keep one run in memory, not the ones before it', async ({ page }) => {
  test.setTimeout(180_000)
  // Ten clients contending for 500 rounds (~130k events, computed in the worker): each edit is
  // another run of that size. The panels' first wait for a heavy run's diagram kept the first run
  // alive for good (49 -> 72 MiB here, the bench's 2M-event link 409 -> 811 MiB after ten edits);
  // nothing said so but the bench.
  const scenario = parseScenario(contentionScenario(10, 500))
  if (!scenario.ok) throw new Error(scenario.message)
  await openLab(page, `/#s=${encodeScenario(scenario.scenario)}`)
  const pending = page.locator('[aria-label="A large run"], [aria-label="Computing the run"]')
  const ask = page.getByRole('button', { name: 'Run it in the background' })
  const drawing = page.locator('.fl-diagram-drawing')
  const settle = async () => {
    await expect(pending.or(drawing).first()).toBeVisible({ timeout: 60_000 })
    if (await ask.isVisible()) await ask.click()
    await expect(pending).toHaveCount(0, { timeout: 60_000 })
    await expect(drawing).toHaveCount(0, { timeout: 60_000 })
    // The panels wait for the diagram (ui/holdUntilDrawn.ts), then take the new run once its
    // frame is painted, AFTER_PAINT_LIMIT_MS later at the most: until then they rightly still
    // show the run before.
    await expect(page.locator('.fl-held[aria-busy]')).toHaveCount(0)
    await page.waitForTimeout(2 * AFTER_PAINT_LIMIT_MS)
  }
  await settle()
  // A change of theme while the heavy run is shown: rendering the page again then kept that run
  // for good (preact keeps the tree an element was last rendered with), 48 -> 87 MiB here.
  await page.getByRole('radio', { name: 'Dark' }).first().check()
  await expect(page.locator('.fl-lab')).toHaveAttribute('data-theme', 'dark')
  const heapMiB = async () => {
    const cdp = await page.context().newCDPSession(page)
    await cdp.send('HeapProfiler.collectGarbage')
    const { usedSize } = (await cdp.send('Runtime.getHeapUsage')) as { usedSize: number }
    await cdp.detach()
    return usedSize / 1048576
  }
  const shown = await heapMiB()
  await page.getByRole('tab', { name: 'Break things' }).click()
  for (let i = 0; i < 3; i++) {
    // 6 s apart: each 5 s pause has ended before the next moment, where C0 can be paused again.
    await page.getByRole('slider', { name: 'Time' }).fill(String(1000 + i * 6000))
    await page.getByRole('button', { name: 'Pause client C0', exact: true }).click()
    await settle()
  }
  const edited = await heapMiB()
  console.log(`heap: ${shown.toFixed(1)} MiB shown, ${edited.toFixed(1)} MiB after 3 edits`)
  expect(edited).toBeLessThan(shown * 1.25)
})
