/**
 * The time axis: a piecewise-linear map from true time (ms) to x (px), pure and deterministic.
 *
 * To scale, x is proportional to time. But a lesson's key moments cluster: in `gc-pause`, A's
 * resume, its write, the rejection and A giving up fall within 10 ms of a 16 s run, about one
 * pixel apart. The folded axis gives every pair of consecutive event times room: a gap that would
 * be drawn narrower than a readable distance is spread to it, and a gap that would be drawn wider
 * than a break is folded to about a break's width (growing slowly with its length, so a longer
 * idle stretch still looks longer), drawn with a visible break that states how long it really was.
 * The scale factor is the one that makes the gaps fill the width exactly (found by bisection).
 * Everything the reader reads (tick labels, tooltips, the inspector) keeps the true times.
 */
import type { Steps } from './steps'
import { finish } from './steps'
import type { TimeScale } from './types'

export interface AxisPlan {
  scale: TimeScale
  /** Gaps drawn shorter than to scale, with the real duration they stand for. */
  folds: { fromMs: number; toMs: number; x0: number; x1: number }[]
  /** True when x is proportional to time everywhere. */
  toScale: boolean
}

export type TimeMode = 'auto' | 'folded' | 'to-scale'

/** Anything that happened at a moment: an event. */
export interface Timed {
  atMs: number
}

export interface AxisInput {
  /**
   * What happened, in lists: their moments must be told apart (a run's events, then an aligned
   * run's); any order, duplicates allowed. Read in place, never copied: a dense run's first few
   * hundred distinct moments already decide that it is drawn to scale.
   */
  events: readonly (readonly Timed[])[]
  /** Where the axis starts (default 0; a zoomed view starts later). */
  fromMs?: number
  endMs: number
  x0: number
  x1: number
  mode: TimeMode
  /** Two distinct event times are drawn at least this far apart (when the width allows). */
  minGapPx: number
  /** A folded gap is drawn about this wide. */
  foldPx: number
}

/**
 * Past the fold width a gap grows at this fraction of its scaled width: a longer idle stretch
 * still looks longer, and with width to spare the axis tends back to true proportions.
 */
/** Times looked at between two pauses (a cheap comparison each). */
const TIMES_PER_STEP = 16 * 1024
const FOLD_GROWTH = 0.04
const ITERATIONS = 48

function round1(v: number): number {
  return Math.round(v * 10) / 10
}

/**
 * Distinct moments in [fromMs, endMs], sorted, with both ends included; null as soon as there
 * are more than `atMost` (the caller draws them to scale then, whatever they are).
 */
function* moments(
  lists: readonly (readonly Timed[])[],
  fromMs: number,
  endMs: number,
  atMost = Infinity,
): Steps<number[] | null> {
  // A run's own events come in time order: then one pass finds the moments, with no sort at all
  // (a 2M-event run's sort alone was a third of a second), and it stops as soon as there are too
  // many (the moments seen so far are already more than the answer allows, in any order). The
  // first time that goes back (an aligned run's events after this run's) sends them to a sort.
  const out = [fromMs]
  let last = fromMs
  let previous = -Infinity
  let seen = 0
  for (const list of lists) {
    for (let i = 0; i < list.length; i++) {
      if (++seen % TIMES_PER_STEP === 0) yield
      const t = (list[i] as Timed).atMs
      if (t < previous) return yield* sortedMoments(lists, fromMs, endMs, atMost)
      previous = t
      if (t > last && t < endMs) {
        out.push(t)
        last = t
        if (out.length >= atMost) return null
      }
    }
  }
  if (endMs > fromMs) out.push(endMs)
  return out
}

/** `moments` for times in any order. */
function* sortedMoments(
  lists: readonly (readonly Timed[])[],
  fromMs: number,
  endMs: number,
  atMost: number,
): Steps<number[] | null> {
  // A typed array sorts numbers natively: a 100k-event run's times sort several times faster
  // than with a comparator.
  const inside = new Float64Array(lists.reduce((n, list) => n + list.length, 2))
  let n = 0
  inside[n++] = fromMs
  inside[n++] = endMs
  let seen = 0
  for (const list of lists) {
    for (const { atMs: t } of list) {
      if (++seen % TIMES_PER_STEP === 0) yield
      if (t > fromMs && t < endMs) inside[n++] = t
    }
  }
  const sorted = inside.subarray(0, n).sort()
  const out: number[] = []
  for (const t of sorted) if (out.length === 0 || t !== out[out.length - 1]) out.push(t)
  return out.length > atMost ? null : out
}

function linear(fromMs: number, endMs: number, x0: number, x1: number): AxisPlan {
  return { scale: { ms: [fromMs, endMs], x: [x0, x1] }, folds: [], toScale: true }
}

/** Width of a gap of `gapMs` at `pxPerMs`, spread and folded. */
function gapWidth(gapMs: number, pxPerMs: number, minPx: number, foldPx: number): number {
  const w = gapMs * pxPerMs
  if (w <= minPx) return minPx
  if (w <= foldPx) return w
  return foldPx + FOLD_GROWTH * (w - foldPx)
}

export function planAxis(input: AxisInput): AxisPlan {
  return finish(planAxisSteps(input))
}

/** planAxis in steps (see steps.ts): a 2M-event run has 2M times to look at. */
export function* planAxisSteps(input: AxisInput): Steps<AxisPlan> {
  const { endMs, x0, x1, mode } = input
  const fromMs = input.fromMs ?? 0
  const widthPx = x1 - x0
  const spanMs = endMs - fromMs
  if (mode === 'to-scale' || widthPx <= 0 || spanMs <= 0) return linear(fromMs, endMs, x0, x1)
  // Auto: more moments than can be told apart even spread evenly (a dense run of thousands of
  // events) means to scale (below), so counting stops there.
  const atMost = mode === 'auto' ? Math.floor(widthPx / input.minGapPx) + 1 : Infinity
  const t = yield* moments(input.events, fromMs, endMs, atMost)
  if (t === null) return linear(fromMs, endMs, x0, x1)
  const gaps: number[] = []
  for (let i = 1; i < t.length; i++) gaps.push((t[i] ?? 0) - (t[i - 1] ?? 0))
  const n = gaps.length
  const linearPxPerMs = widthPx / spanMs
  if (mode === 'auto') {
    // Readable to scale: nothing to fold. Too many moments to tell apart even spread evenly (a
    // dense run of thousands of events): folding cannot help there, zooming does, so the axis
    // keeps its true proportions.
    if (gaps.every((g) => g * linearPxPerMs >= input.minGapPx)) return linear(fromMs, endMs, x0, x1)
    if (n * input.minGapPx > widthPx) return linear(fromMs, endMs, x0, x1)
  }
  // However many events, at least half the width stays proportional to time.
  const minPx = Math.min(input.minGapPx, (0.5 * widthPx) / n)
  const foldPx = Math.max(input.foldPx, 2 * minPx)
  // Σ gapWidth(k) grows with k: find the k that fills the width (bisection in log space).
  const total = (k: number) => gaps.reduce((sum, g) => sum + gapWidth(g, k, minPx, foldPx), 0)
  let lo = Math.log(linearPxPerMs) - 1
  let hi = Math.log(linearPxPerMs) + 40
  if (total(Math.exp(lo)) > widthPx) lo = Math.log(1e-12)
  for (let i = 0; i < ITERATIONS; i++) {
    const mid = (lo + hi) / 2
    if (total(Math.exp(mid)) > widthPx) hi = mid
    else lo = mid
  }
  const k = Math.exp(lo)
  const widths = gaps.map((g) => gapWidth(g, k, minPx, foldPx))
  // Rounding error goes to the widest gap, so the axis ends exactly at x1.
  const sum = widths.reduce((a, b) => a + b, 0)
  const scale = widthPx / sum
  const ms: number[] = [t[0] ?? 0]
  const xs: number[] = [x0]
  const folds: AxisPlan['folds'] = []
  let x = x0
  gaps.forEach((g, i) => {
    const w = (widths[i] ?? 0) * scale
    const from = t[i] ?? 0
    const to = t[i + 1] ?? endMs
    const xFrom = x
    x = i === n - 1 ? x1 : x + w
    ms.push(to)
    xs.push(round1(x))
    if (g * k > foldPx) folds.push({ fromMs: from, toMs: to, x0: round1(xFrom), x1: round1(x) })
  })
  return { scale: { ms, x: xs }, folds, toScale: false }
}

/** x of a moment: interpolated between the scale's knots (clamped to the axis). */
export function xOfMs(model: { time: TimeScale }, ms: number): number {
  const { ms: knotsMs, x: knotsX } = model.time
  const n = knotsMs.length
  if (n === 0) return 0
  if (!(ms > (knotsMs[0] ?? 0))) return knotsX[0] ?? 0
  if (ms >= (knotsMs[n - 1] ?? 0)) return knotsX[n - 1] ?? 0
  let lo = 0
  let hi = n - 1
  while (hi - lo > 1) {
    const mid = (lo + hi) >> 1
    if ((knotsMs[mid] ?? 0) <= ms) lo = mid
    else hi = mid
  }
  const m0 = knotsMs[lo] ?? 0
  const m1 = knotsMs[hi] ?? 0
  const xa = knotsX[lo] ?? 0
  const xb = knotsX[hi] ?? 0
  return m1 === m0 ? xa : xa + ((ms - m0) / (m1 - m0)) * (xb - xa)
}

/** The moment at x, clamped to the run (integer ms). */
export function msOfX(model: { time: TimeScale; endMs: number }, x: number): number {
  const { ms: knotsMs, x: knotsX } = model.time
  const n = knotsX.length
  if (n === 0) return 0
  let ms: number
  if (!(x > (knotsX[0] ?? 0))) ms = knotsMs[0] ?? 0
  else if (x >= (knotsX[n - 1] ?? 0)) ms = knotsMs[n - 1] ?? 0
  else {
    let lo = 0
    let hi = n - 1
    while (hi - lo > 1) {
      const mid = (lo + hi) >> 1
      if ((knotsX[mid] ?? 0) <= x) lo = mid
      else hi = mid
    }
    const xa = knotsX[lo] ?? 0
    const xb = knotsX[hi] ?? 0
    const m0 = knotsMs[lo] ?? 0
    const m1 = knotsMs[hi] ?? 0
    ms = xb === xa ? m0 : m0 + ((x - xa) / (xb - xa)) * (m1 - m0)
  }
  return Math.round(Math.min(model.endMs, Math.max(0, ms)))
}
