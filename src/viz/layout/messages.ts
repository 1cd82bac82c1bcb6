/**
 * Messages as arrows from the sender's lane at the send time to the receiver's lane at arrival.
 * A message that arrived at a paused node continues as a dotted "queued" segment along the
 * receiver's lane until it was handled; a delayed one is dashed; a lost one ends in a ✗ — part
 * way across for a drop or a partition, at the receiver for a node that was down.
 */
import type { MessageKind } from '../../sim'
import { formatDurationMs, formatMs, messageWords } from '../../sim'
import type { MessageSpan } from '../../timeline'
import type { Ctx } from './context'
import {
  bandBaseline,
  bottomBand,
  denseSlotTaken,
  hueOf,
  PRIORITY,
  requestLabel,
  topBand,
  xOf,
} from './context'
import type { LabelCandidate } from './labels'
import { addSegment, round } from './labels'
import type { Steps } from './steps'
import { pauseAt } from './steps'
import { shortDurationText } from './text'
import type { Lane, MessageArrow } from './types'

const HEAD_LENGTH_PX = 7
const HEAD_HALF_WIDTH_PX = 3.5
/** A message lost at send is drawn this far towards its destination. */
const LOST_FRACTION = 0.5
/** The queued segment runs this far outside the receiver's bars, so it does not hide in them. */
const QUEUE_OFFSET_PX = 4
/** In a dense run only messages this important get a label (the rest would find no room). */
const DENSE_MIN_PRIORITY = 50
/** A label is tried in at most this many bands along its arrow (the ones nearest its middle). */
const MAX_LABEL_SPOTS = 4

const KIND_PRIORITY: Record<MessageKind, number> = {
  write: 62,
  effect: 62,
  grant: 55,
  'write-rejected': 52,
  'renew-refused': 52,
  'acquire-refused': 44,
  'release-refused': 50,
  'read-rejected': 50,
  renew: 40,
  'read-ok': 36,
  release: 30,
  acquire: 26,
  read: 22,
  'write-ok': 14,
  'renew-ok': 12,
  'release-ok': 10,
}

export function messageName(span: MessageSpan): string {
  const token = span.token !== null && span.kind !== 'read' ? ` (token ${span.token})` : ''
  const what = `${span.from} → ${span.to}: ${messageWords(span.kind)}${token}, sent at ${formatMs(span.sentAtMs)}`
  if (span.lost !== null) {
    const why =
      span.lost.reason === 'drop'
        ? 'dropped by the network'
        : span.lost.reason === 'partition'
          ? `lost: ${span.from} and ${span.to} were partitioned`
          : `lost: ${span.to} was down`
    return `${what}; ${why}`
  }
  const parts = [what]
  if (span.extraDelayMs > 0) parts.push(`delayed ${formatDurationMs(span.extraDelayMs)}`)
  if (span.arriveAtMs !== null) parts.push(`arrived at ${formatMs(span.arriveAtMs)}`)
  if (span.handledAtMs !== null && span.arriveAtMs !== null && span.handledAtMs > span.arriveAtMs) {
    parts.push(
      `waited ${formatDurationMs(span.handledAtMs - span.arriveAtMs)} until ${span.to} resumed`,
    )
  }
  return parts.join('; ')
}

/** Arrowhead triangle with its tip at (x1, y1), pointing along the segment. */
function arrowHead(x0: number, y0: number, x1: number, y1: number): string {
  const dx = x1 - x0
  const dy = y1 - y0
  const len = Math.hypot(dx, dy) || 1
  const ux = dx / len
  const uy = dy / len
  const bx = x1 - ux * HEAD_LENGTH_PX
  const by = y1 - uy * HEAD_LENGTH_PX
  const px = -uy * HEAD_HALF_WIDTH_PX
  const py = ux * HEAD_HALF_WIDTH_PX
  const f = (v: number) => round(v)
  return `M${f(x1)},${f(y1)}L${f(bx + px)},${f(by + py)}L${f(bx - px)},${f(by - py)}Z`
}

function nominalLatencyMs(ctx: Ctx): number {
  const l = ctx.run.scenario.network.latencyMs
  return typeof l === 'number' ? l : (l[0] + l[1]) / 2
}

/**
 * Label spots in the free bands (lane top and bottom bands) that a segment passes through: just
 * right of where the segment crosses the band, or just left of it, never on the line itself.
 */
function labelCandidates(
  ctx: Ctx,
  lanes: Lane[],
  x0: number,
  y0: number,
  x1: number,
  y1: number,
  texts: string[],
): LabelCandidate[] {
  const yMin = Math.min(y0, y1)
  const yMax = Math.max(y0, y1)
  const at = (y: number) => (y1 === y0 ? x0 : x0 + ((x1 - x0) * (y - y0)) / (y1 - y0))
  const spots: { y: number; right: number; left: number; distance: number }[] = []
  const mid = (yMin + yMax) / 2
  const font = ctx.m.smallFontPx
  for (const lane of lanes) {
    for (const band of [topBand(ctx, lane), bottomBand(ctx, lane)]) {
      if (band === null || band.y1 - band.y0 < font) continue
      const cy = (band.y0 + band.y1) / 2
      if (cy < yMin || cy > yMax) continue
      const baseline = bandBaseline(band.y0, band.y1, font)
      // Where the segment is while it crosses the text's height (plus the obstacle boxes'
      // margin, so a slanted line's sampled boxes do not touch the label).
      const ya = Math.max(yMin, baseline - font - 4)
      const yb = Math.min(yMax, baseline + 7)
      const xa = at(ya)
      const xb = at(yb)
      spots.push({
        y: baseline,
        right: Math.max(xa, xb) + 4,
        left: Math.min(xa, xb) - 4,
        distance: Math.abs(cy - mid),
      })
    }
  }
  spots.sort((a, b) => a.distance - b.distance)
  const out: LabelCandidate[] = []
  for (const text of texts) {
    for (const s of spots.slice(0, MAX_LABEL_SPOTS)) {
      out.push({ x: s.right, y: s.y, anchor: 'start', text })
      out.push({ x: s.left, y: s.y, anchor: 'end', text })
    }
  }
  return out
}

/**
 * In a coarse run (ctx.coarse), the key of a plain arrow's pixels (its lanes and the pixel
 * columns of its ends), or null for an arrow that is not plain: delayed, lost, waiting, or
 * important enough to be labelled. The first arrow with a key stands for every later one, as
 * every plain mark of a coarse run does (pixelCover.ts).
 */
function coarseKey(
  ctx: Ctx,
  span: MessageSpan,
  lanes: { from: Lane; to: Lane; fi: number; ti: number },
): number | string | null {
  const { from, to, fi, ti } = lanes
  if (span.lost !== null || span.extraDelayMs > 0) return null
  const priority = KIND_PRIORITY[span.kind]
  if (priority >= DENSE_MIN_PRIORITY) {
    // Worth a label, but a dense run labels one per slot: once an earlier one asked for this
    // slot, this one gets none and is plain (a contention run's thousands of writes and grants).
    const y0 = round(from.yc + (ti > fi ? 1 : -1) * from.barHalf)
    const bounds = messageLabelBounds(ctx, from, to)
    if (!denseSlotTaken(ctx, priority, 'fl-msg-label', bounds, xOf(ctx, span.sentAtMs), y0)) {
      return null
    }
  }
  const arriveMs = span.arriveAtMs ?? span.sentAtMs
  const x1 = xOf(ctx, arriveMs)
  if (span.handledAtMs !== null && span.handledAtMs > arriveMs) {
    if (xOf(ctx, span.handledAtMs) - x1 >= 1) return null
  }
  const h0 = Math.round(xOf(ctx, span.sentAtMs))
  const h1 = Math.round(x1)
  // One number while it fits exactly (lanes < 256, ends within 0–8191 px); else a string.
  if (fi < 256 && ti < 256 && h0 >= 0 && h0 < 8192 && h1 >= 0 && h1 < 8192) {
    return ((fi * 256 + ti) * 8192 + h0) * 8192 + h1
  }
  return `${fi} ${ti} ${h0} ${h1}`
}

/** Where a message's label may go: anywhere across the plot, between its two lanes. */
function messageLabelBounds(ctx: Ctx, from: Lane, to: Lane) {
  return { x0: ctx.left, y0: Math.min(from.y0, to.y0), x1: ctx.right, y1: Math.max(from.y1, to.y1) }
}

/**
 * A message arrow whose accessible name is worded when first asked for: a long run's layout
 * keeps tens of thousands of arrows, and the names of a handful are ever read (a tooltip, a
 * focused arrow, a figure's titles).
 */
class Arrow implements MessageArrow {
  // Declared, not defined: the constructor copies them in, so the built code stays small.
  declare msg: number
  declare from: MessageArrow['from']
  declare to: MessageArrow['to']
  declare kind: MessageArrow['kind']
  declare token: MessageArrow['token']
  declare hue: MessageArrow['hue']
  declare style: MessageArrow['style']
  declare sentAtMs: number
  declare doneAtMs: number
  declare x0: number
  declare y0: number
  declare x1: number
  declare y1: number
  declare head: MessageArrow['head']
  declare queued: MessageArrow['queued']
  declare lost: MessageArrow['lost']
  declare label: MessageArrow['label']
  readonly #span: MessageSpan
  #name: string | null = null

  constructor(span: MessageSpan, fields: Omit<MessageArrow, 'name'>) {
    this.#span = span
    Object.assign(this, fields)
  }

  get name(): string {
    this.#name ??= messageName(this.#span)
    return this.#name
  }
}

export function* messageArrows(ctx: Ctx): Steps<MessageArrow[]> {
  const laneList = [...ctx.lanes.values()]
  const laneIndex = new Map(laneList.map((l, i) => [l.node, i]))
  const arrows: MessageArrow[] = []
  const covered = new Set<number | string>()
  const spans = ctx.spans.messages
  for (let i = 0; i < spans.length; i++) {
    if (pauseAt(i)) yield
    const span = spans[i] as MessageSpan
    const from = ctx.lanes.get(span.from)
    const to = ctx.lanes.get(span.to)
    const fi = laneIndex.get(span.from)
    const ti = laneIndex.get(span.to)
    if (from === undefined || to === undefined || fi === undefined || ti === undefined) continue
    if (ctx.coarse) {
      const key = coarseKey(ctx, span, { from, to, fi, ti })
      if (key !== null) {
        if (covered.has(key)) continue
        covered.add(key)
      }
    }
    const down = ti > fi
    const sign = down ? 1 : -1
    const x0 = xOf(ctx, span.sentAtMs)
    const y0 = round(from.yc + sign * from.barHalf)
    const yTo = round(to.yc - sign * to.barHalf)
    const hue =
      from.kind === 'client' ? from.hue : to.kind === 'client' ? to.hue : hueOf(ctx, span.from)
    const arrow: MessageArrow = new Arrow(span, {
      msg: span.msg,
      from: span.from,
      to: span.to,
      kind: span.kind,
      token: span.token,
      hue,
      style: span.lost !== null ? 'lost' : span.extraDelayMs > 0 ? 'delayed' : 'normal',
      sentAtMs: span.sentAtMs,
      doneAtMs: span.handledAtMs ?? span.lost?.atMs ?? span.arriveAtMs ?? span.sentAtMs,
      x0,
      y0,
      x1: x0,
      y1: yTo,
      head: null,
      queued: null,
      lost: null,
      label: null,
    })
    if (span.lost !== null && span.arriveAtMs === null) {
      // Lost at send (drop fault, partition): the arrow stops part way, with a ✗.
      const endMs = span.sentAtMs + nominalLatencyMs(ctx) * LOST_FRACTION
      arrow.x1 = xOf(ctx, endMs)
      arrow.y1 = round(y0 + (yTo - y0) * LOST_FRACTION)
      arrow.lost = { x: arrow.x1, y: arrow.y1 }
      arrow.doneAtMs = endMs
    } else if (span.lost !== null) {
      // Reached a node that was down: the ✗ sits on the receiver's lane.
      arrow.x1 = xOf(ctx, span.lost.atMs)
      arrow.lost = { x: arrow.x1, y: yTo }
    } else {
      const arriveMs = span.arriveAtMs ?? span.sentAtMs
      arrow.x1 = xOf(ctx, arriveMs)
      const waited =
        span.handledAtMs !== null &&
        span.handledAtMs > arriveMs &&
        xOf(ctx, span.handledAtMs) - arrow.x1 >= 1
      // A message that waits stops short of the bars and waits beside them (dotted).
      const yTip = waited ? round(yTo - sign * QUEUE_OFFSET_PX) : yTo
      arrow.y1 = yTip
      arrow.head = arrowHead(x0, y0, arrow.x1, yTip)
      if (waited && span.handledAtMs !== null) {
        const queued: NonNullable<MessageArrow['queued']> = {
          x0: arrow.x1,
          x1: xOf(ctx, span.handledAtMs),
          y: yTip,
          yEnd: yTo,
          label: null,
        }
        arrow.queued = queued
        addSegment(ctx.occupancy, queued.x0, yTip, queued.x1, yTip)
        // On the side the message came from, else on the lane's other side.
        const near = down ? topBand(ctx, to) : bottomBand(ctx, to)
        const far = down ? bottomBand(ctx, to) : topBand(ctx, to)
        const words = [`queued ${shortDurationText(span.handledAtMs - arriveMs)}`, 'queued']
        const candidates: LabelCandidate[] = []
        for (const band of [near, far]) {
          if (band === null) continue
          const y = bandBaseline(band.y0, band.y1, ctx.m.smallFontPx)
          for (const text of words) {
            candidates.push(
              { x: (queued.x0 + queued.x1) / 2, y, anchor: 'middle', text },
              { x: queued.x1 - 6, y, anchor: 'end', text },
            )
          }
        }
        requestLabel(ctx, {
          text: words[0] ?? 'queued',
          priority: PRIORITY.queued,
          candidates,
          bounds: { x0: queued.x0, y0: to.y0, x1: queued.x1, y1: to.y1 },
          className: 'fl-queued-label',
          assign: (label) => (queued.label = label),
        })
      }
    }
    addSegment(ctx.occupancy, arrow.x0, arrow.y0, arrow.x1, arrow.y1)
    // Shorten the line so it ends under the arrowhead rather than poking through its tip.
    if (arrow.head !== null) {
      const dx = arrow.x1 - x0
      const dy = arrow.y1 - y0
      const len = Math.hypot(dx, dy) || 1
      arrow.x1 = round(arrow.x1 - (dx / len) * (HEAD_LENGTH_PX - 1))
      arrow.y1 = round(arrow.y1 - (dy / len) * (HEAD_LENGTH_PX - 1))
    }
    const priority = KIND_PRIORITY[span.kind] + (arrow.style === 'normal' ? 0 : 30)
    if (ctx.dense && priority < DENSE_MIN_PRIORITY) {
      arrows.push(arrow)
      continue
    }
    const bounds = messageLabelBounds(ctx, from, to)
    const className = `fl-msg-label${arrow.style === 'normal' ? '' : ` fl-msg-label-${arrow.style}`}`
    if (denseSlotTaken(ctx, priority, className, bounds, x0, y0)) {
      arrows.push(arrow)
      continue
    }
    const lo = Math.min(fi, ti)
    const hi = Math.max(fi, ti)
    const crossed = laneList.slice(lo, hi + 1)
    const texts: string[] = []
    if (span.lost !== null) {
      const why =
        span.lost.reason === 'drop'
          ? 'dropped'
          : span.lost.reason === 'crashed'
            ? 'lost: down'
            : 'lost: partition'
      texts.push(`${span.label} · ${why}`, why)
    } else if (span.extraDelayMs > 0) {
      const extra = `+${shortDurationText(span.extraDelayMs)}`
      texts.push(`${span.label} · ${extra}`, extra)
    } else {
      texts.push(span.label)
    }
    const endX = arrow.lost?.x ?? xOf(ctx, span.arriveAtMs ?? span.sentAtMs)
    const endY = arrow.lost?.y ?? arrow.y1
    requestLabel(ctx, {
      text: texts[0] ?? span.label,
      priority,
      candidates: labelCandidates(ctx, crossed, x0, y0, endX, endY, texts),
      bounds,
      className,
      assign: (label) => (arrow.label = label),
      slot: { x: x0, y: y0 },
    })
    arrows.push(arrow)
  }
  return arrows
}
