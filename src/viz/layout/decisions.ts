/**
 * Resource lanes: every decision a resource made about a write or effect, as a badge with the
 * write's token and a ✓ or ✗ (and the reason, "41 < 42"); a check-then-write's check and apply
 * linked; and the highest token the resource had recorded, as a step line under the badges.
 *
 * Badges that would overlap stack into rows below the lane line (time stays exact: a badge moved
 * down keeps a leader to its true moment); when even the rows are full the badge shrinks to a pip.
 */
import { extent } from 'd3-array'
import type { NodeId } from '../../sim'
import { formatMs, LABEL_VALUE_CHARS, tokenText, valueWords } from '../../sim'
import type { DecisionMark } from '../../timeline'
import type { Ctx } from './context'
import { denseSlotTaken, hueOf, laneBounds, PRIORITY, requestLabel, xOf } from './context'
import type { LabelCandidate } from './labels'
import { round } from './labels'
import { PixelCover } from './pixelCover'
import { textWidthPx } from './text'
import type { CheckApplyLink, DecisionBadge, Lane, PlacedLabel, TokenLine } from './types'

export const MAX_BADGE_ROWS = 4
/** The outcomes a plain decision may have: the kinds of pip a cover keeps one per column of. */
const PLAIN_OUTCOMES: readonly DecisionMark['outcome'][] = [
  'accepted',
  'checked',
  'applied',
  'duplicate',
]
const BADGE_GAP_PX = 3
/**
 * Room kept between a badge and the figure's edges for the glow the story draws around the badge
 * it talks about (viz/Highlights.tsx's Focus: 3 px out and a 5 px stroke, 5.5 px past the badge):
 * the climax's "41 < 42" badge, pushed to the right edge at a phone's width, had its glow cut off.
 */
export const BADGE_HALO_ROOM_PX = 6
const ICON_PX = 9

export interface PackedDecision {
  mark: DecisionMark
  row: number
  pip: boolean
  x: number
  cx: number
  w: number
  text: string
}

export interface PackedResource {
  rows: number
  items: PackedDecision[]
}

function badgeWidth(text: string, fontPx: number): number {
  return round(5 + ICON_PX + 3 + textWidthPx(text, fontPx, true) + 6)
}

/**
 * Assigns each decision a row (or a pip), per resource. Needs only x, so it runs before lanes.
 * In a coarse layout (`coarse`), a plain pip (no rejection, no finding) in a pixel column that
 * an earlier pip of its outcome already takes is left out (pixelCover.ts).
 */
export function packDecisions(
  ctx: Pick<Ctx, 'spans' | 'findings' | 'm' | 'time' | 'left' | 'right'> & { coarse?: boolean },
): Map<NodeId, PackedResource> {
  const important = new Set(
    [...ctx.findings.violations, ...ctx.findings.warnings].map((f) => f.eventIndex),
  )
  const rank = (d: DecisionMark) =>
    d.outcome === 'rejected' || d.outcome === 'discarded' ? 0 : important.has(d.eventIndex) ? 1 : 2
  const byResource = new Map<NodeId, DecisionMark[]>()
  for (const d of ctx.spans.decisions) {
    const list = byResource.get(d.resource)
    if (list === undefined) byResource.set(d.resource, [d])
    else list.push(d)
  }
  const out = new Map<NodeId, PackedResource>()
  // Rank first, then time: ranked once per mark (a comparator that ranks costs 2 n log n).
  const byRank = (marks: DecisionMark[]) => {
    const ranks: DecisionMark[][] = [[], [], []]
    for (const mark of marks) ranks[rank(mark)]?.push(mark)
    return ranks.flatMap((same) => same.sort((a, b) => a.eventIndex - b.eventIndex))
  }
  for (const [resource, marks] of byResource) {
    if (ctx.coarse === true) {
      // More marks than pixels: rows are full at once, and the rejections and findings would
      // end up as pips in the time-ordered packing; they claim their rows first straight away.
      out.set(
        resource,
        pack(ctx, byRank(marks), (d) => rank(d) === 2),
      )
      continue
    }
    // Rows fill in time order, so stacked badges read top to bottom as they happened; if that
    // leaves a rejection or a finding as a pip, those claim their rows first instead.
    let packed = pack(ctx, marks, null)
    if (packed.items.some((p) => p.pip && rank(p.mark) < 2)) packed = pack(ctx, byRank(marks), null)
    out.set(resource, packed)
  }
  return out
}

/** `plain`: in a coarse layout, which marks may be left out as pips under an earlier one. */
function pack(
  ctx: Pick<Ctx, 'm' | 'time' | 'left' | 'right'>,
  order: DecisionMark[],
  plain: ((mark: DecisionMark) => boolean) | null,
): PackedResource {
  const rows: { x0: number; x1: number }[][] = []
  const items: PackedDecision[] = []
  // One cover per resource's lane: the lane is always 0 in it.
  const cover = new PixelCover()
  // Badges repeat a few texts (tokens, reasons): each is measured once.
  const widths = new Map<string, number>()
  for (const mark of order) {
    const text = badgeText(mark)
    let w = widths.get(text)
    if (w === undefined) {
      w = badgeWidth(text, ctx.m.smallFontPx)
      widths.set(text, w)
    }
    const x = xOf(ctx, mark.atMs)
    const room = w / 2 + BADGE_HALO_ROOM_PX
    const cx = round(Math.min(ctx.right - room, Math.max(ctx.left + room, x)))
    const x0 = cx - w / 2
    const x1 = cx + w / 2
    let row = -1
    let at = 0
    for (let r = 0; r < MAX_BADGE_ROWS; r++) {
      const taken = rows[r] ?? []
      // A row's badges never overlap and are kept in x order, so only the neighbours of where
      // the new one would go can touch it (a dense run's rows hold hundreds of badges).
      at = insertionIndex(taken, x0)
      const before = taken[at - 1]
      const after = taken[at]
      if (
        (before === undefined || before.x1 + BADGE_GAP_PX <= x0) &&
        (after === undefined || x1 + BADGE_GAP_PX <= after.x0)
      ) {
        row = r
        break
      }
    }
    if (row >= 0) {
      const taken = rows[row] ?? []
      taken.splice(at, 0, { x0, x1 })
      rows[row] = taken
    } else if (
      plain?.(mark) === true &&
      !cover.claim(PLAIN_OUTCOMES.indexOf(mark.outcome), 0, cx, cx)
    ) {
      continue
    }
    items.push({ mark, row: Math.max(row, 0), pip: row < 0, x, cx, w, text })
  }
  items.sort((a, b) => a.mark.eventIndex - b.mark.eventIndex)
  return { rows: Math.max(1, rows.length), items }
}

/** Where a span starting at `x0` goes in a row kept in x order (after spans starting at x0 too). */
function insertionIndex(row: readonly { x0: number }[], x0: number): number {
  let lo = 0
  let hi = row.length
  while (lo < hi) {
    const mid = (lo + hi) >> 1
    if ((row[mid] as { x0: number }).x0 <= x0) lo = mid + 1
    else hi = mid
  }
  return lo
}

function decisionTitle(d: DecisionMark): string {
  const what = `${d.client}'s ${d.effect ? 'effect' : 'write'} ${valueWords(d.value)} with token ${tokenText(d.token)}`
  const when = formatMs(d.atMs)
  switch (d.outcome) {
    case 'accepted':
      return `${d.resource} accepted ${what} at ${when}`
    case 'rejected':
      return `${d.resource} rejected ${what} at ${when}: ${d.reason ?? ''}`
    case 'checked':
      return `${d.resource} checked ${what} at ${when}: it passes; the write is applied later`
    case 'applied':
      return `${d.resource} applied ${what} at ${when}`
    case 'duplicate':
      return `${d.resource} recognised ${what} as a repeat at ${when} and did nothing`
    case 'discarded':
      return `${d.resource} lost ${what} at ${when}: ${d.reason ?? ''}`
  }
}

/** "token 41 < 42" → "41 < 42": the badge already says it is about tokens. */
/** Longest reason drawn inside a rejection's badge ("41 < 42"); longer ones go beside it. */
const INLINE_REASON_CHARS = 12

/** The rejection carries its reason in the badge itself: "✗ 41 < 42" can never lose its words. */
function inlineReason(mark: DecisionMark): string | null {
  if (mark.outcome !== 'rejected' || mark.reason === null) return null
  const short = shortReason(mark.reason)
  return short.length <= INLINE_REASON_CHARS ? short : null
}

function badgeText(mark: DecisionMark): string {
  return inlineReason(mark) ?? tokenText(mark.token)
}

export function shortReason(reason: string): string {
  return reason.replace(/^token /, '')
}

/**
 * A key that survives an intervention: the resource, the write's message and the phase, not the
 * event's index (an early pause shifts every later index, and React would redraw every badge).
 * A repeat of the same three (a retried write) adds its index.
 */
function decisionKey(d: DecisionMark, repeat: boolean): string {
  const base = `decision-${d.resource}-${d.msg}-${d.outcome === 'checked' ? 'check' : 'final'}`
  return repeat ? `${base}-${d.eventIndex}` : base
}

/**
 * A decision badge whose key and title are written when first asked for: a dense run's layout
 * keeps tens of thousands of decisions, nearly all drawn in bulk as pips, whose keys and titles
 * are never read.
 */
class Badge implements DecisionBadge {
  // Declared, not defined: the constructor copies them in, so the built code stays small.
  declare eventIndex: number
  declare resource: NodeId
  declare msg: number
  declare client: NodeId
  declare hue: number | null
  declare token: DecisionBadge['token']
  declare outcome: DecisionBadge['outcome']
  declare effect: boolean
  declare atMs: number
  declare x: number
  declare lineY: number
  declare row: number
  declare cx: number
  declare cy: number
  declare w: number
  declare h: number
  declare pip: boolean
  declare text: string
  declare reason: PlacedLabel | null
  declare value: PlacedLabel | null
  readonly #mark: DecisionMark
  readonly #repeat: boolean
  #key: string | null = null
  #title: string | null = null

  constructor(mark: DecisionMark, repeat: boolean, fields: Omit<DecisionBadge, 'key' | 'title'>) {
    this.#mark = mark
    this.#repeat = repeat
    Object.assign(this, fields)
  }

  get key(): string {
    this.#key ??= decisionKey(this.#mark, this.#repeat)
    return this.#key
  }

  get title(): string {
    this.#title ??= decisionTitle(this.#mark)
    return this.#title
  }
}

export function decisionBadges(
  ctx: Ctx,
  packed: Map<NodeId, PackedResource>,
): { badges: DecisionBadge[]; links: CheckApplyLink[] } {
  const badges: DecisionBadge[] = []
  const links: CheckApplyLink[] = []
  // The messages whose decision of each phase has been seen, per resource and phase.
  const seen = new Map<string, Set<number>>()
  for (const [resource, { items }] of packed) {
    const lane = ctx.lanes.get(resource)
    if (lane === undefined) continue
    const h = ctx.m.badgeHeightPx
    const checks = new Map<number, DecisionBadge>()
    for (const item of items) {
      const d = item.mark
      const cy = round(lane.yc + item.row * ctx.m.rowPx)
      const phase = `${resource}-${d.outcome === 'checked' ? 'check' : 'final'}`
      let msgs = seen.get(phase)
      if (msgs === undefined) seen.set(phase, (msgs = new Set()))
      const repeat = msgs.has(d.msg)
      msgs.add(d.msg)
      const badge: DecisionBadge = new Badge(d, repeat, {
        eventIndex: d.eventIndex,
        resource,
        msg: d.msg,
        client: d.client,
        hue: hueOf(ctx, d.client),
        token: d.token,
        outcome: d.outcome,
        effect: d.effect,
        atMs: d.atMs,
        x: item.x,
        lineY: lane.yc,
        row: item.row,
        cx: item.cx,
        cy,
        w: item.pip ? 6 : item.w,
        h: item.pip ? 6 : h,
        pip: item.pip,
        text: item.text,
        reason: null,
        value: null,
      })
      badges.push(badge)
      if (!item.pip) {
        ctx.occupancy.add({
          x0: item.cx - item.w / 2,
          y0: cy - h / 2,
          x1: item.cx + item.w / 2,
          y1: cy + h / 2,
        })
        requestDecisionLabels(ctx, lane, badge, d)
      }
      if (d.outcome === 'checked') checks.set(d.msg, badge)
      if (d.outcome === 'applied' || d.outcome === 'discarded') {
        const check = checks.get(d.msg)
        if (check !== undefined) {
          links.push({
            key: `link-${badge.key}`,
            x0: check.cx,
            y0: check.cy,
            x1: badge.cx,
            y1: badge.cy,
            hue: badge.hue,
          })
        }
      }
    }
  }
  return { badges, links }
}

function requestDecisionLabels(ctx: Ctx, lane: Lane, badge: DecisionBadge, d: DecisionMark): void {
  const right = badge.cx + badge.w / 2 + 4
  const left = badge.cx - badge.w / 2 - 4
  const mid = round(badge.cy + ctx.m.smallFontPx * 0.36)
  const below = round(badge.cy + badge.h / 2 + ctx.m.smallFontPx * 0.9)
  const bounds = laneBounds(ctx, lane)
  if (
    d.reason !== null &&
    (d.outcome === 'rejected' || d.outcome === 'discarded') &&
    inlineReason(d) === null
  ) {
    const text = shortReason(d.reason)
    requestLabel(ctx, {
      text,
      priority: PRIORITY.reason,
      candidates: [
        { x: right, y: mid, anchor: 'start' },
        { x: left, y: mid, anchor: 'end' },
        { x: badge.cx, y: below, anchor: 'middle' },
      ],
      bounds,
      className: 'fl-reason',
      assign: (label: PlacedLabel) => (badge.reason = label),
    })
  }
  if (d.outcome === 'accepted' || d.outcome === 'applied') {
    const text = valueWords(d.value, LABEL_VALUE_CHARS)
    requestLabel(ctx, {
      text,
      priority: PRIORITY.value,
      candidates: [
        { x: right, y: mid, anchor: 'start' },
        { x: left, y: mid, anchor: 'end' },
      ],
      bounds,
      className: 'fl-value',
      assign: (label: PlacedLabel) => (badge.value = label),
    })
  }
}

export function tokenLines(ctx: Ctx): TokenLine[] {
  const out: TokenLine[] = []
  for (const lane of ctx.lanes.values()) {
    if (lane.kind !== 'resource' || lane.stepBand === null) continue
    const steps = ctx.spans.tokenSteps.filter(
      (s): s is typeof s & { highestToken: number } =>
        s.resource === lane.node && s.highestToken !== null,
    )
    const band = { x0: ctx.x0, x1: ctx.x1, y0: lane.stepBand.y0, y1: lane.stepBand.y1 }
    const tokens = steps.map((s) => s.highestToken)
    // Not Math.min(...tokens): a spread of a long run's steps overflows the call stack.
    const [lo = 0, hi = 0] = extent(tokens)
    const yTop = band.y0 + 4
    const yBottom = band.y1 - 3
    const yOf = (t: number) =>
      round(hi === lo ? (yTop + yBottom) / 2 : yBottom - ((t - lo) / (hi - lo)) * (yBottom - yTop))
    const points: [number, number][] = []
    steps.forEach((s, i) => {
      const x = xOf(ctx, s.atMs)
      // A coarse run keeps a pixel column's last step (the line's level as it leaves the
      // column), every fall and the level before it: the other rises in one column could not
      // be seen apart (pixelCover.ts).
      const next = steps[i + 1]
      if (
        ctx.coarse &&
        next !== undefined &&
        next.highestToken >= s.highestToken &&
        s.highestToken >= (steps[i - 1]?.highestToken ?? s.highestToken) &&
        Math.round(xOf(ctx, next.atMs)) === Math.round(x)
      ) {
        return
      }
      points.push([x, yOf(s.highestToken)])
    })
    const last = points[points.length - 1]
    if (last !== undefined) points.push([ctx.x1, last[1]])
    const d = stepAfterPath(points)
    const tokenLine: TokenLine = { resource: lane.node, d, labels: [], band }
    out.push(tokenLine)
    const fontPx = ctx.m.smallFontPx
    steps.forEach((s, i) => {
      const prev = steps[i - 1]?.highestToken
      const down = prev !== undefined && s.highestToken < prev
      const key = i === 0 || i === steps.length - 1 || down
      const x = xOf(ctx, s.atMs)
      const y = yOf(s.highestToken)
      const priority = key ? PRIORITY.stepKey : PRIORITY.stepOther
      const className = down ? 'fl-step-label fl-step-down' : 'fl-step-label'
      const bounds = { x0: ctx.left, y0: band.y0 - fontPx, x1: ctx.right, y1: lane.y1 }
      // A dense run tries one label a slot: skip building the candidates of a taken one.
      if (denseSlotTaken(ctx, priority, className, bounds, x + 3, y - 3)) return
      const text = down ? `${s.highestToken} ↓` : String(s.highestToken)
      requestLabel(ctx, {
        text,
        priority,
        candidates: [
          ...[3, 10, 18].flatMap((dx): LabelCandidate[] => [
            { x: x + dx, y: y - 3, anchor: 'start' },
            { x: x + dx, y: round(y + fontPx * 0.9 + 1), anchor: 'start' },
          ]),
          { x: x - 3, y: y - 3, anchor: 'end' },
        ],
        bounds,
        className,
        assign: (label) => tokenLine.labels.push(label),
      })
    })
  }
  return out
}

/**
 * A step line that holds each value until the next point (d3-shape's curveStepAfter), written
 * out directly: it is the only curve the diagram needs, not worth a library in the embed.
 */
export function stepAfterPath(points: readonly (readonly [number, number])[]): string {
  let d = ''
  let prevY = 0
  points.forEach(([x, y], i) => {
    if (i === 0) d = `M${x},${y}`
    else d += `H${x}${y === prevY ? '' : `V${y}`}`
    prevY = y
  })
  return d
}
