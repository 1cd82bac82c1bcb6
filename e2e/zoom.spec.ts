/**
 * Zoom and pan on the production build: + zooms the time axis (its tick labels change and the
 * range shows), Fit restores the whole run; a plain wheel over the diagram scrolls the page.
 */
import type { Page } from '@playwright/test'
import { expect, test } from './fixtures'

const ticks = (page: Page) =>
  page.locator('.fl-diagram-panel .fl-underlay .fl-tick-label').allTextContents()

test('+ zooms the axis and Fit restores it', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 })
  await page.goto('/?scenario=gc-pause')
  await expect(page.locator('.fl-diagram-panel .fl-underlay .fl-tick-label').first()).toBeVisible()
  const full = await ticks(page)
  expect(full).toContain('0 s')
  const range = page.locator('[data-zoom-range]')
  await expect(range).toHaveText('whole run')

  await page.keyboard.press('+')
  await expect(range).not.toHaveText('whole run')
  await expect.poll(() => ticks(page)).not.toEqual(full)

  await page.getByRole('button', { name: 'Fit' }).click()
  await expect(range).toHaveText('whole run')
  await expect.poll(() => ticks(page)).toEqual(full)
})
