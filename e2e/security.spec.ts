/**
 * Security of the built page: a strict Content-Security-Policy (same-origin scripts and styles
 * only) with nothing on the page violating it, and scenario text that looks like markup is shown
 * as text — never parsed as HTML, never run.
 */
import { expect, test } from '@playwright/test'
import { encodeScenario } from '../src/link/encode'
import { findPreset } from '../src/sim'

const HOSTILE = '<img src=x onerror="window.__pwned=1"><script>window.__pwned=2</script>'

test('the page declares a strict CSP and nothing on it violates the policy', async ({ page }) => {
  const violations: string[] = []
  page.on('console', (m) => {
    if (m.type() === 'error') violations.push(m.text())
  })
  await page.goto('/?scenario=gc-pause')
  const csp = await page
    .locator('meta[http-equiv="Content-Security-Policy"]')
    .getAttribute('content')
  expect(csp).toContain("script-src 'self'")
  expect(csp).toContain("style-src 'self'")
  expect(csp).not.toContain('unsafe-inline')
  expect(csp).not.toContain('unsafe-eval')
  // Exercise the page: play to the end, open every tab.
  await page.locator('.fl-lab').focus()
  await page.keyboard.press('End')
  for (const name of ['Break things', 'About', 'State']) {
    await page.getByRole('tab', { name }).click()
  }
  const reported = await page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let count = 0
        document.addEventListener('securitypolicyviolation', () => count++)
        setTimeout(() => resolve(count), 300)
      }),
  )
  expect(reported).toBe(0)
  expect(violations.filter((v) => /Content Security Policy/i.test(v))).toEqual([])
})

// Every other built page carries the same policy (the specs that exercise them fail on any
// console error, which is where a violation is reported).
for (const path of [
  '/embed.html?scenario=gc-pause&controls=full',
  '/embed.html?tour=fencing',
  '/tour.html#fencing',
]) {
  test(`${path} declares the same strict CSP`, async ({ page }) => {
    await page.goto(path)
    const csp = await page
      .locator('meta[http-equiv="Content-Security-Policy"]')
      .getAttribute('content')
    expect(csp).toContain("script-src 'self'")
    expect(csp).toContain("style-src 'self'")
    expect(csp).not.toContain('unsafe-inline')
    expect(csp).not.toContain('unsafe-eval')
  })
}

test('a scenario whose title and description contain markup shows them as text', async ({
  page,
}) => {
  const base = findPreset('gc-pause')!.scenario
  const link = `/#s=${encodeScenario({ ...base, id: 'hostile', title: HOSTILE, description: HOSTILE })}`
  await page.goto(link)
  // The title, in the scenario picker, and the description, in the About panel: as typed.
  await expect(page.getByRole('combobox', { name: 'Scenario' })).toContainText(`Custom: ${HOSTILE}`)
  await page.getByRole('tab', { name: 'About' }).click()
  await expect(page.getByRole('tabpanel').getByText(HOSTILE).first()).toBeVisible()
  expect(await page.locator('img[src="x"]').count()).toBe(0)
  expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBe(
    undefined,
  )
})
