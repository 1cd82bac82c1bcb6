/**
 * What the e2e tests of the first paint (issue 18) watch from before a page loads: the layout
 * shifts, and whether any frame lacked the diagram after a frame had shown it.
 */
import type { Page } from '@playwright/test'

/**
 * Before the page loads (page.addInitScript): sums the layout shifts, and at every animation
 * frame (just before each paint) notes whether the diagram was missing after a frame had shown
 * it (the parser may yield before it reaches the diagram: that frame shows a page still loading,
 * not a flash).
 */
export function watchFirstScreen(): void {
  const w = window as unknown as {
    flShift: number
    flFramesWithout: number
    flFrames: number
    flShifted: string[]
  }
  w.flShift = 0
  w.flFramesWithout = 0
  w.flFrames = 0
  w.flShifted = []
  type Source = {
    node?: Node | null
    previousRect: DOMRectReadOnly
    currentRect: DOMRectReadOnly
  }
  // What moved, so a failure names it: the element, and its box before → after.
  const describe = (source: Source): string => {
    const node = source.node
    const el = node instanceof Element ? node : (node?.parentElement ?? null)
    const name =
      el === null
        ? '(gone)'
        : `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}${[...el.classList].map((c) => `.${c}`).join('')}`
    const box = (r: DOMRectReadOnly) =>
      `${Math.round(r.x)},${Math.round(r.y)} ${Math.round(r.width)}×${Math.round(r.height)}`
    return `${name} ${box(source.previousRect)} → ${box(source.currentRect)}`
  }
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as unknown as { value: number; sources?: Source[] }[]) {
      w.flShift += entry.value
      w.flShifted.push(
        `${entry.value.toFixed(4)}: ${(entry.sources ?? []).map(describe).join('; ')}`,
      )
    }
  }).observe({ type: 'layout-shift', buffered: true })
  const frame = () => {
    const root = document.getElementById('root')
    const svg = [...(root?.querySelectorAll('svg.fl-marks-layer') ?? [])].find(
      (el) => el.getBoundingClientRect().height > 0,
    )
    if (svg !== undefined || w.flFrames > 0) {
      w.flFrames++
      if (svg === undefined) w.flFramesWithout++
    }
    if (w.flFrames < 600) requestAnimationFrame(frame)
  }
  requestAnimationFrame(frame)
}

/** What watchFirstScreen saw so far. */
export function readFirstScreen(
  page: Page,
): Promise<{ shift: number; without: number; frames: number; shifted: string[] }> {
  return page.evaluate(() => {
    const w = window as unknown as {
      flShift: number
      flFramesWithout: number
      flFrames: number
      flShifted: string[]
    }
    return {
      shift: w.flShift,
      without: w.flFramesWithout,
      frames: w.flFrames,
      shifted: w.flShifted,
    }
  })
}

/**
 * The prerendered drawings as the page lays them out: their computed `display`, and the height of
 * the box that holds them (under a link to another scenario they are not laid out at all, and the
 * box keeps the default page's room).
 */
export async function firstPaintDrawings(
  page: Page,
): Promise<{ displays: string[]; boxHeightPx: number }> {
  const displays = await page
    .locator('.fl-first-paint-drawing')
    .evaluateAll((all) => all.map((e) => getComputedStyle(e).display))
  const boxHeightPx = await page.locator('.fl-first-paint-box').evaluate((e) => e.clientHeight)
  return { displays, boxHeightPx }
}
