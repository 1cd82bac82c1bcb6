/**
 * The lock lane: who held the lock when (bars in the holder's colour, "A · 41"), how each hold
 * ended when that matters (expired, deleted by another client, forgotten in a crash), and the
 * lock-delay windows in which the service refused to grant.
 */
import { formatMs, LOCK_NODE, tokenText } from '../../sim'
import type { LeaseSpan } from '../../timeline'
import { leaseEndWords } from './clients'
import type { Ctx } from './context'
import {
  bandBaseline,
  coveredPlain,
  laneBounds,
  PRIORITY,
  requestLabel,
  topBandCandidates,
  xOf,
} from './context'
import { round } from './labels'
import { HOLD_COVER } from './pixelCover'
import type { Steps } from './steps'
import { pauseAt } from './steps'
import { shortDurationText, textWidthPx } from './text'
import type { Lane, LeaseBar, LeaseEndMark, LockDelayBand } from './types'

export function* lockHolds(ctx: Ctx): Steps<LeaseBar[]> {
  const bars: LeaseBar[] = []
  const leases = ctx.spans.leases
  for (let i = 0; i < leases.length; i++) {
    if (pauseAt(i)) yield
    const lease = leases[i] as LeaseSpan
    // Each lease on its own node's lane (a service of several nodes has one lane per node).
    const lane = ctx.lanes.get(lease.node)
    if (lane === undefined || lane.kind !== 'lock') continue
    const half = lane.barHalf - 1
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
    // A hold with no words and an ordinary end is plain (its end gets no mark: `leaseEnds`).
    const ordinary = END_WORDS[lease.end] === undefined && lease.end !== 'expired-by-operator'
    if (text === null && ordinary && coveredPlain(ctx, HOLD_COVER, lease.node, x0, x1)) {
      continue
    }
    const bar: LeaseBar = {
      key: `hold-${lease.grant}`,
      node: lease.node,
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
      title: `${lease.node === LOCK_NODE ? "The lock service's" : `${lease.node}'s`} record: ${lease.client} holds the lock with token ${token} from ${formatMs(lease.fromMs)} to ${formatMs(lease.toMs)} (${leaseEndWords(lease.end)})`,
    }
    bars.push(bar)
  }
  return bars
}

const END_WORDS: Partial<Record<LeaseBar['end'], string[]>> = {
  expired: ['expired'],
  'released-by-other': ['deleted by another client', 'deleted'],
  forgotten: ['forgotten in crash', 'forgotten'],
}

/** Marks where a hold ended abnormally; an operator's expiry is marked by its fault flag. */
export function leaseEnds(ctx: Ctx, holds: LeaseBar[]): LeaseEndMark[] {
  const marks: LeaseEndMark[] = []
  for (const hold of holds) {
    const lane = ctx.lanes.get(hold.node)
    if (lane === undefined || lane.kind !== 'lock') continue
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

export function* lockDelays(ctx: Ctx): Steps<LockDelayBand[]> {
  const placed: { band: LockDelayBand; lane: Lane }[] = []
  // Every window of the run, in a zoomed view too (spansInView keeps them all).
  const delays = ctx.spans.lockDelays
  for (let i = 0; i < delays.length; i++) {
    if (pauseAt(i)) yield
    const delay = delays[i] as (typeof delays)[number]
    const lane = ctx.lanes.get(delay.node)
    if (lane === undefined) continue
    const half = lane.barHalf - 1
    const untilMs = delay.endedAtMs ?? Math.min(delay.untilMs, ctx.endMs)
    placed.push({
      band: {
        key: `delay-${placed.length}`,
        fromMs: delay.fromMs,
        untilMs,
        x0: xOf(ctx, delay.fromMs),
        x1: xOf(ctx, untilMs),
        y0: round(lane.yc - half),
        y1: round(lane.yc + half),
        label: null,
      },
      lane,
    })
  }
  for (const { band, lane } of placed) {
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
  return placed.map((p) => p.band)
}
