/**
 * The lock lane: who held the lock when (bars in the holder's colour, "A · 41"), how each hold
 * ended when that matters (expired, deleted by another client, forgotten in a crash), and the
 * lock-delay windows in which the service refused to grant.
 */
import { formatMs, LOCK_NODE, tokenText } from '../../sim'
import { leaseEndWords } from './clients'
import type { Ctx } from './context'
import { bandBaseline, laneBounds, PRIORITY, requestLabel, topBandCandidates, xOf } from './context'
import { round } from './labels'
import { shortDurationText, textWidthPx } from './text'
import type { LeaseBar, LeaseEndMark, LockDelayBand } from './types'

export function lockHolds(ctx: Ctx): LeaseBar[] {
  const lane = ctx.lanes.get(LOCK_NODE)
  if (lane === undefined) return []
  const half = lane.barHalf - 1
  return ctx.spans.leases.map((lease) => {
    const x0 = xOf(ctx, lease.fromMs)
    const x1 = Math.max(xOf(ctx, lease.toMs), x0 + 2)
    const y0 = round(lane.yc - half)
    const y1 = round(lane.yc + half)
    const fontPx = ctx.m.smallFontPx
    const token = tokenText(lease.token)
    const room = x1 - x0 - 10
    const full = `${lease.client} · ${token}`
    const text =
      textWidthPx(full, fontPx, true) <= room
        ? full
        : textWidthPx(token, fontPx, true) <= room
          ? token
          : null
    return {
      key: `hold-${lease.grant}`,
      client: lease.client,
      grant: lease.grant,
      token: lease.token,
      hue: ctx.lanes.get(lease.client)?.hue ?? 0,
      fromMs: lease.fromMs,
      toMs: lease.toMs,
      end: lease.end,
      x0,
      x1,
      y0,
      y1,
      text:
        text === null
          ? null
          : {
              x: round(x0 + 5),
              y: bandBaseline(y0, y1, fontPx),
              anchor: 'start',
              text,
              className: 'fl-hold-text',
              fontPx,
              bold: true,
            },
      title: `The lock service's record: ${lease.client} holds the lock with token ${token} from ${formatMs(lease.fromMs)} to ${formatMs(lease.toMs)} (${leaseEndWords(lease.end)})`,
    }
  })
}

const END_WORDS: Partial<Record<LeaseBar['end'], string[]>> = {
  expired: ['expired'],
  'released-by-other': ['deleted by another client', 'deleted'],
  forgotten: ['forgotten in crash', 'forgotten'],
}

/** Marks where a hold ended abnormally; an operator's expiry is marked by its fault flag. */
export function leaseEnds(ctx: Ctx, holds: LeaseBar[]): LeaseEndMark[] {
  const lane = ctx.lanes.get(LOCK_NODE)
  if (lane === undefined) return []
  const marks: LeaseEndMark[] = []
  for (const hold of holds) {
    const words = END_WORDS[hold.end]
    if (words === undefined && hold.end !== 'expired-by-operator') continue
    const mark: LeaseEndMark = {
      key: `end-${hold.grant}`,
      x: hold.x1,
      y0: round(lane.yc - lane.barHalf - 2),
      y1: round(lane.yc + lane.barHalf + 2),
      end: hold.end,
      label: null,
    }
    marks.push(mark)
    if (words === undefined) continue
    requestLabel(ctx, {
      text: words[0] ?? '',
      priority: PRIORITY.lockEnd,
      candidates: topBandCandidates(ctx, lane, hold.x1 + 5, hold.x1 - 5, words),
      bounds: laneBounds(ctx, lane),
      className: 'fl-end-label',
      assign: (label) => (mark.label = label),
    })
  }
  return marks
}

export function lockDelays(ctx: Ctx): LockDelayBand[] {
  const lane = ctx.lanes.get(LOCK_NODE)
  if (lane === undefined) return []
  const bands: LockDelayBand[] = []
  let open: LockDelayBand | null = null
  const half = lane.barHalf - 1
  for (const e of ctx.run.events) {
    if (e.type === 'LockDelayStarted') {
      open = {
        key: `delay-${bands.length}`,
        fromMs: e.atMs,
        untilMs: Math.min(e.untilMs, ctx.endMs),
        x0: xOf(ctx, e.atMs),
        x1: xOf(ctx, Math.min(e.untilMs, ctx.endMs)),
        y0: round(lane.yc - half),
        y1: round(lane.yc + half),
        label: null,
      }
      bands.push(open)
    } else if (e.type === 'LockDelayEnded' && open !== null) {
      open.untilMs = e.atMs
      open.x1 = xOf(ctx, e.atMs)
      open = null
    }
  }
  for (const band of bands) {
    const words = [`lock-delay ${shortDurationText(band.untilMs - band.fromMs)}`, 'lock-delay']
    requestLabel(ctx, {
      text: words[0] ?? '',
      priority: PRIORITY.lockDelay,
      candidates: topBandCandidates(ctx, lane, band.x0 + 3, band.x1 - 3, words),
      bounds: laneBounds(ctx, lane),
      className: 'fl-lock-delay-label',
      assign: (label) => (band.label = label),
    })
  }
  return bands
}
