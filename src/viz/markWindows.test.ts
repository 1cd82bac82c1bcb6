import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { assertProperty } from '../testing/property'
import type { TimeView } from '../timeline'
import { nextFollowViews, viewFollowing } from '../timeline'
import type { DiagramModel } from './layout'
import type { MarkWindow, WindowSlot } from './markWindows'
import { LIVE, missingWindow, nextSlots, shownWindows, viewKey } from './markWindows'

/** A stand-in layout per view: the functions only pass models around and compare identities. */
function layouts() {
  const made = new Map<string, DiagramModel>()
  const calls: string[] = []
  const layoutOf = (view: TimeView | null): DiagramModel => {
    calls.push(viewKey(view))
    let model = made.get(viewKey(view))
    if (model === undefined) {
      model = { stand: viewKey(view) } as unknown as DiagramModel
      made.set(viewKey(view), model)
    }
    return model
  }
  return { layoutOf, calls }
}

const v = (fromMs: number, toMs: number): TimeView => ({ fromMs, toMs })
const slotsOf = (shown: readonly MarkWindow[]): WindowSlot[] =>
  shown.map(({ key, view, model }) => ({ key, view, model }))

/** Prepares every window ahead of what is shown, as the idle steps do; returns the new slots. */
function prepareAll(shown: MarkWindow[], view: TimeView | null, endMs: number, l = layouts()) {
  const ahead = view === null ? [] : nextFollowViews(view, endMs)
  let current = shown
  let slots = slotsOf(shown)
  for (let step = 0; step < 10; step++) {
    const next = nextSlots(current, ahead, l.layoutOf)
    if (next === null) return slots
    slots = next
    current = shownWindows(slots, false, view, l.layoutOf)
  }
  throw new Error('nextSlots did not settle in 10 steps')
}

describe('shownWindows', () => {
  it('draws an unprepared view in the live slot, created when there is none', () => {
    const { layoutOf } = layouts()
    const shown = shownWindows([], false, v(0, 100), layoutOf)
    expect(shown).toEqual([
      { key: LIVE, view: v(0, 100), model: layoutOf(v(0, 100)), active: true },
    ])
  })

  it('shows a prepared window without laying anything out, the others hidden, in their order', () => {
    const { layoutOf, calls } = layouts()
    const slots: WindowSlot[] = [
      { key: LIVE, view: v(0, 100), model: layoutOf(v(0, 100)) },
      { key: viewKey(v(75, 175)), view: v(75, 175), model: layoutOf(v(75, 175)) },
    ]
    calls.length = 0
    const shown = shownWindows(slots, false, v(75, 175), layoutOf)
    expect(calls).toEqual([])
    expect(shown.map((w) => [w.key, w.active])).toEqual([
      [LIVE, false],
      ['75:175', true],
    ])
    expect(shown[1]?.model).toBe(slots[1]?.model)
  })

  it('moves the live slot to a new unprepared view and keeps the prepared ones hidden', () => {
    const { layoutOf } = layouts()
    const slots: WindowSlot[] = [
      { key: '75:175', view: v(75, 175), model: layoutOf(v(75, 175)) },
      { key: LIVE, view: v(0, 100), model: layoutOf(v(0, 100)) },
    ]
    const shown = shownWindows(slots, false, v(10, 110), layoutOf)
    expect(shown.map((w) => [w.key, viewKey(w.view), w.active])).toEqual([
      ['75:175', '75:175', false],
      [LIVE, '10:110', true],
    ])
  })

  it('after an edit (stale slots) draws only the view, under the key it had', () => {
    const { layoutOf } = layouts()
    const old = { stand: 'old' } as unknown as DiagramModel
    const slots: WindowSlot[] = [
      { key: LIVE, view: v(0, 100), model: old },
      { key: '75:175', view: v(75, 175), model: old },
    ]
    const shown = shownWindows(slots, true, v(75, 175), layoutOf)
    expect(shown).toEqual([
      { key: '75:175', view: v(75, 175), model: layoutOf(v(75, 175)), active: true },
    ])
    expect(shownWindows(slots, true, v(5, 105), layoutOf).map((w) => w.key)).toEqual([LIVE])
  })
})

describe('nextSlots', () => {
  it('mounts the windows ahead one per step, onward first, then says it is done', () => {
    const { layoutOf } = layouts()
    const view = v(300, 400)
    const ahead = nextFollowViews(view, 1000)
    expect(ahead.map(viewKey)).toEqual(['375:475', '225:325'])
    let shown = shownWindows([], false, view, layoutOf)
    const steps: string[][] = []
    for (let next = nextSlots(shown, ahead, layoutOf); next !== null;) {
      steps.push(next.map((s) => s.key))
      shown = shownWindows(next, false, view, layoutOf)
      next = nextSlots(shown, ahead, layoutOf)
    }
    expect(steps).toEqual([
      [LIVE, '375:475'],
      [LIVE, '375:475', '225:325'],
    ])
    expect(missingWindow(shown, ahead)).toBeUndefined()
  })

  it('lets go of windows that are neither shown nor ahead, keeping the order of the rest', () => {
    const { layoutOf } = layouts()
    const slot = (view: TimeView, key = viewKey(view)) => ({ key, view, model: layoutOf(view) })
    const shown: MarkWindow[] = [
      { ...slot(v(0, 100), LIVE), active: false },
      { ...slot(v(225, 325)), active: false },
      { ...slot(v(300, 400)), active: true },
      { ...slot(v(375, 475)), active: false },
    ]
    const next = nextSlots(shown, nextFollowViews(v(300, 400), 1000), layoutOf)
    expect(next?.map((s) => s.key)).toEqual(['225:325', '300:400', '375:475'])
  })
})

describe('a page-turning scrub', () => {
  it('turns only to windows mounted ahead, with at most four mounted and keys unique', () => {
    assertProperty(
      fc.property(
        fc.integer({ min: 2_000, max: 60_000 }),
        fc.integer({ min: 2, max: 12 }),
        fc.integer({ min: 20, max: 200 }),
        fc.boolean(),
        (endMs, share, stepCount, backwards) => {
          const l = layouts()
          const spanMs = Math.round(endMs / share)
          // A scrub small enough per step that every move out of the window is a page turn.
          const stepMs = Math.max(1, Math.floor(spanMs * 0.2))
          const first = backwards ? v(endMs - spanMs, endMs) : v(0, spanMs)
          let view: TimeView | null = first
          let shown = shownWindows([], false, view, l.layoutOf)
          shown = shownWindows(prepareAll(shown, view, endMs, l), false, view, l.layoutOf)
          let cursorMs = backwards ? endMs : 0
          let turns = 0
          for (let i = 0; i < stepCount; i++) {
            cursorMs = Math.min(endMs, Math.max(0, cursorMs + (backwards ? -stepMs : stepMs)))
            const next = viewFollowing(view, cursorMs, endMs)
            if (next !== view) {
              turns++
              view = next
              const slots = slotsOf(shown)
              l.calls.length = 0
              shown = shownWindows(slots, false, view, l.layoutOf)
              // The turn found its window mounted: nothing laid out, no live slot moved.
              expect(l.calls).toEqual([])
              expect(shown.find((w) => w.active)?.key).toBe(viewKey(view))
              shown = shownWindows(prepareAll(shown, view, endMs, l), false, view, l.layoutOf)
            }
            expect(shown.length).toBeLessThanOrEqual(4)
            expect(new Set(shown.map((w) => w.key)).size).toBe(shown.length)
            expect(shown.filter((w) => w.active)).toHaveLength(1)
          }
          // The scrub went past the first window's far edge: it turned at least once.
          if (stepCount * stepMs > spanMs) expect(turns).toBeGreaterThan(0)
        },
      ),
    )
  })
})
