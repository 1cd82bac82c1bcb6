/**
 * Legible everywhere: for every preset and a 5k-event run, at a phone's, a column's and a
 * desktop's width, on the folded and the to-scale axis, no two pieces of text overlap (labels,
 * lane names, notes, tick and break labels), no mark leaves the plot, and a phone's text is at
 * least 12 px. Pure: measured on the layout's own boxes.
 */
import { describe, expect, it } from 'vitest'
import { check, PRESET_IDS } from '../../sim'
import type { CheckResult, Run } from '../../sim'
import { largeRun } from '../../testing/largeRun'
import { presetRun } from '../../testing/presetRuns'
import { systemRun } from '../../testing/systemRuns'
import { deriveSpans } from '../../timeline'
import type { Box, DangerWindowInput, DiagramModel, PlacedLabel, TimeMode } from './index'
import { layoutDiagram, textWidthPx, xOfMs } from './index'
import { boxesOverlap, labelBox } from './labels'

const WIDTHS = [360, 700, 1200]
const MODES: TimeMode[] = ['auto', 'to-scale']

interface Text {
  what: string
  box: Box
  fontPx: number
}

function placed(l: PlacedLabel, what = l.text): Text {
  return { what, box: labelBox(l.text, l.fontPx, l.bold, l.x, l.y, l.anchor), fontPx: l.fontPx }
}

/** Every piece of text the figure draws, with its box. */
function texts(model: DiagramModel): Text[] {
  const labels: (PlacedLabel | null)[] = [
    ...model.leases.map((l) => (l.text?.className === 'fl-lease-label' ? l.text : null)),
    ...model.beliefs.map((b) => b.stale?.label ?? null),
    ...model.blocks.map((b) => b.label),
    ...model.leaseEnds.map((e) => e.label),
    ...model.lockDelays.map((d) => d.label),
    ...model.messages.flatMap((m) => [m.label, m.queued?.label ?? null]),
    ...model.decisions.flatMap((d) => [d.reason, d.value]),
    ...model.tokenLines.flatMap((t) => t.labels),
    ...model.findings.map((f) => f.label),
    ...model.faults.map((f) => f.label),
    ...model.partitions.map((p) => p.label),
    ...model.dangerWindows.map((d) => d.label),
    ...model.notes,
    model.findingsRow.label,
  ]
  const out = labels.filter((l): l is PlacedLabel => l !== null).map((l) => placed(l))
  for (const lane of model.laneLabels) {
    for (const line of lane.lines) {
      const title = line.className === 'fl-lane-title'
      const fontPx = title ? (model.compact ? model.fontPx : model.fontPx + 1) : model.smallFontPx
      out.push(
        placed({
          x: line.x,
          y: line.y,
          anchor: 'start',
          text: line.text,
          className: line.className,
          fontPx,
          bold: title,
        }),
      )
    }
  }
  const axisY = model.axis.y + 16
  const axisFont = model.smallFontPx
  for (const t of model.axis.ticks) {
    const w = textWidthPx(t.label, axisFont)
    const x0 = t.anchor === 'end' ? t.x - w : t.x - w / 2
    out.push({
      what: `tick ${t.label}`,
      box: { x0, x1: x0 + w, y0: axisY - axisFont, y1: axisY + 3 },
      fontPx: axisFont,
    })
  }
  for (const b of model.axis.breaks) {
    if (b.label === null) continue
    const w = textWidthPx(b.label, axisFont)
    const mid = (b.x0 + b.x1) / 2
    out.push({
      what: `break ${b.label}`,
      box: { x0: mid - w / 2, x1: mid + w / 2, y0: axisY - axisFont, y1: axisY + 3 },
      fontPx: axisFont,
    })
  }
  return out
}

/** Pairs of overlapping boxes (sweep over x, so the 5k-event run stays quick). */
function overlaps(all: Text[]): string[] {
  const sorted = [...all].sort((a, b) => a.box.x0 - b.box.x0)
  const out: string[] = []
  for (let i = 0; i < sorted.length; i++) {
    const a = sorted[i]
    if (a === undefined) continue
    for (let j = i + 1; j < sorted.length; j++) {
      const b = sorted[j]
      if (b === undefined || b.box.x0 >= a.box.x1) break
      if (boxesOverlap(a.box, b.box)) out.push(`"${a.what}" × "${b.what}"`)
    }
  }
  return out
}

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
  for (const d of model.dangerWindows) check(`danger window ${d.key}`, d.x0, d.x1)
  for (const b of [...model.leases, ...model.beliefs, ...model.holds, ...model.blocks]) {
    check(`bar ${b.key}`, b.x0, b.x1)
  }
  return out
}

interface Case {
  name: string
  run: Run
  findings: CheckResult
  dangerWindows?: readonly DangerWindowInput[]
}

const cases: Case[] = [
  ...PRESET_IDS.map((id) => ({ name: id, ...presetRun(id) })),
  (() => {
    const run = largeRun()
    return { name: '5k-event run', run, findings: check(run) }
  })(),
  // Real systems with their danger windows drawn (a wide window, a few-ms one, Redis's failover).
  ...(
    [
      ['client-go', {}],
      ['client-go', { fencing: 'leaseTransitions' }],
      ['etcd', {}],
      ['redis', {}],
      ['job-queue', {}],
    ] as const
  ).map(([id, params]) => {
    const { run, findings, windows } = systemRun(id, params)
    expect(windows.length, id).toBeGreaterThan(0)
    return { name: `system ${id} ${JSON.stringify(params)}`, run, findings, dangerWindows: windows }
  }),
]

describe('the layout is legible everywhere', () => {
  for (const c of cases) {
    it(`${c.name}: no overlapping text, no mark outside the plot, phone text ≥ 12 px`, () => {
      const spans = deriveSpans(c.run)
      for (const widthPx of WIDTHS) {
        for (const time of MODES) {
          const where = `${c.name} @${widthPx} ${time}`
          const model = layoutDiagram({
            run: c.run,
            findings: c.findings,
            spans,
            widthPx,
            options: {
              time,
              ...(c.dangerWindows === undefined ? {} : { dangerWindows: c.dangerWindows }),
            },
          })
          if (c.dangerWindows !== undefined) {
            // Not vacuous: every window is drawn and labelled.
            expect(model.dangerWindows.length, where).toBe(c.dangerWindows.length)
            for (const d of model.dangerWindows) expect(d.label, where).not.toBeNull()
          }
          const all = texts(model)
          // Not vacuous: lane names, ticks and the marks' words are all in the list.
          expect(all.length, where).toBeGreaterThan(model.lanes.length + 2)
          expect(overlaps(all), where).toEqual([])
          expect(outside(model), where).toEqual([])
          for (const t of all) {
            expect(t.box.x0, `${where}: ${t.what}`).toBeGreaterThanOrEqual(0)
            expect(t.box.x1, `${where}: ${t.what}`).toBeLessThanOrEqual(widthPx)
            if (model.compact) expect(t.fontPx, `${where}: ${t.what}`).toBeGreaterThanOrEqual(12)
          }
        }
      }
    }, 60_000)
  }
})

describe('the folded axis', () => {
  it('draws distinct event times a readable distance apart, and keeps time in order', () => {
    for (const id of PRESET_IDS) {
      const { run, findings } = presetRun(id)
      for (const widthPx of WIDTHS) {
        const model = layoutDiagram({ run, findings, widthPx, options: { time: 'folded' } })
        const times = [...new Set(run.events.map((e) => e.atMs))].sort((a, b) => a - b)
        const xs = times.map((t) => xOfMs(model, t))
        const gaps = xs.slice(1).map((x, i) => x - (xs[i] ?? 0))
        // The spacing the width allows: at most 10–16 px, at least half the width shared out.
        const floor = Math.min(
          model.compact ? 10 : 16,
          (0.5 * (model.x1 - model.x0)) / times.length,
        )
        for (const g of gaps) expect(g, `${id}@${widthPx}`).toBeGreaterThanOrEqual(floor - 0.2)
      }
    }
  })

  it('states the real duration of every break it labels, and is the same layout every time', () => {
    const { run, findings } = presetRun('gc-pause')
    const a = layoutDiagram({ run, findings, widthPx: 1200 })
    const b = layoutDiagram({ run, findings, widthPx: 1200 })
    expect(JSON.stringify(a)).toBe(JSON.stringify(b))
    expect(a.toScale).toBe(false)
    const idle = a.axis.breaks.find((br) => br.fromMs === 1000)
    expect(idle).toMatchObject({ toMs: 10005, label: '⋯ 9.005 s idle ⋯' })
    // Ticks keep true times: the climax gets its own, at 16 s and the run's end.
    expect(a.axis.ticks.map((t) => t.label)).toEqual(expect.arrayContaining(['0 s', '16.01 s']))
  })

  it('finds overlaps when there are some (the check itself is not blind)', () => {
    const box = { x0: 0, x1: 10, y0: 0, y1: 10 }
    const shifted = { x0: 5, x1: 15, y0: 5, y1: 15 }
    expect(
      overlaps([
        { what: 'a', box, fontPx: 12 },
        { what: 'b', box: shifted, fontPx: 12 },
      ]),
    ).toEqual(['"a" × "b"'])
  })

  it('keeps true proportions to scale', () => {
    const { run, findings } = presetRun('gc-pause')
    const m = layoutDiagram({ run, findings, widthPx: 1200, options: { time: 'to-scale' } })
    expect(m.toScale).toBe(true)
    expect(m.axis.breaks).toEqual([])
    const perMs = (m.x1 - m.x0) / m.endMs
    expect(xOfMs(m, 8000) - m.x0).toBeCloseTo(8000 * perMs, 6)
  })
})
