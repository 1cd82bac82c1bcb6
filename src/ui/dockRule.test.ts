import { describe, expect, it } from 'vitest'
import { dockFits, dockShown, MAX_DOCK_SHARE, MIN_VIEWPORT_PX } from './dockRule'

const desktop = { stageBottomPx: -200, dockHeightPx: 64, viewportHeightPx: 800 }

describe('the story bar', () => {
  it('shows only once the stage has gone up under its band, never over the stage', () => {
    expect(dockShown({ ...desktop, stageBottomPx: 700 })).toBe(false)
    expect(dockShown({ ...desktop, stageBottomPx: 64 })).toBe(false)
    expect(dockShown({ ...desktop, stageBottomPx: 63 })).toBe(true)
    expect(dockShown({ ...desktop, stageBottomPx: -3000 })).toBe(true)
    // Not measured yet: no bar.
    expect(dockShown({ ...desktop, stageBottomPx: Number.NaN })).toBe(false)
  })

  it('only where the window is tall enough for it to leave the panels most of the screen', () => {
    expect(dockFits(844, 110)).toBe(true)
    expect(dockFits(MIN_VIEWPORT_PX - 1, 40)).toBe(false)
    expect(dockShown({ ...desktop, viewportHeightPx: 390 })).toBe(false)
    expect(dockFits(800, MAX_DOCK_SHARE * 800)).toBe(true)
    expect(dockFits(800, MAX_DOCK_SHARE * 800 + 1)).toBe(false)
    // A bar not laid out (no height) is no bar.
    expect(dockFits(800, 0)).toBe(false)
  })
})
