/**
 * The findings row: one marker per finding while the row holds them; when it cannot (a long
 * history with a thousand findings), neighbours share a marker that says how many it stands for,
 * and no finding is lost or drawn twice.
 */
import { describe, expect, it } from 'vitest'
import { judgeHistory } from '../../history'
import { PRESET_IDS } from '../../sim'
import type { Finding } from '../../sim'
import { historyLabRun } from '../../store/openedHistory'
import { largeHistory } from '../../testing/largeHistory'
import { presetRun } from '../../testing/presetRuns'
import type { DiagramModel, FindingMarker } from './index'
import { layoutDiagram } from './index'
import { findingName, MARKER_HALF_PX } from './findings'

function historyRun(lines: number) {
  const judged = judgeHistory([{ name: null, text: largeHistory(lines) }])
  if (!judged.ok) throw new Error(judged.message)
  return historyLabRun({ judgement: judged.judgement, names: ['large.ndjson'] })
}

const lab = historyRun(20_000)
const all: Finding[] = [...lab.findings.violations, ...lab.findings.warnings]

function layout(widthPx: number, view: { fromMs: number; toMs: number } | null = null) {
  return layoutDiagram({
    run: lab.run,
    findings: lab.findings,
    spans: lab.spans,
    widthPx,
    options: view === null ? {} : { view },
  })
}

/** Markers in x order never overlap, and all of them sit inside the plot. */
function expectApartAndInside(model: DiagramModel) {
  const byX = [...model.findings].sort((a, b) => a.x - b.x)
  byX.forEach((m, i) => {
    expect(m.x).toBeGreaterThanOrEqual(model.x0)
    expect(m.x + MARKER_HALF_PX).toBeLessThanOrEqual(model.widthPx)
    const prev = byX[i - 1]
    if (prev !== undefined) expect(m.x - prev.x).toBeGreaterThanOrEqual(2 * MARKER_HALF_PX - 0.1)
  })
}

/** Every finding's event, counted over the markers (each must appear exactly once). */
function eventsCovered(markers: readonly FindingMarker[]): number[] {
  return markers.flatMap((m) => m.eventIndexes).sort((a, b) => a - b)
}

describe('the findings row', () => {
  it('has far more findings than a row holds in this history', () => {
    expect(all.length).toBeGreaterThan(150)
  })

  it.each([360, 700, 1200])('groups a crowded row at %i px, losing no finding', (widthPx) => {
    const model = layout(widthPx)
    expect(model.findings.length).toBeLessThan(all.length)
    expect(model.findings.reduce((sum, m) => sum + m.count, 0)).toBe(all.length)
    expect(eventsCovered(model.findings)).toEqual(
      all.map((f) => f.eventIndex).sort((a, b) => a - b),
    )
    expectApartAndInside(model)
    for (const m of model.findings) {
      expect(m.eventIndexes).toHaveLength(m.count)
      expect(m.eventIndexes).toContain(m.finding.eventIndex)
      if (m.count > 1) {
        // Named for what it stands for, then for the finding it shows.
        expect(m.name).toMatch(new RegExp(`^${m.count} findings from .+ \\(.+ ×\\d+\\)\\. `))
        expect(m.name.endsWith(findingName(m.finding))).toBe(true)
      }
    }
    // It stands at its first finding's moment (where it is drawn, when it counts as past, where
    // a click jumps), and is shown by its worst: a group with a violation shows a violation.
    const atMs = new Map(all.map((f) => [f.eventIndex, f.atMs]))
    for (const m of model.findings) {
      expect(m.finding.atMs).toBe(Math.min(...m.eventIndexes.map((i) => atMs.get(i) ?? NaN)))
    }
    const severities = new Map(all.map((f) => [f.eventIndex, f.severity]))
    for (const m of model.findings) {
      const worst = m.eventIndexes.some((i) => severities.get(i) === 'violation')
      expect(m.severity).toBe(worst ? 'violation' : 'warning')
    }
  })

  it('groups only what a zoomed view shows, and never across its edge', () => {
    const endMs = lab.run.endMs
    const view = { fromMs: endMs / 3, toMs: endMs / 2 }
    const model = layout(700, view)
    const shown = all.filter((f) => f.atMs >= view.fromMs && f.atMs <= view.toMs)
    expect(shown.length).toBeGreaterThan(0)
    expect(eventsCovered(model.findings)).toEqual(
      shown.map((f) => f.eventIndex).sort((a, b) => a - b),
    )
    expectApartAndInside(model)
  })

  it('keeps one marker per finding when the row holds them (every preset)', () => {
    for (const id of PRESET_IDS) {
      const { run, findings } = presetRun(id)
      for (const widthPx of [360, 1200]) {
        const model = layoutDiagram({ run, findings, widthPx })
        expect(model.findings.length).toBe(findings.violations.length + findings.warnings.length)
        expect(model.findings.every((m) => m.count === 1)).toBe(true)
      }
    }
  })
})
