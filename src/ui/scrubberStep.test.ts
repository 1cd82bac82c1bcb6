import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { createLabStore } from '../store'
import { assertProperty, PROPERTY_SEEDS } from '../testing/property'
import type { LabStoreState } from '../store'
import { movesByTime, roundStepMs, scrubberStepMs, shownCursorMs } from './scrubberStep'

describe('roundStepMs', () => {
  it('takes the smallest of 1, 2, 5 × 10^k at least as long', () => {
    expect(
      [0, 0.3, 1, 1.2, 2, 3, 5.5, 9, 10, 11, 38.4, 50, 51, 120, 999, 1000].map(roundStepMs),
    ).toEqual([1, 1, 1, 2, 2, 5, 10, 10, 10, 20, 50, 50, 100, 200, 1000, 1000])
  })

  it.each(PROPERTY_SEEDS)('is round and never shorter than asked (seed %i)', (seed) => {
    assertProperty(
      fc.property(fc.double({ min: 0, max: 1e7, noNaN: true }), (ms) => {
        const step = roundStepMs(ms)
        expect(step).toBeGreaterThanOrEqual(Math.max(1, ms))
        // Round: 1, 2 or 5 times a power of ten, and less than 2.5 times what was asked.
        const mantissa = step / 10 ** Math.floor(Math.log10(step) + 1e-9)
        expect([1, 2, 5]).toContain(Math.round(mantissa))
        if (ms > 1) expect(step).toBeLessThan(2.5 * ms + 1e-9)
      }),
      { seed },
    )
  })
})

describe('scrubberStepMs', () => {
  it('is about one track pixel of the range, or 1 ms while the track is not measured', () => {
    expect(scrubberStepMs(20_000, 500)).toBe(50)
    expect(scrubberStepMs(20_000, 0)).toBe(1)
    expect(scrubberStepMs(0, 500)).toBe(1)
    expect(scrubberStepMs(300, 600)).toBe(1)
  })
})

describe('shownCursorMs', () => {
  const base = createLabStore({ preset: 'gc-pause' }).getState()
  const at = (change: Partial<LabStoreState>): LabStoreState => ({
    ...base,
    cursorMs: 12_345,
    ...change,
  })

  it('steps the cursor only while it moves by time', () => {
    expect(shownCursorMs(at({ playing: true, playMode: 'time' }), 50, 0)).toBe(12_300)
    expect(shownCursorMs(at({ playing: false, playMode: 'time' }), 50, 0)).toBe(12_345)
    // The story holds the cursor on a line's event: the clock must read its exact time.
    expect(shownCursorMs(at({ playing: true, playMode: 'story' }), 50, 0)).toBe(12_345)
    expect(shownCursorMs(at({ playing: true, playMode: 'wait' }), 50, 0)).toBe(12_345)
    // Reduced motion jumps from event to event: exact times again.
    expect(shownCursorMs(at({ playing: true, playMode: 'time', reducedMotion: true }), 50, 0)).toBe(
      12_345,
    )
    expect(shownCursorMs(at({ playing: true, playMode: 'time' }), 1, 0)).toBe(12_345)
  })

  it('steps a run without narration in any play mode (it plays by time)', () => {
    const silent = at({ playing: true, playMode: 'story', lab: { ...base.lab, captions: [] } })
    expect(movesByTime(silent)).toBe(true)
    expect(shownCursorMs(silent, 20, 0)).toBe(12_340)
  })

  it('never shows a cursor before the range starts', () => {
    expect(shownCursorMs(at({ playing: true, playMode: 'time', cursorMs: 1_010 }), 50, 1_003)).toBe(
      1_003,
    )
  })
})
