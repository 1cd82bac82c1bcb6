/**
 * A reader's work is never lost: picking another preset is one undoable step (the Undo button and
 * Ctrl+Z, even with focus still on the picker), and the lab page keeps its undo history across a
 * reload of the same tab (sessionStorage), without breaking when storage is refused.
 */
import type { Locator, Page } from '@playwright/test'
import { expect, test } from './fixtures'

const PAUSE_B = 'Pause client B at 10.011 s for 10 s'

function faults(page: Page): Locator {
  return page.getByRole('region', { name: 'Faults in this scenario' })
}

function picker(page: Page): Locator {
  return page.getByRole('combobox', { name: 'Scenario' })
}

/** Opens gc-pause at 10.01 s and pauses client B from the Break things tab. */
async function pauseB(page: Page): Promise<void> {
  await page.goto('/?scenario=gc-pause&t=10010')
  await page.getByRole('tab', { name: 'Break things' }).click()
  await page.getByRole('combobox', { name: 'Pause for' }).selectOption('10000')
  await page.getByRole('button', { name: 'Pause client B', exact: true }).click()
  await expect(faults(page).getByText(PAUSE_B)).toBeVisible()
  await expect(page).toHaveURL(/#s=/)
}

test('picking another preset after edits is one undoable step (button and Ctrl+Z)', async ({
  page,
}) => {
  await pauseB(page)
  await picker(page).selectOption('lock-delay')
  await expect(page).toHaveURL(/\?scenario=lock-delay/)
  await expect(faults(page).getByText(PAUSE_B)).toHaveCount(0)

  // Focus on the picker (where a pick leaves it): Ctrl+Z undoes the pick, edits included.
  await picker(page).focus()
  await page.keyboard.press('Control+z')
  await expect(picker(page)).toHaveValue('gc-pause')
  await expect(faults(page).getByText(PAUSE_B)).toBeVisible()
  await expect(page).toHaveURL(/#s=/)

  await page.keyboard.press('Control+Shift+z')
  await expect(picker(page)).toHaveValue('lock-delay')
  await page.getByRole('button', { name: 'Undo', exact: true }).click()
  await expect(picker(page)).toHaveValue('gc-pause')
  await expect(faults(page).getByText(PAUSE_B)).toBeVisible()
})

test('a reload of the tab keeps the undo history', async ({ page }) => {
  await pauseB(page)
  await picker(page).selectOption('lock-delay')
  await expect(page).toHaveURL(/\?scenario=lock-delay/)

  await page.reload()
  await expect(picker(page)).toHaveValue('lock-delay')
  await page.getByRole('tab', { name: 'Break things' }).click()
  // Undo returns to gc-pause with the pause, then to gc-pause as written.
  await page.getByRole('button', { name: 'Undo', exact: true }).click()
  await expect(picker(page)).toHaveValue('gc-pause')
  await expect(faults(page).getByText(PAUSE_B)).toBeVisible()
  // The address follows within a quarter second; the reload reads the scenario from it.
  await expect(page).toHaveURL(/#s=/)

  await page.reload()
  await page.getByRole('tab', { name: 'Break things' }).click()
  await expect(faults(page).getByText(PAUSE_B)).toBeVisible()
  await page.getByRole('button', { name: 'Undo', exact: true }).click()
  await expect(faults(page).getByText(PAUSE_B)).toHaveCount(0)
  await expect(page).toHaveURL(/\?scenario=gc-pause/)
  await expect(page.getByRole('button', { name: 'Undo', exact: true })).toBeDisabled()
  await expect(page.getByRole('button', { name: 'Redo', exact: true })).toBeEnabled()
})

test('a lab whose storage is refused still works, with undo in memory', async ({ page }) => {
  await page.addInitScript(() => {
    Object.defineProperty(window, 'sessionStorage', {
      get() {
        throw new DOMException('The operation is insecure.', 'SecurityError')
      },
    })
  })
  await pauseB(page)
  await picker(page).selectOption('lock-delay')
  await page.getByRole('button', { name: 'Undo', exact: true }).click()
  await expect(faults(page).getByText(PAUSE_B)).toBeVisible()
  // Without storage a reload keeps the scenario (the address has it), not the undo history.
  await expect(page).toHaveURL(/#s=/)
  await page.reload()
  await expect(picker(page)).toHaveValue('__custom__')
  await page.getByRole('tab', { name: 'Break things' }).click()
  await expect(faults(page).getByText(PAUSE_B)).toBeVisible()
  await expect(page.getByRole('button', { name: 'Undo', exact: true })).toBeDisabled()
})
