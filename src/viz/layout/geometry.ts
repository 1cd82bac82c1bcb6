/**
 * Sizes, the time scale and lane descriptions. The figure has two densities: a phone layout
 * (lane names above their lanes, every pixel of width for time) and a desktop layout (lane names
 * in a left column). Everything else scales from these few numbers.
 */
import { tickStep, ticks } from 'd3-array'
import type { Scenario } from '../../sim'
import { formatDurationMs, LOCK_NODE, quorumSettings } from '../../sim'
import { textWidthPx, wrapText } from './text'
import type { LaneKind, TimeTick } from './types'

/** Below this width the lane names move above their lanes. */
export const COMPACT_BELOW_PX = 560
/** Narrower requests are laid out at this width (the SVG then scales down). */
export const MIN_WIDTH_PX = 240
export const MAX_WIDTH_PX = 4096

export interface Metrics {
  compact: boolean
  fontPx: number
  smallFontPx: number
  titleFontPx: number
  /** Annotation band at the top of every lane (fault flags, "paused", "expired"…). */
  laneTopPx: number
  laneBottomPx: number
  clientHalfPx: number
  lockHalfPx: number
  resourceHalfPx: number
  /** Vertical pitch of stacked decision badges. */
  rowPx: number
  badgeHeightPx: number
  stepBandPx: number
  groupGapPx: number
  findingsRowPx: number
  axisPx: number
  legendRowPx: number
  /** Two distinct event times are drawn at least this far apart on a folded axis. */
  minGapPx: number
  /** About how wide a folded idle stretch is drawn. */
  foldPx: number
}

export function metricsFor(widthPx: number): Metrics {
  const compact = widthPx < COMPACT_BELOW_PX
  return {
    compact,
    // Phones get no smaller text than 12 px: the figure is laid out at the screen's width.
    fontPx: 12,
    smallFontPx: compact ? 12 : 11,
    titleFontPx: compact ? 14 : 16,
    laneTopPx: compact ? 17 : 18,
    laneBottomPx: compact ? 12 : 14,
    clientHalfPx: compact ? 10 : 11,
    lockHalfPx: compact ? 8 : 9,
    resourceHalfPx: compact ? 8 : 9,
    rowPx: compact ? 20 : 22,
    badgeHeightPx: compact ? 15 : 17,
    stepBandPx: compact ? 18 : 22,
    groupGapPx: 6,
    findingsRowPx: 30,
    axisPx: 28,
    legendRowPx: 18,
    minGapPx: compact ? 10 : 16,
    foldPx: compact ? 40 : 64,
  }
}

export function clampWidth(widthPx: number): number {
  if (!Number.isFinite(widthPx)) return 640
  return Math.round(Math.min(MAX_WIDTH_PX, Math.max(MIN_WIDTH_PX, widthPx)))
}

export interface LaneSpec {
  node: string
  kind: LaneKind
  title: string
  role: string[]
  hue: number | null
}

/** Client hues cycle through the categorical palette (yellow is kept for warnings). */
export const CLIENT_HUES = 5

/** Lanes in reading order: the clients, then the lock service, then each resource. */
export function laneSpecs(scenario: Scenario): LaneSpec[] {
  const lock = scenario.lockService
  const lockExtras: string[] = [`lease ${formatDurationMs(lock.leaseMs)}`]
  if (lock.lockDelayMs > 0) lockExtras.push(`lock-delay ${formatDurationMs(lock.lockDelayMs)}`)
  if (lock.tokens === 'random') lockExtras.push('random tokens')
  if (lock.tokens === 'none') lockExtras.push('no tokens')
  if (lock.persistence === 'volatile') lockExtras.push('volatile')
  if (!lock.releaseChecksOwner) lockExtras.push('blind release')
  if (!lock.renewChecksOwner) lockExtras.push('naive renew')
  if (lock.clockRate !== 1) lockExtras.push(`clock ×${lock.clockRate}`)
  return [
    ...scenario.clients.map((c, i): LaneSpec => {
      const extras: string[] = []
      if (c.renewEveryMs > 0) extras.push(`renews every ${formatDurationMs(c.renewEveryMs)}`)
      if (c.checkLeaseBeforeWrite) extras.push('checks lease')
      if (c.clockRate !== 1) extras.push(`clock ×${c.clockRate}`)
      return {
        node: c.id,
        kind: 'client',
        title: c.id,
        role: ['client', ...extras],
        hue: i % CLIENT_HUES,
      }
    }),
    ...lockLanes(scenario, lockExtras),
    ...scenario.resources.map((r): LaneSpec => {
      const fencing =
        r.fencing === 'atomic'
          ? 'atomic fencing'
          : r.fencing === 'check-then-write'
            ? 'check-then-write'
            : 'no fencing'
      const extras: string[] = []
      if (r.fenceReads) extras.push('fenced reads')
      if (r.idempotent) extras.push('idempotent')
      return { node: r.id, kind: 'resource', title: r.id, role: [fencing, ...extras], hue: null }
    }),
  ]
}

/** One lane for the lock service, or one per node of a service of several (Redlock). */
function lockLanes(scenario: Scenario, lockExtras: string[]): LaneSpec[] {
  const service = scenario.lockService
  const settings = quorumSettings(service)
  if (service.nodes === undefined || settings === null) {
    return [
      {
        node: LOCK_NODE,
        kind: 'lock',
        title: LOCK_NODE,
        role: ['lock service', ...lockExtras],
        hue: null,
      },
    ]
  }
  return service.nodes.map((n): LaneSpec => {
    const extras = [
      `lease ${formatDurationMs(service.leaseMs)}`,
      `quorum ${settings.quorum} of ${settings.nodes}`,
    ]
    if ((n.persistence ?? service.persistence) === 'volatile') extras.push('volatile')
    const rate = n.clockRate ?? service.clockRate
    if (rate !== 1) extras.push(`clock ×${rate}`)
    return { node: n.id, kind: 'lock', title: n.id, role: ['lock node', ...extras], hue: null }
  })
}

/**
 * Role lines for the left column: the first phrase, then the rest joined with " · " and wrapped
 * to the column, at most `maxLines` lines in all.
 */
export function roleLines(
  role: string[],
  fontPx: number,
  maxPx: number,
  maxLines: number,
): string[] {
  const [first, ...rest] = role
  if (first === undefined) return []
  if (rest.length === 0 || maxLines <= 1) return [first]
  const wrapped = wrapText(rest.join(' · '), fontPx, maxPx)
  return [first, ...wrapped.slice(0, maxLines - 1)]
}

/** Width of the left column that holds lane names (desktop layout). */
export function gutterWidthPx(specs: LaneSpec[], m: Metrics, widthPx: number): number {
  const cap = Math.round(widthPx * 0.2)
  let widest = textWidthPx('findings', m.smallFontPx)
  for (const s of specs) {
    widest = Math.max(widest, textWidthPx(s.title, m.fontPx + 1, true))
    for (const line of roleLines(s.role, m.smallFontPx, cap - 20, 2)) {
      widest = Math.max(widest, textWidthPx(line, m.smallFontPx))
    }
  }
  return Math.round(Math.min(cap, Math.max(56, widest + 22)))
}

/**
 * Readable ticks in seconds ("0 s", "2 s", … or "0.5 s"), about one per 90 px: d3's nice steps
 * (1, 2 or 5 × 10ⁿ), printed with just the decimals the step needs.
 */
export function timeTicks(endMs: number, x0: number, x1: number): TimeTick[] {
  const endS = endMs / 1000
  const count = Math.max(2, Math.min(12, Math.floor((x1 - x0) / 90)))
  const step = tickStep(0, endS, count)
  const decimals = Math.max(0, -Math.floor(Math.log10(step) + 1e-9))
  return ticks(0, endS, count).map((s) => ({
    ms: Math.round(s * 1000),
    x: Math.round((x0 + (s / endS) * (x1 - x0)) * 10) / 10,
    label: `${s.toFixed(decimals).replace(/\.0+$/, '')} s`,
  }))
}
