/** Keyboard checks shared by the specs. */
import type { Page } from '@playwright/test'
import { expect } from '@playwright/test'

/** Presses Tab through the page and checks it reaches every tabbable control; returns how many. */
export async function tabReachesAll(page: Page): Promise<number> {
  return walkTabs(page, { backwards: false, inView: false })
}

/** Where the focused element is, and what (if anything) covers it. */
interface FocusView {
  probe: string | null
  what: string
  /** Why it is not fully in view, or null when it is (or when it was not asked). */
  problem: string | null
}

/**
 * Presses Tab (Shift+Tab when `backwards`) through the page like `tabReachesAll`, and checks at
 * every stop that the focused control is fully inside the window and not covered: the element at
 * its centre is itself (or inside it), and its box is clear of the lab page's story bar.
 */
export async function tabReachesAllInView(
  page: Page,
  { backwards = false }: { backwards?: boolean } = {},
): Promise<number> {
  return walkTabs(page, { backwards, inView: true })
}

/**
 * The walk both checks share. The page is settled first, then every control Tab should reach is
 * marked; Tab is pressed until each was reached (or a full round more than that). Every stop must
 * be a marked control: a stop the marking did not foresee is a Tab stop that does nothing (an
 * SVG group made focusable by its handlers was one) or a control that came late.
 */
async function walkTabs(
  page: Page,
  { backwards, inView }: { backwards: boolean; inView: boolean },
): Promise<number> {
  const expected = await markTabbables(page)
  const reached = new Set<string>()
  const problems: string[] = []
  const unforeseen: string[] = []
  for (let i = 0; i < 2 * expected + 4 && reached.size < expected; i++) {
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab')
    const seen: FocusView | null = await page.evaluate((inView) => {
      const el = document.activeElement as HTMLElement | null
      if (el === null || el === document.body) return null
      const what = `${el.tagName.toLowerCase()} "${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 40)}"`
      const probe = el.dataset.tabProbe ?? null
      if (!inView) return { probe, what, problem: null }
      const r = el.getBoundingClientRect()
      const dock = document.querySelector('.fl-dock[data-shown]')
      const dockBottom = dock === null ? 0 : dock.getBoundingClientRect().bottom
      const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2)
      const host = el instanceof SVGElement ? (el.closest('.fl-diagram-frame') ?? el) : el
      let problem: string | null = null
      if (r.top < dockBottom - 0.5)
        problem = `top ${r.top.toFixed(1)} under the story bar (to ${dockBottom.toFixed(1)})`
      else if (r.top < -0.5 || r.bottom > innerHeight + 0.5)
        problem = `out of the window (${r.top.toFixed(1)}–${r.bottom.toFixed(1)})`
      // A mark of the diagram is drawn among others (its box's middle may be on a neighbour):
      // there, what counts is that the diagram itself is what shows.
      else if (hit === null || !(hit === host || host.contains(hit)))
        problem = `covered at its centre by ${hit?.tagName.toLowerCase()}.${hit?.getAttribute('class')}`
      return { probe, what, problem }
    }, inView)
    if (seen === null) continue
    if (seen.probe !== null) reached.add(seen.probe)
    else if (!unforeseen.includes(seen.what)) unforeseen.push(seen.what)
    if (seen.problem !== null) problems.push(`${seen.what}: ${seen.problem}`)
  }
  const missed = await page.evaluate(
    (reached) =>
      [...document.querySelectorAll<HTMLElement>('[data-tab-probe]')]
        .filter((el) => !reached.includes(el.dataset.tabProbe ?? ''))
        .map(
          (el) =>
            `${el.tagName.toLowerCase()} "${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 40)}"`,
        ),
    [...reached],
  )
  expect(problems, 'controls not fully in view when focused').toEqual([])
  expect(unforeseen, 'Tab stops that are no control the page shows').toEqual([])
  expect(missed, 'controls Tab never reached').toEqual([])
  return expected
}

/**
 * Marks every control Tab should reach (visible, enabled, one radio per group) with its index in
 * `data-tab-probe`, blurs the focus so Tab starts from the top, and returns how many there are.
 */
async function markTabbables(page: Page): Promise<number> {
  // Parts that load after the first screen first (the panels, the sharing tools, the history
  // opener, which has no stand-in): a control that arrived after the marking would be a stop the
  // walk did not foresee. The built page's static first screen is replaced by the app's.
  await expect(page.locator('[data-prerendered]')).toHaveCount(0)
  await expect(page.getByText(/^Loading the /)).toHaveCount(0)
  await page.waitForLoadState('networkidle')
  // That load state is kept once reached, so it does not wait for a part asked for after it (the
  // history opener, lazy inside the sharing tools, once came after the marking): wait until the
  // controls have stayed the same for a moment too.
  let last = -1
  await expect
    .poll(
      async () => {
        const count = await page.evaluate(tabbables, false)
        const settled = count === last
        last = count
        return settled
      },
      { intervals: [300] },
    )
    .toBe(true)
  return page.evaluate(tabbables, true)
}

/**
 * The controls Tab should reach, counted, and when `mark`, marked with their index in
 * `data-tab-probe` (and the focus blurred, so that Tab starts from the top). Runs in the page.
 */
function tabbables(mark: boolean): number {
  const tabbable = [
    ...document.querySelectorAll<HTMLElement>(
      'button, input, select, summary, a[href], [tabindex]:not([tabindex="-1"])',
    ),
  ].filter((el) => {
    if (el.matches(':disabled') || el.tabIndex < 0) return false
    if (el instanceof HTMLInputElement && el.type === 'radio' && !el.checked) return false
    return el.checkVisibility()
  })
  if (mark) {
    document
      .querySelectorAll('[data-tab-probe]')
      .forEach((el) => el.removeAttribute('data-tab-probe'))
    tabbable.forEach((el, i) => (el.dataset.tabProbe = String(i)))
    ;(document.activeElement as HTMLElement | null)?.blur()
  }
  return tabbable.length
}
