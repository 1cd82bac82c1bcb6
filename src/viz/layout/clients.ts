/**
 * Client lanes: the lease as the lock service saw it (a solid bar with its token), the belief as
 * the client held it (an outline around it), and where the belief outlived the lease (the stale
 * part, drawn with a warning hatch). Plus pauses and crashes on any lane.
 */
import type { NodeId } from '../../sim'
import { formatDurationMs, formatMs, LOCK_NODE, tokenText } from '../../sim'
import type { BeliefSpan, LeaseSpan, NodeSpan } from '../../timeline'
import type { Ctx } from './context'
import {
  bandBaseline,
  coveredPlain,
  denseSlotTaken,
  laneBounds,
  PRIORITY,
  requestLabel,
  topBand,
  xOf,
} from './context'
import type { LabelCandidate } from './labels'
import { round } from './labels'
import { BELIEF_COVER, LEASE_COVER } from './pixelCover'
import type { Steps } from './steps'
import { pauseAt } from './steps'
import { shortDurationText, textWidthPx } from './text'
import type { BeliefBar, Box, Lane, LeaseBar, NodeBlock } from './types'

export function leaseEndWords(end: LeaseSpan['end']): string {
  switch (end) {
    case 'expired':
      return 'expired'
    case 'expired-by-operator':
      return 'expired by an operator'
    case 'released':
      return 'released'
    case 'released-by-other':
      return 'released by another client'
    case 'forgotten':
      return 'forgotten in a crash'
    case 'open':
      return 'still held at the end'
  }
}

/** Bars are at least this wide so that a lease of a few ms is still visible. */
const MIN_BAR_PX = 2
/** A stale part narrower than this gets no label. */
const MIN_STALE_LABEL_PX = 8

export function* clientLeases(ctx: Ctx): Steps<LeaseBar[]> {
  const bars: LeaseBar[] = []
  const half = ctx.m.clientHalfPx - 4
  const leases = ctx.spans.leases
  for (let i = 0; i < leases.length; i++) {
    if (pauseAt(i)) yield
    const lease = leases[i] as LeaseSpan
    // A node of several keeps only its share of a majority: its own lane shows that; the
    // client's lane shows the client's majority (node = the client).
    if (lease.node !== LOCK_NODE && lease.node !== lease.client) continue
    const lane = ctx.lanes.get(lease.client)
    if (lane === undefined) continue
    const x0 = xOf(ctx, lease.fromMs)
    const x1 = Math.max(xOf(ctx, lease.toMs), x0 + MIN_BAR_PX)
    const text = lease.token === null ? null : tokenText(lease.token)
    const fontPx = ctx.m.smallFontPx
    const fits = text !== null && x1 - x0 >= textWidthPx(text, fontPx, true) + 10
    // Its token beside it, in the lane's top band, when the bar has no room for it.
    const beside = text === null || fits ? null : besideBar(ctx, lane, fontPx)
    // Left out before it is built (a coarse run leaves most bars out): no words of its own, or
    // no room for its token here or beside it (a dense run tries one label a slot).
    if (text === null) {
      if (coveredPlain(ctx, LEASE_COVER, lease.client, x0, x1)) continue
    } else if (
      beside !== null &&
      denseSlotTaken(ctx, PRIORITY.leaseToken, 'fl-lease-label', beside.bounds, x0, beside.y) &&
      coveredPlain(ctx, LEASE_COVER, lease.client, x0, x1)
    ) {
      continue
    }
    const bar: LeaseBar = {
      key: `lease-${lease.grant}`,
      node: lease.node,
      client: lease.client,
      grant: lease.grant,
      token: lease.token,
      hue: lane.hue ?? 0,
      fromMs: lease.fromMs,
      toMs: lease.toMs,
      end: lease.end,
      x0,
      x1,
      y0: round(lane.yc - half),
      y1: round(lane.yc + half),
      text: null,
      title: `${lease.client}'s lease, token ${tokenText(lease.token)}, as the lock service saw it: ${formatMs(lease.fromMs)} to ${formatMs(lease.toMs)} (${leaseEndWords(lease.end)})`,
    }
    if (text !== null && beside === null) {
      bar.text = {
        x: round(x0 + 5),
        y: bandBaseline(bar.y0, bar.y1, fontPx),
        anchor: 'start',
        text,
        className: 'fl-lease-text',
        fontPx,
        bold: true,
      }
    } else if (text !== null && beside !== null) {
      const { y, bounds } = beside
      requestLabel(ctx, {
        text,
        priority: PRIORITY.leaseToken,
        candidates: [
          { x: x0, y, anchor: 'start' },
          { x: x1, y, anchor: 'end' },
        ],
        bounds,
        className: 'fl-lease-label',
        assign: (label) => (bar.text = label),
      })
    }
    bars.push(bar)
  }
  return bars
}

/** Where a lease's token goes when its bar is too short for it: the lane's top band. */
function besideBar(ctx: Ctx, lane: Lane, fontPx: number): { y: number; bounds: Box } {
  const band = topBand(ctx, lane)
  return { y: bandBaseline(band.y0, band.y1, fontPx), bounds: laneBounds(ctx, lane) }
}

function staleWords(end: LeaseSpan['end'] | 'none'): string[] {
  switch (end) {
    case 'released-by-other':
      return ['believes, lease deleted', 'stale']
    case 'forgotten':
      return ['believes, lease forgotten', 'stale']
    case 'none':
      return ['believes, holds no lease', 'stale']
    default:
      return ['believes after expiry', 'stale']
  }
}

export function beliefBars(ctx: Ctx): BeliefBar[] {
  const leaseByGrant = new Map<number, LeaseSpan>(ctx.spans.leases.map((l) => [l.grant, l]))
  const bars: BeliefBar[] = []
  ctx.spans.beliefs.forEach((belief: BeliefSpan, i) => {
    const lane = ctx.lanes.get(belief.client)
    if (lane === undefined) return
    const x0 = xOf(ctx, belief.fromMs)
    const x1 = Math.max(xOf(ctx, belief.toMs), x0 + MIN_BAR_PX)
    const lease = leaseByGrant.get(belief.grant)
    let staleFromMs: number | null = null
    let staleEnd: LeaseSpan['end'] | 'none' = 'none'
    if (lease === undefined) {
      staleFromMs = belief.fromMs
    } else if (lease.end !== 'open' && lease.toMs < belief.toMs) {
      staleFromMs = Math.max(lease.toMs, belief.fromMs)
      staleEnd = lease.end
    }
    if (staleFromMs === null && coveredPlain(ctx, BELIEF_COVER, belief.client, x0, x1)) return
    const bar: BeliefBar = {
      key: `belief-${i}`,
      client: belief.client,
      hue: lane.hue ?? 0,
      token: belief.token,
      fromMs: belief.fromMs,
      toMs: belief.toMs,
      x0,
      x1,
      y0: round(lane.yc - ctx.m.clientHalfPx),
      y1: round(lane.yc + ctx.m.clientHalfPx),
      stale: null,
      title: `${belief.client} believed it held the lock (token ${tokenText(belief.token)}) from ${formatMs(belief.fromMs)} to ${formatMs(belief.toMs)}`,
    }
    if (staleFromMs !== null) {
      const sx0 = xOf(ctx, staleFromMs)
      const stale: NonNullable<BeliefBar['stale']> = { fromMs: staleFromMs, x0: sx0, label: null }
      bar.stale = stale
      bar.title += `; from ${formatMs(staleFromMs)} its lease had ended but it still believed it (${formatDurationMs(belief.toMs - staleFromMs)})`
      // A sliver (a grant's travel time) is drawn but not called out.
      if (x1 - sx0 < MIN_STALE_LABEL_PX) {
        bars.push(bar)
        return
      }
      const band = topBand(ctx, lane)
      const y = bandBaseline(band.y0, band.y1, ctx.m.smallFontPx)
      const texts = staleWords(staleEnd)
      requestLabel(ctx, {
        text: texts[0] ?? 'stale',
        priority: PRIORITY.staleLabel,
        candidates: texts.flatMap((text) => [
          { x: sx0 + 4, y, anchor: 'start' as const, text },
          { x: x1 - 2, y, anchor: 'end' as const, text },
        ]),
        bounds: { ...laneBounds(ctx, lane), x0: Math.max(ctx.left, sx0 - 2) },
        className: 'fl-stale-label',
        assign: (label) => (stale.label = label),
      })
    }
    bars.push(bar)
  })
  return bars
}

function blockTitle(span: NodeSpan): string {
  const d = formatDurationMs(span.toMs - span.fromMs)
  return span.kind === 'paused'
    ? `${span.node} was paused from ${formatMs(span.fromMs)} to ${formatMs(span.toMs)} (${d}): it did nothing, and messages to it waited`
    : `${span.node} was down from ${formatMs(span.fromMs)} to ${formatMs(span.toMs)} (${d}): messages to it were lost`
}

/** Icon width at the start of a pause block (the ‖ glyph), so its label goes after it. */
export const BLOCK_ICON_PX = 12

export function nodeBlocks(ctx: Ctx): NodeBlock[] {
  const blocks: NodeBlock[] = []
  ctx.spans.nodes.forEach((span, i) => {
    const lane = ctx.lanes.get(span.node)
    if (lane === undefined) return
    const x0 = xOf(ctx, span.fromMs)
    const x1 = Math.max(xOf(ctx, span.toMs), x0 + MIN_BAR_PX)
    const block: NodeBlock = {
      key: `block-${i}`,
      node: span.node,
      kind: span.kind,
      fromMs: span.fromMs,
      toMs: span.toMs,
      x0,
      x1,
      y0: round(lane.y0 + 1),
      y1: round(lane.y1 - 1),
      yc: lane.yc,
      label: null,
      title: blockTitle(span),
    }
    const band = topBand(ctx, lane)
    const iconCy = (band.y0 + band.y1) / 2
    ctx.occupancy.add({ x0: x0 - 1, y0: iconCy - 6, x1: x0 + BLOCK_ICON_PX, y1: iconCy + 6 })
    const y = bandBaseline(band.y0, band.y1, ctx.m.smallFontPx)
    const d = shortDurationText(span.toMs - span.fromMs)
    const word = span.kind === 'paused' ? 'paused' : 'down'
    requestLabel(ctx, {
      text: `${word} ${d}`,
      priority: PRIORITY.pauseLabel,
      // Just after the ‖ icon; failing that, further into the block (a lane name or another
      // label may sit at its start); failing that, before it.
      candidates: [
        ...Array.from({ length: 16 }, (_, k) => k * 16)
          .filter((dx) => dx === 0 || dx < x1 - x0 - 50)
          .flatMap((dx): LabelCandidate[] => [
            { x: x0 + BLOCK_ICON_PX + 3 + dx, y, anchor: 'start' },
            { x: x0 + BLOCK_ICON_PX + 3 + dx, y, anchor: 'start', text: word },
          ]),
        { x: x0 - 3, y, anchor: 'end', text: word },
      ],
      bounds: laneBounds(ctx, lane),
      className: `fl-block-label fl-block-label-${span.kind}`,
      assign: (label) => (block.label = label),
    })
    blocks.push(block)
  })
  return blocks
}

export function nodesWithDownBlockAt(blocks: NodeBlock[]): Set<string> {
  return new Set(blocks.filter((b) => b.kind === 'down').map((b) => key(b.node, b.fromMs)))
}

export function key(node: NodeId, atMs: number): string {
  return `${node}@${atMs}`
}
