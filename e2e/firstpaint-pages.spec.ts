/**
 * Instant first paint of the tour and the embed (issue 18), as firstpaint.spec.ts checks the lab
 * page: the built tour.html and embed.html carry their first screen as static HTML and SVG
 * (scripts/prerender.ts), the app takes it over without a layout shift or a frame without the
 * diagram, and a link to something else never shows the default copy as its own. The embed's
 * copy is shown only when the page's inline script says the address asks for the default embed,
 * so a frame that cannot run scripts keeps the words that say why nothing moves.
 */
import type { Browser, Page } from '@playwright/test'
import { expect, test } from './fixtures'
import { firstPaintDrawings, readFirstScreen, watchFirstScreen } from './firstScreen'
import { DEFAULT_PRESET_ID, PRESETS } from '../src/sim'

const preset = PRESETS.find((p) => p.id === DEFAULT_PRESET_ID)
if (preset === undefined) throw new Error(`no preset ${DEFAULT_PRESET_ID}`)
const title = preset.scenario.title ?? ''

const shownDiagram = (page: Page) => page.locator('svg.fl-marks-layer:visible')
const EMBED = `/embed.html?scenario=${DEFAULT_PRESET_ID}`

/**
 * A page whose inline scripts run but whose apps never start, as on a slow network (its own
 * context: the aborted scripts' console errors are expected here).
 */
async function withoutApp(browser: Browser): Promise<Page> {
  const context = await browser.newContext()
  const page = await context.newPage()
  await page.route('**/*.js', (route) => route.abort())
  return page
}

test('before the app runs, the tour shows its first step and the embed its default diagram', async ({
  browser,
}) => {
  const page = await withoutApp(browser)
  await page.goto('/tour.html')
  await expect(page.locator('[data-prerendered] .fl-tour-question')).toBeVisible()
  await expect(page.locator('[data-prerendered] .fl-tour-text')).not.toBeEmpty()
  await expect(shownDiagram(page)).toHaveCount(1)
  expect(await shownDiagram(page).locator('[data-msg-index]').count()).toBeGreaterThan(0)

  for (const address of [EMBED, '/embed.html', `${EMBED}&controls=minimal&id=post-1`]) {
    await page.goto(address)
    await expect(page.locator('.fl-embed-title')).toHaveText(title)
    await expect(shownDiagram(page)).toHaveCount(1)
    await expect(shownDiagram(page)).toHaveAccessibleName(`Space-time diagram: ${title}`)
    await expect(page.getByRole('button', { name: 'Play', exact: true })).toBeVisible()
    await expect(page.locator('.fl-embed-boot').first()).toBeHidden()
  }
  await page.context().close()
})

test('no page is painted half-parsed: the first paint waits for the end of the first screen', async ({
  request,
}) => {
  for (const path of ['/', '/tour.html', '/embed.html']) {
    const html = await (await request.get(path)).text()
    const head = html.slice(0, html.indexOf('</head>'))
    expect(head, path).toContain(
      '<link rel="expect" href="#fl-first-screen-end" blocking="render">',
    )
    // The mark closes the prerendered screen: everything the first paint shows comes before it.
    const mark = html.indexOf('<span id="fl-first-screen-end" hidden></span>')
    expect(mark, path).toBeGreaterThan(html.indexOf('data-prerendered'))
    expect(html.indexOf('fl-first-paint-box'), path).toBeLessThan(mark)
  }
})

test('the inline script comes before the assets, so the page is parsed while its CSS loads', async ({
  request,
}) => {
  for (const path of ['/', '/tour.html', '/embed.html']) {
    const html = await (await request.get(path)).text()
    const inline = html.indexOf('<script>')
    const firstAsset = html.search(
      /<(script\b[^>]*\bsrc=|link\b[^>]*\brel="(stylesheet|modulepreload)")/,
    )
    expect(inline, path).toBeGreaterThan(0)
    expect(firstAsset, path).toBeGreaterThan(0)
    // A script after a stylesheet still loading waits for it, and the parser waits with it.
    expect(inline, path).toBeLessThan(firstAsset)
  }
})

/** Composited layers that draw, as "W×H" (a layer tree arrives on the next paint). */
async function paintedLayers(page: Page): Promise<string[]> {
  const cdp = await page.context().newCDPSession(page)
  let layers: { width: number; height: number; drawsContent: boolean }[] = []
  cdp.on('LayerTree.layerTreeDidChange', (event) => (layers = event.layers ?? layers))
  await cdp.send('LayerTree.enable')
  for (let i = 0; i < 50 && layers.length === 0; i++) {
    await page.mouse.wheel(0, i % 2 === 0 ? 1 : -1)
    await page.waitForTimeout(50)
  }
  await cdp.detach()
  expect(layers.length, 'no layer tree arrived').toBeGreaterThan(0)
  return layers.filter((l) => l.drawsContent && l.width > 0).map((l) => `${l.width}×${l.height}`)
}

test('the static copy paints its diagram in the page, not on layers of its own', async ({
  browser,
}) => {
  // The live diagram moves its playhead and veil on layers of their own; the static copy never
  // moves them, and three layers the size of the drawing cost the first paint their raster.
  for (const width of [1280, 390]) {
    for (const path of ['/', '/tour.html', EMBED]) {
      const page = await withoutApp(browser)
      await page.setViewportSize({ width, height: 800 })
      await page.goto(path)
      const drawing = shownDiagram(page)
      await expect(drawing).toHaveCount(1)
      const box = await drawing.boundingBox()
      if (box === null) throw new Error(`${path}: the drawing has no box`)
      const layers = await paintedLayers(page)
      const drawingSized = layers.filter((size) => {
        const [w = 0, h = 0] = size.split('×').map(Number)
        return Math.abs(w - box.width) <= 2 && Math.abs(h - box.height) <= 2
      })
      expect(drawingSized, `${path} at ${width}: layers ${layers.join(', ')}`).toEqual([])
      await page.context().close()
    }
  }
})

test('a link to anything else shows no default copy as its own', async ({ browser }) => {
  const page = await withoutApp(browser)
  await page.goto('/tour.html')
  const { boxHeightPx } = await firstPaintDrawings(page)
  for (const address of ['/tour.html?theme=dark', '/tour.html#fencing/answer']) {
    await page.goto(address)
    await expect(page.getByRole('link', { name: 'Fencing Lab' })).toBeVisible()
    await expect(page.locator('.fl-tour-question')).toBeHidden()
    await expect(shownDiagram(page)).toHaveCount(0)
    // Not laid out either, in a box that keeps its room.
    const linked = await firstPaintDrawings(page)
    expect(linked.displays).toEqual(linked.displays.map(() => 'none'))
    expect(linked.displays.length).toBeGreaterThan(0)
    expect(linked.boxHeightPx).toBe(boxHeightPx)
  }
  for (const address of [
    '/embed.html?scenario=delayed-write',
    `${EMBED}&controls=full`,
    `${EMBED}&theme=dark`,
    '/embed.html#s=anything',
    '/embed.html?tour=lease',
  ]) {
    await page.goto(address)
    await expect(shownDiagram(page)).toHaveCount(0)
    await expect(page.locator('.fl-embed-title')).toBeHidden()
    // embed.html's own words: loading, or why nothing loads.
    await expect(page.locator('.fl-embed-boot').first()).toBeVisible()
  }
  await page.context().close()
})

test('a frame that cannot run scripts keeps the words that say why, with no default copy', async ({
  browser,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false })
  const page = await context.newPage()
  await page.goto(EMBED)
  await expect(page.getByText('this frame cannot run scripts')).toBeVisible()
  await expect(shownDiagram(page)).toHaveCount(0)
  await context.close()
})

const TAKEOVERS = [
  { path: '/tour.html', viewport: { width: 1280, height: 800 }, colorScheme: 'light' },
  { path: '/tour.html', viewport: { width: 390, height: 844 }, colorScheme: 'dark' },
  { path: EMBED, viewport: { width: 1280, height: 800 }, colorScheme: 'dark' },
  // An article's column, the embed's usual frame.
  { path: EMBED, viewport: { width: 720, height: 600 }, colorScheme: 'light' },
  { path: EMBED, viewport: { width: 390, height: 844 }, colorScheme: 'light' },
] as const

for (const { path, viewport, colorScheme } of TAKEOVERS) {
  test(`the app takes ${path} over in place (${viewport.width}×${viewport.height}, ${colorScheme})`, async ({
    browser,
  }) => {
    const context = await browser.newContext({ viewport, colorScheme })
    const page = await context.newPage()
    await page.addInitScript(watchFirstScreen)
    await page.goto(path)
    await expect(page.locator('[data-prerendered]')).toHaveCount(0)
    await expect(shownDiagram(page)).toHaveCount(1)
    await page
      .getByRole('button', { name: /^(Play|Next)/ })
      .first()
      .waitFor()
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
