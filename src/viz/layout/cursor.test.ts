import { describe, expect, it } from 'vitest'
import { PRESET_IDS } from '../../sim'
import { presetRun } from '../../testing/presetRuns'
import type { DiagramModel, PlacedLabel } from './index'
import {
  futureStartX,
  layoutDiagram,
  textWidthPx,
  timedLabels,
  VEIL_TILE_PX,
  veilPath,
  veilEdgeEndX,
  veilSteps,
  veilTileXs,
} from './index'
import type { VeilStep } from './cursor'
import { labelBox } from './labels'

function edgeAt(steps: readonly VeilStep[], veilX: number, y: number): number {
  return steps.find((s) => s.y0 <= y && y <= s.y1)?.x ?? veilX
}

const label = (x: number, y: number, text = 'renew-refused'): PlacedLabel => ({
  x,
  y,
  anchor: 'start',
  text,
  className: 'fl-msg-label',
  fontPx: 11,
  bold: false,
})

function modelWith(messages: { label: PlacedLabel; sentAtMs: number }[]) {
  const marks = {
    messages: messages.map((m) => ({ ...m, queued: null })),
    decisions: [],
    faults: [],
    findings: [],
  } as unknown as Pick<DiagramModel, 'messages' | 'decisions' | 'faults' | 'findings'>
  return { timedLabels: timedLabels(marks) }
}

describe('veilSteps', () => {
  it('keeps a past label whole and veils a later one whole; a past label wins a shared height', () => {
    const w = textWidthPx('renew-refused', 11, false)
    const past = label(480, 100)
    const later = label(490, 140)
    const both = veilSteps(
      modelWith([
        { label: past, sentAtMs: 1000 },
        { label: later, sentAtMs: 1200 },
      ]),
      1000,
      500,
    )
    expect(both).toHaveLength(2)
    expect(both[0]?.x).toBeCloseTo(480 + w + 1, 5)
    expect(both[1]?.x).toBe(489)
    // The same height wanted both ways: the past label stays whole.
    const clash = veilSteps(
      modelWith([
        { label: past, sentAtMs: 1000 },
        { label: label(490, 102), sentAtMs: 1200 },
      ]),
      1000,
      500,
    )
    for (const y of [92, 97, 102]) expect(edgeAt(clash, 500, y)).toBeCloseTo(480 + w + 1, 5)
  })

  it('leaves the edge straight where no label straddles it', () => {
    expect(veilSteps(modelWith([{ label: label(600, 100), sentAtMs: 1200 }]), 1000, 500)).toEqual(
      [],
    )
    expect(veilSteps(modelWith([{ label: label(100, 100), sentAtMs: 900 }]), 1000, 500)).toEqual([])
  })

  it('bends around no label of any preset at any event: none is cut by the edge', () => {
    for (const id of PRESET_IDS) {
      const { run, findings } = presetRun(id)
      for (const widthPx of [1200, 390]) {
        const model = layoutDiagram({ run, findings, widthPx })
        for (const ms of new Set(run.events.map((e) => e.atMs))) {
          const veilX = futureStartX(model, ms)
          const steps = veilSteps(model, ms, veilX)
          for (const box of model.timedLabels) {
            for (const y of [box.y0 + 0.5, (box.y0 + box.y1) / 2, box.y1 - 0.5]) {
              const edge = edgeAt(steps, veilX, y)
              const cut = box.x0 + 0.5 < edge && edge < box.x1 - 0.5
              expect(
                cut,
                `${id} at ${ms} ms, ${widthPx} px: label at ${box.x0} (${box.atMs} ms)`,
              ).toBe(false)
            }
          }
        }
      }
    }
  })
})

describe('timedLabels', () => {
  it('lists each label of a message, a wait, a decision, a fault and a finding, at its mark’s time', () => {
    const l = (text: string) => label(100, 50, text)
    const marks = {
      messages: [{ label: l('grant 41'), sentAtMs: 5, queued: { label: l('queued 15 s') } }],
      decisions: [{ reason: l('41 < 42'), value: l('"A"'), atMs: 16_005 }],
      faults: [{ label: l('paused'), atMs: 1_000 }],
      findings: [{ label: l('two believers'), finding: { atMs: 10_000 } }],
    } as unknown as Pick<DiagramModel, 'messages' | 'decisions' | 'faults' | 'findings'>
    const box = (text: string) => labelBox(text, 11, false, 100, 50, 'start')
    expect(timedLabels(marks)).toEqual([
      { ...box('grant 41'), atMs: 5 },
      { ...box('queued 15 s'), atMs: 5 },
      { ...box('41 < 42'), atMs: 16_005 },
      { ...box('"A"'), atMs: 16_005 },
      { ...box('paused'), atMs: 1_000 },
      { ...box('two believers'), atMs: 10_000 },
    ])
  })
})

describe('veilPath', () => {
  it('is the plain rectangle without steps, and follows a step in the veil’s own coordinates', () => {
    expect(veilPath([], 500, 10, 200, 300)).toBe('M300,10H0V200H300Z')
    expect(veilPath([{ y0: 90, y1: 104, x: 560 }], 500, 10, 200, 300)).toBe(
      'M300,10H0V90H60V104H0V200H300Z',
    )
    // A step outside the height drawn is left out.
    expect(veilPath([{ y0: 300, y1: 320, x: 560 }], 500, 10, 200, 300)).toBe('M300,10H0V200H300Z')
  })
})

/** The veil's edge piece and tiles, as the live diagram draws them (Cursor.tsx). */
function veilTiles(veilX: number, steps: readonly VeilStep[], rightX: number) {
  const edgeEndX = veilEdgeEndX(veilX, steps, rightX)
  return { edgeEndX, tileXs: veilTileXs(edgeEndX, rightX) }
}

describe("the veil's tiles", () => {
  it('covers from the edge to the right end with whole tiles on a fixed grid, the last one cut', () => {
    const { edgeEndX, tileXs } = veilTiles(100.5, [], 1000)
    expect(edgeEndX).toBe(VEIL_TILE_PX * 2)
    expect(tileXs[0]).toBe(edgeEndX)
    for (let i = 1; i < tileXs.length; i++)
      expect(tileXs[i]).toBe((tileXs[i - 1] ?? 0) + VEIL_TILE_PX)
    expect((tileXs.at(-1) ?? 0) + VEIL_TILE_PX).toBeGreaterThanOrEqual(1000)
    expect(tileXs.at(-1)).toBeLessThan(1000)
  })

  it('keeps the same tiles while the edge moves within one, and the edge piece past every step', () => {
    const a = veilTiles(130, [], 900)
    const b = veilTiles(190, [], 900)
    expect(b).toEqual(a)
    const stepped = veilTiles(130, [{ y0: 10, y1: 20, x: 250 }], 900)
    expect(stepped.edgeEndX).toBeGreaterThan(250)
    expect(stepped.tileXs[0]).toBe(stepped.edgeEndX)
    // An edge on a tile's boundary starts the next tile, never an empty edge piece.
    expect(veilTiles(128, [], 900).edgeEndX).toBe(192)
    // At the right end there are no tiles and the edge piece ends there.
    expect(veilTiles(897, [], 900)).toEqual({ edgeEndX: 900, tileXs: [] })
  })
})
