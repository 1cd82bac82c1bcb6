import { expect, test } from './fixtures'

// No console error or uncaught exception on the way: the `test` fixture fails the test on any.
test('the lab page loads without errors', async ({ page }) => {
  await page.goto('/')
  await expect(page.getByRole('heading', { level: 1, name: 'Fencing Lab' })).toBeVisible()
})
