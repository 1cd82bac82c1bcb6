import { describe, expect, it } from 'vitest'
import { PRESET_IDS } from '../../sim'
import { presetRun } from '../../testing/presetRuns'
import { deriveSpans } from '../../timeline'
import type { Box, MessageArrow, TimeMode } from './index'
import { layoutDiagram } from './index'
import { crossingIn } from './barText'
import { labelBox } from './labels'

/** Whether the segment crosses the box (checked on fine steps along it: independent of the code). */
function crosses(a: MessageArrow, box: Box): boolean {
  const steps = Math.max(2, Math.ceil(Math.hypot(a.x1 - a.x0, a.y1 - a.y0)))
  for (let i = 0; i <= steps; i++) {
    const x = a.x0 + ((a.x1 - a.x0) * i) / steps
    const y = a.y0 + ((a.y1 - a.y0) * i) / steps
    if (x > box.x0 && x < box.x1 && y > box.y0 && y < box.y1) return true
  }
  return false
}

describe('words inside bars are clear of the arrows', () => {
  it('finds where an arrow runs through a band', () => {
    const arrow = { x0: 100, y0: 0, x1: 200, y1: 100 } as MessageArrow
    expect(crossingIn(arrow, 40, 60)).toEqual({ x0: 140, x1: 160 })
    expect(crossingIn(arrow, 120, 140)).toBeNull()
    expect(crossingIn({ ...arrow, y0: 100, y1: 0 }, 40, 60)).toEqual({ x0: 140, x1: 160 })
  })

  for (const widthPx of [360, 390, 700, 1200]) {
    for (const time of ['auto', 'to-scale'] as TimeMode[]) {
      it(`every preset at ${widthPx} px (${time}): no arrow crosses "B · 42" or a lease's token`, () => {
        let texts = 0
        for (const id of PRESET_IDS) {
          const { run, findings } = presetRun(id)
          const model = layoutDiagram({
            run,
            findings,
            spans: deriveSpans(run),
            widthPx,
            options: { time },
          })
          for (const bar of [...model.holds, ...model.leases]) {
            const t = bar.text
            if (t === null || (t.className !== 'fl-hold-text' && t.className !== 'fl-lease-text'))
              continue
            texts++
            const box = labelBox(t.text, t.fontPx, t.bold, t.x, t.y, t.anchor)
            // The words stay inside their bar.
            expect(box.x0, `${id}: ${t.text}`).toBeGreaterThanOrEqual(bar.x0)
            expect(box.x1, `${id}: ${t.text}`).toBeLessThanOrEqual(bar.x1)
            for (const m of model.messages) {
              expect(crosses(m, box), `${id}: message ${m.msg} crosses "${t.text}"`).toBe(false)
            }
          }
        }
        expect(texts).toBeGreaterThan(10)
      })
    }
  }
})
