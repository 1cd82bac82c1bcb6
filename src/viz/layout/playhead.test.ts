import { describe, expect, it } from 'vitest'
import { PRESET_IDS } from '../../sim'
import { presetRun } from '../../testing/presetRuns'
import { deriveSpans } from '../../timeline'
import type { DiagramModel, TimeMode } from './index'
import { layoutDiagram, textWidthPx } from './index'
import type { Span } from './playhead'
import { labelsUnderPill, playheadPill } from './playhead'

interface AxisText extends Span {
  what: string
}

/** The axis labels as drawn (measured here, independently of the code under test). */
function axisTexts(model: DiagramModel): AxisText[] {
  const font = model.smallFontPx
  const out: AxisText[] = []
  for (const t of model.axis.ticks) {
    const w = textWidthPx(t.label, font)
    const x0 = t.anchor === 'end' ? t.x - w : t.x - w / 2
    out.push({ what: `tick ${t.label}`, x0, x1: x0 + w })
  }
  for (const b of model.axis.breaks) {
    if (b.label === null) continue
    const w = textWidthPx(b.label, font)
    const mid = (b.x0 + b.x1) / 2
    out.push({ what: `break ${b.label}`, x0: mid - w / 2, x1: mid + w / 2 })
  }
  return out
}

const touches = (a: Span, b: Span) => a.x0 < b.x1 && b.x0 < a.x1
const inside = (inner: Span, outer: Span) =>
  outer.x0 <= inner.x0 + 0.1 && inner.x1 <= outer.x1 + 0.1

function model(id: string, widthPx: number, timeMode: TimeMode = 'auto'): DiagramModel {
  const { run, findings } = presetRun(id)
  return layoutDiagram({
    run,
    findings,
    spans: deriveSpans(run),
    widthPx,
    options: { time: timeMode },
  })
}

describe('the playhead pill and the axis labels under it', () => {
  it('masks the tick label at the cursor, and only labels the pill touches', () => {
    const m = model('gc-pause', 1200)
    const tick = m.axis.ticks.find((t) => t.ms > 0 && t.ms < m.endMs && t.anchor === undefined)!
    const pill = playheadPill(m, tick.ms)
    expect(pill.x).toBeCloseTo(tick.x, 0)
    const covered = labelsUnderPill(m, pill)
    const label = axisTexts(m).find((t) => t.what === `tick ${tick.label}`)!
    expect(covered.some((c) => inside(label, c))).toBe(true)
    // A label far from the cursor stays.
    const far = axisTexts(m).find((t) => Math.abs((t.x0 + t.x1) / 2 - pill.x) > 200)!
    expect(covered.some((c) => touches(c, far))).toBe(false)
  })

  for (const widthPx of [360, 1200]) {
    for (const timeMode of ['auto', 'to-scale'] as const) {
      it(`every preset at ${widthPx} px (${timeMode}): no axis label shows beside the pill, no other label is hidden`, () => {
        for (const id of PRESET_IDS) {
          const m = model(id, widthPx, timeMode)
          const texts = axisTexts(m)
          const { run } = presetRun(id)
          const moments = new Set([0, m.endMs, ...run.events.map((e) => e.atMs)])
          for (const ms of moments) {
            const pill = playheadPill(m, ms)
            const where = `${id} at ${ms} ms`
            expect(pill.x0, where).toBeGreaterThanOrEqual(0)
            expect(pill.x1, where).toBeLessThanOrEqual(m.widthPx)
            const covered = labelsUnderPill(m, pill)
            for (const t of texts) {
              const masked = covered.some((c) => inside(t, c))
              if (touches(t, pill)) expect(masked, `${where}: ${t.what}`).toBe(true)
              // A label clear of the pill is never masked, not even in part.
              else if (t.x1 + 2 <= pill.x0 || t.x0 - 2 >= pill.x1)
                expect(
                  covered.some((c) => touches(c, t)),
                  `${where}: ${t.what}`,
                ).toBe(false)
            }
          }
        }
      })
    }
  }
})
