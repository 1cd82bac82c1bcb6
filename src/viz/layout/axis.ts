/**
 * The time axis under the lanes: tick labels at true times and, on a folded axis, a label on each
 * break stating the real duration it stands for ("⋯ 9 s idle ⋯"). Break labels claim their room
 * first; ticks then fill in from coarse to fine steps (10 s, 5 s, 2 s, 1 s, … 1 ms) wherever a
 * label fits, so a spread-out climax gets ticks in milliseconds and an idle stretch gets none.
 */
import { formatDurationMs, formatMs } from '../../sim'
import type { AxisPlan } from './scale'
import { timeTicks } from './geometry'
import { xOfMs } from './scale'
import { textWidthPx } from './text'
import type { AxisBreak, TimeTick } from './types'

/** Horizontal room kept between two axis labels. */
const LABEL_GAP_PX = 8
/** Levels with more candidate ticks than this are skipped (a 1 ms step over a long run). */
const MAX_CANDIDATES = 5000
/** Half the width of the narrowest tick label ("0 s"). */
const MIN_HALF_LABEL_PX = 8

interface Span {
  x0: number
  x1: number
}

/** Taken spans never overlap, sorted by x0: only the neighbours of a new span can collide. */
function insertionIndex(taken: Span[], s: Span): number {
  let lo = 0
  let hi = taken.length
  while (lo < hi) {
    const mid = (lo + hi) >> 1
    if ((taken[mid]?.x0 ?? 0) < s.x0) lo = mid + 1
    else hi = mid
  }
  return lo
}

function clash(t: Span | undefined, s: Span): boolean {
  return t !== undefined && s.x0 < t.x1 + LABEL_GAP_PX && t.x0 < s.x1 + LABEL_GAP_PX
}

/** Claims `s` unless it collides with a taken span. */
function claim(taken: Span[], s: Span): boolean {
  const i = insertionIndex(taken, s)
  if (clash(taken[i - 1], s) || clash(taken[i], s)) return false
  taken.splice(i, 0, s)
  return true
}

function tickLabel(ms: number, decimals: number): string {
  const text = (ms / 1000).toFixed(decimals)
  return `${text.includes('.') ? text.replace(/\.?0+$/, '') : text} s`
}

/** Nice steps in ms, coarse to fine: 1, 2, 5 × 10ⁿ from about the run's length down to 1 ms. */
function steps(endMs: number): number[] {
  const out: number[] = []
  for (let p = Math.ceil(Math.log10(Math.max(endMs, 1))); p >= 0; p--) {
    for (const f of [5, 2, 1]) {
      const step = f * 10 ** p
      if (step <= endMs) out.push(step)
    }
  }
  return out
}

export function axisLabels(
  plan: AxisPlan,
  endMs: number,
  x0: number,
  x1: number,
  fontPx: number,
  left: number,
  right: number,
  /** Where the axis starts: a zoomed view starts later than 0. */
  fromMs = 0,
): { ticks: TimeTick[]; breaks: AxisBreak[] } {
  if (plan.toScale && fromMs === 0) return { ticks: timeTicks(endMs, x0, x1), breaks: [] }
  const model = { time: plan.scale }
  const taken: Span[] = []
  const ticks: TimeTick[] = []
  const seen = new Set<number>()
  const tryTick = (ms: number, label: string, alignEnd = false): void => {
    if (seen.has(ms) || ms < fromMs || ms > endMs) return
    const x = Math.round(xOfMs(model, ms) * 10) / 10
    if (x < x0 - 0.5 || x > x1 + 0.5) return
    if (alignEnd) {
      const w = textWidthPx(label, fontPx)
      if (!claim(taken, { x0: x - w, x1: x })) return
      seen.add(ms)
      ticks.push({ ms, x, label, anchor: 'end' })
      return
    }
    // Most candidates of a fine step land on a taken label: reject those before measuring text.
    const probe = { x0: x - MIN_HALF_LABEL_PX, x1: x + MIN_HALF_LABEL_PX }
    const at = insertionIndex(taken, probe)
    if (clash(taken[at - 1], probe) || clash(taken[at], probe)) return
    const w = textWidthPx(label, fontPx)
    const span = { x0: x - w / 2, x1: x + w / 2 }
    if (span.x0 < left || span.x1 > right || !claim(taken, span)) return
    seen.add(ms)
    ticks.push({ ms, x, label })
  }
  // The start and the end first: every axis says where it begins and ends.
  tryTick(fromMs, fromMs === 0 ? '0 s' : formatMs(fromMs))
  tryTick(endMs, formatMs(endMs))
  tryTick(endMs, formatMs(endMs), true)
  const breaks: AxisBreak[] = []
  for (const f of plan.folds) {
    const mid = (f.x0 + f.x1) / 2
    const duration = formatDurationMs(f.toMs - f.fromMs)
    let text: string | null = null
    for (const candidate of [`⋯ ${duration} idle ⋯`, `${duration} idle`, duration]) {
      const w = textWidthPx(candidate, fontPx)
      const span = { x0: mid - w / 2, x1: mid + w / 2 }
      if (span.x0 < left || span.x1 > right || !claim(taken, span)) continue
      text = candidate
      break
    }
    breaks.push({ fromMs: f.fromMs, toMs: f.toMs, x0: f.x0, x1: f.x1, label: text })
  }
  const folds = plan.folds
  const spanMs = endMs - fromMs
  for (const step of steps(spanMs)) {
    if (spanMs / step > MAX_CANDIDATES) break
    const decimals = Math.min(3, Math.max(0, 3 - Math.floor(Math.log10(step) + 1e-9)))
    let f = 0
    for (let ms = Math.ceil(fromMs / step) * step; ms <= endMs; ms += step) {
      // Folds are sorted: walk them along with the candidates.
      while (f < folds.length && (folds[f]?.toMs ?? 0) <= ms) f++
      const fold = folds[f]
      if (fold !== undefined && ms > fold.fromMs && ms < fold.toMs) continue
      tryTick(ms, tickLabel(ms, decimals))
    }
  }
  ticks.sort((a, b) => a.ms - b.ms)
  return { ticks, breaks }
}
