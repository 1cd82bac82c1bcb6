/**
 * The playhead's time pill on the axis, and the axis labels it covers. The pill sits where the
 * tick labels are, so a tick or idle-break label under it would show on both sides of it ("1|0.2
 * s|s"): those labels are masked while the pill covers them. Pure, so the rule is tested without
 * a DOM; the marks layer is never re-rendered for a new cursor (only the overlay is).
 */
import { formatMs } from '../../sim'
import { xOfMs } from './scale'
import { textWidthPx } from './text'
import type { DiagramModel } from './types'

/** Room kept between the pill and a label beside it, so they never touch. */
const PILL_GAP_PX = 2

export interface Span {
  x0: number
  x1: number
}

export interface PlayheadPill extends Span {
  /** The cursor's x, to one decimal. */
  x: number
  y0: number
  y1: number
  text: string
}

type AxisModel = Pick<
  DiagramModel,
  'time' | 'endMs' | 'axis' | 'widthPx' | 'compact' | 'smallFontPx'
>

function round1(v: number): number {
  return Math.round(v * 10) / 10
}

/** The cursor brought into the run (a bad value means its start). */
export function clampCursorMs(model: Pick<DiagramModel, 'endMs'>, cursorMs: number): number {
  return Math.min(model.endMs, Math.max(0, Number.isFinite(cursorMs) ? cursorMs : 0))
}

/** The pill for a cursor: centred on it, but kept inside the figure near either edge. */
export function playheadPill(model: AxisModel, cursorMs: number): PlayheadPill {
  const ms = clampCursorMs(model, cursorMs)
  const x = round1(xOfMs(model, ms))
  const text = formatMs(Math.round(ms))
  const w = Math.ceil(textWidthPx(text, model.compact ? 12 : 11, true) + 12)
  const left = Math.min(model.widthPx - 2 - w, Math.max(2, x - w / 2))
  return { x, x0: left, x1: left + w, y0: model.axis.y + 4, y1: model.axis.y + 20, text }
}

/** Where an axis label's text lies along x. */
function tickSpan(x: number, label: string, fontPx: number, anchor: 'middle' | 'end'): Span {
  const w = textWidthPx(label, fontPx)
  return anchor === 'end' ? { x0: x - w, x1: x } : { x0: x - w / 2, x1: x + w / 2 }
}

/**
 * The spans of the tick and break labels the pill covers or touches, each widened by the gap:
 * the overlay paints the axis background over them, under the pill.
 */
export function labelsUnderPill(model: AxisModel, pill: Span): Span[] {
  const font = model.smallFontPx
  const spans: Span[] = []
  const consider = (s: Span): void => {
    if (s.x1 + PILL_GAP_PX <= pill.x0 || s.x0 - PILL_GAP_PX >= pill.x1) return
    spans.push({ x0: round1(s.x0 - PILL_GAP_PX), x1: round1(s.x1 + PILL_GAP_PX) })
  }
  for (const t of model.axis.ticks) consider(tickSpan(t.x, t.label, font, t.anchor ?? 'middle'))
  for (const b of model.axis.breaks) {
    if (b.label === null) continue
    consider(tickSpan(round1((b.x0 + b.x1) / 2), b.label, font, 'middle'))
  }
  return spans
}
