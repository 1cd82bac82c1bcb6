/**
 * Collision-free labels. Marks that matter most claim their spot first; a label tries its
 * candidate positions in order and takes the first that stays inside its bounds and clear of
 * every obstacle and label already placed. A label that fits nowhere is left out of the drawing
 * (its words stay in the mark's accessible name and tooltip), so text never overlaps text.
 */
import type { Steps } from './steps'
import { finish } from './steps'
import { ascentPx, descentPx, textWidthPx } from './text'
import type { Box, PlacedLabel, TextAnchor } from './types'

export interface LabelCandidate {
  x: number
  /** Baseline. */
  y: number
  anchor: TextAnchor
  /** Alternative (usually shorter) wording for this position. */
  text?: string
}

export interface LabelRequest {
  text: string
  fontPx: number
  bold?: boolean
  /** Higher goes first. */
  priority: number
  candidates: LabelCandidate[]
  /** The label must stay inside this box. */
  bounds: Box
  className: string
  /** Receives the placed label; not called when the label fits nowhere. */
  assign: (label: PlacedLabel) => void
}

const CELL_PX = 48
/** Air between a label and anything else. */
const GAP_PX = 2
/** Extra air to the left and right of a placed label, so two labels never read as one. */
const LABEL_AIR_PX = 3

export function labelBox(
  text: string,
  fontPx: number,
  bold: boolean,
  x: number,
  y: number,
  anchor: TextAnchor,
): Box {
  return boxOfWidth(textWidthPx(text, fontPx, bold), fontPx, x, y, anchor)
}

function boxOfWidth(w: number, fontPx: number, x: number, y: number, anchor: TextAnchor): Box {
  const x0 = anchor === 'start' ? x : anchor === 'end' ? x - w : x - w / 2
  return { x0, y0: y - ascentPx(fontPx), x1: x0 + w, y1: y + descentPx(fontPx) }
}

export function boxesOverlap(a: Box, b: Box, gap = 0): boolean {
  return a.x0 < b.x1 + gap && b.x0 < a.x1 + gap && a.y0 < b.y1 + gap && b.y0 < a.y1 + gap
}

function inside(inner: Box, outer: Box): boolean {
  return (
    inner.x0 >= outer.x0 - 0.01 &&
    inner.x1 <= outer.x1 + 0.01 &&
    inner.y0 >= outer.y0 - 0.01 &&
    inner.y1 <= outer.y1 + 0.01
  )
}

/** A spatial hash of occupied boxes: placing n labels costs about n × (boxes per cell). */
export class Occupancy {
  private readonly cells = new Map<number, Box[]>()

  /** Labels keep more air around them than obstacles need. */
  addLabel(box: Box): void {
    this.add({ x0: box.x0 - LABEL_AIR_PX, y0: box.y0, x1: box.x1 + LABEL_AIR_PX, y1: box.y1 })
  }

  add(box: Box): void {
    // Plain loops rather than a cell visitor: a long run adds tens of thousands of boxes, and a
    // closure per call was a large share of the layout's time and garbage.
    const cx0 = cellOf(box.x0 - GAP_PX)
    const cx1 = cellOf(box.x1 + GAP_PX)
    const cy0 = cellOf(box.y0 - GAP_PX)
    const cy1 = cellOf(box.y1 + GAP_PX)
    for (let cx = cx0; cx <= cx1; cx++) {
      for (let cy = cy0; cy <= cy1; cy++) {
        const key = cellKey(cx, cy)
        const list = this.cells.get(key)
        if (list === undefined) this.cells.set(key, [box])
        else list.push(box)
      }
    }
  }

  collides(box: Box, gap = GAP_PX): boolean {
    const cx0 = cellOf(box.x0 - GAP_PX)
    const cx1 = cellOf(box.x1 + GAP_PX)
    const cy0 = cellOf(box.y0 - GAP_PX)
    const cy1 = cellOf(box.y1 + GAP_PX)
    for (let cx = cx0; cx <= cx1; cx++) {
      for (let cy = cy0; cy <= cy1; cy++) {
        const list = this.cells.get(cellKey(cx, cy))
        if (list === undefined) continue
        for (const other of list) if (boxesOverlap(box, other, gap)) return true
      }
    }
    return false
  }
}

function cellOf(v: number): number {
  return Math.floor(v / CELL_PX)
}

function cellKey(cx: number, cy: number): number {
  return cx * 100_003 + cy
}

/**
 * Places labels by priority (ties: earlier requests first, which callers order by time) and
 * hands each placed label to its request's `assign`. Returns how many were placed.
 */
export function placeLabels(requests: readonly LabelRequest[], occupancy: Occupancy): number {
  return finish(placeLabelSteps(requests, occupancy))
}

/** Requests between two pauses of `placeLabelSteps` (each tries several spots). */
const REQUESTS_PER_STEP = 256

/** placeLabels in steps (see steps.ts). */
export function* placeLabelSteps(
  requests: readonly LabelRequest[],
  occupancy: Occupancy,
): Steps<number> {
  const order = requests
    .map((request, index) => ({ request, index }))
    .sort((a, b) => b.request.priority - a.request.priority || a.index - b.index)
  let placed = 0
  for (let i = 0; i < order.length; i++) {
    if (i > 0 && i % REQUESTS_PER_STEP === 0) yield
    const { request } = order[i] as (typeof order)[number]
    const bold = request.bold ?? false
    // Candidates repeat one or two wordings at several spots: measure each wording once.
    let measuredText: string | null = null
    let measuredWidth = 0
    for (const c of request.candidates) {
      const text = c.text ?? request.text
      if (text !== measuredText) {
        measuredText = text
        measuredWidth = textWidthPx(text, request.fontPx, bold)
      }
      const box = boxOfWidth(measuredWidth, request.fontPx, c.x, c.y, c.anchor)
      if (!inside(box, request.bounds) || occupancy.collides(box)) continue
      occupancy.addLabel(box)
      request.assign({
        x: round(c.x),
        y: round(c.y),
        anchor: c.anchor,
        text,
        className: request.className,
        fontPx: request.fontPx,
        bold,
      })
      placed++
      break
    }
  }
  return placed
}

export function round(v: number): number {
  return Math.round(v * 10) / 10
}

/** Marks a line segment as occupied (sampled as small boxes), so labels do not cross it. */
export function addSegment(
  occupancy: Occupancy,
  x0: number,
  y0: number,
  x1: number,
  y1: number,
  halfWidth = 1.5,
): void {
  // A near-vertical or near-horizontal segment is its own bounding box; a slanted one is
  // covered by small boxes along it.
  const slant = Math.min(Math.abs(x1 - x0), Math.abs(y1 - y0))
  const steps = slant <= 4 ? 1 : Math.ceil(Math.hypot(x1 - x0, y1 - y0) / 5)
  for (let i = 0; i < steps; i++) {
    const ax = x0 + ((x1 - x0) * i) / steps
    const ay = y0 + ((y1 - y0) * i) / steps
    const bx = x0 + ((x1 - x0) * (i + 1)) / steps
    const by = y0 + ((y1 - y0) * (i + 1)) / steps
    occupancy.add({
      x0: Math.min(ax, bx) - halfWidth,
      y0: Math.min(ay, by) - halfWidth,
      x1: Math.max(ax, bx) + halfWidth,
      y1: Math.max(ay, by) + halfWidth,
    })
  }
}
