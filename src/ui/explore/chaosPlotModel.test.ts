import { describe, expect, it } from 'vitest'
import type { ChaosProgress } from '../../explore'
import { VIOLATION_KINDS } from '../../sim'
import { chaosPlotModel, formatRate, PLOT_KINDS } from './chaosPlotModel'

function counts(values: Partial<Record<(typeof VIOLATION_KINDS)[number], number>>) {
  return Object.fromEntries(VIOLATION_KINDS.map((k) => [k, values[k] ?? 0])) as Record<
    (typeof VIOLATION_KINDS)[number],
    number
  >
}

const progress: ChaosProgress = {
  done: 2000,
  total: 2000,
  simulations: 4000,
  counts: { fenced: counts({}), unfenced: counts({ 'token-order': 33, 'lost-update': 11 }) },
  failing: { fenced: 0, unfenced: 40 },
  examples: [],
  finished: true,
}

describe('chaosPlotModel', () => {
  it('draws one group per kind ("any" first) with a bar for fencing on and one for off', () => {
    const model = chaosPlotModel(progress, 640)
    expect(model.groups.map((g) => g.kind)).toEqual(PLOT_KINDS)
    expect(model.groups[0]?.lines).toEqual(['Any', 'violation'])
    for (const g of model.groups) expect(g.bars.map((b) => b.side)).toEqual(['fenced', 'unfenced'])
  })

  it('sizes bars by runs per 1,000 on one linear scale from the baseline', () => {
    const model = chaosPlotModel(progress, 640)
    const bar = (kind: string, side: 'fenced' | 'unfenced') =>
      model.groups.find((g) => g.kind === kind)?.bars.find((b) => b.side === side)
    expect(bar('any', 'unfenced')).toMatchObject({ count: 40, rate: 20, text: '20.0' })
    expect(bar('token-order', 'unfenced')).toMatchObject({ count: 33, rate: 16.5, text: '16.5' })
    expect(bar('token-order', 'fenced')).toMatchObject({ count: 0, height: 0, text: '0' })
    const any = bar('any', 'unfenced')?.height ?? 0
    const lost = bar('lost-update', 'unfenced')?.height ?? 0
    expect(lost / any).toBeCloseTo(11 / 40, 5)
    for (const g of model.groups) {
      for (const b of g.bars) expect(b.y + b.height).toBeCloseTo(model.plot.bottom, 6)
    }
    // Ticks run from 0 up to at least the tallest bar.
    expect(model.ticks[0]?.text).toBe('0')
    expect(Math.min(...model.ticks.map((t) => t.y))).toBeLessThanOrEqual(model.plot.top + 0.001)
  })

  it('groups do not overlap, and say when labels must shrink', () => {
    const wide = chaosPlotModel(progress, 640)
    const narrow = chaosPlotModel(progress, 340)
    expect(wide.narrow).toBe(false)
    expect(narrow.narrow).toBe(true)
    for (const model of [wide, narrow]) {
      const edges = model.groups.flatMap((g) => g.bars.map((b) => [b.x, b.x + b.width] as const))
      for (let i = 1; i < edges.length; i++) {
        expect((edges[i] as readonly [number, number])[0]).toBeGreaterThanOrEqual(
          (edges[i - 1] as readonly [number, number])[1],
        )
      }
    }
  })

  it('an empty run draws flat bars on a 0–1 scale', () => {
    const model = chaosPlotModel({ ...progress, done: 0, failing: { fenced: 0, unfenced: 0 } }, 640)
    expect(model.groups.every((g) => g.bars.every((b) => b.height === 0))).toBe(true)
    expect(model.ticks.at(-1)?.text).toBe('1.0')
  })

  it('formats rates for people', () => {
    expect(formatRate(0)).toBe('0')
    expect(formatRate(0.5)).toBe('0.5')
    expect(formatRate(16.5)).toBe('16.5')
    expect(formatRate(250.4)).toBe('250')
    expect(formatRate(1000)).toBe('1,000')
  })
})
