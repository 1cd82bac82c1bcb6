/** Keyboard checks shared by the specs. */
import type { Page } from '@playwright/test'
import { expect } from '@playwright/test'

/** Presses Tab through the page and checks it reaches every tabbable control; returns how many. */
export async function tabReachesAll(page: Page): Promise<number> {
  const expected = await page.evaluate(() => {
    const tabbable = [
      ...document.querySelectorAll<HTMLElement>(
        'button, input, select, summary, a[href], [tabindex]:not([tabindex="-1"])',
      ),
    ].filter((el) => {
      if (el.matches(':disabled') || el.tabIndex < 0) return false
      if (el instanceof HTMLInputElement && el.type === 'radio' && !el.checked) return false
      return el.checkVisibility()
    })
    document
      .querySelectorAll('[data-tab-probe]')
      .forEach((el) => el.removeAttribute('data-tab-probe'))
    tabbable.forEach((el, i) => (el.dataset.tabProbe = String(i)))
    ;(document.activeElement as HTMLElement | null)?.blur()
    return tabbable.length
  })
  const reached = new Set<string>()
  for (let i = 0; i < expected + 3; i++) {
    await page.keyboard.press('Tab')
    const probe = await page.evaluate(
      () => (document.activeElement as HTMLElement | null)?.dataset.tabProbe ?? null,
    )
    if (probe !== null) reached.add(probe)
  }
  expect(reached.size).toBe(expected)
  return expected
}
