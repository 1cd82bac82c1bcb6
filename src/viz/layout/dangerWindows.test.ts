/**
 * A real system's danger windows on the timeline: the band sits at the window's true times, in a
 * strip of its own above the findings, labelled with its words and length; windows that overlap
 * get a row each; a zoomed view clips them; without windows nothing moves.
 */
import { describe, expect, it } from 'vitest'
import { presetRun } from '../../testing/presetRuns'
import { systemRun } from '../../testing/systemRuns'
import type { DangerWindowInput } from './dangerWindows'
import { dangerLabelText, dangerRows } from './dangerWindows'
import { labelBox } from './labels'
import { layoutDiagram } from './layoutDiagram'
import { xOfMs } from './scale'

const clientGo = systemRun('client-go', { pauseS: 20 })

function win(id: string, fromMs: number, toMs: number): DangerWindowInput {
  return { id, label: id, words: `${id} words`, fromMs, toMs }
}

describe('danger windows on the timeline', () => {
  it('draws client-go’s split brain (defaults, a 20 s pause) at 21 s–31 s, labelled, above the findings', () => {
    expect(clientGo.windows.map((w) => [w.id, w.fromMs, w.toMs])).toEqual([
      ['stale-holder', 21000, 31000],
    ])
    for (const widthPx of [390, 1280]) {
      const m = layoutDiagram({
        ...clientGo,
        widthPx,
        options: { dangerWindows: clientGo.windows },
      })
      expect(m.dangerWindows).toHaveLength(1)
      const band = m.dangerWindows[0]!
      expect(band.x0).toBeCloseTo(xOfMs(m, 21000), 0)
      expect(band.x1).toBeCloseTo(xOfMs(m, 31000), 0)
      // Its strip is above the findings row, and its column runs down to the last lane.
      expect(band.y1).toBeLessThanOrEqual(m.findingsRow.y0)
      expect(band.y0).toBeGreaterThanOrEqual(m.plot.y0)
      expect(band.spanY1).toBe(m.plot.y1)
      expect(band.label?.text).toBe('split brain · 10 s')
      const box = labelBox(
        band.label!.text,
        band.label!.fontPx,
        true,
        band.label!.x,
        band.label!.y,
        band.label!.anchor,
      )
      expect(box.y0).toBeGreaterThanOrEqual(m.plot.y0 - 2)
      expect(box.y1).toBeLessThanOrEqual(m.findingsRow.y0 + 2)
      expect(band.title).toContain(
        'Split brain: a paused leader keeps acting for up to RenewDeadline (10 s)',
      )
      expect(m.legend.map((l) => l.kind)).toContain('danger')
      expect(m.description).toContain(
        'Danger windows of the system modelled: split brain, 21 s to 31 s.',
      )
    }
  })

  it('moves nothing and draws nothing without windows (the presets’ figures are unchanged)', () => {
    const plain = layoutDiagram({ ...clientGo, widthPx: 960 })
    const empty = layoutDiagram({ ...clientGo, widthPx: 960, options: { dangerWindows: [] } })
    expect(plain.dangerWindows).toEqual([])
    expect(JSON.stringify(empty)).toBe(JSON.stringify(plain))
    const drawn = layoutDiagram({
      ...clientGo,
      widthPx: 960,
      options: { dangerWindows: clientGo.windows },
    })
    // One strip row more, and every lane moved down by it.
    const shift = drawn.findingsRow.y0 - plain.findingsRow.y0
    expect(shift).toBeGreaterThan(15)
    expect(drawn.lanes.map((l) => l.yc)).toEqual(plain.lanes.map((l) => l.yc + shift))
  })

  it('gives overlapping windows a row each, and reuses a row once a window has closed', () => {
    const rows = dangerRows([win('a', 0, 10), win('b', 5, 20), win('c', 12, 30)], null)
    expect(rows.map((r) => [r.window.id, r.row])).toEqual([
      ['a', 0],
      ['b', 1],
      ['c', 0],
    ])
    // An instant (no length) is not a window on the timeline.
    expect(dangerRows([win('instant', 5, 5)], null)).toEqual([])
  })

  it('clips a window to a zoomed view, and leaves out one outside it', () => {
    const { run, findings } = presetRun('gc-pause')
    const m = layoutDiagram({
      run,
      findings,
      widthPx: 960,
      options: {
        view: { fromMs: 9000, toMs: 17000 },
        dangerWindows: [win('inside', 8000, 12000), win('outside', 1, 500)],
      },
    })
    expect(m.dangerWindows.map((d) => d.id)).toEqual(['inside'])
    expect(m.dangerWindows[0]!.x0).toBeCloseTo(m.x0, 0)
    expect(m.dangerWindows[0]!.fromMs).toBe(8000)
  })

  it('labels a window too short to hold its words beside it, with its length', () => {
    const fenced = systemRun('client-go', { fencing: 'leaseTransitions' })
    expect(fenced.windows[0]).toMatchObject({ fromMs: 21000, toMs: 21010 })
    const m = layoutDiagram({
      ...fenced,
      widthPx: 1280,
      options: { dangerWindows: fenced.windows },
    })
    const band = m.dangerWindows[0]!
    expect(band.x1 - band.x0).toBeGreaterThanOrEqual(3)
    expect(band.label?.text).toBe(dangerLabelText(fenced.windows[0]!))
    expect(band.label?.text).toBe('stale leader, refused · 10 ms')
    const { x, anchor } = band.label!
    expect(anchor === 'start' ? x >= band.x1 : x <= band.x0).toBe(true)
  })
})
