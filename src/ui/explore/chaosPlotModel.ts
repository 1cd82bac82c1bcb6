/**
 * The chaos summary plot as plain geometry (d3 for the math only; React draws it): violations per
 * 1,000 runs, grouped by kind ("any violation" first), one bar for fencing on and one for off.
 */
import { max } from 'd3-array'
import { scaleBand, scaleLinear } from 'd3-scale'
import type { ChaosProgress, ChaosSide } from '../../explore'
import { CHAOS_SIDES } from '../../explore/chaos'
import type { ViolationKind } from '../../sim'
import { VIOLATION_KINDS } from '../../sim'
import { VIOLATION_SHORT } from './labels'

export type PlotKind = 'any' | ViolationKind

export interface PlotBar {
  side: ChaosSide
  x: number
  y: number
  width: number
  height: number
  /** Runs with at least one violation of the kind. */
  count: number
  /** Per 1,000 runs. */
  rate: number
  text: string
}

export interface PlotGroup {
  kind: PlotKind
  /** The axis label, in at most two lines. */
  lines: string[]
  x: number
  center: number
  bars: PlotBar[]
}

export interface PlotModel {
  /** True when a group is too narrow for the normal label size. */
  narrow: boolean
  width: number
  height: number
  plot: { left: number; right: number; top: number; bottom: number }
  groups: PlotGroup[]
  ticks: Array<{ y: number; text: string }>
}

export const PLOT_KINDS: readonly PlotKind[] = ['any', ...VIOLATION_KINDS]

const MARGIN = { top: 22, right: 4, bottom: 40, left: 34 }

export function perThousand(count: number, runs: number): number {
  return runs === 0 ? 0 : (count * 1000) / runs
}

/** "0", "0.5", "16.5", "250". */
export function formatRate(rate: number): string {
  if (rate === 0) return '0'
  if (rate >= 100) return Math.round(rate).toLocaleString('en')
  return rate.toFixed(1)
}

export function countOf(progress: ChaosProgress, side: ChaosSide, kind: PlotKind): number {
  return kind === 'any' ? progress.failing[side] : progress.counts[side][kind]
}

export function plotLabel(kind: PlotKind): string {
  return kind === 'any' ? 'Any violation' : VIOLATION_SHORT[kind]
}

/** Splits a label into at most two lines at its middle space. */
function twoLines(label: string): string[] {
  const words = label.split(' ')
  if (words.length < 2) return [label]
  const half = Math.ceil(words.length / 2)
  return [words.slice(0, half).join(' '), words.slice(half).join(' ')]
}

export function chaosPlotModel(progress: ChaosProgress, width: number, height = 230): PlotModel {
  const plot = {
    left: MARGIN.left,
    right: Math.max(MARGIN.left + 80, width - MARGIN.right),
    top: MARGIN.top,
    bottom: height - MARGIN.bottom,
  }
  const rates = PLOT_KINDS.flatMap((kind) =>
    CHAOS_SIDES.map((side) => perThousand(countOf(progress, side, kind), progress.done)),
  )
  const y = scaleLinear()
    .domain([0, Math.max(1, max(rates) ?? 0)])
    .nice(4)
    .range([plot.bottom, plot.top])
  const x = scaleBand<PlotKind>()
    .domain(PLOT_KINDS)
    .range([plot.left, plot.right])
    .paddingInner(0.22)
    .paddingOuter(0.1)
  const inner = scaleBand<ChaosSide>()
    .domain(CHAOS_SIDES)
    .range([0, x.bandwidth()])
    .paddingInner(0.08)
  const groups = PLOT_KINDS.map((kind): PlotGroup => {
    const gx = x(kind) ?? 0
    return {
      kind,
      lines: twoLines(plotLabel(kind)),
      x: gx,
      center: gx + x.bandwidth() / 2,
      bars: CHAOS_SIDES.map((side): PlotBar => {
        const count = countOf(progress, side, kind)
        const rate = perThousand(count, progress.done)
        const top = y(rate)
        return {
          side,
          x: gx + (inner(side) ?? 0),
          y: top,
          width: inner.bandwidth(),
          height: plot.bottom - top,
          count,
          rate,
          text: formatRate(rate),
        }
      }),
    }
  })
  const ticks = y.ticks(4).map((t) => ({ y: y(t), text: y.tickFormat(4)(t) }))
  return { narrow: x.step() < 52, width, height, plot, groups, ticks }
}
