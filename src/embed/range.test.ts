import fc from 'fast-check'
import { assertProperty } from '../testing/property'
import { describe, expect, it } from 'vitest'
import { createLabStore } from '../store'
import type { RangeMark } from './options'
import { resolveRange } from './range'

const timeline = createLabStore({ preset: 'gc-pause' }).getState().lab.timeline
const endMs = timeline.run.endMs
const steps = timeline.stopsMs.filter((ms) => ms > 0)

describe('resolveRange', () => {
  it('no range: the whole run', () => {
    expect(resolveRange(null, null, timeline)).toEqual({ range: null, problems: [] })
  })

  it('milliseconds as given; a missing end is the start or the end of the run', () => {
    const ms = (n: number): RangeMark => ({ kind: 'ms', ms: n })
    expect(resolveRange(ms(2000), ms(9000), timeline).range).toEqual({ fromMs: 2000, toMs: 9000 })
    expect(resolveRange(ms(2000), null, timeline).range).toEqual({ fromMs: 2000, toMs: endMs })
    expect(resolveRange(null, ms(9000), timeline).range).toEqual({ fromMs: 0, toMs: 9000 })
  })

  it('step:N is where N presses of "Step forward" from the start land', () => {
    const step = (n: number): RangeMark => ({ kind: 'step', step: n })
    expect(resolveRange(step(0), step(3), timeline).range).toEqual({
      fromMs: 0,
      toMs: steps[2],
    })
    // Mixed kinds are compared once resolved.
    expect(resolveRange(step(1), { kind: 'ms', ms: endMs }, timeline).range).toEqual({
      fromMs: steps[0],
      toMs: endMs,
    })
  })

  it('a `to` past the end means the end; a `from` past it is reported', () => {
    expect(resolveRange(null, { kind: 'ms', ms: 86_400_000 }, timeline).range).toEqual({
      fromMs: 0,
      toMs: endMs,
    })
    expect(resolveRange(null, { kind: 'step', step: 10_000 }, timeline).range?.toMs).toBe(endMs)
    expect(resolveRange({ kind: 'step', step: 10_000 }, null, timeline)).toEqual({
      range: null,
      problems: [
        `from=step:10000 is past the last step of this run (step:${steps.length}); the range is ignored.`,
      ],
    })
    expect(resolveRange({ kind: 'ms', ms: endMs + 1 }, null, timeline).problems).toHaveLength(1)
  })

  it('a range that ends before it starts (once resolved) is reported and ignored', () => {
    const result = resolveRange({ kind: 'step', step: 5 }, { kind: 'ms', ms: 1 }, timeline)
    expect(result.range).toBeNull()
    expect(result.problems[0]).toMatch(/^The range ends \(0\.001 s\) before it starts/)
  })

  it('any marks: either a range inside the run or a sentence (property)', () => {
    const mark = fc.oneof(
      fc.record({ kind: fc.constant('ms' as const), ms: fc.nat(86_400_000) }),
      fc.record({ kind: fc.constant('step' as const), step: fc.nat(1_000_000) }),
    )
    assertProperty(
      fc.property(fc.option(mark), fc.option(mark), (from, to) => {
        const { range, problems } = resolveRange(from, to, timeline)
        if (range === null) {
          expect(problems.length > 0 || (from === null && to === null)).toBe(true)
        } else {
          expect(problems).toEqual([])
          expect(0 <= range.fromMs && range.fromMs <= range.toMs && range.toMs <= endMs).toBe(true)
        }
      }),
    )
  })
})
