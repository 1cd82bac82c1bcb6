/**
 * Checker findings on the timeline (Porcupine-style annotations): a row of markers above the
 * lanes — a diamond for a violation, a triangle for a warning — at the moment each happened, with
 * an interval bar for findings that last (two believers), a guide down to the lane where it
 * happened, and a faint band over the clients involved.
 *
 * Markers close in time are spread apart along the row. When there are more than the row can
 * hold (a long history can have a thousand findings), findings less than GROUP_SPACING_PX apart
 * share a marker that says how many it stands for: spread, they would pile up at the row's end,
 * each with a guide across the plot, and each a DOM node and a Tab stop.
 */
import type { Finding, FindingKind } from '../../sim'
import { formatMs } from '../../sim'
import type { TimeView } from '../../timeline'
import type { Ctx } from './context'
import { PRIORITY, requestLabel, xOf } from './context'
import { round } from './labels'
import type { FindingBand, FindingMarker } from './types'

const MARKER_SPACING_PX = 20
/** Grouped markers are drawn as a little stack, 3 px wider: they keep this far apart. */
const GROUP_SPACING_PX = 24
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

interface Flat {
  finding: Finding
  /** Index into `[...violations, ...warnings]`. */
  index: number
  trueX: number
}

/** What a marker that stands for several findings is called (its tooltip and accessible name). */
function groupName(group: readonly Flat[]): string {
  const kinds = new Map<string, number>()
  for (const { finding } of group) {
    const words = FINDING_WORDS[finding.kind]
    kinds.set(words, (kinds.get(words) ?? 0) + 1)
  }
  const what = [...kinds].map(([words, n]) => `${words} ×${n}`).join(', ')
  const first = (group[0] as Flat).finding
  const last = (group[group.length - 1] as Flat).finding
  return `${group.length} findings from ${formatMs(first.atMs)} to ${formatMs(last.atMs)} (${what}). ${findingName(first)}`
}

/** The words beside a marker: the kind, with a count when it stands for several. */
function groupWords(group: readonly Flat[]): string {
  const kind = (group[0] as Flat).finding.kind
  const words = FINDING_WORDS[kind]
  if (group.length === 1) return words
  return group.every((g) => g.finding.kind === kind)
    ? `${words} ×${group.length}`
    : `${group.length} findings`
}

/**
 * Whether spreading the markers one per finding would overlap two that are in view: the spread
 * ran into the row's end, where the rest would pile up.
 */
function overflows(ctx: Ctx, flat: readonly Flat[], inView: (f: Finding) => boolean): boolean {
  const limit = ctx.right - MARKER_HALF_PX
  let prevX = -Infinity
  for (const { finding, trueX } of flat) {
    const x = Math.min(limit, Math.max(trueX, prevX + MARKER_SPACING_PX))
    if (x - prevX < 2 * MARKER_HALF_PX && inView(finding)) return true
    prevX = x
  }
  return false
}

/**
 * Findings in groups of those within one group spacing of the group's first; a group never
 * spans the view's edge (a zoomed view keeps the markers it shows whole).
 */
function groups(flat: readonly Flat[], inView: (f: Finding) => boolean): Flat[][] {
  const out: Flat[][] = []
  let current: Flat[] = []
  for (const item of flat) {
    const first = current[0]
    if (
      first !== undefined &&
      item.trueX < first.trueX + GROUP_SPACING_PX &&
      inView(item.finding) === inView(first.finding)
    ) {
      current.push(item)
    } else {
      if (current.length > 0) out.push(current)
      current = [item]
    }
  }
  if (current.length > 0) out.push(current)
  return out
}

export function findingMarkers(
  ctx: Ctx,
  row: { y0: number; y1: number; markerY: number },
  view: TimeView | null = null,
): { markers: FindingMarker[]; bands: FindingBand[] } {
  const flat: Flat[] = [...ctx.findings.violations, ...ctx.findings.warnings].map(
    (finding, index) => ({
      finding,
      index,
      trueX: xOf(ctx, Math.min(finding.atMs, ctx.endMs)),
    }),
  )
  flat.sort(
    (a, b) => a.finding.atMs - b.finding.atMs || a.finding.eventIndex - b.finding.eventIndex,
  )
  const inView = (f: Finding) => view === null || (f.atMs >= view.fromMs && f.atMs <= view.toMs)
  const crowded = overflows(ctx, flat, inView)
  const grouped = crowded ? groups(flat, inView) : flat.map((f) => [f])
  const spacingPx = crowded ? GROUP_SPACING_PX : MARKER_SPACING_PX
  const markers: FindingMarker[] = []
  const bands: FindingBand[] = []
  let prevX = -Infinity
  for (const group of grouped) {
    const first = group[0]
    if (first === undefined) continue
    // A group stands at its first finding (its moment: where the marker sits, when it is past,
    // where a click jumps to), in the shape and colour of its worst.
    const { finding, index } = first
    const severity = group.some((g) => g.finding.severity === 'violation') ? 'violation' : 'warning'
    const x = round(Math.min(ctx.right - MARKER_HALF_PX, Math.max(first.trueX, prevX + spacingPx)))
    prevX = x
    const marker: FindingMarker = {
      key: `finding-${index}`,
      index,
      finding,
      kind: finding.kind,
      severity,
      count: group.length,
      eventIndexes: group.map((g) => g.finding.eventIndex),
      x,
      y: row.markerY,
      trueX: first.trueX,
      interval: null,
      guide: null,
      label: null,
      name: group.length === 1 ? findingName(finding) : groupName(group),
    }
    if (finding.untilMs !== null) {
      // The interval runs along the bottom of the row, under the markers and their labels.
      marker.interval = {
        x0: first.trueX,
        x1: Math.max(first.trueX + 2, xOf(ctx, Math.min(finding.untilMs, ctx.endMs))),
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
          x1: first.trueX,
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
    const words = groupWords(group)
    const interval = marker.interval
    if (interval !== null) {
      ctx.occupancy.add({ x0: interval.x0, y0: interval.y0, x1: interval.x1, y1: interval.y1 })
    }
    requestLabel(ctx, {
      text: words,
      priority: PRIORITY.finding + (severity === 'violation' ? 5 : 0),
      candidates: [
        { x: x + MARKER_HALF_PX + 3, y, anchor: 'start' },
        { x: x - MARKER_HALF_PX - 3, y, anchor: 'end' },
      ],
      bounds: { x0: ctx.left, y0: row.y0, x1: ctx.right, y1: row.y1 },
      className: `fl-finding-label fl-finding-label-${severity}`,
      assign: (label) => (marker.label = label),
    })
    markers.push(marker)
  }
  markers.sort((a, b) => a.index - b.index)
  return { markers, bands }
}
