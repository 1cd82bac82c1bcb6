/**
 * Level of detail for dense runs. A long run has thousands of arrows and hundreds of lease bars,
 * most of them plain (an arrow unlabelled, on time, neither queued nor lost; a bar without text);
 * an element per mark costs the browser more to restyle and lay out after every intervention than
 * everything else on the page. So the live diagram of a dense run draws the plain marks as one
 * path per kind and hue, and keeps an element only for the marked ones. Pointers find the plain
 * marks by geometry (`nearestMessage`, `barAt`); the keyboard reaches arrows through one
 * focusable stand-in for the active arrow (lease bars are decorative: their words are in the
 * inspector and the event log).
 */
import { round } from './labels'
import type { Steps } from './steps'
import { finish, pauseAt } from './steps'
import type {
  BeliefBar,
  DecisionBadge,
  DecisionOutcome,
  DiagramModel,
  LeaseBar,
  MessageArrow,
} from './types'

export interface BulkMessages {
  /** One path per hue (in first-seen order): every plain arrow's shaft and head. */
  paths: { hue: number | null; d: string }[]
  /** Indexes (into the model's messages) of the arrows drawn one by one. */
  marked: number[]
  /** Indexes of the arrows drawn in the bulk paths. */
  plain: number[]
}

/** True when an arrow carries something a reader should be able to see on its own. */
export function isMarkedMessage(arrow: MessageArrow): boolean {
  return (
    arrow.style !== 'normal' || arrow.label !== null || arrow.queued !== null || arrow.lost !== null
  )
}

/**
 * Plain arrows are drawn once per half pixel: two that would cover the same pixels (same hue,
 * ends within half a pixel) are one subpath. The path's length is then bounded by the figure's
 * size and lanes, not by the run's events: a million renewals draw as the same few thousand
 * strokes as a hundred thousand. (Every plain arrow is still in `plain`, for pointers.)
 */
const half = (px: number) => Math.round(px * 2)

export function bulkMessages(messages: readonly MessageArrow[]): BulkMessages {
  return finish(bulkMessageSteps(messages))
}

/** bulkMessages in steps (see steps.ts): a 100k-event run has 30k arrows to sort out. */
export function* bulkMessageSteps(messages: readonly MessageArrow[]): Steps<BulkMessages> {
  const byHue = new Map<number | null, string[]>()
  const drawn = new Set<string>()
  const marked: number[] = []
  const plain: number[] = []
  for (let i = 0; i < messages.length; i++) {
    if (pauseAt(i)) yield
    const arrow = messages[i] as MessageArrow
    if (isMarkedMessage(arrow)) {
      marked.push(i)
      continue
    }
    plain.push(i)
    const key = `${arrow.hue} ${half(arrow.x0)} ${half(arrow.y0)} ${half(arrow.x1)} ${half(arrow.y1)} ${arrow.head === null ? 0 : 1}`
    if (drawn.has(key)) continue
    drawn.add(key)
    let parts = byHue.get(arrow.hue)
    if (parts === undefined) {
      parts = []
      byHue.set(arrow.hue, parts)
    }
    parts.push(`M${arrow.x0},${arrow.y0}L${arrow.x1},${arrow.y1}${arrow.head ?? ''}`)
  }
  return {
    paths: [...byHue].map(([hue, parts]) => ({ hue, d: parts.join('') })),
    marked,
    plain,
  }
}

/** The drawn line (its shaft is shortened under the head) runs on this far to the tip, in px. */
const HEAD_REACH_PX = 7

function distanceToArrowPx(arrow: MessageArrow, x: number, y: number): number {
  const dx = arrow.x1 - arrow.x0
  const dy = arrow.y1 - arrow.y0
  const len = Math.hypot(dx, dy)
  if (len === 0) return Math.hypot(x - arrow.x0, y - arrow.y0)
  // Project onto the shaft extended to the tip of the head.
  const reach = len + (arrow.head === null ? 0 : HEAD_REACH_PX)
  const t = Math.max(0, Math.min(reach, ((x - arrow.x0) * dx + (y - arrow.y0) * dy) / len))
  return Math.hypot(x - (arrow.x0 + (dx / len) * t), y - (arrow.y0 + (dy / len) * t))
}

/**
 * The index of the arrow among `candidates` nearest to (x, y), if one is within `withinPx`;
 * ties go to the later arrow (drawn on top). `skip` leaves out arrows that cannot be picked
 * (hidden in the future).
 */
export function nearestMessage(
  messages: readonly MessageArrow[],
  candidates: readonly number[],
  x: number,
  y: number,
  withinPx: number,
  skip: (arrow: MessageArrow) => boolean = () => false,
): number | null {
  let best: number | null = null
  let bestPx = withinPx
  for (const i of candidates) {
    const arrow = messages[i]
    if (arrow === undefined || skip(arrow)) continue
    // Cheap reject: outside the arrow's box (plus the tolerance and the head).
    const pad = withinPx + HEAD_REACH_PX
    if (x < Math.min(arrow.x0, arrow.x1) - pad || x > Math.max(arrow.x0, arrow.x1) + pad) continue
    if (y < Math.min(arrow.y0, arrow.y1) - pad || y > Math.max(arrow.y0, arrow.y1) + pad) continue
    const px = distanceToArrowPx(arrow, x, y)
    if (px <= bestPx) {
      best = i
      bestPx = px
    }
  }
  return best
}

/** The bar sets a dense diagram draws in bulk, each with its corner radius (as the elements). */
export const BAR_SETS = { beliefs: 3, leases: 2, holds: 2 } as const
export type BarSet = keyof typeof BAR_SETS

type Bar = Pick<LeaseBar, 'x0' | 'x1' | 'y0' | 'y1' | 'hue' | 'title'>

export interface BulkBars {
  /**
   * One path per hue (in first-seen order): every plain bar of the set as a rounded rectangle,
   * drawn once per half pixel (see `bulkBars`).
   */
  paths: { hue: number; d: string }[]
  /** Indexes of the bars drawn one by one (they carry text or a stale part). */
  marked: number[]
}

/** True when a bar carries something drawn on it (a token, a stale part). */
export function isMarkedBar(set: BarSet, bar: LeaseBar | BeliefBar): boolean {
  if (set === 'beliefs') return (bar as BeliefBar).stale !== null
  const text = (bar as LeaseBar).text
  // A lease's token outside its bar is drawn with the lane labels; inside, with the bar.
  return text !== null && (set === 'holds' || text.className === 'fl-lease-text')
}

/** A rounded rectangle as path data (the same shape as <rect rx>, clamped the same way). */
export function roundedRectPath(
  x0: number,
  y0: number,
  x1: number,
  y1: number,
  rx: number,
): string {
  // Sides to a tenth of a pixel, as the model's coordinates are (x1 - x0 of two such is not).
  const w = Math.max(0, round(x1 - x0))
  const h = Math.max(0, round(y1 - y0))
  const r = Math.min(rx, w / 2, h / 2)
  if (r <= 0) return `M${x0},${y0}h${w}v${h}h${-w}Z`
  const a = (dx: number, dy: number) => `a${r},${r} 0 0 1 ${dx},${dy}`
  return (
    `M${x0 + r},${y0}h${w - 2 * r}${a(r, r)}v${h - 2 * r}${a(-r, r)}` +
    `h${2 * r - w}${a(-r, -r)}v${2 * r - h}${a(r, -r)}Z`
  )
}

/**
 * A corner rounded by this much or less is drawn square in bulk: on a bar one or two pixels wide
 * (nearly every bar of a dense run) the rounding is a fraction of a pixel a reader cannot see,
 * and the four arcs per bar were most of the path data the browser had to read, measure and
 * fill (a 100k-event history's bulk paths: 1.20 MB, about 20 ms to read and 22 ms to lay out in
 * Chromium; 0.55 MB and 7 + 6 ms without the arcs and the bars drawn twice).
 */
export const SQUARE_CORNER_PX = 1

/**
 * A dense diagram's plain bars of one set, in bulk. As plain arrows are, bars are drawn once per
 * half pixel: two of one hue whose edges are within half a pixel cover the same pixels, and a
 * renewing lease that is hundreds of bars across a few hundred pixels is then a path bounded by
 * the figure's width, not by its renewals.
 */
export function bulkBars(set: BarSet, model: Pick<DiagramModel, BarSet>): BulkBars {
  const byHue = new Map<number, string[]>()
  const drawn = new Set<string>()
  const marked: number[] = []
  const rx = BAR_SETS[set]
  const bars: readonly (LeaseBar | BeliefBar)[] = model[set]
  bars.forEach((bar, i) => {
    if (isMarkedBar(set, bar)) {
      marked.push(i)
      return
    }
    const key = `${bar.hue} ${half(bar.x0)} ${half(bar.x1)} ${half(bar.y0)} ${half(bar.y1)}`
    if (drawn.has(key)) return
    drawn.add(key)
    let parts = byHue.get(bar.hue)
    if (parts === undefined) {
      parts = []
      byHue.set(bar.hue, parts)
    }
    const r = Math.min(rx, (bar.x1 - bar.x0) / 2, (bar.y1 - bar.y0) / 2)
    parts.push(roundedRectPath(bar.x0, bar.y0, bar.x1, bar.y1, r <= SQUARE_CORNER_PX ? 0 : rx))
  })
  return { paths: [...byHue].map(([hue, parts]) => ({ hue, d: parts.join('') })), marked }
}

/** The index of the last-drawn bar of `bars` that contains (x, y), if any. */
export function barAt(bars: readonly Bar[], x: number, y: number): number | null {
  for (let i = bars.length - 1; i >= 0; i--) {
    const b = bars[i]
    if (b !== undefined && x >= b.x0 && x <= b.x1 && y >= b.y0 && y <= b.y1) return i
  }
  return null
}

/** A pip's radius (as Badge draws it). */
export const PIP_RADIUS_PX = 2.5

export interface BulkPips {
  /** One path per hue and outcome (in first-seen order): every pip as a circle. */
  paths: { hue: number | null; outcome: DecisionOutcome; d: string }[]
  /** Indexes (into the model's decisions) of the full badges, still drawn one by one. */
  badges: number[]
}

/**
 * A dense run's pips (decisions too crowded for a badge: a dot on the lane line) in bulk, one
 * circle per half pixel, hue and outcome: a long history puts tens of thousands of them on a
 * lane, each an element with its own title, which made a 100k-event history's diagram 85,000
 * elements. Their words are in the event log and the inspector, as a bulk bar's are.
 */
export function bulkPips(decisions: readonly DecisionBadge[]): BulkPips {
  const byKind = new Map<
    string,
    { hue: number | null; outcome: DecisionOutcome; parts: string[] }
  >()
  const drawn = new Set<string>()
  const badges: number[] = []
  const r = PIP_RADIUS_PX
  decisions.forEach((d, i) => {
    if (!d.pip) {
      badges.push(i)
      return
    }
    const kind = `${d.hue} ${d.outcome}`
    const key = `${kind} ${half(d.cx)} ${half(d.cy)}`
    if (drawn.has(key)) return
    drawn.add(key)
    let group = byKind.get(kind)
    if (group === undefined) {
      group = { hue: d.hue, outcome: d.outcome, parts: [] }
      byKind.set(kind, group)
    }
    group.parts.push(`M${d.cx - r},${d.cy}a${r},${r} 0 1,0 ${2 * r},0a${r},${r} 0 1,0 ${-2 * r},0`)
  })
  return {
    paths: [...byKind.values()].map(({ hue, outcome, parts }) => ({
      hue,
      outcome,
      d: parts.join(''),
    })),
    badges,
  }
}
