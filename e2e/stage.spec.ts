/**
 * The story as the main path, on one stage: at 1280×800 and 390×844 the first screen holds the
 * caption, the whole diagram and the transport; Next walks every preset's narration line once,
 * in order, and Previous walks back; the page's keys work from the first load; the narration
 * stays true after the reader changes the run.
 */
import type { Page } from '@playwright/test'
import { expect, test } from './fixtures'
import { parseScenario, PRESETS, run } from '../src/sim'
import { resolveCaptions } from '../src/timeline/captions'

const SIZES = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
] as const

/** The narration lines of a preset, in story order. */
function storyOf(id: string): string[] {
  const preset = PRESETS.find((p) => p.id === id)
  const parsed = parseScenario(preset?.scenario)
  if (!parsed.ok) throw new Error(parsed.message)
  return resolveCaptions(run(parsed.scenario), parsed.scenario.narration).map((c) => c.text)
}

/** Whether two of a preset's narration lines fall on the same millisecond. */
function hasTiedLines(id: string): boolean {
  const preset = PRESETS.find((p) => p.id === id)
  const parsed = parseScenario(preset?.scenario)
  if (!parsed.ok) throw new Error(parsed.message)
  const times = resolveCaptions(run(parsed.scenario), parsed.scenario.narration).map((c) => c.atMs)
  return new Set(times).size < times.length
}

const captionText = (page: Page) => page.locator('.fl-caption-text')
const next = (page: Page) => page.getByRole('button', { name: 'Next moment' })
const previous = (page: Page) => page.getByRole('button', { name: 'Previous moment' })

/** Presses Next until it is disabled, collecting each line shown (the first one included). */
async function walkForward(page: Page): Promise<string[]> {
  const seen: string[] = []
  const first = await captionText(page).textContent()
  if (first !== null && !first.startsWith('Press Play')) seen.push(first)
  for (let i = 0; i < 120 && (await next(page).isEnabled()); i++) {
    const line = Number(await captionText(page).getAttribute('data-story-line'))
    await next(page).click()
    await expect(captionText(page)).not.toHaveAttribute('data-story-line', String(line))
    seen.push((await captionText(page).textContent()) ?? '')
  }
  return seen
}

async function walkBack(page: Page): Promise<string[]> {
  const seen = [(await captionText(page).textContent()) ?? '']
  for (let i = 0; i < 120 && (await previous(page).isEnabled()); i++) {
    const line = Number(await captionText(page).getAttribute('data-story-line'))
    await previous(page).click()
    await expect(captionText(page)).not.toHaveAttribute('data-story-line', String(line))
    seen.push((await captionText(page).textContent()) ?? '')
  }
  return seen
}

for (const size of SIZES) {
  test.describe(`${size.width}×${size.height}`, () => {
    test.use({ viewport: size })

    test('the first screen shows the caption, the whole diagram and the transport, for every preset', async ({
      page,
    }) => {
      test.setTimeout(120_000)
      for (const preset of PRESETS) {
        await page.goto(`/?scenario=${preset.id}`)
        await page.locator('.fl-diagram').first().waitFor()
        const parts = {
          caption: page.locator('.fl-caption'),
          diagram: page.locator('.fl-diagram-panel'),
          previous: previous(page),
          next: next(page),
          play: page.getByRole('button', { name: 'Play', exact: true }),
          'step back': page.getByRole('button', { name: 'Step back', exact: true }),
          'step forward': page.getByRole('button', { name: 'Step forward', exact: true }),
          scrubber: page.getByRole('slider', { name: 'Time' }),
        }
        expect(await page.evaluate(() => window.scrollY)).toBe(0)
        for (const [name, locator] of Object.entries(parts)) {
          const box = await locator.boundingBox()
          const where = `${preset.id}: ${name}`
          expect(box, where).not.toBeNull()
          if (box === null) continue
          expect(box.y, `${where} top`).toBeGreaterThanOrEqual(0)
          expect(box.x, `${where} left`).toBeGreaterThanOrEqual(0)
          expect(box.y + box.height, `${where} bottom`).toBeLessThanOrEqual(size.height)
          expect(box.x + box.width, `${where} right`).toBeLessThanOrEqual(size.width)
        }
      }
    })

    test("Next shows every preset's narration once, in order; Previous walks back", async ({
      page,
    }) => {
      test.setTimeout(180_000)
      // Every preset's walk is checked on the store (src/store/story.test.ts); here the page's
      // buttons walk the presets whose story has lines sharing a millisecond (the ones once
      // skipped) on the desktop, and gc-pause, the first of them, on the phone: which line Next
      // shows does not depend on the width.
      const tied = PRESETS.filter((p) => hasTiedLines(p.id))
      expect(tied.map((p) => p.id)).toContain('gc-pause')
      expect(tied.length).toBeGreaterThanOrEqual(3)
      const walked = size.width < 640 ? tied.filter((p) => p.id === 'gc-pause') : tied
      for (const preset of walked) {
        await page.goto(`/?scenario=${preset.id}`)
        const story = storyOf(preset.id)
        expect(story.length, preset.id).toBeGreaterThan(0)
        expect(await walkForward(page), preset.id).toEqual(story)
        await expect(next(page)).toBeDisabled()
        expect(await walkBack(page), preset.id).toEqual([...story].reverse())
        await expect(previous(page)).toBeDisabled()
      }
    })
  })
}

test('the page keys work from the first load, without a click', async ({ page }) => {
  await page.goto('/?scenario=gc-pause')
  await page.locator('.fl-diagram').first().waitFor()
  const scrubber = page.getByRole('slider', { name: 'Time' })
  await page.keyboard.press('ArrowRight')
  await expect(scrubber).not.toHaveValue('0')
  await page.keyboard.press('Home')
  await expect(scrubber).toHaveValue('0')
  await page.keyboard.press('Space')
  await expect(page.getByRole('button', { name: 'Pause', exact: true })).toBeVisible()
  expect(await page.evaluate(() => window.scrollY)).toBe(0)
  await page.keyboard.press('Space')
  await expect(page.getByRole('button', { name: 'Play', exact: true })).toBeVisible()
  // A control that uses the keys keeps them: the scenario select's arrows choose a scenario.
  await page.keyboard.press('End')
  const end = await scrubber.inputValue()
  await page.getByRole('combobox', { name: 'Scenario' }).focus()
  await page.keyboard.press('Home')
  await expect(scrubber).toHaveValue(end)
  // Step forward has nowhere to go at the end.
  await expect(page.getByRole('button', { name: 'Step forward', exact: true })).toBeDisabled()
})

test('picking a scenario from the catalogue brings the reader to the stage', async ({ page }) => {
  await page.goto('/?scenario=gc-pause')
  await page.getByText(/^All \d+ scenarios$/).click()
  await page.getByRole('button', { name: /^Lock-delay/ }).click()
  const stage = page.getByRole('region', { name: 'Timeline' })
  await expect(stage).toBeFocused()
  await expect(stage).toBeInViewport()
  await expect(page.getByRole('combobox', { name: 'Scenario' })).toHaveValue('lock-delay')
})

test('after resuming A at 5 s in gc-pause, no caption claims the lease expired unnoticed', async ({
  page,
}) => {
  await page.goto('/?scenario=gc-pause&t=5000')
  await page.getByRole('tab', { name: 'Break things' }).click()
  await page.getByRole('button', { name: 'Resume client A', exact: true }).click()
  await page.keyboard.press('Home')
  const lines = await walkForward(page)
  const story = lines.join('\n')
  expect(story).not.toMatch(/Nothing told it the lease expired|lease runs out|rejects 41/)
  // What happens now is told from the run, and marked as such.
  expect(story).toContain('A resumed after 4.001 s, unaware that time passed.')
  expect(lines.at(-1)).toBe(
    'After your change, the run ends safe: no violation; the same verdict as the scenario as written.',
  )
  await expect(page.locator('.fl-caption-meta')).toContainText('after your change')
})

test('after fencing is set to none in gc-pause, the overwrite is told', async ({ page }) => {
  await page.goto('/?scenario=gc-pause')
  await page.getByRole('tab', { name: 'Break things' }).click()
  await page.getByRole('radio', { name: 'None' }).first().check()
  await page.keyboard.press('Home')
  const story = (await walkForward(page)).join('\n')
  expect(story).not.toMatch(/rejects 41/)
  expect(story).toMatch(/an older holder overwrote a newer one/)
})

test('Play plays the story: each line is held in turn, the tied lines too', async ({ page }) => {
  // On Playwright's clock: the story holds each line 2.2–8 s, some 40 s in all, run here in a
  // few seconds of fake time steps. Each line is held at least MIN_HOLD_MS (2.2 s), so a look
  // every 250 ms of page time sees every line.
  await page.clock.install()
  await page.goto('/?scenario=gc-pause')
  const story = storyOf('gc-pause')
  const play = page.getByRole('button', { name: 'Play', exact: true })
  await play.click()
  await expect(page.getByRole('button', { name: 'Pause', exact: true })).toBeVisible()
  const shown: string[] = []
  for (let i = 0; i < 400 && !(await play.isVisible()); i++) {
    await page.clock.runFor(250)
    const line = (await captionText(page).textContent()) ?? ''
    if (shown.at(-1) !== line) shown.push(line)
  }
  // Every line showed, in order, while the story played (expiry and grant share a millisecond).
  expect(shown.filter((line) => story.includes(line))).toEqual(story.slice(1))
  await expect(play).toBeVisible()
  // True time would have taken 16 s plus nothing; the 15 s pause was not played out in full.
  await expect(page.getByRole('slider', { name: 'Time' })).toHaveValue('16010')
})
