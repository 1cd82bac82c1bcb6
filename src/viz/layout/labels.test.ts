import { describe, expect, it } from 'vitest'
import type { LabelRequest } from './labels'
import { labelBox, Occupancy, placeLabels } from './labels'
import type { PlacedLabel } from './types'

describe('Occupancy', () => {
  it('finds a box that overlaps one added in another cell, and none far away', () => {
    const occupancy = new Occupancy()
    // Spans several 48 px cells, including negative ones.
    occupancy.add({ x0: -30, y0: -10, x1: 130, y1: 20 })
    expect(occupancy.collides({ x0: 100, y0: 0, x1: 110, y1: 5 })).toBe(true)
    expect(occupancy.collides({ x0: -25, y0: 15, x1: -20, y1: 18 })).toBe(true)
    expect(occupancy.collides({ x0: 300, y0: 0, x1: 310, y1: 5 })).toBe(false)
  })

  it('keeps the gap: boxes closer than it collide, farther ones do not', () => {
    const occupancy = new Occupancy()
    occupancy.add({ x0: 0, y0: 0, x1: 10, y1: 10 })
    expect(occupancy.collides({ x0: 11, y0: 0, x1: 20, y1: 10 })).toBe(true)
    expect(occupancy.collides({ x0: 13, y0: 0, x1: 20, y1: 10 })).toBe(false)
    expect(occupancy.collides({ x0: 11, y0: 0, x1: 20, y1: 10 }, 0)).toBe(false)
  })
})

describe('placeLabels', () => {
  const request = (over: Partial<LabelRequest>, placed: PlacedLabel[]): LabelRequest => ({
    text: 'write 42',
    fontPx: 10,
    priority: 1,
    candidates: [],
    bounds: { x0: 0, y0: 0, x1: 500, y1: 100 },
    className: 'fl-msg-label',
    assign: (label) => placed.push(label),
    ...over,
  })

  it('measures each wording of a candidate, not only the first', () => {
    const placed: PlacedLabel[] = []
    const occupancy = new Occupancy()
    // The long wording would cross the obstacle at x 60; the short one fits before it.
    occupancy.add({ x0: 60, y0: 0, x1: 70, y1: 100 })
    const long = 'a very long wording'
    expect(labelBox(long, 10, false, 0, 50, 'start').x1).toBeGreaterThan(60)
    placeLabels(
      [
        request(
          {
            candidates: [
              { x: 0, y: 50, anchor: 'start', text: long },
              { x: 0, y: 50, anchor: 'start', text: 'w 42' },
            ],
          },
          placed,
        ),
      ],
      occupancy,
    )
    expect(placed.map((l) => l.text)).toEqual(['w 42'])
  })

  it('places higher priorities first and never overlaps two labels', () => {
    const placed: PlacedLabel[] = []
    const occupancy = new Occupancy()
    const spot = { x: 10, y: 50, anchor: 'start' as const }
    placeLabels(
      [
        request({ text: 'low', priority: 1, candidates: [spot] }, placed),
        request({ text: 'high', priority: 9, candidates: [spot] }, placed),
      ],
      occupancy,
    )
    expect(placed.map((l) => l.text)).toEqual(['high'])
  })
})
