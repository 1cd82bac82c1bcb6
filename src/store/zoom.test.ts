import { describe, expect, it } from 'vitest'
import { layoutDiagram, xOfMs } from '../viz/layout'
import { createLabStore } from './labStore'

describe('the lab’s zoom (view slice)', () => {
  it('zooms in about the cursor, out and to fit; a view never leaves the run', () => {
    const store = createLabStore({ preset: 'gc-pause' })
    const endMs = store.getState().lab.run.endMs
    expect(store.getState().timeView).toBeNull()
    store.getState().setCursor(4000)
    store.getState().zoomIn()
    const v = store.getState().timeView
    expect(v).not.toBeNull()
    expect((v?.toMs ?? 0) - (v?.fromMs ?? 0)).toBe(Math.round(endMs / 2))
    // The cursor stays where it was in the window (a quarter of the way in).
    expect(((4000 - (v?.fromMs ?? 0)) / ((v?.toMs ?? 0) - (v?.fromMs ?? 0))) * endMs).toBeCloseTo(
      4000,
      -1,
    )
    store.getState().zoomIn()
    store.getState().zoomOut()
    // Views are whole milliseconds: in and out again lands within a millisecond of where it was.
    const back = store.getState().timeView
    expect(Math.abs((back?.fromMs ?? 0) - (v?.fromMs ?? 0))).toBeLessThanOrEqual(1)
    expect(Math.abs((back?.toMs ?? 0) - (v?.toMs ?? 0))).toBeLessThanOrEqual(1)
    // Zooming out past the whole run is the whole run: no view.
    store.getState().zoomOut()
    store.getState().zoomOut()
    expect(store.getState().timeView).toBeNull()
    store.getState().zoomBy(8)
    store.getState().zoomFit()
    expect(store.getState().timeView).toBeNull()
    store.getState().setTimeView({ fromMs: -50, toMs: endMs + 50 })
    expect(store.getState().timeView).toBeNull()
  })

  it('frames the story line at the cursor: its moment is in view, and narrower than the run', () => {
    const store = createLabStore({ preset: 'gc-pause' })
    const { captions, run } = store.getState().lab
    for (let i = 0; i < captions.length; i++) store.getState().nextStory()
    store.getState().zoomToStory()
    const v = store.getState().timeView
    const last = captions[captions.length - 1]
    expect(v).not.toBeNull()
    expect(last?.atMs).toBeGreaterThanOrEqual(v?.fromMs ?? Infinity)
    expect(last?.atMs).toBeLessThanOrEqual(v?.toMs ?? -Infinity)
    expect((v?.toMs ?? 0) - (v?.fromMs ?? 0)).toBeLessThan(run.endMs / 10)
  })

  it('at gc-pause’s climax, zoomed to the story line, resume, rejection and giving up stand apart', () => {
    const store = createLabStore({ preset: 'gc-pause' })
    const { captions, run, findings, spans } = store.getState().lab
    for (let i = 0; i < captions.length; i++) store.getState().nextStory()
    store.getState().zoomToStory()
    const view = store.getState().timeView
    if (view === null) throw new Error('not zoomed')
    const at = (type: string) => run.events.find((e) => e.type === type && e.atMs > 15_000)
    const resumed = at('NodeResumed')
    const rejected = at('WriteRejected')
    const gaveUp = at('ScriptFinished')
    for (const e of [resumed, rejected, gaveUp]) {
      expect(e?.atMs).toBeGreaterThanOrEqual(view.fromMs)
      expect(e?.atMs).toBeLessThanOrEqual(view.toMs)
    }
    for (const widthPx of [360, 700, 1200]) {
      for (const time of ['auto', 'to-scale'] as const) {
        const model = layoutDiagram({ run, findings, spans, widthPx, options: { time, view } })
        const [x0, x1, x2] = [resumed, rejected, gaveUp].map((e) => xOfMs(model, e?.atMs ?? 0))
        // Each moment gets its own stretch of the axis: a phone's plot is about 280 px wide.
        const where = `${widthPx} px ${time}`
        expect((x1 ?? 0) - (x0 ?? 0), where).toBeGreaterThanOrEqual(48)
        expect((x2 ?? 0) - (x1 ?? 0), where).toBeGreaterThanOrEqual(48)
        // The rejection's badge is drawn, inside the plot.
        const badge = model.decisions.find((d) => run.events[d.eventIndex] === rejected)
        expect(badge, where).toBeDefined()
        expect((badge?.cx ?? 0) + (badge?.w ?? 0) / 2, where).toBeLessThanOrEqual(model.plot.x1)
      }
    }
  })

  it('gives each lab its own view', () => {
    const one = createLabStore({ preset: 'gc-pause' })
    const two = createLabStore({ preset: 'gc-pause' })
    one.getState().zoomIn()
    expect(one.getState().timeView).not.toBeNull()
    expect(two.getState().timeView).toBeNull()
  })
})
