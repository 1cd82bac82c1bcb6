/**
 * `test` for every spec that holds pages to "no console error anywhere": an automatic fixture
 * collects the page's console errors and uncaught exceptions and, once the test is over, fails
 * it if there were any. A spec may read or add to the list through the `pageErrors` fixture.
 */
import type { Page } from '@playwright/test'
import { expect, test as base } from '@playwright/test'

export { expect } from '@playwright/test'

export const test = base.extend<{ pageErrors: string[] }>({
  pageErrors: [
    async ({ page }, use) => {
      const errors: string[] = []
      page.on('console', (message) => {
        if (message.type() !== 'error') return
        const { url } = message.location()
        errors.push(`console: ${message.text()}${url ? ` (${url})` : ''}`)
      })
      page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`))
      await use(errors)
      expect(errors).toEqual([])
    },
    { auto: true },
  ],
})

/**
 * Opens a lab address and waits until the app has taken over the page's prerendered first
 * screen. A `#s=` link loads its decoder before the app starts, so the static copy (whose
 * controls do nothing) can outlive the load event by a moment.
 */
export async function openLab(page: Page, url: string): Promise<void> {
  await page.goto(url)
  await expect(page.locator('[data-prerendered]')).toHaveCount(0)
}
