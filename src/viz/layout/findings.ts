/**
 * Checker findings on the timeline (Porcupine-style annotations): a row of markers above the
 * lanes — a diamond for a violation, a triangle for a warning — at the moment each happened, with
 * an interval bar for findings that last (two believers), a guide down to the lane where it
 * happened, and a faint band over the clients involved.
 */
import type { Finding, FindingKind } from '../../sim'
import { formatMs } from '../../sim'
import type { Ctx } from './context'
import { PRIORITY, requestLabel, xOf } from './context'
import { round } from './labels'
import type { FindingBand, FindingMarker } from './types'

const MARKER_SPACING_PX = 20
export const MARKER_HALF_PX = 8.5

export const FINDING_WORDS: Record<FindingKind, string> = {
  'token-order': 'token order',
  'lost-update': 'lost update',
  'duplicate-token': 'duplicate token',
  'unfenced-effect': 'unfenced effect',
  'foreign-release': 'foreign release',
  'foreign-renew': 'foreign renew',
  'two-holders': 'two holders',
  'two-believers': 'two believers',
  'late-write': 'late write',
  'fenced-out': 'fenced out',
  'duplicate-work': 'duplicate work',
}

export function findingName(f: Finding): string {
  const what = f.severity === 'violation' ? 'Violation' : 'Warning'
  return `${what}, ${FINDING_WORDS[f.kind]}, at ${formatMs(f.atMs)}: ${f.message}`
}

export function findingMarkers(
  ctx: Ctx,
  row: { y0: number; y1: number; markerY: number },
): { markers: FindingMarker[]; bands: FindingBand[] } {
  const flat = [...ctx.findings.violations, ...ctx.findings.warnings].map((finding, index) => ({
    finding,
    index,
  }))
  flat.sort(
    (a, b) => a.finding.atMs - b.finding.atMs || a.finding.eventIndex - b.finding.eventIndex,
  )
  const markers: FindingMarker[] = []
  const bands: FindingBand[] = []
  let prevX = -Infinity
  for (const { finding, index } of flat) {
    const trueX = xOf(ctx, Math.min(finding.atMs, ctx.endMs))
    const x = round(
      Math.min(ctx.right - MARKER_HALF_PX, Math.max(trueX, prevX + MARKER_SPACING_PX)),
    )
    prevX = x
    const marker: FindingMarker = {
      key: `finding-${index}`,
      index,
      finding,
      kind: finding.kind,
      severity: finding.severity,
      x,
      y: row.markerY,
      trueX,
      interval: null,
      guide: null,
      label: null,
      name: findingName(finding),
    }
    if (finding.untilMs !== null) {
      // The interval runs along the bottom of the row, under the markers and their labels.
      marker.interval = {
        x0: trueX,
        x1: Math.max(trueX + 2, xOf(ctx, Math.min(finding.untilMs, ctx.endMs))),
        y0: round(row.y1 - 7),
        y1: round(row.y1 - 1),
      }
      for (const node of finding.nodes) {
        const lane = ctx.lanes.get(node)
        if (lane === undefined || lane.kind !== 'client') continue
        bands.push({
          key: `fband-${index}-${node}`,
          x0: marker.interval.x0,
          x1: marker.interval.x1,
          y0: round(lane.yc - lane.barHalf - 3),
          y1: round(lane.yc + lane.barHalf + 3),
        })
      }
    } else {
      const lane = ctx.lanes.get(finding.nodes[0] ?? '')
      if (lane !== undefined) {
        marker.guide = {
          x0: x,
          y0: round(row.markerY + MARKER_HALF_PX + 1),
          x1: trueX,
          y1: round(lane.yc - lane.barHalf - 1),
        }
      }
    }
    ctx.occupancy.add({
      x0: x - MARKER_HALF_PX,
      y0: row.markerY - MARKER_HALF_PX,
      x1: x + MARKER_HALF_PX,
      y1: row.markerY + MARKER_HALF_PX,
    })
    const y = round(row.markerY + ctx.m.smallFontPx * 0.36)
    const words = FINDING_WORDS[finding.kind]
    const interval = marker.interval
    if (interval !== null) {
      ctx.occupancy.add({ x0: interval.x0, y0: interval.y0, x1: interval.x1, y1: interval.y1 })
    }
    requestLabel(ctx, {
      text: words,
      priority: PRIORITY.finding + (finding.severity === 'violation' ? 5 : 0),
      candidates: [
        { x: x + MARKER_HALF_PX + 3, y, anchor: 'start' },
        { x: x - MARKER_HALF_PX - 3, y, anchor: 'end' },
      ],
      bounds: { x0: ctx.left, y0: row.y0, x1: ctx.right, y1: row.y1 },
      className: `fl-finding-label fl-finding-label-${finding.severity}`,
      assign: (label) => (marker.label = label),
    })
    markers.push(marker)
  }
  markers.sort((a, b) => a.index - b.index)
  return { markers, bands }
}
