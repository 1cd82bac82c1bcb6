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
  const w = window as unknown as { flShift: number; flFramesWithout: number; flFrames: number }
  w.flShift = 0
  w.flFramesWithout = 0
  w.flFrames = 0
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as unknown as { value: number }[])
      w.flShift += entry.value
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
): Promise<{ shift: number; without: number; frames: number }> {
  return page.evaluate(() => {
    const w = window as unknown as { flShift: number; flFramesWithout: number; flFrames: number }
    return { shift: w.flShift, without: w.flFramesWithout, frames: w.flFrames }
  })
}
