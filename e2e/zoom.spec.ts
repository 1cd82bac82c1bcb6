/**
 * Zoom and pan on the production build: + zooms the time axis (its tick labels change and the
 * range shows), Fit restores the whole run; zoomed in, a drag on the diagram pans the view while
 * a drag from the playhead still scrubs; at gc-pause's climax the caption's marks are highlighted
 * and "Zoom to story line" frames them.
 */
import type { Page } from '@playwright/test'
import { axeScan } from './axe'
import { expect, test } from './fixtures'

const ticks = (page: Page) =>
  page.locator('.fl-diagram-panel .fl-underlay .fl-tick-label').allTextContents()

/** The first moment of the range text ("12.5 s – 13 s"), in seconds. */
const viewStart = (text: string | null) => Number(/^([\d.]+) s/.exec(text ?? '')?.[1] ?? NaN)

test.use({ viewport: { width: 1280, height: 800 } })

test('+ zooms the axis; zoomed in, a drag pans and a drag from the playhead scrubs; Fit restores', async ({
  page,
}) => {
  await page.goto('/?scenario=gc-pause&t=8000')
  const svg = page.locator('.fl-diagram-panel svg.fl-marks-layer')
  const playhead = page.locator('.fl-diagram-panel .fl-underlay .fl-playhead-line')
  const range = page.locator('[data-zoom-range]')
  const scrubber = page.getByRole('slider', { name: 'Time' })
  await expect(page.locator('.fl-diagram-panel .fl-underlay .fl-tick-label').first()).toBeVisible()
  const full = await ticks(page)
  expect(full).toContain('0 s')
  await expect(range).toHaveText('whole run')
  await expect(svg).not.toHaveClass(/fl-pan/)

  await page.keyboard.press('+')
  await expect(range).not.toHaveText('whole run')
  await expect.poll(() => ticks(page)).not.toEqual(full)
  await page.keyboard.press('+')
  await expect(svg).toHaveClass(/fl-pan/)
  const zoomed = await range.textContent()
  expect(zoomed).toMatch(/ – /)
  const box = await svg.boundingBox()
  const line = await playhead.boundingBox()
  if (box === null || line === null) throw new Error('no diagram')
  const y = box.y + box.height / 2

  // Grab the diagram well away from the playhead and drag it to the left: later time comes in.
  const from = line.x - 250
  await page.mouse.move(from, y)
  await page.mouse.down()
  await page.mouse.move(from - 150, y, { steps: 5 })
  await page.mouse.up()
  await expect(range).not.toHaveText(zoomed ?? '')
  const panned = await range.textContent()
  expect(viewStart(panned)).toBeGreaterThan(viewStart(zoomed))
  // Grabbing the diagram does not move the cursor.
  await expect(scrubber).toHaveValue('8000')

  // A drag that starts on the playhead moves the cursor, not the view.
  const moved = await playhead.boundingBox()
  if (moved === null) throw new Error('no playhead')
  await page.mouse.move(moved.x + moved.width / 2, y)
  await page.mouse.down()
  await page.mouse.move(moved.x + 80, y, { steps: 5 })
  await page.mouse.up()
  await expect.poll(async () => Number(await scrubber.inputValue())).toBeGreaterThan(8000)
  await expect(range).toHaveText(panned ?? '')

  await page.getByRole('button', { name: 'Fit' }).click()
  await expect(range).toHaveText('whole run')
  await expect.poll(() => ticks(page)).toEqual(full)
})

test('at the climax the caption’s marks are highlighted, and zooming to the line frames them', async ({
  page,
}) => {
  await page.goto('/?scenario=gc-pause')
  const next = page.getByRole('button', { name: 'Next moment' })
  await expect(page.locator('.fl-diagram-panel svg.fl-marks-layer')).toBeVisible()
  for (let i = 0; i < 20 && (await next.isEnabled()); i++) await next.click()
  await expect(page.locator('.fl-caption')).toContainText('Storage rejects 41')
  // The rejection the line talks about, and the write that carried it, glow.
  await expect(page.locator('.fl-diagram-panel .fl-focus .fl-halo')).not.toHaveCount(0)

  await page.getByRole('button', { name: 'Zoom to story line' }).click()
  await expect(page.locator('[data-zoom-range]')).toHaveText('15.99 s – 16.01 s')
  await expect(page.locator('.fl-diagram-panel .fl-focus .fl-halo')).not.toHaveCount(0)
  // The rejection's badge is drawn inside the figure, with room of its own.
  const badge = page.locator('.fl-diagram-panel .fl-badge-rejected').first()
  const figure = await page.locator('.fl-diagram-panel svg.fl-marks-layer').boundingBox()
  const pill = await badge.boundingBox()
  if (figure === null || pill === null) throw new Error('no badge')
  expect(pill.x).toBeGreaterThan(figure.x)
  expect(pill.x + pill.width).toBeLessThan(figure.x + figure.width)
})

/** The zoomed window (data attributes of the range text) and the cursor, in ms. */
async function windowAndCursor(page: Page) {
  const range = page.locator('[data-zoom-range]').first()
  const fromMs = Number(await range.getAttribute('data-from-ms'))
  const toMs = Number(await range.getAttribute('data-to-ms'))
  const cursorMs = Number(await page.getByRole('slider', { name: 'Time' }).inputValue())
  return { fromMs, toMs, spanMs: toMs - fromMs, cursorMs }
}

/** The playhead is drawn inside the plot, not pinned to an edge of it. */
async function playheadInside(page: Page) {
  const figure = await page.locator('.fl-diagram-panel svg.fl-marks-layer').boundingBox()
  const line = await page.locator('.fl-diagram-panel .fl-underlay .fl-playhead-line').boundingBox()
  if (figure === null || line === null) return false
  return line.x > figure.x && line.x < figure.x + figure.width
}

test('a zoomed view follows the cursor through Next and Play, keeping its zoom level', async ({
  page,
}) => {
  await page.goto('/?scenario=gc-pause&t=0')
  await expect(page.locator('.fl-diagram-panel svg.fl-marks-layer')).toBeVisible()
  for (let i = 0; i < 4; i++) await page.keyboard.press('+')
  const start = await windowAndCursor(page)
  expect(start.spanMs).toBeLessThan(1100)
  // Next past the window's end, line after line: every line's moment is in view, same zoom.
  const next = page.getByRole('button', { name: 'Next moment' })
  let moved = false
  for (let i = 0; i < 6; i++) {
    await next.click()
    await expect
      .poll(async () => {
        const w = await windowAndCursor(page)
        return w.cursorMs >= w.fromMs && w.cursorMs <= w.toMs && w.spanMs === start.spanMs
      })
      .toBe(true)
    expect(await playheadInside(page)).toBe(true)
    moved ||= (await windowAndCursor(page)).fromMs !== start.fromMs
  }
  expect(moved).toBe(true)
  // Play in real time: the cursor runs out of the window, and the window comes along.
  await page.getByRole('radio', { name: 'Real time' }).check()
  const before = await windowAndCursor(page)
  await page.getByRole('button', { name: 'Play', exact: true }).click()
  await expect
    .poll(async () => (await windowAndCursor(page)).cursorMs)
    .toBeGreaterThan(before.toMs + before.spanMs)
  await page.getByRole('button', { name: 'Pause', exact: true }).click()
  await expect
    .poll(async () => {
      const w = await windowAndCursor(page)
      return w.cursorMs >= w.fromMs && w.cursorMs <= w.toMs && w.spanMs === start.spanMs
    })
    .toBe(true)
  expect(await playheadInside(page)).toBe(true)
  // Paused, the reader's own pan stays where they put it.
  const paused = await windowAndCursor(page)
  await page.locator('.fl-diagram-panel').first().hover()
  await page.mouse.wheel(600, 0)
  await expect.poll(async () => (await windowAndCursor(page)).fromMs).not.toBe(paused.fromMs)
  const panned = await windowAndCursor(page)
  await page.waitForTimeout(400)
  expect((await windowAndCursor(page)).fromMs).toBe(panned.fromMs)
})

// A window the cursor steps out of turns at once with reduced motion (and in a dense run, where
// a window is too heavy to glide): to the window drawn ahead.
test.describe('with reduced motion', () => {
  test.use({ reducedMotion: 'reduce' })

  test('zoomed in, the window the cursor turns to next is drawn ahead, hidden from sight, pointer, Tab and axe', async ({
    page,
  }) => {
    await page.goto('/?scenario=gc-pause&t=7000')
    const marks = page.locator('.fl-diagram-panel svg.fl-marks-layer')
    await expect(marks).toBeVisible()
    await page.keyboard.press('+')
    const ahead = marks.locator(':scope > g[data-ahead]')
    const shown = marks.locator(':scope > g:not([data-ahead])')
    // Drawn in idle time, a part at a time: the message arrows are its last part.
    await expect(ahead.locator('[data-msg-index]').first()).toBeAttached()
    await expect(ahead).toHaveAttribute('aria-hidden', 'true')
    const aheadArrows = await ahead.locator('[data-msg-index]').count()
    // Out of sight and out of reach: wholly above the figure (nothing there to paint or point
    // at), and not one Tab stop in it.
    const [aheadBox, figureBox] = await Promise.all([ahead.boundingBox(), marks.boundingBox()])
    expect((aheadBox?.y ?? 0) + (aheadBox?.height ?? 0)).toBeLessThan(figureBox?.y ?? 0)
    expect(await ahead.locator('[tabindex="0"]').count()).toBe(0)
    await page.locator('.fl-diagram-panel').getByRole('button', { name: /→|←/ }).first().focus()
    for (let i = 0; i < 12; i++) {
      await page.keyboard.press('Tab')
      expect(
        await page.evaluate(() => document.activeElement?.closest('[data-ahead]') ?? null),
      ).toBeNull()
    }
    // Only the window shown has buttons for its arrows, and axe finds nothing amiss.
    const buttons = page.locator('.fl-diagram-panel').getByRole('button', { name: /→|←/ })
    expect(await buttons.count()).toBe(await shown.locator('[data-msg-index]').count())
    const axe = await axeScan(page).include('.fl-diagram-panel').analyze()
    expect(axe.violations).toEqual([])

    // Step until the cursor leaves the window: it turns to the one drawn ahead, now shown.
    const range = page.locator('[data-zoom-range]')
    const before = await range.textContent()
    const drawnAhead = await ahead.elementHandle()
    const step = page.getByRole('button', { name: 'Step forward' })
    for (let i = 0; i < 20 && (await range.textContent()) === before; i++) await step.click()
    await expect(range).not.toHaveText(before ?? '')
    expect(await drawnAhead?.evaluate((g) => [g.isConnected, g.hasAttribute('transform')])).toEqual(
      [true, false],
    )
    expect(await drawnAhead?.evaluate((g) => g.querySelectorAll('[data-msg-index]').length)).toBe(
      aheadArrows,
    )
    expect(await buttons.count()).toBe(aheadArrows)
  })
})
