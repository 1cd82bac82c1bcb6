import { describe, expect, it } from 'vitest'
import type { Ctx } from './context'
import { createCtx, denseSlotTaken, requestLabel } from './context'

/** Only what requestLabel reads: the sizes, whether the run is dense, and the queue. */
function ctxOf(dense: boolean): Ctx {
  return createCtx({
    m: { fontPx: 12, smallFontPx: 11 },
    dense,
    lanes: new Map(),
  } as unknown as Parameters<typeof createCtx>[0])
}

const bounds = { x0: 0, y0: 40, x1: 900, y1: 90 }

function ask(ctx: Ctx, x: number, y = 60, priority = 30, className = 'fl-value'): void {
  requestLabel(ctx, {
    text: 'v1',
    priority,
    candidates: [{ x, y, anchor: 'start' }],
    bounds,
    className,
    assign: () => {},
  })
}

describe('requestLabel in a dense run', () => {
  it('queues one label per slot of a band, kind and priority', () => {
    const ctx = ctxOf(true)
    ask(ctx, 100)
    ask(ctx, 101) // same slot: skipped
    ask(ctx, 108) // two slots on
    ask(ctx, 100, 75) // another height in the band
    ask(ctx, 100, 60, 70) // a more important label of the same kind
    ask(ctx, 100, 60, 30, 'fl-reason') // another kind
    expect(
      ctx.requests.map((r) => [r.candidates[0]?.x, r.candidates[0]?.y, r.priority, r.className]),
    ).toEqual([
      [100, 60, 30, 'fl-value'],
      [108, 60, 30, 'fl-value'],
      [100, 75, 30, 'fl-value'],
      [100, 60, 70, 'fl-value'],
      [100, 60, 30, 'fl-reason'],
    ])
    expect(denseSlotTaken(ctx, 30, 'fl-value', bounds, 102, 61)).toBe(true)
    expect(denseSlotTaken(ctx, 30, 'fl-value', bounds, 140, 61)).toBe(false)
  })

  it('queues every label of a run that is not dense', () => {
    const ctx = ctxOf(false)
    for (let i = 0; i < 5; i++) ask(ctx, 100)
    expect(ctx.requests).toHaveLength(5)
    expect(denseSlotTaken(ctx, 30, 'fl-value', bounds, 100, 60)).toBe(false)
  })
})
