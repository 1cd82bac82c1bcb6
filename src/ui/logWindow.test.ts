import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { assertProperty, PROPERTY_SEEDS } from '../testing/property'
import type { LogWindowInput } from './logWindow'
import { logWindow, renderedChunks } from './logWindow'

/** 100 chunks of 1,000 px each: chunk k spans [1000k, 1000k + 1000). */
const OFFSETS = Array.from({ length: 101 }, (_, k) => k * 1000)

const input = (over: Partial<LogWindowInput>): LogWindowInput => ({
  offsets: OFFSETS,
  currentChunk: 0,
  viewportTopPx: 0,
  viewportHeightPx: 500,
  overscanPx: 240,
  following: false,
  hideFuture: false,
  ...over,
})

/** The rendered layout: paddings, rows and gap add up to the list's height. */
function renderedHeight(w: ReturnType<typeof logWindow>, currentChunk: number): number {
  const chunks = renderedChunks(w.lo, w.hi, currentChunk)
  return w.paddingTopPx + chunks.length * 1000 + w.gapPx + w.paddingBottomPx
}

describe('logWindow', () => {
  it('renders the chunks around the view, with the rest as padding', () => {
    const w = logWindow(input({ viewportTopPx: 50_200, currentChunk: 50 }))
    expect([w.lo, w.hi]).toEqual([49, 50])
    expect(w.paddingTopPx).toBe(49_000)
    expect(w.paddingBottomPx).toBe(49_000)
    expect(w.gapAfter).toBeNull()
  })

  it('after a jump out of view, renders where the list will scroll, not everything between', () => {
    // The view is at the end; the cursor jumped to chunk 3.
    const w = logWindow(input({ viewportTopPx: 99_400, currentChunk: 3, following: true }))
    expect(w.hi - w.lo).toBeLessThanOrEqual(2)
    expect(w.lo).toBeLessThanOrEqual(3)
    expect(w.hi).toBeGreaterThanOrEqual(3)
    expect(w.gapAfter).toBeNull()
    expect(renderedHeight(w, 3)).toBe(100_000)
  })

  it('leaves a reader who scrolled away where they are, keeping the current chunk after a gap', () => {
    // The reader looks at chunks 10–12 (a view that spans chunks); the cursor is in chunk 80.
    const below = logWindow(
      input({ viewportTopPx: 10_900, viewportHeightPx: 1500, currentChunk: 80 }),
    )
    expect([below.lo, below.hi]).toEqual([10, 12])
    expect(renderedChunks(below.lo, below.hi, 80)).toEqual([10, 11, 12, 80])
    expect(below.gapAfter).toBe(12)
    expect(below.gapPx).toBe(80_000 - 13_000)
    expect(below.paddingTopPx).toBe(10_000)
    expect(below.paddingBottomPx).toBe(100_000 - 81_000)
    // …and with the cursor above the view.
    const above = logWindow(
      input({ viewportTopPx: 10_900, viewportHeightPx: 1500, currentChunk: 2 }),
    )
    expect(renderedChunks(above.lo, above.hi, 2)).toEqual([2, 10, 11, 12])
    expect(above.gapAfter).toBe(2)
    expect(above.gapPx).toBe(10_000 - 3000)
    expect(above.paddingTopPx).toBe(2000)
  })

  it('draws no gap between neighbouring chunks', () => {
    const w = logWindow(input({ viewportTopPx: 10_500, currentChunk: 12 }))
    expect(renderedChunks(w.lo, w.hi, 12)).toEqual([10, 11, 12])
    expect(w.gapAfter).toBeNull()
  })

  it('renders nothing past the current chunk when the future is hidden', () => {
    // Hidden chunks are 0 px high.
    const offsets = OFFSETS.map((y) => Math.min(y, 21_000))
    const w = logWindow(
      input({ offsets, viewportTopPx: 20_800, currentChunk: 20, hideFuture: true }),
    )
    expect(w.hi).toBe(20)
    expect(w.paddingBottomPx).toBe(0)
  })

  it.each(PROPERTY_SEEDS)(
    'always renders the current chunk, and the whole list (seed %i)',
    (seed) => {
      assertProperty(
        fc.property(
          fc.array(fc.integer({ min: 0, max: 3000 }), { minLength: 1, maxLength: 200 }),
          fc.nat(),
          fc.nat({ max: 400_000 }),
          fc.integer({ min: 1, max: 3000 }),
          fc.boolean(),
          (heights, current, top, viewportHeightPx, following) => {
            const offsets = [0]
            for (const h of heights) offsets.push((offsets.at(-1) ?? 0) + h)
            const currentChunk = current % heights.length
            const w = logWindow({
              offsets,
              currentChunk,
              viewportTopPx: top,
              viewportHeightPx,
              overscanPx: 240,
              following,
              hideFuture: false,
            })
            const chunks = renderedChunks(w.lo, w.hi, currentChunk)
            expect(chunks).toContain(currentChunk)
            expect([...chunks].sort((a, b) => a - b)).toEqual(chunks)
            const rows = chunks.reduce((sum, k) => sum + (heights[k] ?? 0), 0)
            expect(w.paddingTopPx + rows + w.gapPx + w.paddingBottomPx).toBe(offsets.at(-1))
          },
        ),
        { seed, numRuns: 300 },
      )
    },
  )
})
