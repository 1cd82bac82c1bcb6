/**
 * The lab page follows its address: a link pasted into an open tab opens (a broken one with the
 * same message as on load), Back and Forward move between the scenarios the reader opened, and a
 * broken link stays in the address bar, with an offer to copy it, until the reader acts.
 */
import type { Page } from '@playwright/test'
import { findPreset, parseScenario } from '../src/sim'
import { encodeScenario } from '../src/link/encode'
import { expect, test } from './fixtures'
import { readFirstScreen, watchFirstScreen } from './firstScreen'

const scenarioPicker = (page: Page) => page.getByRole('combobox', { name: 'Scenario' })

function customLink(title: string): string {
  const preset = findPreset('clock-jump')
  if (preset === undefined) throw new Error('no clock-jump preset')
  const parsed = parseScenario({ ...preset.scenario, title })
  if (!parsed.ok) throw new Error(parsed.message)
  return `#s=${encodeScenario(parsed.scenario)}&t=700`
}

test('a #s= link pasted into an open tab opens, and the next edit keeps it', async ({ page }) => {
  await page.goto('/?scenario=gc-pause')
  await expect(page.getByRole('heading', { name: 'Fencing Lab' })).toBeVisible()
  const hash = customLink('Pasted scenario')
  // Typing a new fragment into the address bar: a same-document navigation.
  await page.evaluate((h) => {
    location.hash = h
  }, hash)
  await expect(page).toHaveTitle('Pasted scenario · Fencing Lab')
  await expect(page.locator('.fl-notice')).toHaveCount(0)
  await page.getByRole('button', { name: 'Step forward' }).click()
  // The address follows the pasted scenario (the old store would have written its own back).
  await expect.poll(() => new URL(page.url()).hash).toMatch(/^#s=[^&]+&t=(?!700$)\d+$/)
  await page.reload()
  await expect(page).toHaveTitle('Pasted scenario · Fencing Lab')
})

test('a custom link whose # became ? opens, and the address is written back as #s=', async ({
  page,
}) => {
  const query = customLink('Query scenario').replace(/^#/, '?')
  await page.goto(`/${query}`)
  await expect(page).toHaveTitle('Query scenario · Fencing Lab')
  await expect(page.locator('.fl-notice')).toHaveCount(0)
  await expect(page.getByRole('slider', { name: 'Time' })).toHaveValue('700')
  await expect.poll(() => new URL(page.url()).hash).toMatch(/^#s=[^&]+&t=700$/)
  expect(new URL(page.url()).search).toBe('')
})

test('a broken link pasted into an open tab says what is wrong, as on load', async ({ page }) => {
  await page.goto('/?scenario=clock-jump')
  await expect(scenarioPicker(page)).toHaveValue('clock-jump')
  await page.evaluate(() => {
    location.hash = '#s=!!!!'
  })
  const notice = page.locator('.fl-notice')
  await expect(notice).toContainText(
    'This link’s scenario could not be opened: the scenario in the link has a character that does not belong (“!” at position 1). Showing the default scenario, “GC pause: token 41 vs 42”.',
  )
  await expect(scenarioPicker(page)).toHaveValue('gc-pause')
})

test('Back and Forward move between the scenarios the reader opened', async ({ page }) => {
  await page.goto('/?scenario=gc-pause')
  await expect(scenarioPicker(page)).toHaveValue('gc-pause')
  await scenarioPicker(page).selectOption('clock-jump')
  await expect(page).toHaveURL(/\?scenario=clock-jump$/)
  await scenarioPicker(page).selectOption('lock-delay')
  await expect(page).toHaveURL(/\?scenario=lock-delay$/)
  await page.goBack()
  await expect(page).toHaveURL(/\?scenario=clock-jump$/)
  await expect(scenarioPicker(page)).toHaveValue('clock-jump')
  await page.goBack()
  await expect(page).toHaveURL(/\?scenario=gc-pause$/)
  await expect(scenarioPicker(page)).toHaveValue('gc-pause')
  await page.goForward()
  await expect(scenarioPicker(page)).toHaveValue('clock-jump')
})

test('moving the cursor replaces the history entry instead of adding one', async ({ page }) => {
  await page.goto('/?scenario=gc-pause')
  const before = await page.evaluate(() => history.length)
  await page.getByRole('button', { name: 'Step forward' }).click()
  await expect(page).toHaveURL(/\?scenario=gc-pause&t=\d+$/)
  expect(await page.evaluate(() => history.length)).toBe(before)
})

test('a broken link stays in the address bar, with an offer to copy it', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
  await page.addInitScript(watchFirstScreen)
  await page.goto('/?scenario=nope&t=-5')
  const notice = page.locator('.fl-notice')
  await expect(notice).toContainText('There is no scenario called “nope”.')
  await page.waitForTimeout(600)
  expect(new URL(page.url()).search).toBe('?scenario=nope&t=-5')
  // The offer is in the notice's first frame: nothing under the notice moved when it came.
  const seen = await readFirstScreen(page)
  expect(seen.shift, seen.shifted.join('\n')).toBe(0)
  await notice.getByRole('button', { name: 'Copy this link for a bug report' }).click()
  await expect(notice).toContainText('Link copied.')
  expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(/\?scenario=nope&t=-5$/)
  // The reader acts: now the address follows the lab.
  await page.getByRole('button', { name: 'Step forward' }).click()
  await expect(page).toHaveURL(/\?scenario=gc-pause&t=\d+$/)
})

test('an out-of-range time says what is wrong with it', async ({ page }) => {
  await page.goto('/?scenario=gc-pause&t=99999999999')
  await expect(page.locator('.fl-notice')).toContainText(
    'The time t=99999999999 is later than any run lasts (at most 86400000 ms, one day).',
  )
  await page.goto('/?scenario=gc-pause&t=-5')
  await expect(page.locator('.fl-notice')).toContainText(
    'The time t=-5 is negative: a time counts milliseconds from the start of the run.',
  )
})
