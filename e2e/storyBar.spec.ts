/**
 * The story bar on the production build, at 1280×800 and 390×844: scrolled on to the panels the
 * caption and the story's transport stay in view and work, the panel tabs stay clickable (they
 * stick under the bar), Tab reaches every control with each one fully in view and never under
 * the bar, and axe finds nothing in light or dark. A window too low for the bar gets none.
 */
import type { Page } from '@playwright/test'
import { expect, test } from './fixtures'
import { tabReachesAllInView } from './keyboard'
import { axeScan, WCAG_TAGS } from './axe'

const SIZES = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
] as const

const bar = (page: Page) => page.locator('.fl-dock')
/**
 * The bar is shown and has finished sliding in (160 ms): measured or clicked mid-slide, it sits
 * partly above the window, and a click at its middle can miss it.
 */
async function barShown(page: Page): Promise<void> {
  await expect(bar(page)).toBeVisible()
  await expect.poll(async () => (await bar(page).boundingBox())?.y ?? -1).toBe(0)
}
const barText = (page: Page) => page.locator('.fl-dock-text')
const barButton = (page: Page, action: string) =>
  page.locator(`.fl-dock [data-dock-action="${action}"]`)
const scrubber = (page: Page) => page.getByRole('slider', { name: 'Time' })

/**
 * Scrolls the page so the panel tabs' place is `y` px below the top of the window. Scrolls again
 * until it sticks: the page can still grow or move under a first scroll (a CI run once waited a
 * minute for a scroll position a later layout had taken away).
 */
async function scrollTabsTo(page: Page, y: number) {
  await expect
    .poll(() =>
      page.evaluate((want) => {
        const tabs = document.querySelector('.fl-tabs')
        if (tabs === null) throw new Error('no panels')
        const top = tabs.getBoundingClientRect().top + window.scrollY - want
        const at = Math.max(0, Math.min(top, document.documentElement.scrollHeight - innerHeight))
        if (Math.abs(window.scrollY - at) < 2) return true
        window.scrollTo(0, at)
        return false
      }, y),
    )
    .toBe(true)
}

/** A reader's click at the middle of what is drawn there (not Playwright's scroll-then-click). */
async function clickAt(page: Page, locator: ReturnType<Page['locator']>) {
  const box = await locator.boundingBox()
  if (box === null) throw new Error('nothing to click')
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2)
}

/** Nothing but `locator` (or what is inside it) is drawn at its middle. */
async function onTop(locator: ReturnType<Page['locator']>): Promise<boolean> {
  return locator.evaluate((el) => {
    const r = el.getBoundingClientRect()
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2)
    return hit !== null && (hit === el || el.contains(hit))
  })
}

for (const size of SIZES) {
  test.describe(`${size.width}×${size.height}`, () => {
    test.use({ viewport: size })

    test('scrolled to the panels: the caption shows, the transport works, the tabs stay clickable', async ({
      page,
    }) => {
      await page.goto('/?scenario=gc-pause')
      await expect(page.getByRole('tab', { name: 'State' })).toBeVisible()
      // With the stage in view there is no bar.
      await expect(bar(page)).toBeHidden()
      await scrollTabsTo(page, 200)
      await barShown(page)
      await expect(barText(page)).toBeInViewport({ ratio: 1 })
      // The bar says the caption line the stage says.
      await expect(barText(page)).toHaveText(
        (await page.locator('.fl-caption-text').textContent()) ?? '',
      )
      const box = await bar(page).boundingBox()
      expect(box?.y).toBe(0)
      // The bar leaves the panels most of the window.
      expect(box?.height ?? 999).toBeLessThanOrEqual(size.height * 0.25)

      // Next and Previous walk the story from down here; the caption in the bar says each line.
      const first = await barText(page).textContent()
      await clickAt(page, barButton(page, 'Next moment'))
      await expect(barText(page)).toHaveAttribute('data-story-line', '1')
      await expect(page.locator('.fl-caption-text')).toHaveAttribute('data-story-line', '1')
      await expect(barText(page)).not.toHaveText(first ?? '')
      await clickAt(page, barButton(page, 'Previous moment'))
      await expect(barText(page)).toHaveText(first ?? '')
      // Play plays; the same button pauses. What the reader was reading stays where it was (the
      // browser's scroll anchoring keeps it still while the stage above changes height).
      const tabsAt = async () => (await page.locator('.fl-tabs').boundingBox())?.y ?? NaN
      const readingAt = await tabsAt()
      const before = Number(await scrubber(page).inputValue())
      await clickAt(page, barButton(page, 'Play'))
      await expect(barButton(page, 'Pause')).toBeVisible()
      await expect
        .poll(async () => Number(await scrubber(page).inputValue()))
        .toBeGreaterThan(before)
      await clickAt(page, barButton(page, 'Pause'))
      await expect(barButton(page, 'Play')).toBeVisible()
      expect(Math.abs((await tabsAt()) - readingAt)).toBeLessThan(2)
      // A click on the bar leaves the focus where it was: the bar is never in the tab order.
      expect(await page.evaluate(() => document.activeElement?.closest('.fl-dock') ?? null)).toBe(
        null,
      )

      // Scrolled on until the tabs reach the bar: they stick under it, uncovered, and work.
      await scrollTabsTo(page, 4)
      const tab = page.getByRole('tab', { name: 'Break things' })
      const tabBox = await tab.boundingBox()
      const barBox = await bar(page).boundingBox()
      expect(tabBox?.y ?? 0).toBeGreaterThanOrEqual((barBox?.height ?? 999) - 1)
      expect(await onTop(tab)).toBe(true)
      // The bar's height reaches the tabs by a rule only they match (src/ui/dockHeight.ts), not
      // by a variable on the page's root, which restyled the whole page at each change.
      expect(
        await page.evaluate(() => document.documentElement.style.getPropertyValue('--fl-dock-h')),
      ).toBe('')
      expect(await page.locator('.fl-tablist').evaluate((el) => getComputedStyle(el).top)).toBe(
        `${Math.round(barBox?.height ?? 0)}px`,
      )
      await clickAt(page, tab)
      await expect(tab).toHaveAttribute('aria-selected', 'true')
      // Playwright's own click too (it scrolls the tab into view first, as the soak does).
      await page.getByRole('tab', { name: 'About' }).click()
      await expect(page.getByRole('tab', { name: 'About' })).toHaveAttribute(
        'aria-selected',
        'true',
      )

      // Back up to the diagram (from the long first panel, so the page scrolls far enough for
      // the bar): the stage is on screen again, and the bar goes.
      await page.getByRole('tab', { name: 'State' }).click()
      await scrollTabsTo(page, 4)
      await barShown(page)
      await clickAt(page, barButton(page, 'Back to the diagram'))
      await expect(page.locator('.fl-controls')).toBeInViewport({ ratio: 1 })
      await expect(bar(page)).toBeHidden()
    })

    test('Tab reaches every control, each fully in view and never under the story bar', async ({
      page,
    }) => {
      test.setTimeout(60_000)
      await page.goto('/?scenario=gc-pause&t=16005')
      await expect(page.getByRole('tab', { name: 'State' })).toBeVisible()
      expect(await tabReachesAllInView(page)).toBeGreaterThan(30)
      // Back up from the end of the page, where the bar shows and the tabs stick under it.
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight))
      expect(await tabReachesAllInView(page, { backwards: true })).toBeGreaterThan(30)
    })

    test('axe finds nothing with the story bar showing, light and dark', async ({ page }) => {
      test.setTimeout(60_000)
      await page.goto('/?scenario=gc-pause&t=16005')
      await expect(page.getByRole('tab', { name: 'State' })).toBeVisible()
      await scrollTabsTo(page, 4)
      await barShown(page)
      for (const colorScheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme })
        // The bar and the panels it sits over (lab.spec.ts scans the whole page in both themes).
        const results = await axeScan(page, [...WCAG_TAGS, 'wcag22aa'])
          .include('.fl-dock')
          .include('.fl-tabs')
          .analyze()
        expect(results.violations, colorScheme).toEqual([])
      }
    })
  })
}

test('a window too low for it (a phone held sideways) gets no story bar', async ({ page }) => {
  await page.setViewportSize({ width: 844, height: 390 })
  await page.goto('/?scenario=gc-pause')
  await expect(page.getByRole('tab', { name: 'State' })).toBeVisible()
  await scrollTabsTo(page, 100)
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)))
  await expect(bar(page)).toBeHidden()
  await expect(page.locator('.fl-tablist')).toHaveCSS('position', 'static')
})

test('an embed has no story bar', async ({ page }) => {
  await page.goto('/embed.html?scenario=gc-pause')
  await expect(page.locator('.fl-diagram').first()).toBeVisible()
  await expect(bar(page)).toHaveCount(0)
})
