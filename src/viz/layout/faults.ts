/**
 * Injected faults, Jepsen-style: a flag with an icon on the lane of the node it struck, at the
 * moment it struck, and for a partition a band over the link it cut. Pauses and crashes are
 * drawn as their blocks (see clients.ts), so they get no separate flag.
 */
import { formatMs } from '../../sim'
import type { FaultMark } from '../../timeline'
import { key } from './clients'
import type { Ctx } from './context'
import { laneBounds, PRIORITY, requestLabel, topBand, topBandCandidates, xOf } from './context'
import { round } from './labels'
import { shortDurationText } from './text'
import type { FaultMarker, PartitionBand } from './types'

const ICON_HALF_PX = 5.5

function faultWords(ctx: Ctx, mark: FaultMark): string[] {
  const e = ctx.run.events[mark.eventIndex]
  switch (mark.kind) {
    case 'delay': {
      const extra = e?.type === 'LinkFaultArmed' ? `delay +${shortDurationText(e.ms)}` : mark.label
      return [`${extra} → ${mark.peer ?? '?'}`, extra]
    }
    case 'drop':
      return [`drop next → ${mark.peer ?? '?'}`, 'drop']
    case 'clock-jump':
      return e?.type === 'ClockJumped'
        ? [`clock ${e.ms >= 0 ? '+' : '−'}${shortDurationText(Math.abs(e.ms))}`]
        : [mark.label]
    case 'partition':
      return [`partition ${mark.node} | ${mark.peer ?? '?'}`, 'partition']
    case 'expire-lease':
      return ['expired by operator', 'expired']
    default:
      return [mark.label]
  }
}

function faultTitle(mark: FaultMark): string {
  const when = formatMs(mark.atMs)
  switch (mark.kind) {
    case 'pause':
      return `Fault at ${when}: ${mark.node} paused (${mark.label})`
    case 'crash':
      return `Fault at ${when}: ${mark.node} crashed`
    case 'restart':
      return `${mark.node} restarted at ${when}`
    case 'clock-jump':
      return `Fault at ${when}: ${mark.node}'s ${mark.label.replace('clock', 'clock jumped')}`
    case 'partition':
      return `Fault at ${when}: the network between ${mark.node} and ${mark.peer ?? '?'} was cut`
    case 'delay':
      return `Fault at ${when}: the next message from ${mark.node} to ${mark.peer ?? '?'} is held (${mark.label})`
    case 'drop':
      return `Fault at ${when}: the next message from ${mark.node} to ${mark.peer ?? '?'} is dropped`
    case 'expire-lease':
      return `Fault at ${when}: an operator expired the lease`
  }
}

export function faultMarkers(ctx: Ctx, downStarts: Set<string>): FaultMarker[] {
  const out: FaultMarker[] = []
  ctx.spans.faults.forEach((mark, i) => {
    if (mark.kind === 'pause') return
    if (mark.kind === 'crash' && downStarts.has(key(mark.node, mark.atMs))) return
    const lane = ctx.lanes.get(mark.node)
    if (lane === undefined) return
    const band = topBand(ctx, lane)
    const x = xOf(ctx, mark.atMs)
    const y = round((band.y0 + band.y1) / 2)
    const marker: FaultMarker = {
      key: `fault-${i}`,
      kind: mark.kind,
      node: mark.node,
      atMs: mark.atMs,
      x,
      y,
      label: null,
      title: faultTitle(mark),
    }
    ctx.occupancy.add({
      x0: x - ICON_HALF_PX,
      y0: y - ICON_HALF_PX,
      x1: x + ICON_HALF_PX,
      y1: y + ICON_HALF_PX,
    })
    const words = faultWords(ctx, mark)
    requestLabel(ctx, {
      text: words[0] ?? mark.label,
      priority: PRIORITY.fault,
      candidates: topBandCandidates(ctx, lane, x + ICON_HALF_PX + 3, x - ICON_HALF_PX - 3, words),
      bounds: laneBounds(ctx, lane),
      className: `fl-fault-label`,
      assign: (label) => (marker.label = label),
    })
    out.push(marker)
  })
  return out
}

export function partitionBands(ctx: Ctx): PartitionBand[] {
  const out: PartitionBand[] = []
  ctx.spans.partitions.forEach((p, i) => {
    const a = ctx.lanes.get(p.between[0])
    const b = ctx.lanes.get(p.between[1])
    if (a === undefined || b === undefined) return
    out.push({
      key: `partition-${i}`,
      between: p.between,
      fromMs: p.fromMs,
      toMs: p.toMs,
      x0: xOf(ctx, p.fromMs),
      x1: Math.max(xOf(ctx, p.toMs), xOf(ctx, p.fromMs) + 2),
      y0: round(Math.min(a.yc, b.yc)),
      y1: round(Math.max(a.yc, b.yc)),
      label: null,
    })
  })
  return out
}
