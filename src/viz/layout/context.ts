/**
 * What every mark builder needs: the scale, the lanes, the sizes, and the shared label queue.
 * Builders push label requests and obstacles here; the orchestrator places all labels at once,
 * by priority, so the most important words win the space.
 */
import type { CheckResult, NodeId, Run } from '../../sim'
import type { Spans } from '../../timeline'
import type { Metrics } from './geometry'
import type { LabelCandidate, LabelRequest } from './labels'
import { Occupancy, round } from './labels'
import { isBold, isLarge } from './labelStyle'
import { LabelSlots } from './labelSlots'
import { PixelCover } from './pixelCover'
import { xOfMs } from './scale'
import type { Box, Lane, PlacedLabel, TimeScale } from './types'

/** Label priorities: higher claims space first. */
export const PRIORITY = {
  leaseToken: 90,
  pauseLabel: 86,
  staleLabel: 84,
  fault: 82,
  reason: 80,
  stepKey: 75,
  finding: 70,
  lockEnd: 60,
  lockDelay: 58,
  queued: 56,
  stepOther: 45,
  value: 30,
  note: 5,
} as const

export interface Ctx {
  m: Metrics
  run: Run
  findings: CheckResult
  spans: Spans
  widthPx: number
  endMs: number
  x0: number
  x1: number
  time: TimeScale
  /** Leftmost x a mark or label may use (the plot's left edge). */
  left: number
  /** Rightmost x a label may use. */
  right: number
  lanes: Map<NodeId, Lane>
  /** So many messages per px that only the important ones are labelled. */
  dense: boolean
  /**
   * So many messages per px that plain arrows covering the same pixels as an earlier one are
   * left out of the model: one arrow stands for them all (see messageArrows).
   */
  coarse: boolean
  requests: LabelRequest[]
  occupancy: Occupancy
  /** Dense runs only: the label slots already asked for (see `denseSlotTaken`). */
  slots: LabelSlots
  /** Coarse runs only: the pixel columns plain marks already take (see `coveredPlain`). */
  cover: PixelCover
  /** Each lane's place in `lanes`, a small number for the cover's keys. */
  laneNumbers: Map<NodeId, number>
}

export function createCtx(
  init: Omit<Ctx, 'requests' | 'occupancy' | 'slots' | 'cover' | 'laneNumbers'>,
): Ctx {
  return {
    ...init,
    requests: [],
    occupancy: new Occupancy(),
    slots: new LabelSlots(),
    cover: new PixelCover(),
    laneNumbers: new Map([...init.lanes.keys()].map((node, i) => [node, i])),
  }
}

/**
 * True when, in a coarse run, a plain mark of `kind` on `lane` from x0 to x1 falls in pixel
 * columns an earlier one already takes: the caller leaves it out of the model (pixelCover.ts).
 * Never true in a run that is not coarse.
 */
export function coveredPlain(
  ctx: Ctx,
  kind: number,
  lane: NodeId,
  x0: number,
  x1: number,
): boolean {
  return ctx.coarse && !ctx.cover.claim(kind, ctx.laneNumbers.get(lane) ?? 255, x0, x1)
}

/**
 * A label slot in a dense run is 4 px of axis by 8 px (labelSlots.ts). There, tens of thousands of
 * marks each asked for a label and almost none found room (a 100k-event history: 44k requests,
 * 53 placed), yet trying them all was half the layout's time. So a dense run tries one label per
 * slot: the first mark of a kind and priority in each slot of one band; the others keep their
 * words in their accessible names and tooltips. Slots this small lose almost nothing (51 of the
 * 53 labels are still placed) and cut the requests to 2.5k.
 */
/**
 * True when a dense run has already tried a label of this priority and kind in this band near
 * `x`: the caller can skip building its candidates. Never true in a run that is not dense.
 */
export function denseSlotTaken(
  ctx: Ctx,
  priority: number,
  className: string,
  bounds: Box,
  x: number,
  y: number,
): boolean {
  return ctx.dense && ctx.slots.has(priority, className, bounds, x, y)
}

export function xOf(ctx: Pick<Ctx, 'time'>, ms: number): number {
  return round(xOfMs(ctx, ms))
}

export function hueOf(ctx: Ctx, node: NodeId): number | null {
  return ctx.lanes.get(node)?.hue ?? null
}

/** Baseline that centres text of `fontPx` in the band [y0, y1]. */
export function bandBaseline(y0: number, y1: number, fontPx: number): number {
  return round((y0 + y1) / 2 + fontPx * 0.36)
}

export function topBand(ctx: Ctx, lane: Lane): { y0: number; y1: number } {
  return { y0: lane.y0, y1: lane.yc - lane.barHalf }
}

export function bottomBand(ctx: Ctx, lane: Lane): { y0: number; y1: number } | null {
  if (lane.kind === 'resource') return null
  return { y0: lane.yc + lane.barHalf, y1: lane.y1 }
}

export function laneBounds(ctx: Ctx, lane: Lane): Box {
  return { x0: ctx.left, y0: lane.y0, x1: ctx.right, y1: lane.y1 }
}

/** Queues a label; `assign` receives it if it finds a place. */
export function requestLabel(
  ctx: Ctx,
  request: {
    text: string
    priority: number
    candidates: LabelCandidate[]
    bounds: Box
    className: string
    assign: (label: PlacedLabel) => void
    /** Where the mark is, for a dense run's slots (default: the first candidate's spot). */
    slot?: { x: number; y: number }
  },
): void {
  const slot = request.slot ?? request.candidates[0]
  if (ctx.dense && slot !== undefined) {
    if (!ctx.slots.claim(request.priority, request.className, request.bounds, slot.x, slot.y)) {
      return
    }
  }
  ctx.requests.push({
    text: request.text,
    fontPx: isLarge(request.className) ? ctx.m.fontPx : ctx.m.smallFontPx,
    bold: isBold(request.className),
    priority: request.priority,
    candidates: request.candidates,
    bounds: request.bounds,
    className: request.className,
    assign: request.assign,
  })
}

/** A label in a lane's top band, just after (or, failing that, just before) x. */
export function topBandCandidates(
  ctx: Ctx,
  lane: Lane,
  xAfter: number,
  xBefore: number,
  texts: string[],
): LabelCandidate[] {
  const band = topBand(ctx, lane)
  const y = bandBaseline(band.y0, band.y1, ctx.m.smallFontPx)
  const out: LabelCandidate[] = []
  for (const text of texts) {
    out.push({ x: xAfter, y, anchor: 'start', text })
    out.push({ x: xBefore, y, anchor: 'end', text })
  }
  return out
}
