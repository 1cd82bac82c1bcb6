import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { CheckResult } from '../../sim'
import type { DecisionMark, Spans } from '../../timeline'
import { assertProperty } from '../../testing/property'
import { BADGE_HALO_ROOM_PX, MAX_BADGE_ROWS, packDecisions } from './decisions'
import { layoutDiagram } from './layoutDiagram'
import { PRESET_IDS } from '../../sim'
import { presetRun } from '../../testing/presetRuns'
import { metricsFor } from './geometry'

const m = metricsFor(1200)
const noFindings = { violations: [], warnings: [] } as unknown as CheckResult
const GAP_PX = 3

function markAt(atMs: number, i: number, token: number, rejected: boolean): DecisionMark {
  return {
    resource: 'storage',
    msg: i + 1,
    atMs,
    client: 'A',
    token,
    value: `v${i}`,
    effect: false,
    outcome: rejected ? 'rejected' : 'accepted',
    reason: rejected ? `token ${token} < ${token + 1}` : null,
    eventIndex: i,
  }
}

function packed(marks: DecisionMark[]) {
  const ctx = {
    spans: { decisions: marks } as unknown as Spans,
    findings: noFindings,
    m,
    time: { ms: [0, 10_000], x: [100, 1100] },
    left: 90,
    right: 1190,
  }
  return packDecisions(ctx).get('storage')
}

/** The rule packDecisions keeps, written the slow way: each badge takes the first row it clears. */
function expectedRows(items: { cx: number; w: number; mark: DecisionMark }[], order: number[]) {
  const rows: { x0: number; x1: number }[][] = []
  const rowOf = new Map<number, number>()
  for (const i of order) {
    const item = items[i]
    if (item === undefined) continue
    const span = { x0: item.cx - item.w / 2, x1: item.cx + item.w / 2 }
    let row = -1
    for (let r = 0; r < MAX_BADGE_ROWS; r++) {
      const taken = rows[r] ?? []
      if (taken.every((t) => span.x1 + GAP_PX <= t.x0 || t.x1 + GAP_PX <= span.x0)) {
        row = r
        break
      }
    }
    if (row >= 0) (rows[row] ??= []).push(span)
    rowOf.set(item.mark.eventIndex, row)
  }
  return rowOf
}

describe('packDecisions', () => {
  it('gives each badge the first row it clears, or a pip when no row has room', () => {
    const marks = fc.array(
      fc.record({
        atMs: fc.integer({ min: 0, max: 10_000 }),
        token: fc.integer({ min: 1, max: 999 }),
      }),
      { maxLength: 120 },
    )
    assertProperty(
      fc.property(marks, (drawn) => {
        const sorted = [...drawn].sort((a, b) => a.atMs - b.atMs)
        const input = sorted.map((d, i) => markAt(d.atMs, i, d.token, false))
        const out = packed(input)
        if (input.length === 0) {
          expect(out).toBeUndefined()
          return
        }
        const items = out?.items ?? []
        const want = expectedRows(
          items,
          items.map((_, i) => i),
        )
        for (const item of items) {
          const row = want.get(item.mark.eventIndex) ?? -1
          expect(item.pip).toBe(row < 0)
          if (row >= 0) expect(item.row).toBe(row)
        }
      }),
    )
  })

  it('packs a dense lane: rows never overlap and the overflow becomes pips', () => {
    const input = Array.from({ length: 3000 }, (_, i) => markAt(i * 3, i, 40 + i, false))
    const items = packed(input)?.items ?? []
    expect(items).toHaveLength(3000)
    const byRow = new Map<number, { x0: number; x1: number }[]>()
    for (const item of items.filter((p) => !p.pip)) {
      const list = byRow.get(item.row) ?? []
      list.push({ x0: item.cx - item.w / 2, x1: item.cx + item.w / 2 })
      byRow.set(item.row, list)
    }
    expect(byRow.size).toBe(MAX_BADGE_ROWS)
    for (const spans of byRow.values()) {
      spans.sort((a, b) => a.x0 - b.x0)
      for (let i = 1; i < spans.length; i++) {
        expect(spans[i]?.x0).toBeGreaterThanOrEqual((spans[i - 1]?.x1 ?? 0) + GAP_PX)
      }
    }
    expect(items.filter((p) => p.pip).length).toBeGreaterThan(2500)
  })
})

describe('badges and the story’s glow', () => {
  // Highlights.tsx's Focus draws a rect 3 px out from the badge with a 5 px stroke.
  const GLOW_PX = 3 + 5 / 2

  it('leave room inside the figure for the glow around any badge, at a phone’s width too', () => {
    for (const id of PRESET_IDS) {
      const { run, findings } = presetRun(id)
      for (const widthPx of [320, 390, 960]) {
        const model = layoutDiagram({ run, findings, widthPx })
        for (const d of model.decisions) {
          const where = `${id} at ${widthPx} px, badge ${d.key}`
          expect(d.cx + d.w / 2 + GLOW_PX, where).toBeLessThanOrEqual(model.widthPx)
          expect(d.cx - d.w / 2 - GLOW_PX, where).toBeGreaterThanOrEqual(0)
        }
      }
    }
  })

  it('keeps that room with BADGE_HALO_ROOM_PX', () => {
    expect(BADGE_HALO_ROOM_PX).toBeGreaterThanOrEqual(Math.ceil(GLOW_PX))
  })
})
