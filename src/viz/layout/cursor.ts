/**
 * Where the future begins on the drawing. A cursor at a moment shows that moment's events whole:
 * a "× 41" badge, its "41 < 42" reason or a finding marker reaches to the right of its instant, so
 * the veil over the future starts after the rightmost of them, not at the cursor line.
 */
import { xOfMs } from './scale'
import type { DiagramModel, PlacedLabel, TimedLabel } from './types'
import { labelBox } from './labels'
import { textWidthPx } from './text'

function labelRight(label: PlacedLabel | null): number {
  if (label === null) return -Infinity
  const w = textWidthPx(label.text, label.fontPx, label.bold)
  return label.anchor === 'start'
    ? label.x + w
    : label.anchor === 'middle'
      ? label.x + w / 2
      : label.x
}

/** The x at which marks of events after `ms` begin to be veiled (≥ the cursor's own x). */
export function futureStartX(
  model: Pick<DiagramModel, 'decisions' | 'findings' | 'faults' | 'time' | 'endMs'>,
  ms: number,
): number {
  const x = xOfMs(model, ms)
  let right = x
  for (const d of model.decisions) {
    if (d.atMs > ms) continue
    right = Math.max(right, d.pip ? d.cx + 3 : d.cx + d.w / 2 + 1, labelRight(d.reason))
  }
  for (const f of model.findings) {
    if (f.finding.atMs > ms) continue
    right = Math.max(right, f.x + 9, labelRight(f.label))
  }
  for (const f of model.faults) {
    if (f.atMs > ms) continue
    right = Math.max(right, f.x + 7, labelRight(f.label))
  }
  return right
}

/** A stretch of the veil's left edge that bends around a label: from y0 to y1 it runs at x. */
export interface VeilStep {
  y0: number
  y1: number
  x: number
}

/**
 * Every label of a mark at a moment, with its box (measured once per layout, not per frame:
 * the veil is redrawn on every cursor move).
 */
export function timedLabels(
  model: Pick<DiagramModel, 'messages' | 'decisions' | 'faults' | 'findings'>,
): TimedLabel[] {
  const out: TimedLabel[] = []
  const add = (label: PlacedLabel | null, atMs: number) => {
    if (label === null) return
    out.push({
      ...labelBox(label.text, label.fontPx, label.bold, label.x, label.y, label.anchor),
      atMs,
    })
  }
  for (const m of model.messages) {
    add(m.label, m.sentAtMs)
    add(m.queued?.label ?? null, m.sentAtMs)
  }
  for (const d of model.decisions) {
    add(d.reason, d.atMs)
    add(d.value, d.atMs)
  }
  for (const f of model.faults) add(f.label, f.atMs)
  for (const f of model.findings) add(f.label, f.finding.atMs)
  return out
}

/**
 * Where the veil's left edge bends so that no label is cut by it: a label of a mark at or before
 * the cursor that reaches past `veilX` keeps the veil back to its right end (it is shown whole),
 * and a label of a later mark that starts before `veilX` is veiled from its left end (the future
 * never shows half a word). A past label wins a height both want. Steps are sorted by y and do
 * not overlap; between them the edge runs at `veilX`.
 */
export function veilSteps(
  model: Pick<DiagramModel, 'timedLabels'>,
  ms: number,
  veilX: number,
): VeilStep[] {
  const found: (VeilStep & { past: boolean })[] = []
  for (const box of model.timedLabels) {
    if (!(box.x0 < veilX && veilX < box.x1)) continue
    const past = box.atMs <= ms
    found.push({ y0: box.y0 - 1, y1: box.y1 + 1, x: past ? box.x1 + 1 : box.x0 - 1, past })
  }
  // Labels never overlap, but their margins may: steps that touch merge, the past one's x winning.
  found.sort((a, b) => a.y0 - b.y0)
  const out: (VeilStep & { past: boolean })[] = []
  for (const s of found) {
    const last = out[out.length - 1]
    if (last === undefined || s.y0 >= last.y1) out.push({ ...s })
    else {
      last.y1 = Math.max(last.y1, s.y1)
      if (s.past) last.x = last.past ? Math.max(last.x, s.x) : s.x
      else if (!last.past) last.x = Math.min(last.x, s.x)
      last.past ||= s.past
    }
  }
  return out.map(({ y0, y1, x }) => ({ y0, y1, x }))
}

/**
 * The veil's outline from y0 to y1, in the veil's own coordinates (its edge at x 0), `widthPx`
 * wide: a rectangle whose left edge follows `steps` (absolute x, as veilSteps gives them).
 */
export function veilPath(
  steps: readonly VeilStep[],
  veilX: number,
  y0: number,
  y1: number,
  widthPx: number,
): string {
  const r = (v: number) => Math.round(v * 10) / 10
  const right = r(widthPx)
  let d = `M${right},${r(y0)}`
  let x = 0
  const to = (nx: number, y: number) => {
    if (nx !== x) d += `V${r(y)}H${r(nx)}`
    x = nx
  }
  d += `H0`
  for (const s of steps) {
    if (s.y1 <= y0 || s.y0 >= y1) continue
    to(s.x - veilX, Math.max(y0, s.y0))
    to(0, Math.min(y1, s.y1))
  }
  return `${d}V${r(y1)}H${right}Z`
}

/**
 * Width of the veil's tiles. A veil drawn as one shape moved under the cursor made Chromium
 * repaint, and redraw on the screen, the whole future at every frame of playback (the old and
 * the new box of a moved shape are invalidated whole); a software-composited 2-core machine spent
 * about as long on that as on the frame itself. So only the veil's edge moves: the rest of the
 * future is covered by fixed tiles, and a frame repaints the edge and at most one tile.
 */
export const VEIL_TILE_PX = 64

/**
 * The veil of an edge at `veilX` (bent by `steps`) that covers up to `rightX` is a moving edge
 * piece, from its left edge to the `edgeEndX` returned here, then fixed tiles (`veilTileXs`).
 * Tiles sit on a grid from x 0 that does not move with the cursor, so a tile, once drawn, is drawn
 * again unchanged until the edge reaches it; and their ends fall on whole pixels.
 */
export function veilEdgeEndX(veilX: number, steps: readonly VeilStep[], rightX: number): number {
  let reach = veilX
  for (const s of steps) reach = Math.max(reach, s.x)
  return Math.min(rightX, (Math.floor(reach / VEIL_TILE_PX) + 1) * VEIL_TILE_PX)
}

/**
 * The left ends of the fixed tiles from `edgeEndX` to `rightX`: each VEIL_TILE_PX wide, the last
 * cut at the right end.
 */
export function veilTileXs(edgeEndX: number, rightX: number): number[] {
  const tileXs: number[] = []
  for (let x = edgeEndX; x < rightX; x += VEIL_TILE_PX) tileXs.push(x)
  return tileXs
}
