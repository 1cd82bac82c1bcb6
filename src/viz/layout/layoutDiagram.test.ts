import fc from 'fast-check'
import { assertProperty } from '../../testing/property'
import { describe, expect, it } from 'vitest'
import { check, PRESET_IDS } from '../../sim'
import { deriveSpans } from '../../timeline'
import { largeRun } from '../../testing/largeRun'
import { presetRun, runOf } from '../../testing/presetRuns'
import { systemRun } from '../../testing/systemRuns'
import type { DangerWindowInput } from './dangerWindows'
import { msOfX, xOfMs } from './index'
import { DIAGRAM_CSS } from '../diagramStyles'
import { stepAfterPath } from './decisions'
import { LABEL_WEIGHT } from './labelStyle'
import { boxesOverlap, labelBox } from './labels'
import { layoutDiagram } from './layoutDiagram'
import type { DiagramModel, PlacedLabel } from './types'

function gcPause(widthPx = 1280): DiagramModel {
  const { run, findings } = presetRun('gc-pause')
  return layoutDiagram({ run, findings, widthPx })
}

/** Every number anywhere in the model. */
function numbers(value: unknown, path = 'model', out: { path: string; n: number }[] = []) {
  if (typeof value === 'number') out.push({ path, n: value })
  else if (Array.isArray(value)) value.forEach((v, i) => numbers(v, `${path}[${i}]`, out))
  else if (value !== null && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) numbers(v, `${path}.${k}`, out)
  }
  return out
}

/** Every label the figure draws, placed by the collision-avoiding placer. */
function placedLabels(model: DiagramModel): PlacedLabel[] {
  const all: (PlacedLabel | null)[] = [
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
    ...model.dangerWindows.map((d) => d.label),
  ]
  return all.filter((l): l is PlacedLabel => l !== null)
}

describe('layoutDiagram', () => {
  it('orders lanes: clients, then the lock service, then each resource, with their roles', () => {
    const model = gcPause()
    expect(model.lanes.map((l) => [l.node, l.kind])).toEqual([
      ['A', 'client'],
      ['B', 'client'],
      ['lock', 'lock'],
      ['storage', 'resource'],
    ])
    expect(model.lanes.find((l) => l.node === 'storage')?.role).toEqual(['atomic fencing'])
    expect(model.lanes.find((l) => l.node === 'lock')?.role).toEqual(['lock service', 'lease 10 s'])
    for (let i = 1; i < model.lanes.length; i++) {
      expect(model.lanes[i]?.y0).toBeGreaterThanOrEqual(model.lanes[i - 1]?.y1 ?? Infinity)
    }
  })

  it('maps time linearly and back', () => {
    const model = gcPause()
    expect(xOfMs(model, 0)).toBe(model.x0)
    expect(xOfMs(model, model.endMs)).toBeCloseTo(model.x1, 6)
    expect(msOfX(model, xOfMs(model, 10005))).toBe(10005)
    expect(msOfX(model, -50)).toBe(0)
    expect(msOfX(model, 1e6)).toBe(model.endMs)
  })

  it('puts the gc-pause marks where the run says they happened', () => {
    const model = gcPause()
    const x = (ms: number) => Math.round(xOfMs(model, ms) * 10) / 10
    const pause = model.blocks.find((b) => b.node === 'A' && b.kind === 'paused')
    expect(pause).toMatchObject({ x0: x(1000), x1: x(16000) })
    expect(pause?.label?.text).toBe('paused 15 s')

    const leaseA = model.leases.find((l) => l.client === 'A')
    expect(leaseA).toMatchObject({ token: 41, x0: x(5), x1: x(10005), end: 'expired' })
    expect(leaseA?.text?.text).toBe('41')

    // A believes until its write is rejected, long after its lease expired: the stale part.
    const beliefA = model.beliefs.find((b) => b.client === 'A')
    expect(beliefA).toMatchObject({ x0: x(10), x1: x(16010) })
    expect(beliefA?.stale?.x0).toBe(x(10005))
    expect(beliefA?.stale?.label?.text).toBe('believes after expiry')

    const rejected = model.decisions.find((d) => d.outcome === 'rejected')
    expect(rejected).toMatchObject({ client: 'A', token: 41, x: x(16005), pip: false })
    // The reason is drawn inside the rejection's badge: "✗ 41 < 42".
    expect(rejected?.text).toBe('41 < 42')
    expect(rejected?.reason).toBeNull()
    const accepted = model.decisions.find((d) => d.outcome === 'accepted')
    expect(accepted).toMatchObject({ client: 'B', token: 42, x: x(11025), text: '42' })

    const step = model.tokenLines.find((t) => t.resource === 'storage')
    expect(step?.d.startsWith(`M${x(11025)},`)).toBe(true)
    expect(step?.labels.map((l) => l.text)).toEqual(['42'])

    expect(model.holds.map((h) => h.text?.text)).toEqual(['A · 41', 'B · 42'])
    expect(model.leaseEnds.map((e) => [e.x, e.label?.text])).toEqual([[x(10005), 'expired']])
    expect(model.findings.map((f) => [f.kind, f.trueX])).toEqual([['two-believers', x(10010)]])
  })

  it('draws the read reply that waited at paused A as a queued segment to its handling', () => {
    const model = gcPause()
    const reply = model.messages.find((m) => m.kind === 'read-ok' && m.to === 'A')
    expect(reply?.queued).toMatchObject({
      x0: Math.round(xOfMs(model, 1005) * 10) / 10,
      x1: Math.round(xOfMs(model, 16000) * 10) / 10,
    })
    expect(reply?.queued?.label?.text).toBe('queued 15 s')
    expect(reply?.name).toContain('waited 14.995 s until A resumed')
  })

  it('marks delayed, dropped and crash-lost messages', () => {
    const r = runOf({
      durationMs: 3000,
      clients: [
        {
          id: 'A',
          script: [
            { do: 'acquire' },
            { do: 'write', value: 1 },
            { do: 'sleep', ms: 100 },
            { do: 'release' },
          ],
        },
        { id: 'B', startMs: 50, script: [{ do: 'acquire' }] },
      ],
      faults: [
        { atMs: 8, do: 'delay', from: 'A', to: 'storage', ms: 1000 },
        { atMs: 1100, do: 'drop', from: 'A', to: 'lock' },
        { atMs: 40, do: 'crash', node: 'lock' },
      ],
    })
    const model = layoutDiagram({ run: r, findings: check(r), widthPx: 900 })
    const delayed = model.messages.find((m) => m.style === 'delayed')
    expect(delayed?.kind).toBe('write')
    expect(delayed?.name).toContain('delayed 1 s')
    const lost = model.messages.filter((m) => m.style === 'lost')
    expect(lost.length).toBeGreaterThan(0)
    for (const m of lost) {
      expect(m.lost).not.toBeNull()
      expect(m.head).toBeNull()
    }
    expect(model.blocks.some((b) => b.node === 'lock' && b.kind === 'down')).toBe(true)
    expect(model.faults.map((f) => f.kind)).toEqual(expect.arrayContaining(['delay', 'drop']))
    expect(model.legend.map((l) => l.kind)).toEqual(
      expect.arrayContaining(['delayed', 'lost', 'down']),
    )
  })

  it('links a check-then-write check to its apply, and shows the highest token going back', () => {
    const { run, findings } = presetRun('check-then-write')
    // To scale, the four decisions fall within 15 ms and stack in rows.
    const model = layoutDiagram({ run, findings, widthPx: 1280, options: { time: 'to-scale' } })
    expect(model.decisions.map((d) => d.outcome)).toEqual([
      'checked',
      'checked',
      'applied',
      'applied',
    ])
    expect(model.decisions.every((d) => !d.pip)).toBe(true)
    expect(new Set(model.decisions.map((d) => d.cy)).size).toBe(4)
    expect(model.links).toHaveLength(2)
    const labels = model.tokenLines[0]?.labels.map((l) => l.text)
    expect(labels).toContain('41 ↓')
    expect(model.findings.map((f) => f.kind)).toEqual(['token-order'])
    expect(model.findings[0]?.guide).not.toBeNull()
  })

  it('is responsive: a phone layout below 560 px, finite coordinates at every width', () => {
    expect(gcPause(320).compact).toBe(true)
    expect(gcPause(1280).compact).toBe(false)
    const { run, findings } = presetRun('gc-pause')
    const spans = deriveSpans(run)
    assertProperty(
      fc.property(fc.integer({ min: 320, max: 1600 }), (widthPx) => {
        const model = layoutDiagram({ run, findings, spans, widthPx })
        const bad = numbers(model).filter(({ n }) => !Number.isFinite(n))
        expect(bad).toEqual([])
        expect(model.widthPx).toBe(widthPx)
        expect(model.x0).toBeLessThan(model.x1)
        expect(model.x1).toBeLessThanOrEqual(widthPx)
        expect(model.axis.ticks.length).toBeGreaterThanOrEqual(2)
        for (const t of model.axis.ticks) expect(t.label).toMatch(/^\d+(\.\d+)? s$/)
      }),
      { numRuns: 12 },
    )
  })

  it('never overlaps two labels and keeps them inside the figure, for every preset and a system’s danger window', () => {
    const cases = [
      ...PRESET_IDS.map((id) => ({ id, ...presetRun(id), windows: [] as DangerWindowInput[] })),
      { id: 'system client-go', ...systemRun('client-go') },
    ]
    for (const { id, run, findings, windows } of cases) {
      for (const widthPx of [320, 375, 768, 1280, 1600]) {
        const model = layoutDiagram({ run, findings, widthPx, options: { dangerWindows: windows } })
        expect(model.dangerWindows.length).toBe(windows.length)
        const boxes = placedLabels(model).map((l) => ({
          l,
          box: labelBox(l.text, l.fontPx, l.bold, l.x, l.y, l.anchor),
        }))
        for (const { l, box } of boxes) {
          expect(box.x0, `${id}@${widthPx}: ${l.text}`).toBeGreaterThanOrEqual(0)
          expect(box.x1, `${id}@${widthPx}: ${l.text}`).toBeLessThanOrEqual(widthPx)
        }
        for (let i = 0; i < boxes.length; i++) {
          for (let j = i + 1; j < boxes.length; j++) {
            const a = boxes[i]
            const b = boxes[j]
            if (a === undefined || b === undefined) continue
            expect(
              boxesOverlap(a.box, b.box),
              `${id}@${widthPx}: "${a.l.text}" overlaps "${b.l.text}"`,
            ).toBe(false)
          }
        }
      }
    }
  })

  it('measures labels with the weight and size the stylesheet gives their class', () => {
    for (const id of PRESET_IDS) {
      const { run, findings } = presetRun(id)
      for (const l of placedLabels(layoutDiagram({ run, findings, widthPx: 1280 }))) {
        const weights = l.className.split(' ').map((c) => LABEL_WEIGHT[c])
        expect(l.bold, `${l.className}`).toBe(weights.some((w) => w !== undefined))
        for (const c of l.className.split(' ')) {
          const rule = new RegExp(`\\.${c}\\{[^}]*font-weight:(\\d+)`).exec(DIAGRAM_CSS)
          if (l.bold && LABEL_WEIGHT[c] !== undefined)
            expect(rule?.[1]).toBe(String(LABEL_WEIGHT[c]))
        }
      }
    }
  })

  it('draws the step line as curveStepAfter would', () => {
    expect(stepAfterPath([])).toBe('')
    expect(
      stepAfterPath([
        [10, 5],
        [20, 5],
        [30, 2],
        [40, 2],
      ]),
    ).toBe('M10,5H20H30V2H40')
  })

  it('describes the figure in words for screen readers', () => {
    const text = gcPause().description
    expect(text).toContain('A held token 41 from 0.005 s to 10.005 s (expired)')
    expect(text).toContain(
      'A still believed it held the lock (token 41) for 6.005 s after its lease ended',
    )
    expect(text).toContain("storage rejected A's write with token 41 at 16.005 s (41 < 42)")
  })

  it('handles an empty run and a long generated one', () => {
    const empty = runOf({ durationMs: 1, clients: [{ id: 'A', script: [] }] })
    const model = layoutDiagram({ run: empty, findings: check(empty), widthPx: 600 })
    expect(numbers(model).every(({ n }) => Number.isFinite(n))).toBe(true)
    expect(model.messages).toEqual([])

    const large = largeRun()
    expect(large.events.length).toBeGreaterThan(4500)
    expect(large.events.length).toBeLessThan(5500)
    const big = layoutDiagram({ run: large, findings: check(large), widthPx: 1280 })
    expect(numbers(big).every(({ n }) => Number.isFinite(n))).toBe(true)
    expect(big.dense).toBe(true)
    expect(big.messages.length).toBeGreaterThan(1000)
    expect(big.decisions.some((d) => d.outcome === 'rejected' && !d.pip)).toBe(true)
  })
})

describe('a run with more messages than pixels (coarse level of detail)', () => {
  // A renews every 10 ms for two minutes (24k messages on about 1,200 px), B writes now and
  // then, and one renewal is delayed.
  const renewing = runOf({
    durationMs: 120_000,
    network: { latencyMs: 1 },
    clients: [
      { id: 'A', renewEveryMs: 10, script: [{ do: 'acquire' }, { do: 'work', ms: 120_000 }] },
      {
        id: 'B',
        script: Array.from({ length: 8 }, (_, k) => [
          { do: 'sleep' as const, ms: 9_000 },
          { do: 'write' as const, value: `b${k}` },
        ]).flat(),
      },
    ],
    faults: [{ atMs: 30_000, do: 'delay', from: 'lock', to: 'A', ms: 500 }],
  })
  const findings = check(renewing)
  const spans = deriveSpans(renewing)
  const model = layoutDiagram({ run: renewing, findings, spans, widthPx: 1280 })
  const lane = (id: string) => model.lanes.find((l) => l.node === id)
  const plain = (m: (typeof spans.messages)[number]) =>
    m.lost === null &&
    m.extraDelayMs === 0 &&
    ![
      'write',
      'effect',
      'grant',
      'write-rejected',
      'renew-refused',
      'release-refused',
      'read-rejected',
    ].includes(m.kind)

  it('keeps one arrow per drawn pixel pair: the model follows the figure, not the run', () => {
    expect(spans.messages.length).toBeGreaterThan(20_000)
    expect(model.dense).toBe(true)
    // Two lanes talk (A and the lock service) in each direction: at most one arrow per pixel
    // column of send time and of arrival, a few per column at 1 ms latency.
    expect(model.messages.length).toBeLessThan(2 * 2 * 2 * (model.x1 - model.x0))
    expect(model.messages.length).toBeLessThan(spans.messages.length / 2)
  })

  it('draws every plain message: an arrow between the same lanes starts where it was sent', () => {
    const drawn = new Set(model.messages.map((a) => `${a.from}>${a.to}@${Math.round(a.x0)}`))
    let checked = 0
    for (const m of spans.messages) {
      if (!plain(m)) continue
      const x = Math.round(xOfMs(model, m.sentAtMs) * 100) / 100
      expect(drawn.has(`${m.from}>${m.to}@${Math.round(x)}`)).toBe(true)
      checked++
    }
    expect(checked).toBeGreaterThan(20_000)
    expect(lane('A')).toBeDefined()
  })

  it('keeps every message worth seeing on its own: delayed, lost, writes and their answers', () => {
    const kept = new Set(model.messages.map((a) => a.msg))
    const marked = spans.messages.filter((m) => !plain(m))
    expect(marked.some((m) => m.extraDelayMs > 0)).toBe(true)
    expect(marked.some((m) => m.kind === 'write')).toBe(true)
    for (const m of marked) expect(kept.has(m.msg)).toBe(true)
  })

  it('a run with fewer messages than that keeps an arrow for every message', () => {
    const large = largeRun()
    const big = layoutDiagram({ run: large, findings: check(large), widthPx: 1280 })
    expect(big.dense).toBe(true)
    expect(big.messages.length).toBe(deriveSpans(large).messages.length)
  })
})

describe('a coarse run keeps one plain mark per pixel column', () => {
  // Four clients taking turns 900 times each: 22k messages, 2.7k leases and decisions on about
  // 1,130 px, two long pauses among them.
  const turns = largeRun({ clients: 4, cycles: 900, pauses: 2 })
  const findings = check(turns)
  const spans = deriveSpans(turns)
  const model = layoutDiagram({ run: turns, findings, spans, widthPx: 1280 })
  const cited = new Set([...findings.violations, ...findings.warnings].map((f) => f.eventIndex))
  const plainDecision = (d: { outcome: string; eventIndex: number }) =>
    d.outcome !== 'rejected' && d.outcome !== 'discarded' && !cited.has(d.eventIndex)
  const column = (x: number) => Math.round(x)

  it('leaves out plain pips and holds under an earlier one: the model follows the figure', () => {
    expect(spans.messages.length / (model.x1 - model.x0)).toBeGreaterThan(8)
    const pips = model.decisions.filter((d) => d.pip && plainDecision(d))
    const pipColumns = new Set(pips.map((d) => `${d.outcome} ${column(d.cx)}`))
    expect(pipColumns.size).toBe(pips.length)
    const lockHolds = model.holds.filter((h) => h.text === null && h.end === 'released')
    expect(new Set(lockHolds.map((h) => `${h.node} ${column(h.x0)} ${column(h.x1)}`)).size).toBe(
      lockHolds.length,
    )
    const plainBeliefs = model.beliefs.filter((b) => b.stale === null)
    expect(
      new Set(plainBeliefs.map((b) => `${b.client} ${column(b.x0)} ${column(b.x1)}`)).size,
    ).toBe(plainBeliefs.length)
    expect(model.decisions.length).toBeLessThan(spans.decisions.length / 2)
    expect(model.holds.length).toBeLessThan(spans.leases.length / 2)
  })

  it('draws every left-out mark: a kept one of its kind takes its pixel columns', () => {
    const kept = new Set(model.decisions.map((d) => d.eventIndex))
    const pipAt = new Set(model.decisions.map((d) => `${d.outcome} ${column(d.cx)}`))
    let left = 0
    for (const d of spans.decisions) {
      if (kept.has(d.eventIndex)) continue
      left++
      expect(plainDecision(d)).toBe(true)
      const x = xOfMs(model, d.atMs)
      // Away from the plot's ends a pip sits at its moment (at the ends it is kept inside).
      if (x < model.x0 + 30 || x > model.x1 - 30) continue
      expect(pipAt.has(`${d.outcome} ${column(x)}`), `${d.outcome} at ${x}`).toBe(true)
    }
    expect(left).toBeGreaterThan(1000)
    const holdAt = new Set(model.holds.map((h) => `${column(h.x0)} ${column(h.x1)}`))
    const holdKept = new Set(model.holds.map((h) => h.grant))
    for (const lease of spans.leases) {
      if (holdKept.has(lease.grant)) continue
      const x0 = xOfMs(model, lease.fromMs)
      const x1 = Math.max(xOfMs(model, lease.toMs), x0 + 2)
      expect(holdAt.has(`${column(x0)} ${column(x1)}`)).toBe(true)
    }
  })

  it('never leaves out a mark with something to say: rejections, findings, stale beliefs, ends', () => {
    const kept = new Set(model.decisions.map((d) => d.eventIndex))
    for (const d of spans.decisions)
      if (!plainDecision(d)) expect(kept.has(d.eventIndex)).toBe(true)
    const staleSpans = spans.beliefs.filter((b) => {
      const lease = spans.leases.find((l) => l.grant === b.grant)
      return lease === undefined || (lease.end !== 'open' && lease.toMs < b.toMs)
    })
    expect(staleSpans.length).toBeGreaterThan(0)
    expect(model.beliefs.filter((b) => b.stale !== null)).toHaveLength(staleSpans.length)
    const abnormal = spans.leases.filter(
      (l) => l.node === 'lock' && !['released', 'open', 'released-by-other'].includes(l.end),
    )
    expect(abnormal.length).toBeGreaterThan(0)
    expect(model.leaseEnds.length).toBeGreaterThanOrEqual(abnormal.length)
  })

  it('a run that is not coarse keeps every mark', () => {
    const large = largeRun()
    const few = deriveSpans(large)
    const big = layoutDiagram({ run: large, findings: check(large), spans: few, widthPx: 1280 })
    expect(few.messages.length / (big.x1 - big.x0)).toBeLessThan(8)
    expect(big.decisions).toHaveLength(few.decisions.length)
    expect(big.beliefs).toHaveLength(few.beliefs.length)
    expect(big.holds).toHaveLength(few.leases.filter((l) => l.node === 'lock').length)
  })
})

describe('lane names and roles on a phone', () => {
  it('stay in the left column, out of the plot, for every preset at 360 and 390 px', () => {
    let roles = 0
    for (const id of PRESET_IDS) {
      const { run, findings } = presetRun(id)
      for (const widthPx of [360, 390]) {
        const model = layoutDiagram({ run, findings, widthPx })
        expect(model.compact).toBe(true)
        const left = model.plot.x0
        for (const lane of model.laneLabels) {
          for (const line of lane.lines) {
            const title = line.className === 'fl-lane-title'
            const fontPx = title ? model.fontPx : model.smallFontPx
            const box = labelBox(line.text, fontPx, title, line.x, line.y, 'start')
            expect(box.x1, `${id} at ${widthPx}: ${line.text}`).toBeLessThanOrEqual(left)
            if (!title) roles++
          }
        }
        for (const note of model.notes) {
          if (note.text !== 'highest token' && note.className !== 'fl-lane-role') continue
          const box = labelBox(note.text, note.fontPx, note.bold, note.x, note.y, note.anchor)
          expect(box.x1, `${id} at ${widthPx}: ${note.text}`).toBeLessThanOrEqual(left)
        }
      }
    }
    // Short roles ("client") still show, under the name.
    expect(roles).toBeGreaterThan(0)
  })
})
