import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { assertProperty } from '../../testing/property'
import type { AxisInput } from './scale'
import { planAxis } from './scale'

const base = { x0: 40, x1: 1240, minGapPx: 8, foldPx: 40 } as const

describe('planAxis', () => {
  it('plans the same axis for the same moments in any order, with or without repeats', () => {
    assertProperty(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 20_000 }), { maxLength: 200 }),
        fc.constantFrom<AxisInput['mode']>('auto', 'folded'),
        fc.integer({ min: 0, max: 5_000 }),
        (times, mode, fromMs) => {
          const endMs = 20_000
          const ordered = [...times].sort((a, b) => a - b)
          const shuffled = [...times].reverse()
          const plan = (timesMs: number[]) => planAxis({ ...base, timesMs, fromMs, endMs, mode })
          expect(plan(ordered)).toEqual(plan(shuffled))
          expect(plan([...ordered, ...ordered].sort((a, b) => a - b))).toEqual(plan(shuffled))
        },
      ),
    )
  })

  it('in auto mode, draws to scale as soon as the moments cannot be told apart even spread', () => {
    const widthPx = base.x1 - base.x0
    const fits = Math.floor(widthPx / base.minGapPx) // gaps that fit at the minimum spacing
    // Clustered times (one every ms, then a long idle stretch): folding would help if it could.
    const times = (n: number) => Array.from({ length: n }, (_, i) => 1000 + i)
    const plan = (n: number) =>
      planAxis({ ...base, timesMs: times(n), endMs: 100_000, mode: 'auto' })
    // n times plus both ends make n + 1 gaps.
    expect(plan(fits - 1).toScale).toBe(false)
    expect(plan(fits).toScale).toBe(true)
    expect(plan(2_000_000).toScale).toBe(true)
    // In any order the answer is the same.
    expect(
      planAxis({ ...base, timesMs: times(fits).reverse(), endMs: 100_000, mode: 'auto' }).toScale,
    ).toBe(true)
  })
})
