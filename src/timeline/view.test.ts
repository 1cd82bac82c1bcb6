import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { PRESET_IDS } from '../sim'
import { assertProperty } from '../testing/property'
import { presetRun } from '../testing/presetRuns'
import type { DiagramModel, TimeMode } from '../viz/layout'
import { layoutDiagram, xOfMs } from '../viz/layout'
import type { TimeView } from './view'
import {
  clampView,
  FOLLOW_LEAD_SHARE,
  isFullView,
  MIN_VIEW_MS,
  panView,
  panViewByPx,
  viewAround,
  viewFollowing,
  nextFollowViews,
  FOLLOW_TURN_SHARE,
  zoomView,
} from './view'

const MODES: TimeMode[] = ['auto', 'to-scale']

/** Marks whose x leaves the plot (a little slack for stroke widths). */
function outside(model: DiagramModel): string[] {
  const lo = model.plot.x0 - 0.5
  const hi = model.plot.x1 + 0.5
  const out: string[] = []
  const check = (what: string, ...xs: number[]) => {
    for (const x of xs) if (!(x >= lo && x <= hi)) out.push(`${what} at x=${x}`)
  }
  for (const m of model.messages) check(`message ${m.msg}`, m.x0, m.x1)
  for (const d of model.decisions) check(`badge ${d.key}`, d.cx - d.w / 2, d.cx + d.w / 2)
  for (const f of model.findings) check(`finding ${f.key}`, f.x - 8.5, f.x + 8.5)
  for (const f of model.faults) check(`fault ${f.key}`, f.x)
  for (const b of [...model.leases, ...model.beliefs, ...model.holds, ...model.blocks]) {
    check(`bar ${b.key}`, b.x0, b.x1)
  }
  for (const t of model.axis.ticks) check(`tick ${t.label}`, t.x)
  return out
}

describe('view maths', () => {
  it('zooms about a moment, keeping it where it is in the window', () => {
    const v = zoomView(null, 16000, 2, 4000)
    expect(v).toEqual({ fromMs: 2000, toMs: 10000 })
    // 4000 ms stays a quarter of the way in.
    expect((4000 - v.fromMs) / (v.toMs - v.fromMs)).toBeCloseTo(0.25, 6)
    expect(zoomView(v, 16000, 0.5, 4000)).toEqual({ fromMs: 0, toMs: 16000 })
  })

  it('keeps a view inside the run and at least MIN_VIEW_MS wide', () => {
    expect(clampView({ fromMs: -500, toMs: 1000 }, 16000)).toEqual({ fromMs: 0, toMs: 1500 })
    expect(clampView({ fromMs: 15000, toMs: 17000 }, 16000)).toEqual({
      fromMs: 14000,
      toMs: 16000,
    })
    const tiny = zoomView({ fromMs: 100, toMs: 120 }, 16000, 1000)
    expect(tiny.toMs - tiny.fromMs).toBe(MIN_VIEW_MS)
    expect(panView({ fromMs: 0, toMs: 1000 }, 16000, -300)).toEqual({ fromMs: 0, toMs: 1000 })
    expect(panView({ fromMs: 0, toMs: 1000 }, 16000, 300)).toEqual({ fromMs: 300, toMs: 1300 })
    expect(isFullView(null, 16000)).toBe(true)
    expect(isFullView({ fromMs: 0, toMs: 16000 }, 16000)).toBe(true)
    expect(isFullView({ fromMs: 1, toMs: 16000 }, 16000)).toBe(false)
  })

  it('drag to pan: the content follows the pointer, by the drag’s share of the plot', () => {
    const view = { fromMs: 4000, toMs: 6000 }
    // A quarter of a 400 px plot to the right shows a quarter of the window earlier.
    expect(panViewByPx(view, 16000, 100, 400)).toEqual({ fromMs: 3500, toMs: 5500 })
    expect(panViewByPx(view, 16000, -100, 400)).toEqual({ fromMs: 4500, toMs: 6500 })
    // Past either end of the run it stops there, keeping its width.
    expect(panViewByPx(view, 16000, 4000, 400)).toEqual({ fromMs: 0, toMs: 2000 })
    expect(panViewByPx(view, 16000, -4000, 400)).toEqual({ fromMs: 14000, toMs: 16000 })
    // No plot to measure the drag against, or no drag: the view stays.
    expect(panViewByPx(view, 16000, 100, 0)).toEqual(view)
    expect(panViewByPx(view, 16000, Number.NaN, 400)).toEqual(view)
    expect(panViewByPx(view, 16000, 0, 400)).toEqual(view)
  })

  it('drag to pan keeps the window’s width and the run, and a drag back undoes it', () => {
    const viewArb = fc
      .record({
        endMs: fc.integer({ min: 20, max: 100_000 }),
        from: fc.double({ min: 0, max: 1, noNaN: true }),
        width: fc.double({ min: 0, max: 1, noNaN: true }),
      })
      .map(({ endMs, from, width }) => ({
        endMs,
        view: clampView(
          { fromMs: from * endMs, toMs: from * endMs + MIN_VIEW_MS + width * endMs },
          endMs,
        ),
      }))
    assertProperty(
      fc.property(
        viewArb,
        fc.integer({ min: -2000, max: 2000 }),
        fc.integer({ min: 1, max: 2000 }),
        ({ endMs, view }: { endMs: number; view: TimeView }, dxPx: number, widthPx: number) => {
          const next = panViewByPx(view, endMs, dxPx, widthPx)
          expect(next.toMs - next.fromMs).toBe(view.toMs - view.fromMs)
          expect(next.fromMs).toBeGreaterThanOrEqual(0)
          expect(next.toMs).toBeLessThanOrEqual(endMs)
          // Later for a drag to the left, earlier for one to the right, never the other way.
          if (dxPx < 0) expect(next.fromMs).toBeGreaterThanOrEqual(view.fromMs)
          if (dxPx > 0) expect(next.fromMs).toBeLessThanOrEqual(view.fromMs)
          // Unless an end of the run stopped it, dragging back returns to the start (within
          // the whole-millisecond rounding of each step).
          const shiftMs = (dxPx / widthPx) * (view.toMs - view.fromMs)
          if (view.fromMs - shiftMs >= 0 && view.toMs - shiftMs <= endMs) {
            const back = panViewByPx(next, endMs, -dxPx, widthPx)
            expect(Math.abs(back.fromMs - view.fromMs)).toBeLessThanOrEqual(1)
          }
        },
      ),
    )
  })

  it('frames a story moment with room on each side', () => {
    const v = viewAround(16000, 16000, 16010)
    expect(v.fromMs).toBeLessThanOrEqual(16000)
    expect(v.toMs).toBe(16010)
    expect(v.toMs - v.fromMs).toBeGreaterThanOrEqual(MIN_VIEW_MS)
  })
})

describe('a view that follows the cursor', () => {
  it('stays put (the same object) while the cursor is inside it; no view stays no view', () => {
    const view = { fromMs: 4000, toMs: 6000 }
    expect(viewFollowing(view, 4000, 16000)).toBe(view)
    expect(viewFollowing(view, 5123.5, 16000)).toBe(view)
    expect(viewFollowing(view, 6000, 16000)).toBe(view)
    expect(viewFollowing(null, 9000, 16000)).toBeNull()
    expect(viewFollowing(view, Number.NaN, 16000)).toBe(view)
  })

  it('moving on past the window, the cursor lands a quarter in; moving back, three quarters in', () => {
    const view = { fromMs: 4000, toMs: 6000 }
    // Play or Next just past the right edge: the window turns a page, keeping its width; the
    // edge it crossed lands a quarter in, wherever the step ended (up to a quarter window on).
    expect(viewFollowing(view, 6010, 16000)).toEqual({ fromMs: 5500, toMs: 7500 })
    expect(viewFollowing(view, 6500, 16000)).toEqual({ fromMs: 5500, toMs: 7500 })
    // A jump far ahead lands the same way.
    expect(viewFollowing(view, 12000, 16000)).toEqual({ fromMs: 11500, toMs: 13500 })
    // Previous or a step back past the left edge: the mirror image.
    expect(viewFollowing(view, 3990, 16000)).toEqual({ fromMs: 2500, toMs: 4500 })
    expect(viewFollowing(view, 3400, 16000)).toEqual({ fromMs: 1900, toMs: 3900 })
    // At the ends of the run the window stops there, the cursor still inside it.
    expect(viewFollowing(view, 16000, 16000)).toEqual({ fromMs: 14000, toMs: 16000 })
    expect(viewFollowing(view, 0, 16000)).toEqual({ fromMs: 0, toMs: 2000 })
  })

  it('keeps the window’s width when its ends round on either side of a half (seed 1639751715)', () => {
    const next = viewFollowing({ fromMs: 0, toMs: 10 }, 12.999999999999998, 382)
    expect(next).not.toBeNull()
    expect((next?.toMs ?? 0) - (next?.fromMs ?? 0)).toBe(10)
  })

  it('always shows the cursor, keeps the zoom level and the run, and moves only when it must', () => {
    const caseArb = fc
      .record({
        endMs: fc.integer({ min: 20, max: 100_000 }),
        from: fc.double({ min: 0, max: 1, noNaN: true }),
        width: fc.double({ min: 0, max: 1, noNaN: true }),
        cursor: fc.double({ min: 0, max: 1, noNaN: true }),
      })
      .map(({ endMs, from, width, cursor }) => ({
        endMs,
        cursorMs: cursor * endMs,
        view: clampView(
          { fromMs: from * endMs, toMs: from * endMs + MIN_VIEW_MS + width * endMs },
          endMs,
        ),
      }))
    assertProperty(
      fc.property(caseArb, ({ endMs, cursorMs, view }) => {
        const next = viewFollowing(view, cursorMs, endMs)
        if (next === null) throw new Error('a view became no view')
        expect(cursorMs).toBeGreaterThanOrEqual(next.fromMs)
        expect(cursorMs).toBeLessThanOrEqual(next.toMs)
        expect(next.toMs - next.fromMs).toBe(view.toMs - view.fromMs)
        expect(next.fromMs).toBeGreaterThanOrEqual(0)
        expect(next.toMs).toBeLessThanOrEqual(endMs)
        const inside = cursorMs >= view.fromMs && cursorMs <= view.toMs
        if (inside) expect(next).toBe(view)
        else {
          // It moved towards the cursor, and leaves it its lead (a page turn: up to a quarter
          // window more) unless an end of the run is near.
          const share = (cursorMs - next.fromMs) / (next.toMs - next.fromMs)
          // Windows are whole milliseconds: rounding may move the lead by half a ms.
          const slack = 0.5 / (next.toMs - next.fromMs) + 1e-9
          const lead = FOLLOW_LEAD_SHARE - slack
          const most = FOLLOW_LEAD_SHARE + FOLLOW_TURN_SHARE + slack
          if (cursorMs > view.toMs) {
            expect(next.fromMs).toBeGreaterThan(view.fromMs)
            if (next.toMs < endMs) expect(share).toSatisfy((v: number) => v >= lead && v <= most)
            // Just past the edge, the window turned to the one laid out ahead.
            if (cursorMs - view.toMs <= FOLLOW_TURN_SHARE * (view.toMs - view.fromMs)) {
              expect(next).toEqual(nextFollowViews(view, endMs)[0])
            }
          } else {
            expect(next.fromMs).toBeLessThan(view.fromMs)
            if (next.fromMs > 0) {
              expect(1 - share).toSatisfy((v: number) => v >= lead && v <= most)
            }
            if (view.fromMs - cursorMs <= FOLLOW_TURN_SHARE * (view.toMs - view.fromMs)) {
              expect(next).toEqual(nextFollowViews(view, endMs).at(-1))
            }
          }
        }
        // Following again changes nothing: the window a followed cursor is in is where it stays.
        expect(viewFollowing(next, cursorMs, endMs)).toBe(next)
      }),
    )
  })
})

describe('layout in a view', () => {
  it('the whole run as the view is today’s layout, byte for byte', () => {
    for (const id of PRESET_IDS) {
      const { run, findings } = presetRun(id)
      for (const time of MODES) {
        const plain = layoutDiagram({ run, findings, widthPx: 900, options: { time } })
        const full = layoutDiagram({
          run,
          findings,
          widthPx: 900,
          options: { time, view: { fromMs: 0, toMs: run.endMs } },
        })
        expect(JSON.stringify(full), `${id} ${time}`).toBe(JSON.stringify(plain))
      }
    }
  })

  it('a zoomed view maps only its window, keeps every mark inside the plot, deterministically', () => {
    for (const id of PRESET_IDS) {
      const { run, findings } = presetRun(id)
      // The last quarter of the run, where the stories' climaxes are.
      const view = { fromMs: Math.round(run.endMs * 0.75), toMs: run.endMs }
      for (const widthPx of [360, 1200]) {
        for (const time of MODES) {
          const where = `${id} @${widthPx} ${time}`
          const opts = { time, view }
          const a = layoutDiagram({ run, findings, widthPx, options: opts })
          const b = layoutDiagram({ run, findings, widthPx, options: opts })
          expect(JSON.stringify(a), where).toBe(JSON.stringify(b))
          expect(outside(a), where).toEqual([])
          // The window fills the axis: its start at x0, its end at x1.
          expect(xOfMs(a, view.fromMs), where).toBeCloseTo(a.x0, 6)
          expect(xOfMs(a, view.toMs), where).toBeCloseTo(a.x1, 6)
          // Ticks are inside the window and the axis says where it begins.
          for (const t of a.axis.ticks) {
            expect(t.ms, where).toBeGreaterThanOrEqual(view.fromMs)
            expect(t.ms, where).toBeLessThanOrEqual(view.toMs)
          }
          // Only marks touching the window are drawn.
          for (const m of a.messages) {
            expect(m.sentAtMs, where).toBeLessThanOrEqual(view.toMs)
          }
        }
      }
    }
  })

  it('zooming in gives the climax of gc-pause more room than the full view', () => {
    const { run, findings } = presetRun('gc-pause')
    const full = layoutDiagram({ run, findings, widthPx: 700, options: { time: 'to-scale' } })
    const zoomed = layoutDiagram({
      run,
      findings,
      widthPx: 700,
      options: { time: 'to-scale', view: { fromMs: 15990, toMs: run.endMs } },
    })
    const spread = (m: DiagramModel) => xOfMs(m, run.endMs) - xOfMs(m, 16000)
    expect(spread(zoomed)).toBeGreaterThan(spread(full) * 50)
  })
})
