/**
 * "Model my setup" against the production build: its chunk loads only when the section is opened,
 * client-go's defaults show the split brain, the scenario opens on the stage (the address follows)
 * with the split brain drawn as a labelled danger band at its times, and the picker passes axe.
 */
import { expect, test } from './fixtures'
import { axeScan } from './axe'

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
  const axe = await axeScan(page).include('.fl-systems').analyze()
  expect(axe.violations).toEqual([])

  // A 20 s freeze of the leader (the default, set as a reader would).
  await picker.getByLabel('Leader frozen for').fill('20')
  await picker.getByRole('button', { name: 'Open this scenario' }).click()
  await expect(page).toHaveURL(/#s=/)
  const diagram = page.locator('.fl-diagram').first()
  await expect(diagram).toContainText('token order')

  // The split brain is drawn as a labelled band from 21 s to 31 s: on the to-scale axis, a
  // second past the 20 s tick to a second past the 30 s tick.
  await expect(diagram.locator('.fl-danger-label')).toHaveText('split brain · 10 s')
  await page.getByLabel('To scale').check()
  const band = await diagram.locator('.fl-danger-band').boundingBox()
  // The axis is drawn in the figure's background layer (another svg in the same frame).
  const frame = page.locator('.fl-diagram-frame').first()
  const tick = async (label: string) =>
    (await frame.locator('.fl-tick-label', { hasText: new RegExp(`^${label}$`) }).boundingBox())!
  const [t20, t30] = [await tick('20 s'), await tick('30 s')]
  const x20 = t20.x + t20.width / 2
  const x30 = t30.x + t30.width / 2
  const perSecond = (x30 - x20) / 10
  expect(band!.x).toBeGreaterThan(x20 + 0.5 * perSecond)
  expect(band!.x).toBeLessThan(x20 + 1.5 * perSecond)
  expect(band!.x + band!.width).toBeGreaterThan(x30 + 0.5 * perSecond)
  expect(band!.x + band!.width).toBeLessThan(x30 + 1.5 * perSecond)

  // Compared, both sides draw the same window, in the same place (the axes are shared).
  await page.getByRole('button', { name: 'Compare fencing on / off', exact: true }).click()
  const sides = page.locator('.fl-compare-figure')
  await expect(sides).toHaveCount(2)
  const bands = []
  for (const side of await sides.all()) {
    await expect(side.locator('.fl-danger-label')).toHaveText('split brain · 10 s')
    // The band on the lanes (the legend has a swatch of the same class), from its figure's edge:
    // the figures sit side by side on a wide screen, one above the other on a phone.
    const box = (await side.locator('g.fl-danger .fl-danger-band').boundingBox())!
    const figure = (await side.boundingBox())!
    bands.push({ x: box.x - figure.x, width: box.width })
  }
  expect(Math.abs(bands[0]!.x - bands[1]!.x)).toBeLessThan(1)
  expect(Math.abs(bands[0]!.width - bands[1]!.width)).toBeLessThan(1)
})
