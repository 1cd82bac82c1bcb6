/**
 * The space-time diagram in a real browser, on its own harness page (built from
 * src/testing/harness and served by this spec, so the app's build is not involved): accessibility
 * (axe, both themes), keyboard access to findings and messages, and drag-to-scrub.
 */
import type { Page } from '@playwright/test'
import { expect, test } from './fixtures'
import { resolve } from 'node:path'
import { buildHarness, serveStatic } from './diagramHarness'
import { axeScan } from './axe'

let base = ''
let close: (() => Promise<void>) | null = null

test.beforeAll(async () => {
  test.setTimeout(120_000)
  // One build per Playwright worker: workers run side by side.
  const dir = `bench/tmp/diagram-harness-e2e-${test.info().workerIndex}`
  const server = await serveStatic(await buildHarness(resolve(dir)))
  base = `${server.url}/src/testing/harness/harness.html`
  close = server.close
})

test.afterAll(async () => {
  await close?.()
})

async function open(page: Page, query: string) {
  await page.goto(`${base}?${query}`)
  await page.waitForFunction(() => window.flHarness?.ready === true)
}

for (const theme of ['light', 'dark'] as const) {
  test(`axe finds no WCAG 2.1 A/AA violations (${theme})`, async ({ page }) => {
    await page.emulateMedia({ colorScheme: theme })
    await open(page, `scenario=gc-pause&width=1264&theme=${theme}&cursor=12000`)
    const results = await axeScan(page).analyze()
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.length}`)).toEqual([])
  })
}

test('axe passes at phone width with the future hidden', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 })
  await open(page, 'scenario=release-not-owner&width=359&future=hide&cursor=11000')
  const results = await axeScan(page).analyze()
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.length}`)).toEqual([])
})

test('keyboard: Tab reaches the finding, Enter jumps; arrows move between messages', async ({
  page,
}) => {
  await open(page, 'scenario=gc-pause&width=1264')
  // Hit areas are invisible until a message has keyboard focus.
  const hitStroke = () =>
    page.evaluate(() => {
      const hit = document.querySelector('.fl-msg-hit')
      return hit === null ? null : getComputedStyle(hit).stroke
    })
  expect(await hitStroke()).toBe('rgba(0, 0, 0, 0)')
  await page.keyboard.press('Tab')
  const finding = page.getByRole('button', { name: /Warning, two believers/ })
  await expect(finding).toBeFocused()
  await expect(page.locator('.fl-tip-text').first()).toContainText('Warning, two believers')
  await page.keyboard.press('Enter')
  expect(await page.evaluate(() => window.flHarness.activated.findings)).toEqual(['two-believers'])

  await page.keyboard.press('Tab')
  await expect(page.getByRole('button', { name: /A → lock: acquire request/ })).toBeFocused()
  await page.keyboard.press('End')
  await expect(page.getByRole('button', { name: /storage → A: write rejection/ })).toBeFocused()
  await page.keyboard.press('ArrowLeft')
  const write = page.getByRole('button', { name: /A → storage: write \(token 41\)/ })
  await expect(write).toBeFocused()
  await page.keyboard.press('Enter')
  expect(await page.evaluate(() => window.flHarness.activated.messages)).toEqual([13])
  // One tab stop for all the messages: the next Tab leaves the diagram.
  await page.keyboard.press('Tab')
  await expect(page.locator('[data-msg-index]:focus')).toHaveCount(0)
})

test('dragging across the diagram scrubs; vertical swipes are left to the page', async ({
  page,
}) => {
  await open(page, 'scenario=gc-pause&width=1264&cursor=0')
  const svg = page.locator('svg.fl-diagram[role=group]')
  await expect(svg).toHaveCSS('touch-action', 'pan-y')
  const box = await svg.boundingBox()
  if (box === null) throw new Error('no diagram')
  await page.mouse.move(box.x + 300, box.y + box.height - 60)
  await page.mouse.down()
  await page.mouse.move(box.x + 900, box.y + box.height - 60, { steps: 10 })
  await page.mouse.up()
  expect(await page.evaluate(() => window.flHarness.scrubs)).toBeGreaterThan(5)
  await expect(page.locator('.fl-playhead-text')).not.toHaveText('0 s')
})

test('reduced motion: no transitions anywhere in the diagram', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' })
  await open(page, 'scenario=gc-pause&width=1264')
  const moving = await page.evaluate(
    () =>
      [...document.querySelectorAll('.fl-diagram *')].filter((e) => {
        const s = getComputedStyle(e)
        return s.transitionDuration.split(',').some((d) => parseFloat(d) > 0)
      }).length,
  )
  expect(moving).toBe(0)
})
