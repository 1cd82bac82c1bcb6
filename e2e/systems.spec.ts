/**
 * "Model my setup" against the production build: its chunk loads only when the section is opened,
 * client-go's defaults show the split brain, the scenario opens on the stage (the address follows),
 * and the picker passes axe.
 */
import AxeBuilder from '@axe-core/playwright'
import { expect, test } from './fixtures'

test('Model my setup: client-go defaults open the split brain on the stage', async ({ page }) => {
  test.setTimeout(60_000)
  const chunks: string[] = []
  page.on('request', (r) => {
    if (/SystemPicker/.test(r.url())) chunks.push(r.url())
  })
  await page.goto('/?scenario=gc-pause')
  await page.locator('.fl-diagram').first().waitFor()
  expect(chunks, 'the picker is not part of the first load').toEqual([])

  await page.getByText('Model my setup').click()
  const picker = page.locator('.fl-systems-body')
  await expect(picker.getByLabel('System')).toHaveValue('client-go')
  expect(chunks.length).toBeGreaterThan(0)
  await expect(picker.getByRole('region', { name: 'Danger windows' })).toContainText(
    'keeps acting for up to RenewDeadline (10 s)',
  )
  const axe = await new AxeBuilder({ page })
    .include('.fl-systems')
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze()
  expect(axe.violations).toEqual([])

  await picker.getByRole('button', { name: 'Open this scenario' }).click()
  await expect(page).toHaveURL(/#s=/)
  await expect(page.locator('.fl-diagram').first()).toContainText('token order')
})
