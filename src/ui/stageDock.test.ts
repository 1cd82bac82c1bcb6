import { describe, expect, it } from 'vitest'
import { MAX_DOCKED_SHARE, stageDock } from './stageDock'

const wide = { stageTopPx: -10, dockedHeightPx: 470, viewportHeightPx: 800, narrow: false }

describe('stageDock', () => {
  it('leaves the stage in place until its top leaves the window', () => {
    expect(stageDock({ ...wide, stageTopPx: 92 })).toBe('none')
    expect(stageDock({ ...wide, stageTopPx: 0 })).toBe('none')
    expect(stageDock({ ...wide, stageTopPx: Number.NaN })).toBe('none')
    expect(stageDock({ ...wide, stageTopPx: -1 })).toBe('stage')
  })

  it('pins the whole stage only while it leaves the panels room; else only the transport', () => {
    const limit = MAX_DOCKED_SHARE * 800
    expect(stageDock({ ...wide, dockedHeightPx: limit })).toBe('stage')
    expect(stageDock({ ...wide, dockedHeightPx: limit + 1 })).toBe('bar')
    // The compare view's two figures, or a short window.
    expect(stageDock({ ...wide, dockedHeightPx: 900 })).toBe('bar')
    expect(stageDock({ ...wide, viewportHeightPx: 600 })).toBe('bar')
  })

  it('on a phone pins the transport bar, never the whole stage', () => {
    expect(stageDock({ ...wide, narrow: true, dockedHeightPx: 100 })).toBe('bar')
    expect(stageDock({ ...wide, narrow: true, stageTopPx: 20 })).toBe('none')
  })
})
