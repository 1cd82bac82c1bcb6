/**
 * Instant first paint (issue 18): the built lab page carries its first screen — title, question,
 * caption and the default diagram — as static HTML and SVG (scripts/prerender.ts), so it is there
 * without JavaScript; the app then takes the screen over without a layout shift or a frame
 * without the diagram, in light and dark, on a desktop and a phone. A link to another scenario
 * never shows the default one's question, caption or diagram as if they were its own.
 */
import type { Page } from '@playwright/test'
import { expect, test } from './fixtures'
import { firstPaintDrawings, readFirstScreen, watchFirstScreen } from './firstScreen'
import { DEFAULT_PRESET_ID, PRESETS } from '../src/sim'

const preset = PRESETS.find((p) => p.id === DEFAULT_PRESET_ID)
if (preset === undefined) throw new Error(`no preset ${DEFAULT_PRESET_ID}`)
const diagramName = `Space-time diagram: ${preset.scenario.title ?? ''}`

const SIZES = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
] as const

/** The diagram that is on screen: one of the prerendered drawings, or the app's. */
const shownDiagram = (page: Page) => page.locator('svg.fl-marks-layer:visible')

test('without JavaScript the page shows the title, question, caption and diagram', async ({
  browser,
}) => {
  for (const viewport of SIZES) {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport })
    const page = await context.newPage()
    await page.goto('/')
    await expect(page.getByRole('heading', { level: 1, name: 'Fencing Lab' })).toBeVisible()
    await expect(page.locator('.fl-question')).toHaveText(preset.question)
    await expect(page.locator('.fl-caption-text')).toBeVisible()
    await expect(page.locator('.fl-caption-text')).not.toBeEmpty()
    await expect(shownDiagram(page)).toHaveCount(1)
    await expect(shownDiagram(page)).toHaveAccessibleName(diagramName)
    const box = await shownDiagram(page).boundingBox()
    // The drawing fills its container (the phone's is compact, the desktop's is not).
    expect(box?.width).toBeGreaterThan(viewport.width * 0.8)
    expect(await shownDiagram(page).locator('[data-msg-index]').count()).toBeGreaterThan(3)
    await context.close()
  }
})

for (const colorScheme of ['light', 'dark'] as const) {
  for (const viewport of SIZES) {
    test(`the app takes the first screen over in place (${viewport.width}×${viewport.height}, ${colorScheme})`, async ({
      browser,
    }) => {
      const context = await browser.newContext({ viewport, colorScheme })
      const page = await context.newPage()
      await page.addInitScript(watchFirstScreen)
      await page.goto('/')
      // The app is running: its page replaced the static one, and Play answers.
      await expect(page.locator('main.fl-page:not([data-prerendered])')).toHaveCount(1)
      await expect(page.locator('[data-prerendered]')).toHaveCount(0)
      await expect(shownDiagram(page)).toHaveCount(1)
      await page.getByRole('button', { name: 'Play', exact: true }).waitFor()
      // Two frames more, so a late change would be seen.
      await page.evaluate(
        () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
      )
      const seen = await readFirstScreen(page)
      expect(seen.frames).toBeGreaterThan(0)
      expect(seen.without).toBe(0)
      expect(seen.shift, `what moved:\n${seen.shifted.join('\n')}`).toBe(0)
      await context.close()
    })
  }
}

test('a link to another scenario never shows the default one as its own', async ({ browser }) => {
  const context = await browser.newContext()
  const page = await context.newPage()
  // Only the page's inline script runs: the app never starts, as on a slow network.
  await page.route('**/*.js', (route) => route.abort())
  await page.goto('/')
  const { boxHeightPx } = await firstPaintDrawings(page)
  expect(boxHeightPx).toBeGreaterThan(100)
  for (const address of ['/?scenario=delayed-write', `/#s=anything`]) {
    await page.goto(address)
    await expect(page.getByRole('heading', { level: 1, name: 'Fencing Lab' })).toBeVisible()
    await expect(page.locator('.fl-question')).toBeHidden()
    await expect(page.locator('.fl-caption')).toBeHidden()
    await expect(shownDiagram(page)).toHaveCount(0)
    // The default drawings are not even laid out (a heavy link's first frame is costly enough),
    // and their box keeps its room, so nothing below it moves when the app draws the link.
    const linked = await firstPaintDrawings(page)
    expect(linked.displays).toEqual(linked.displays.map(() => 'none'))
    expect(linked.displays.length).toBeGreaterThan(1)
    expect(linked.boxHeightPx).toBe(boxHeightPx)
  }
  await context.close()
})

/**
 * Counts reads of a diagram frame's width from the page's first script on (ui/firstWidth.ts: the
 * takeover draws the diagram at the static frame's width, reading no layout from the new page).
 */
function countFrameWidthReads(): void {
  const w = window as unknown as { flFrameWidthReads: number }
  w.flFrameWidthReads = 0
  const own = Object.getOwnPropertyDescriptor(Element.prototype, 'clientWidth')
  const getter: unknown = own === undefined ? undefined : Reflect.get(own, 'get')
  if (own === undefined || typeof getter !== 'function') return
  const read = (element: Element): number => Reflect.apply(getter, element, []) as number
  Object.defineProperty(Element.prototype, 'clientWidth', {
    ...own,
    get(this: Element) {
      if (this.matches('.fl-diagram-frame, .fl-tour-diagram')) w.flFrameWidthReads++
      return read(this)
    },
  })
}

const ELSEWHERE = {
  '/': '/?scenario=delayed-write',
  '/embed.html?scenario=gc-pause': '/embed.html?scenario=delayed-write',
  '/tour.html': '/tour.html?theme=dark',
} as const

for (const address of ['/', '/embed.html?scenario=gc-pause', '/tour.html'] as const) {
  test(`the app draws ${address}'s diagram at the static frame's width, reading none`, async ({
    browser,
  }) => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } })
    const page = await context.newPage()
    await page.addInitScript(countFrameWidthReads)
    await page.goto(address)
    await expect(page.locator('[data-prerendered]')).toHaveCount(0)
    await expect(page.locator('svg.fl-marks-layer')).toHaveCount(1)
    const widths = await page.evaluate(() => {
      const frame = document.querySelector('.fl-diagram-frame, .fl-tour-diagram')
      const svg = document.querySelector('svg.fl-marks-layer')
      return {
        frame: frame === null ? -1 : Math.floor(frame.getBoundingClientRect().width),
        svg: Number(svg?.getAttribute('width') ?? -1),
      }
    })
    expect(widths.svg).toBe(widths.frame)
    expect(
      await page.evaluate(
        () => (window as unknown as { flFrameWidthReads: number }).flFrameWidthReads,
      ),
    ).toBe(0)
    // Another scenario's page has no static diagram to take the width from: it measures its frame.
    await page.goto(ELSEWHERE[address])
    await expect(page.locator('svg.fl-marks-layer')).toHaveCount(1)
    expect(
      await page.evaluate(
        () => (window as unknown as { flFrameWidthReads: number }).flFrameWidthReads,
      ),
    ).toBeGreaterThan(0)
    await context.close()
  })
}
