import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { createLabStore } from '../store'
import { assertProperty, PROPERTY_SEEDS } from '../testing/property'
import type { LabStoreState } from '../store'
import { roundStepMs, scrubberStepMs, shownCursorMs } from './scrubberStep'

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
  const eventTimes = [...new Set(base.lab.run.events.map((e) => e.atMs))]

  it('steps a playing cursor from the last event it passed, in any play mode', () => {
    // gc-pause's events at 11,040 and 16,000: 12,345 shows 12,340 in steps of 50 ms from 11,040.
    expect(eventTimes.filter((ms) => ms > 11_040 && ms <= 12_345)).toEqual([])
    expect(eventTimes).toContain(11_040)
    for (const playMode of ['time', 'story', 'wait'] as const) {
      expect(shownCursorMs(at({ playing: true, playMode }), 50, 0)).toBe(12_340)
    }
  })

  it('shows the cursor exactly when it rests: paused, on an event (a story line), in reduced motion', () => {
    expect(shownCursorMs(at({ playing: false }), 50, 0)).toBe(12_345)
    for (const ms of eventTimes)
      expect(shownCursorMs(at({ playing: true, cursorMs: ms }), 50, 0)).toBe(ms)
    expect(shownCursorMs(at({ playing: true, reducedMotion: true }), 50, 0)).toBe(12_345)
    expect(shownCursorMs(at({ playing: true }), 1, 0)).toBe(12_345)
  })

  it.each(PROPERTY_SEEDS)(
    'never runs backwards, lags the cursor by less than a step, never before the range (seed %i)',
    (seed) => {
      assertProperty(
        fc.property(
          fc.array(fc.integer({ min: 0, max: base.lab.run.endMs }), {
            minLength: 1,
            maxLength: 60,
          }),
          fc.constantFrom(2, 5, 20, 50, 100, 500),
          fc.integer({ min: 0, max: 2_000 }),
          (cursors, stepMs, startMs) => {
            let shownBefore = -Infinity
            for (const cursorMs of [...cursors].sort((a, b) => a - b)) {
              if (cursorMs < startMs) continue
              const shown = shownCursorMs(at({ playing: true, cursorMs }), stepMs, startMs)
              expect(shown).toBeGreaterThanOrEqual(shownBefore)
              expect(shown).toBeLessThanOrEqual(cursorMs)
              expect(shown).toBeGreaterThan(cursorMs - stepMs)
              expect(shown).toBeGreaterThanOrEqual(startMs)
              shownBefore = shown
            }
          },
        ),
        { seed },
      )
    },
  )
})
