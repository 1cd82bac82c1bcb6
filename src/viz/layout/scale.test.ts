import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { assertProperty } from '../../testing/property'
import type { AxisInput, Timed } from './scale'
import { planAxis } from './scale'

const base = { x0: 40, x1: 1240, minGapPx: 8, foldPx: 40 } as const
/** Moments as the events they are the times of. */
const at = (timesMs: readonly number[]): Timed[] => timesMs.map((atMs) => ({ atMs }))

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
          const plan = (timesMs: number[]) =>
            planAxis({ ...base, events: [at(timesMs)], fromMs, endMs, mode })
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
      planAxis({ ...base, events: [at(times(n))], endMs: 100_000, mode: 'auto' })
    // n times plus both ends make n + 1 gaps.
    expect(plan(fits - 1).toScale).toBe(false)
    expect(plan(fits).toScale).toBe(true)
    expect(plan(2_000_000).toScale).toBe(true)
    // In any order the answer is the same.
    expect(
      planAxis({ ...base, events: [at(times(fits).reverse())], endMs: 100_000, mode: 'auto' })
        .toScale,
    ).toBe(true)
  })
  it('reads a dense run in order only until it is clearly drawn to scale', () => {
    // 200,000 events, one a millisecond: the first few hundred distinct moments already decide.
    let reads = 0
    const events = Array.from({ length: 200_000 }, (_, i) => ({
      get atMs() {
        reads++
        return i
      },
    }))
    const plan = planAxis({ ...base, events: [events], endMs: 200_000, mode: 'auto' })
    expect(plan.toScale).toBe(true)
    expect(reads).toBeLessThanOrEqual(Math.floor((base.x1 - base.x0) / base.minGapPx) + 1)
  })

  it('plans moments split over several lists (a run and an aligned one) as one list', () => {
    const mine = [0, 400, 5_000, 5_010]
    const theirs = [100, 400, 9_000]
    const input = { ...base, endMs: 10_000, mode: 'auto' } as const
    expect(planAxis({ ...input, events: [at(mine), at(theirs)] })).toEqual(
      planAxis({ ...input, events: [at([...mine, ...theirs].sort((a, b) => a - b))] }),
    )
  })
})
