import { describe, expect, it } from 'vitest'
import { BELIEF_COVER, HOLD_COVER, LEASE_COVER, PixelCover } from './pixelCover'

describe('PixelCover', () => {
  it('gives a pixel column range to the first mark of a kind on a lane, and only to it', () => {
    const cover = new PixelCover()
    expect(cover.claim(HOLD_COVER, 2, 100.2, 102.4)).toBe(true)
    // The same whole-pixel columns, a little apart: covered.
    expect(cover.claim(HOLD_COVER, 2, 99.6, 101.9)).toBe(false)
    // Another column, lane or kind: not covered.
    expect(cover.claim(HOLD_COVER, 2, 101, 102)).toBe(true)
    expect(cover.claim(HOLD_COVER, 3, 100, 102)).toBe(true)
    expect(cover.claim(BELIEF_COVER, 2, 100, 102)).toBe(true)
    expect(cover.claim(HOLD_COVER, 2, 100, 103)).toBe(true)
  })

  it('keeps kinds, lanes and columns apart beyond the packed key (a wide figure, many lanes)', () => {
    const cover = new PixelCover()
    expect(cover.claim(HOLD_COVER, 300, 9000, 9001)).toBe(true)
    expect(cover.claim(HOLD_COVER, 300, 9000, 9001)).toBe(false)
    expect(cover.claim(HOLD_COVER, 301, 9000, 9001)).toBe(true)
    expect(cover.claim(HOLD_COVER, 0, -5, -4)).toBe(true)
    expect(cover.claim(HOLD_COVER, 0, -5, -4)).toBe(false)
    // The packed key of lane 1 column 0 must not meet lane 0 at a large column.
    expect(cover.claim(LEASE_COVER, 1, 0, 0)).toBe(true)
    expect(cover.claim(LEASE_COVER, 0, 0, 8191)).toBe(true)
    expect(cover.claim(LEASE_COVER, 0, 8191, 0)).toBe(true)
  })
})
