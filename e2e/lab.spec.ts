/**
 * The lab page against the production build: the gc-pause story (41 rejected after 42), breaking
 * it from the UI, the keyboard-only path, compare mode, bad links, accessibility in both themes,
 * reduced motion — and no console error anywhere.
 */
import type { Locator, Page } from '@playwright/test'
import { expect, openLab, test } from './fixtures'
import { tabReachesAll } from './keyboard'
import { encodeScenario } from '../src/link/encode'
import { findPreset, parseScenario, run } from '../src/sim'
import { generatedScenario } from '../bench/labScenario'
import { axeScan } from './axe'

const REJECTED = "storage rejected A's write: token 41 < 42"
const ACCEPTED_42 = 'storage accepted B\'s write "B" with token 42'
const ACCEPTED_41 = 'storage accepted A\'s write "A" with token 41'

function log(page: Page): Locator {
  return page.getByRole('list', { name: 'Event log' })
}

/** The texts of the log entries, in order. */
async function logTexts(page: Page): Promise<string[]> {
  return log(page).locator('.fl-log-text').allTextContents()
}

function faults(page: Page): Locator {
  return page.getByRole('region', { name: 'Faults in this scenario' })
}

function scrubber(page: Page): Locator {
  return page.getByRole('slider', { name: 'Time' })
}

/** Whether an entry is inside the visible part of the log's scroller. */
async function shownInLog(entry: Locator): Promise<boolean> {
  return entry.evaluate((el) => {
    const scroller = el.closest('.fl-log-scroll')
    if (scroller === null) return false
    const box = el.getBoundingClientRect()
    const view = scroller.getBoundingClientRect()
    return box.top >= view.top - 1 && box.bottom <= view.bottom + 1
  })
}

test('a link that opens at a moment shows that moment in the event log', async ({ page }) => {
  await page.goto('/?scenario=gc-pause&t=16005')
  const current = log(page).locator('[aria-current="step"]')
  await expect(current).toContainText('16.005 s')
  await expect.poll(() => shownInLog(current)).toBe(true)
  // The log scrolled itself, not the page.
  expect(await page.evaluate(() => window.scrollY)).toBe(0)
})

async function expectStory41After42(page: Page) {
  const texts = await logTexts(page)
  const accepted = texts.indexOf(ACCEPTED_42)
  const rejected = texts.indexOf(REJECTED)
  expect(accepted).toBeGreaterThanOrEqual(0)
  expect(rejected).toBeGreaterThan(accepted)
  // The diagram draws the same two decisions on the storage lane: ✓ 42, then (to its right,
  // later) ✗ 41 carrying its reason in the badge, "✗ 41 < 42"; its description says so in words.
  const diagram = page.getByRole('group', { name: /^Space-time diagram/ })
  const badge42 = diagram.locator('.fl-badge-text-accepted', { hasText: /^42$/ })
  const badge41 = diagram.locator('.fl-badge-text-rejected', { hasText: /^41 < 42$/ })
  await expect(badge42).toHaveCount(1)
  await expect(badge41).toHaveCount(1)
  const x42 = (await badge42.boundingBox())?.x ?? Number.NaN
  const x41 = (await badge41.boundingBox())?.x ?? Number.NaN
  expect(x41).toBeGreaterThan(x42)
  await expect(diagram.locator('desc')).toContainText(
    "storage accepted B's write with token 42 at 11.025 s; storage rejected A's write with token 41 at 16.005 s",
  )
}

test('gc-pause played to the end: 41 is rejected after 42 was accepted', async ({ page }) => {
  await page.goto('/?scenario=gc-pause')
  await expect(page.getByRole('combobox', { name: 'Scenario' })).toHaveValue('gc-pause')
  await expect(page.locator('.fl-question')).toHaveText(
    'What happens to work already in flight when a lease expires?',
  )
  const speed = page.getByRole('slider', { name: 'Speed' })
  await speed.focus()
  await page.keyboard.press('End')
  await expect(speed).toHaveAttribute('aria-valuetext', '8×')
  // True time (the story's holds are tested in stage.spec.ts).
  await page.getByRole('radio', { name: 'Real time' }).check()
  await page.getByRole('button', { name: 'Play', exact: true }).click()
  await expect(page.getByRole('button', { name: 'Pause', exact: true })).toBeVisible()
  // 16 s of simulated time at 8× takes about 2 s; the button says Play again at the end.
  await expect(page.getByRole('button', { name: 'Play', exact: true })).toBeVisible({
    timeout: 10_000,
  })
  await expect(scrubber(page)).toHaveValue('16010')
  await expect(log(page).locator('[aria-current="step"]')).toContainText(
    'Every client is done and nothing is in flight: the run ends',
  )
  await expectStory41After42(page)
  // The stage's caption (the story bar, shown while the page is scrolled on, says it too).
  await expect(
    page
      .getByRole('region', { name: 'Timeline' })
      .getByText('Storage rejects 41 because it has already seen 42.'),
  ).toBeVisible()
  // The inspector at the end: storage holds B's value and remembers 42.
  const storage = page.getByRole('region', { name: 'Resource storage' })
  await expect(storage).toContainText('"B"')
  await expect(storage).toContainText('1 rejected')
})

test('the clock keeps its width, so the track beside it never moves as time grows a digit', async ({
  page,
}) => {
  await page.goto('/?scenario=gc-pause')
  const track = scrubber(page)
  const clock = page.locator('.fl-clock')
  const boxes: string[] = []
  for (const ms of ['0', '9999', '10000', '16010']) {
    await track.fill(ms)
    await expect(clock.locator('span').first()).toHaveText(`${(Number(ms) / 1000).toFixed(3)} s`)
    const [trackBox, clockBox] = [await track.boundingBox(), await clock.boundingBox()]
    boxes.push(JSON.stringify([trackBox, clockBox]))
  }
  // gc-pause ends at 16.010 s: at 9.999 s the clock is a digit shorter than the end's time.
  expect(new Set(boxes).size).toBe(1)
  // The end's time is drawn beside the clock by its styles.
  const end = await clock.evaluate((el) => getComputedStyle(el, '::after').content)
  expect(end).toContain('/ 16.010 s')
})
test('pausing client B from the UI changes the outcome', async ({ page }) => {
  await page.goto('/?scenario=gc-pause&t=10010')
  await expect(scrubber(page)).toHaveValue('10010')
  await page.getByRole('tab', { name: 'Break things' }).click()
  await page.getByRole('combobox', { name: 'Pause for' }).selectOption('10000')
  await page.getByRole('button', { name: 'Pause client B', exact: true }).click()
  await expect(page.getByRole('button', { name: 'Resume client B', exact: true })).toBeVisible()
  await expect(faults(page).getByText('Pause client B at 10.011 s for 10 s')).toBeVisible()
  await expect(page).toHaveURL(/#s=[A-Za-z0-9_-]+&t=10011$/)
  await page.getByRole('button', { name: 'Jump to end', exact: true }).click()
  const texts = await logTexts(page)
  expect(texts).toContain(ACCEPTED_41)
  expect(texts).not.toContain(REJECTED)
  // Undo brings the story back; the link is a plain preset link again.
  await page.getByRole('button', { name: 'Undo', exact: true }).click()
  await expect(faults(page).getByText('Pause client B at 10.011 s for 10 s')).toHaveCount(0)
  await expect(page).toHaveURL(/\?scenario=gc-pause&t=\d+$/)
})

test('the panels never move when the sharing tools above them load late', async ({ page }) => {
  // A slow network for the sharing tools' code: the panels below them must not appear first and
  // then be pushed down under the reader's pointer (a click in that moment was lost).
  await page.route(/ShareBar-[\w-]+\.js$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1500))
    await route.continue()
  })
  // And the code of the bar's "Real history" group later still (once a chunk of its own, which
  // arrived after the panels: the bar grew by a row and pushed them 36 px down).
  await page.route(/(HistoryOpener|open)-[\w-]+\.js$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 2000))
    await route.continue()
  })
  await page.goto('/?scenario=gc-pause&t=12000')
  const tabs = page.getByRole('tablist', { name: 'Lab panels' })
  await tabs.waitFor()
  const before = await tabs.boundingBox()
  await expect(page.getByRole('group', { name: 'Share' })).toBeVisible()
  await expect(page.getByRole('group', { name: 'Real history' })).toBeVisible()
  expect(await tabs.boundingBox()).toEqual(before)
})

test('a message activated in the diagram can be dropped', async ({ page }) => {
  await page.goto('/?scenario=gc-pause&t=12000')
  // The diagram's messages are one roving tab stop; Enter activates the focused one.
  const write41 = page
    .getByRole('group', { name: /^Space-time diagram/ })
    .getByRole('button', { name: /^write "A" · 41\./ })
  await write41.focus()
  await page.keyboard.press('Enter')
  const selected = page.getByRole('region', { name: 'Selected message' })
  await expect(selected).toContainText('Message: write "A" · 41 · A → storage')
  await selected.getByRole('button', { name: 'Drop this message', exact: true }).click()
  await expect(selected).toHaveCount(0)
  await expect(
    faults(page).getByText('Drop the next message from client A to storage at 16 s'),
  ).toBeVisible()
  await page.getByRole('button', { name: 'Jump to end', exact: true }).click()
  const texts = await logTexts(page)
  expect(texts).toContain('The network dropped the write from A to storage')
  expect(texts).not.toContain(REJECTED)
})

test('the future can be hidden or faded, in the log as in the diagram', async ({ page }) => {
  await page.goto('/?scenario=gc-pause&t=1000')
  const rows = log(page).getByRole('listitem')
  const current = Number(
    await log(page).locator('[aria-current="step"]').locator('..').getAttribute('aria-posinset'),
  )
  await page.getByRole('radio', { name: 'Hide' }).check()
  await expect(rows).toHaveCount(current)
  await page.getByRole('button', { name: 'Step forward', exact: true }).click()
  await expect(rows).not.toHaveCount(current)
  await page.getByRole('radio', { name: 'Show' }).check()
  await expect(rows).toHaveCount(51)
  await expect(rows.first()).toHaveAttribute('aria-setsize', '51')
  await expect(log(page).locator('.is-future').first()).toBeVisible()
})

test('a 5,000-event run: the log shows the rows around the cursor, numbered in the whole', async ({
  page,
}) => {
  const parsed = parseScenario(generatedScenario())
  if (!parsed.ok) throw new Error(parsed.message)
  const total = String(run(parsed.scenario).events.length)
  await openLab(page, `/#s=${encodeScenario(parsed.scenario)}`)
  const rows = log(page).getByRole('listitem')
  await expect(rows.first()).toHaveAttribute('aria-setsize', total)
  expect(await rows.count()).toBeLessThan(400)
  await scrubber(page).focus()
  await page.keyboard.press('End')
  const current = log(page).locator('[aria-current="step"]')
  await expect(current).toContainText('the run ends')
  await expect.poll(() => shownInLog(current)).toBe(true)
  await expect(current.locator('..')).toHaveAttribute('aria-posinset', total)
  // The most rows the log ever holds from here on: replayed from every DOM change, since one
  // task can add rows and take them away again before an observer hears of it.
  await log(page).evaluate((list) => {
    const w = window as unknown as { flMostRows: number }
    let rows = list.children.length
    w.flMostRows = rows
    new MutationObserver((records) => {
      for (const r of records) {
        rows += r.addedNodes.length - r.removedNodes.length
        w.flMostRows = Math.max(w.flMostRows, rows)
      }
    }).observe(list, { childList: true })
  })
  const mostRows = () =>
    page.evaluate(() => (window as unknown as { flMostRows: number }).flMostRows)
  await page.keyboard.press('Home')
  await page.keyboard.press('ArrowRight')
  await expect.poll(() => shownInLog(current)).toBe(true)
  // The log renders after the diagram (deferred); on a loaded machine that can take a while.
  await expect(current.locator('..')).toHaveAttribute('aria-posinset', /^\d{1,2}$/, {
    timeout: 15_000,
  })
  await page.keyboard.press('End')
  await expect(current.locator('..')).toHaveAttribute('aria-posinset', total)
  await expect.poll(() => shownInLog(current)).toBe(true)
  // Each jump rendered the rows around where it landed, never every row in between.
  expect(await mostRows()).toBeLessThan(400)

  // A reader scrolls the log away from the cursor: the log stays where they put it, renders
  // what they look at, and keeps the current entry (the list's tab stop) in the DOM.
  const scroller = page.locator('.fl-log-scroll')
  const fullHeight = await scroller.evaluate((el) => el.scrollHeight)
  await scroller.evaluate((el) => el.scrollTo({ top: 0 }))
  await expect(rows.first()).toHaveAttribute('aria-posinset', '1')
  await expect(current).toHaveCount(1)
  expect(await shownInLog(current)).toBe(false)
  expect(await rows.count()).toBeLessThan(400)
  await page.waitForTimeout(300)
  expect(await scroller.evaluate((el) => el.scrollTop)).toBe(0)
  expect(await shownInLog(rows.first())).toBe(true)
  // …at its place in the list: the last entry, at the bottom of a list as long as before, past
  // a gap for the rows between.
  const [rowBottom, listBottom] = await current
    .locator('..')
    .evaluate((li) => [
      (li as HTMLElement).offsetTop + (li as HTMLElement).offsetHeight,
      li.closest('.fl-log-scroll')?.scrollHeight ?? 0,
    ])
  expect(Math.abs((listBottom ?? 0) - fullHeight)).toBeLessThan(fullHeight * 0.05)
  expect(Math.abs((listBottom ?? 0) - (rowBottom ?? 0))).toBeLessThan(40)
  await expect(log(page).locator('button[tabindex="0"]')).toHaveAttribute('aria-current', 'step')
  // The gap between the two parts is no list item to assistive technology.
  const axe = await axeScan(page).include('.fl-log-panel').analyze()
  expect(axe.violations).toEqual([])
})

test('a 5,000-event run: arrows drawn in bulk still answer the pointer and the keyboard', async ({
  page,
}) => {
  const parsed = parseScenario(generatedScenario())
  if (!parsed.ok) throw new Error(parsed.message)
  await openLab(page, `/#s=${encodeScenario(parsed.scenario)}`)
  await scrubber(page).focus()
  await page.keyboard.press('End')
  const diagram = page.getByRole('group', { name: /^Space-time diagram/ })
  await expect(diagram.locator('.fl-msg-bulk').first()).toBeAttached()
  // Thousands of arrows, a few dozen elements: the marked arrows and the keyboard's stand-in.
  expect(await diagram.locator('[data-msg-index]').count()).toBeLessThan(100)
  await diagram.scrollIntoViewIfNeeded()
  // The middle of the first plain arrow, in viewport coordinates.
  const point = await diagram
    .locator('.fl-msg-bulk')
    .first()
    .evaluate((path) => {
      const m = /^M([\d.]+),([\d.]+)L([\d.]+),([\d.]+)/.exec(path.getAttribute('d') ?? '')
      const svg = path.closest('svg')
      if (m === null || svg === null) throw new Error('no plain arrow')
      const box = svg.getBoundingClientRect()
      const scale = box.width / svg.viewBox.baseVal.width
      const [x0, y0, x1, y1] = m.slice(1).map(Number) as [number, number, number, number]
      return { x: box.left + ((x0 + x1) / 2) * scale, y: box.top + ((y0 + y1) / 2) * scale }
    })
  await page.mouse.move(point.x, point.y)
  await expect(page.locator('.fl-tip-text').first()).toContainText(' → ')
  await expect(page.locator('.fl-tip-msg')).toHaveCount(1)
  await page.mouse.down()
  await page.mouse.up()
  const selected = page.getByRole('region', { name: 'Selected message' })
  await expect(selected).toContainText('Message: ')
  // The keyboard walks the arrows through one stand-in button.
  const first = diagram.locator('[data-msg-index][tabindex="0"]')
  await first.focus()
  const name = await first.getAttribute('aria-label')
  await page.keyboard.press('ArrowRight')
  const focused = diagram.locator('[data-msg-index]:focus')
  await expect(focused).toHaveAttribute('aria-label', / → /)
  expect(await focused.getAttribute('aria-label')).not.toBe(name)
  await page.keyboard.press('Enter')
  await expect(selected).toContainText('Message: ')
})

test('an edited scenario survives a reload through its link', async ({ page }) => {
  await page.goto('/?scenario=gc-pause&t=5000')
  await page.getByRole('tab', { name: 'Break things' }).click()
  await page.getByRole('button', { name: 'Resume client A', exact: true }).click()
  await expect(faults(page).getByText('Resume client A at 5.001 s')).toBeVisible()
  await expect(page).toHaveURL(/#s=/)
  await page.reload()
  await page.getByRole('tab', { name: 'Break things' }).click()
  await expect(faults(page).getByText('Resume client A at 5.001 s')).toBeVisible()
  await expect(scrubber(page)).toHaveValue('5001')
  await page.keyboard.press('End')
  expect(await logTexts(page)).not.toContain(REJECTED)
})

test('keyboard only: Tab reaches every control, and the story plays with keys', async ({
  page,
}) => {
  await page.goto('/?scenario=gc-pause')
  // Every tabbable control on the page is reached by Tab, in one pass: with the first panel,
  // then with the break-things panel and the scenario catalogue open.
  expect(await tabReachesAll(page)).toBeGreaterThan(15)
  await page.getByRole('tab', { name: 'Break things' }).click()
  await page.getByText(/^All \d+ scenarios$/).click()
  expect(await tabReachesAll(page)).toBeGreaterThan(45)
  await page.getByRole('tab', { name: 'State' }).click()

  // The story with keys, focus on the scrubber (the APG slider pattern).
  await scrubber(page).focus()
  const live = page.locator('[aria-live="polite"]')
  await page.keyboard.press('ArrowRight')
  await expect(scrubber(page)).toHaveValue('5')
  await expect(live).toContainText('The lock service granted the lease to A with token 41')
  await page.keyboard.press('ArrowLeft')
  await expect(scrubber(page)).toHaveValue('0')
  await page.keyboard.press('PageDown')
  await expect(scrubber(page)).toHaveValue('10010')
  await page.keyboard.press('End')
  await expect(scrubber(page)).toHaveValue('16010')
  await page.keyboard.press('PageUp')
  await expect(live).toContainText(REJECTED)
  await expect(scrubber(page)).toHaveAttribute('aria-valuetext', /^16\.005 s: /)
  await page.keyboard.press('Home')
  await expect(scrubber(page)).toHaveValue('0')
  await page.keyboard.press('Space')
  await expect(page.getByRole('button', { name: 'Pause', exact: true })).toBeVisible()
  await page.keyboard.press('Space')
  await expect(page.getByRole('button', { name: 'Play', exact: true })).toBeVisible()
  await page.keyboard.press('End')
  await expectStory41After42(page)

  // Breaking things from the keyboard: Ctrl+Z undoes it.
  await page.getByRole('tab', { name: 'State' }).focus()
  await page.keyboard.press('ArrowRight')
  await expect(page.getByRole('tab', { name: 'Break things' })).toHaveAttribute(
    'aria-selected',
    'true',
  )
  await page.keyboard.press('Home')
  await expect(page.getByRole('tab', { name: 'State' })).toHaveAttribute('aria-selected', 'true')
  await page.getByRole('tab', { name: 'Break things' }).click()
  await page
    .getByRole('button', { name: 'Remove fault: Pause client A at 1 s for 15 s', exact: true })
    .focus()
  await page.keyboard.press('Enter')
  await expect(
    faults(page).getByText('No faults: nothing goes wrong unless you make it.'),
  ).toBeVisible()
  await scrubber(page).focus()
  await page.keyboard.press('ControlOrMeta+z')
  await expect(faults(page).getByText('Pause client A at 1 s for 15 s')).toBeVisible()
})

test('compare mode shows both outcomes side by side', async ({ page }) => {
  await page.goto('/?scenario=gc-pause&t=16005')
  await page.getByRole('button', { name: 'Compare fencing on / off', exact: true }).click()
  await expect(
    page.getByRole('button', { name: 'Compare fencing on / off', exact: true }),
  ).toHaveAttribute('aria-pressed', 'true')
  await expect(
    page.getByText(
      `With fencing: storage rejected A's write with token 41 (token 41 < 42). Without: A's token 41 overwrote B's value "B" (token 42).`,
    ),
  ).toBeVisible()
  const on = page.getByRole('region', { name: 'Fencing on (atomic check)' })
  const off = page.getByRole('region', { name: 'Fencing off (no check)' })
  await expect(on).toContainText('safe; storage ends with "B".')
  await expect(off).toContainText('storage ends with "A".')
  const onDiagram = on.getByRole('group', { name: 'Space-time diagram with fencing on' })
  const offDiagram = off.getByRole('group', { name: 'Space-time diagram with fencing off' })
  // Side by side, the two figures' lanes are on one line, however long either summary is.
  const laneTop = async (side: typeof on) =>
    (await side.locator('.fl-lane-line').last().boundingBox())?.y ?? NaN
  expect(Math.abs((await laneTop(on)) - (await laneTop(off)))).toBeLessThan(1)
  await expect(onDiagram.locator('.fl-badge-text-rejected')).toHaveText(['41 < 42'])
  await expect(offDiagram.locator('.fl-badge-text-rejected')).toHaveCount(0)
  await expect(offDiagram.locator('.fl-badge-text-accepted', { hasText: /^41$/ })).toHaveCount(1)
  // The differing decisions are highlighted in both diagrams.
  await expect(onDiagram.locator('.fl-halo').first()).toBeAttached()
  await expect(offDiagram.locator('.fl-halo').first()).toBeAttached()
})

test('an unknown preset shows a message and the default scenario', async ({ page }) => {
  await page.goto('/?scenario=no-such-scenario&t=4000')
  const alert = page.getByRole('alert')
  await expect(alert).toContainText('There is no scenario called “no-such-scenario”.')
  await expect(alert).toContainText('Showing the default scenario, “GC pause: token 41 vs 42”.')
  await expect(page.getByRole('combobox', { name: 'Scenario' })).toHaveValue('gc-pause')
  await expect(scrubber(page)).toHaveValue('0')
  await page.getByRole('button', { name: 'Dismiss this message', exact: true }).click()
  await expect(page.getByRole('alert')).toHaveCount(0)
})

test('a broken or cut-short link shows a message and the default scenario', async ({ page }) => {
  const preset = findPreset('delayed-write')
  const parsed = parseScenario(preset?.scenario)
  if (!parsed.ok) throw new Error(parsed.message)
  const link = encodeScenario(parsed.scenario)
  const cut = `#s=${link.slice(0, Math.floor(link.length / 2))}&t=300`
  for (const hash of [cut, '#s=AAAAAAAAAAAAAAAA', '#s=%%%']) {
    await page.goto(`/${hash}`)
    await expect(page.getByRole('alert')).toContainText('This link’s scenario could not be opened')
    await expect(page.getByRole('alert')).toContainText('Showing the default scenario')
    await expect(page.getByRole('combobox', { name: 'Scenario' })).toHaveValue('gc-pause')
    await expect(log(page).getByRole('listitem').first()).toBeVisible()
  }
})

for (const colorScheme of ['light', 'dark'] as const) {
  test(`no accessibility violations in the ${colorScheme} theme`, async ({ page }) => {
    // Several full axe scans: seconds each on a busy 2-core machine.
    test.setTimeout(90_000)
    await page.emulateMedia({ colorScheme })
    await page.goto('/?scenario=gc-pause&t=16005')
    const scan = () => axeScan(page).analyze()
    expect((await scan()).violations).toEqual([])
    await page.getByRole('tab', { name: 'Break things' }).click()
    await page.getByText(/^All \d+ scenarios$/).click()
    expect((await scan()).violations).toEqual([])
    await page.getByRole('button', { name: 'Compare fencing on / off', exact: true }).click()
    await page.getByRole('tab', { name: 'About' }).click()
    expect((await scan()).violations).toEqual([])
  })
}

test.describe('with reduced motion', () => {
  test.use({ reducedMotion: 'reduce' })

  test('nothing animates and steps jump', async ({ page }) => {
    await page.goto('/?scenario=gc-pause&t=1000')
    await expect(page.locator('.fl-lab')).toHaveAttribute('data-motion', 'reduced')
    // One frame after the click the cursor is already where it will stay: no glide.
    const afterOneFrame = await page.evaluate(async () => {
      const button = document.querySelector<HTMLButtonElement>('button[aria-label="Step forward"]')
      button?.click()
      await new Promise((resolve) => requestAnimationFrame(resolve))
      await new Promise((resolve) => requestAnimationFrame(resolve))
      return document.querySelector<HTMLInputElement>('[data-scrubber]')?.value
    })
    await page.waitForTimeout(400)
    expect(Number(afterOneFrame)).toBeGreaterThan(1000)
    await expect(scrubber(page)).toHaveValue(afterOneFrame ?? '')
    const durations = await page.evaluate(() =>
      [...document.querySelectorAll('.fl-lab *')]
        .map((el) => getComputedStyle(el).transitionDuration)
        .filter((d) => d.split(',').some((part) => parseFloat(part) > 0)),
    )
    expect(durations).toEqual([])
    expect(await page.evaluate(() => document.getAnimations().length)).toBe(0)
  })
})
