import { expect, test } from '@playwright/test'

test('the lab page loads without errors', async ({ page }) => {
  const errors: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error') {
      errors.push(`console: ${message.text()} (${message.location().url})`)
    }
  })
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`))

  await page.goto('/')
  await expect(page.getByRole('heading', { level: 1, name: 'Fencing Lab' })).toBeVisible()

  expect(errors).toEqual([])
})
