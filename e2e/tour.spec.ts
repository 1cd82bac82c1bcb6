/**
 * The guided tour against the production build: the whole tour walked forward and back by
 * keyboard alone (every step's decisive words shown at its step, Back and Next never moving),
 * predictions revealed only after an answer, deep links (and bad ones), the contents and the
 * browser's Back, "Try it yourself" opening the lab on the same run and moment, the embedded
 * chapter, accessibility in both themes, reduced motion, a phone — and no console error anywhere.
 */
import type { Locator, Page } from '@playwright/test'
import { expect, test } from './fixtures'
import { tabReachesAll } from './keyboard'
import { describeEvent, findPreset, formatMs, parseScenario, run } from '../src/sim'
import type { Moment, TourChapter, TourStep } from '../src/tour/chapters'
import { resolveMoment, TOUR } from '../src/tour/chapters'
import { axeScan } from './axe'

/** The tour's own data, run in Node: what each step must show. */
function momentOf(step: TourStep, moment: Moment) {
  const input =
    typeof step.scenario === 'string' ? findPreset(step.scenario)?.scenario : step.scenario
  const parsed = parseScenario(input)
  if (!parsed.ok) throw new Error(parsed.message)
  const r = run(parsed.scenario)
  const at = resolveMoment(r, moment)
  if (at === null) throw new Error(`moment of ${step.id} never happens`)
  return { atMs: at.atMs, event: r.events[at.eventIndex] }
}

/** Every stop of the tour in order: each step, then the chapter's answer. */
const STOPS: Array<{ chapter: TourChapter; step: TourStep | null; id: string }> = TOUR.flatMap(
  (chapter) => [
    ...chapter.steps.map((step) => ({ chapter, step, id: step.id })),
    { chapter, step: null, id: 'answer' },
  ],
)

function chapterRoot(page: Page): Locator {
  return page.locator('.fl-tour-chapter')
}

function backButton(page: Page): Locator {
  return page.getByRole('navigation', { name: 'Tour' }).getByRole('button', { name: 'Back' })
}

function nextButton(page: Page): Locator {
  return page.getByRole('navigation', { name: 'Tour' }).getByRole('button', { name: 'Next' })
}

async function expectAt(page: Page, stop: (typeof STOPS)[number]) {
  const root = chapterRoot(page)
  await expect(root).toHaveAttribute('data-chapter', stop.chapter.id)
  await expect(root).toHaveAttribute('data-step', stop.id)
  await expect(page.getByRole('heading', { level: 2 })).toHaveText(stop.chapter.question)
  if (stop.step === null) {
    await expect(page.locator('.fl-tour-answer-text')).toHaveText(stop.chapter.answer)
    return
  }
  await expect(page.locator('.fl-tour-text')).toHaveText(stop.step.text)
  if (stop.step.decisive !== undefined) {
    const key = page.locator('.fl-tour-key')
    await expect(key).toContainText(stop.step.decisive)
    await expect(key).toBeVisible()
  }
}

/** Opens a tour address and waits until the chapter is on screen (its keys are bound then). */
async function open(page: Page, address: string) {
  await page.goto(address)
  await expect(chapterRoot(page)).toHaveAttribute('data-step', /./)
}

async function boxOf(locator: Locator) {
  const box = await locator.boundingBox()
  if (box === null) throw new Error('not rendered')
  return box
}

test('the whole tour by keyboard: forward with → and J, back with ← and K; decisive words at every step', async ({
  page,
}) => {
  // Every step forward and back, each with its checks: 14 s on an idle machine, 29 s once with
  // the other worker busy (over the default 30 s).
  test.setTimeout(90_000)
  await open(page, '/tour.html')
  await expectAt(page, STOPS[0]!)
  const back0 = await boxOf(backButton(page))
  const next0 = await boxOf(nextButton(page))
  for (let i = 0; i < STOPS.length; i++) {
    await expectAt(page, STOPS[i]!)
    // Stable placement: Back and Next do not move, whatever the length of the words.
    expect(await boxOf(backButton(page))).toEqual(back0)
    expect(await boxOf(nextButton(page))).toEqual(next0)
    await page.keyboard.press(i % 2 === 0 ? 'ArrowRight' : 'j')
  }
  // At the very end Next stays put.
  await expectAt(page, STOPS[STOPS.length - 1]!)
  await expect(nextButton(page)).toHaveAttribute('aria-disabled', 'true')
  for (let i = STOPS.length - 1; i >= 0; i--) {
    await expectAt(page, STOPS[i]!)
    await page.keyboard.press(i % 2 === 0 ? 'ArrowLeft' : 'k')
  }
  await expectAt(page, STOPS[0]!)
  await expect(backButton(page)).toHaveAttribute('aria-disabled', 'true')
  // The address follows in an effect, after the step is drawn: waited for, not read at once.
  await expect(page).toHaveURL(/tour\.html#lease\/granted$/)
})

test('Home and End jump to the chapter’s first step and its answer; the address follows', async ({
  page,
}) => {
  await open(page, '/tour.html#limits/email')
  await page.keyboard.press('End')
  await expect(chapterRoot(page)).toHaveAttribute('data-step', 'answer')
  await expect(page).toHaveURL(/#limits\/answer$/)
  await page.keyboard.press('Home')
  await expect(chapterRoot(page)).toHaveAttribute('data-step', 'late-write')
  await expect(page).toHaveURL(/#limits\/late-write$/)
  await page.getByRole('button', { name: 'Step 4 of 5' }).click()
  await expect(chapterRoot(page)).toHaveAttribute('data-step', 'duplicate-token')
  await expect(page.getByRole('button', { name: 'Step 4 of 5' })).toHaveAttribute(
    'aria-current',
    'step',
  )
})

for (const { chapter, step } of STOPS.filter((s) => s.step?.predict !== undefined)) {
  const s = step!
  const predict = s.predict!
  test(`predict ${chapter.id}/${s.id}: the outcome shows only after an answer; Back asks again`, async ({
    page,
  }) => {
    const asked = momentOf(s, s.at)
    const revealed = momentOf(s, predict.reveal)
    await open(page, `/tour.html#${chapter.id}/${s.id}`)
    const cursor = page.locator('.fl-playhead-text')
    await expect(cursor).toHaveText(formatMs(asked.atMs))
    await expect(page.locator('.fl-tour-verdict')).toHaveCount(0)
    // While the question is open, the diagram holds nothing from the future.
    await expect(page.locator('.fl-diagram desc')).not.toContainText(
      describeEvent(revealed.event!).slice(0, 20),
    )
    // Nor does the step before it on the same run (its future used to show the outcome faded).
    const earlier = chapter.steps[chapter.steps.indexOf(s) - 1]
    if (earlier !== undefined && earlier.scenario === s.scenario) {
      await page.keyboard.press('ArrowLeft')
      await expect(chapterRoot(page)).toHaveAttribute('data-step', earlier.id)
      await expect(page.locator('.fl-diagram desc')).not.toContainText(
        describeEvent(revealed.event!).slice(0, 20),
      )
      await page.keyboard.press('ArrowRight')
      await expect(chapterRoot(page)).toHaveAttribute('data-step', s.id)
    }

    const choices = page.getByRole('group', { name: predict.question })
    const right = predict.choices.find((c) => c.correct)!
    const wrong = predict.choices.find((c) => !c.correct)!
    // Answer by keyboard: focus on the first choice, Enter.
    await choices.getByRole('button').first().focus()
    const first = predict.choices[0]!
    await page.keyboard.press('Enter')
    await expect(choices.getByRole('button', { name: first.label })).toHaveAttribute(
      'aria-pressed',
      'true',
    )
    await expect(page.locator('.fl-tour-outcome')).toContainText(first.explanation)
    await expect(cursor).toHaveText(formatMs(revealed.atMs))
    await expect(page.locator('.fl-tour-key')).toContainText(describeEvent(revealed.event!))

    await page.keyboard.press('ArrowLeft')
    await expect(chapterRoot(page)).toHaveAttribute('data-step', s.id)
    await expect(page.locator('.fl-tour-verdict')).toHaveCount(0)
    await expect(cursor).toHaveText(formatMs(asked.atMs))

    await choices.getByRole('button', { name: wrong.label }).click()
    await expect(page.locator('.fl-tour-verdict--wrong')).toContainText(
      `Not quite. ${wrong.explanation}`,
    )
    await expect(page.locator('.fl-tour-outcome')).toContainText(`What happens: ${right.label}.`)
    await choices.getByRole('button', { name: right.label }).click()
    await expect(page.locator('.fl-tour-verdict--right')).toContainText(
      `Right. ${right.explanation}`,
    )
  })
}

test('deep links open the right chapter and step, by number, id or answer', async ({ page }) => {
  await open(page, '/tour.html#pause/3')
  await expectAt(
    page,
    STOPS.find((s) => s.chapter.id === 'pause' && s.id === 'expired')!,
  )
  await expect(page.getByRole('button', { name: 'Step 3 of 6' })).toHaveAttribute(
    'aria-current',
    'step',
  )
  await expect(page).toHaveURL(/#pause\/expired$/)
  await expect(page).toHaveTitle(
    'The pause: two clients believe they hold the lock · Guided tour · Fencing Lab',
  )

  await open(page, '/tour.html#fencing/reject')
  await expectAt(
    page,
    STOPS.find((s) => s.chapter.id === 'fencing' && s.id === 'reject')!,
  )
  await expect(page.locator('.fl-playhead-text')).toHaveText('16.005 s')

  await open(page, '/tour.html?chapter=timeouts&step=answer')
  await expectAt(
    page,
    STOPS.find((s) => s.chapter.id === 'timeouts' && s.id === 'answer')!,
  )
  await expect(page.getByRole('alert')).toHaveCount(0)
})

test('a bad link says what was wrong and shows the start of the tour (or of its chapter)', async ({
  page,
}) => {
  await open(page, '/tour.html#fencng/2')
  await expect(page.getByRole('alert')).toHaveText(
    'There is no chapter “fencng” in the tour. Showing the start of the tour.',
  )
  await expectAt(page, STOPS[0]!)
  await page.getByRole('button', { name: 'Dismiss this message' }).click()
  await expect(page.getByRole('alert')).toHaveCount(0)

  await open(page, '/tour.html#pause/99')
  await expect(page.getByRole('alert')).toContainText('has no step “99”')
  await expectAt(
    page,
    STOPS.find((s) => s.chapter.id === 'pause')!,
  )
})

test('the contents jump to a chapter; the browser’s Back returns', async ({ page }) => {
  await open(page, '/tour.html#pause/expired')
  const chapters = page.getByRole('navigation', { name: 'Chapters' })
  // It opens and closes like a menu: Escape, or a click elsewhere.
  await page.getByText('Contents').click()
  await expect(chapters).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(chapters).toBeHidden()
  await expect(page.getByText('Contents')).toBeFocused()
  await page.getByText('Contents').click()
  await page.getByRole('heading', { level: 2 }).click()
  await expect(chapters).toBeHidden()
  await page.getByText('Contents').click()
  await expect(chapters.getByRole('link')).toHaveCount(TOUR.length)
  await expect(chapters.getByRole('link', { name: /Chapter 2/ })).toHaveAttribute(
    'aria-current',
    'true',
  )
  await chapters.getByRole('link', { name: /Chapter 5/ }).click()
  await expect(chapterRoot(page)).toHaveAttribute('data-chapter', 'purpose')
  await expect(chapters).toBeHidden()
  // Focus moves to the new chapter's question, so Tab and screen readers continue from there.
  await expect(page.getByRole('heading', { level: 2 })).toBeFocused()
  await page.goBack()
  await expect(chapterRoot(page)).toHaveAttribute('data-chapter', 'pause')
  await expect(chapterRoot(page)).toHaveAttribute('data-step', 'expired')
})

test('"Try it yourself" opens the lab on the same run and moment (a preset)', async ({ page }) => {
  await open(page, '/tour.html#fencing/answer')
  await page.getByRole('link', { name: 'Try it yourself' }).click()
  await expect(page).toHaveURL(/index\.html\?scenario=gc-pause&t=16005$/)
  await expect(page.getByRole('combobox', { name: 'Scenario' })).toHaveValue('gc-pause')
  await expect(page.getByRole('slider', { name: 'Time' })).toHaveValue('16005')
  // And back to the tour from the lab's header.
  await page.getByRole('link', { name: 'Guided tour' }).click()
  await expect(page).toHaveURL(/tour\.html/)
  await expectAt(page, STOPS[0]!)
})

test('"Try it yourself" opens the tour’s own scenario in the lab (#s= link)', async ({ page }) => {
  await open(page, '/tour.html#lease/answer')
  await page.getByRole('link', { name: 'Try it yourself' }).click()
  await expect(page).toHaveURL(/index\.html#s=[A-Za-z0-9_-]+&t=22015$/)
  await expect(page.getByRole('slider', { name: 'Time' })).toHaveValue('22015')
  await expect(
    page.getByRole('group', { name: /^Space-time diagram/ }).first(),
  ).toHaveAccessibleName(/A renewed lease, then a crash/)
  await expect(page.getByRole('alert')).toHaveCount(0)
})

test('a step opens in the lab at its moment', async ({ page }) => {
  await open(page, '/tour.html#timeouts/clock-jump')
  await page.getByRole('link', { name: 'Open this moment in the lab' }).click()
  await expect(page).toHaveURL(/index\.html\?scenario=clock-jump&t=2000$/)
  await expect(page.getByRole('slider', { name: 'Time' })).toHaveValue('2000')
})

test('one chapter embedded (?embed=1): no page chrome, its own keys, the address untouched', async ({
  page,
}) => {
  await open(page, '/tour.html?chapter=fencing&embed=1')
  await expect(page.getByText('Contents')).toHaveCount(0)
  await expect(page.getByRole('link', { name: 'Fencing Lab' })).toHaveCount(0)
  await expect(page.getByRole('heading', { level: 2 })).toHaveText(TOUR[2]!.question)
  // Nothing has focus until the reader gives it; the keys work once the chapter has it.
  await expect(page.locator('body')).toBeFocused()
  await page.keyboard.press('ArrowRight')
  await expect(chapterRoot(page)).toHaveAttribute('data-step', 'records-42')
  await nextButton(page).click()
  await expect(chapterRoot(page)).toHaveAttribute('data-step', 'predict')
  await page.keyboard.press('ArrowRight')
  await expect(chapterRoot(page)).toHaveAttribute('data-step', 'reject')
  await expect(page.locator('.fl-tour-key')).toContainText(
    "storage rejected A's write: token 41 < 42",
  )
  await page.keyboard.press('End')
  await expect(chapterRoot(page)).toHaveAttribute('data-step', 'answer')
  await expect(page.getByRole('link', { name: 'Try it yourself' })).toHaveAttribute(
    'target',
    '_blank',
  )
  expect(page.url()).toMatch(/tour\.html\?chapter=fencing&embed=1$/)
})

for (const colorScheme of ['light', 'dark'] as const) {
  test(`axe finds nothing on the tour (${colorScheme})`, async ({ page }) => {
    // Several full axe scans: seconds each on a busy 2-core machine.
    test.setTimeout(90_000)
    await page.emulateMedia({ colorScheme })
    const scan = async () => {
      const result = await axeScan(page).analyze()
      expect(result.violations).toEqual([])
    }
    await open(page, '/tour.html#pause/two-believers')
    await scan()
    await open(page, '/tour.html#fencing/predict')
    await page
      .getByRole('button', { name: 'Accept it: 41 is a token the lock service issued' })
      .click()
    await page.getByText(/^All \d+ events so far$/).click()
    await scan()
    await open(page, '/tour.html#purpose/answer')
    await page.getByText('Contents').click()
    await scan()
    await open(page, '/tour.html?chapter=limits&embed=1&theme=' + colorScheme)
    await scan()
  })
}

test('Tab reaches every control of a step and of an answer', async ({ page }) => {
  for (const address of ['/tour.html#fencing/predict', '/tour.html#timeouts/answer']) {
    await page.goto(address)
    const expected = await tabReachesAll(page)
    expect(expected).toBeGreaterThan(10)
  }
})

test('reduced motion: nothing animates, and every move is shown at once', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' })
  await open(page, '/tour.html#pause/holds')
  for (const expected of ['paused', 'expired', 'two-believers']) {
    await page.keyboard.press('ArrowRight')
    // Read in the same task as the key press: no transition to wait for.
    const now = await page.evaluate(() => ({
      step: document.querySelector<HTMLElement>('.fl-tour-chapter')?.dataset.step,
      animations: document.getAnimations().length,
    }))
    expect(now).toEqual({ step: expected, animations: 0 })
  }
})

test('a phone (375 px): nothing overflows sideways, Back and Next stay within reach', async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 740 })
  for (const address of [
    '#lease/renewed',
    '#fencing/predict',
    '#limits/answer',
    '#purpose/absorbed',
  ]) {
    await open(page, `/tour.html${address}`)
    await expect(chapterRoot(page)).toBeVisible()
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375)
    const next = await boxOf(nextButton(page))
    const back = await boxOf(backButton(page))
    expect(next.height).toBeGreaterThanOrEqual(44)
    expect(next.y + next.height).toBeLessThanOrEqual(740)
    expect(back.x).toBeGreaterThanOrEqual(0)
    expect(next.x + next.width).toBeLessThanOrEqual(375)
  }
})

test('1280×800: at every step the whole diagram, its axis and its key are above the Back/Next bar', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 })
  await open(page, '/tour.html')
  const steps = STOPS.filter((s) => s.step !== null)
  for (const stop of STOPS) {
    await expect(chapterRoot(page)).toHaveAttribute('data-step', stop.id)
    if (stop.step !== null) {
      const figure = await boxOf(page.locator('.fl-tour-figure svg.fl-diagram').first())
      const bar = await boxOf(page.locator('.fl-tour-nav--fixed'))
      expect(figure.y, `${stop.chapter.id}/${stop.id}`).toBeGreaterThanOrEqual(0)
      expect(figure.y + figure.height, `${stop.chapter.id}/${stop.id}`).toBeLessThanOrEqual(bar.y)
    }
    await page.keyboard.press('ArrowRight')
  }
  expect(steps.length).toBeGreaterThan(20)
})
