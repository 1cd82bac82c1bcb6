/**
 * layoutDiagram: a run (with its check result and spans) and a width in px → a DiagramModel of
 * plain coordinates. Pure and deterministic; the React components only draw what it returns.
 *
 * Time runs left to right on a linear scale (the lesson is about durations: a 15 s pause against
 * a 10 s lease), lanes run top to bottom in the order clients, lock service, resources, and every
 * label is placed once, by priority, so that no two labels overlap.
 */
import type { CheckResult, Run } from '../../sim'
import { tokenText } from '../../sim'
import type { Spans, TimeView } from '../../timeline'
import { clampView, deriveSpans, isFullView, spansInView } from '../../timeline'
import { beliefBars, clientLeases, nodeBlocks, nodesWithDownBlockAt } from './clients'
import type { Ctx } from './context'
import { bandBaseline, createCtx } from './context'
import { decisionBadges, packDecisions, tokenLines } from './decisions'
import { describeDiagram } from './describe'
import type { DangerWindowInput } from './dangerWindows'
import { dangerBands, dangerRows, dangerWords } from './dangerWindows'
import { faultMarkers, partitionBands } from './faults'
import { findingMarkers } from './findings'
import type { LaneSpec, Metrics } from './geometry'
import { axisLabels } from './axis'
import { clearBarTexts } from './barText'
import { clampWidth, gutterWidthPx, laneSpecs, metricsFor, roleLines } from './geometry'
import { timedLabels } from './cursor'
import { placeLabelSteps, round } from './labels'
import { legendKinds, layoutLegend } from './legend'
import { lockDelays, leaseEnds, lockHolds } from './lock'
import { messageArrows } from './messages'
import type { TimeMode } from './scale'
import { planAxisSteps } from './scale'
import type { Steps } from './steps'
import { finish } from './steps'
import { textWidthPx } from './text'
import type { DiagramModel, Lane, LaneLabel, PlacedLabel } from './types'

/** Above this many messages per px of time axis, arrows are drawn thin and light. */
const DENSE_MESSAGES_PER_PX = 0.35
/**
 * Above this many, plain arrows that would cover the same pixels are one arrow in the model: the
 * layout's cost then follows the figure's size, not the run's length (a 2M-event run has a
 * million messages on a thousand px). Below it (the 5k-event run has about 2 per px), every
 * message keeps its own arrow for pointers and the keyboard.
 */
const COARSE_MESSAGES_PER_PX = 8

export interface LayoutOptions {
  /** Draw the key to the marks under the axis (default true). */
  legend?: boolean
  /** A visible title (and subtitle) above the figure, for standalone SVG. */
  header?: { title: string; subtitle?: string } | null
  /**
   * The time axis: 'auto' (default) folds idle stretches and spreads close events wherever the
   * to-scale axis would draw two event times closer than they can be told apart; 'folded' always
   * does; 'to-scale' draws true proportions.
   */
  time?: TimeMode
  /**
   * Other runs drawn beside this one (the compare view): the figures then share their lane
   * positions, their left column and their time axis, so the same moment and the same lane line
   * up across them. Each figure still draws only its own run.
   */
  alignWith?: readonly AlignRun[]
  /**
   * The visible stretch of time (zoom and pan): only it is mapped onto the plot and only the
   * marks touching it are drawn. Absent, null or the whole run: the full layout.
   */
  view?: TimeView | null
  /**
   * A real system's danger windows in this run (from its profile, src/systems): drawn as
   * labelled bands in a strip above the findings. Absent or empty: no strip.
   */
  dangerWindows?: readonly DangerWindowInput[]
}

export interface AlignRun {
  run: Run
  findings: CheckResult
  spans?: Spans
}

export interface LayoutInput {
  run: Run
  findings: CheckResult
  /** Derived from the run when absent. */
  spans?: Spans
  widthPx: number
  options?: LayoutOptions
}

export function layoutDiagram(input: LayoutInput): DiagramModel {
  return finish(layoutDiagramSteps(input))
}

/**
 * layoutDiagram in steps (see steps.ts): the live diagram lays a heavy run out a few
 * milliseconds at a time. Same input, same model.
 */
export function* layoutDiagramSteps(input: LayoutInput): Steps<DiagramModel> {
  const { run, findings } = input
  const allSpans = input.spans ?? deriveSpans(run)
  const view = windowOf(input.options?.view, run, input.options?.alignWith)
  const spans = view === null ? allSpans : spansInView(allSpans, view)
  const widthPx = clampWidth(input.widthPx)
  const m = metricsFor(widthPx)
  const specs = laneSpecs(run.scenario)
  const others = (input.options?.alignWith ?? []).map((o) => ({
    ...o,
    spans: windowed(o.spans ?? deriveSpans(o.run), view),
  }))
  const gutter = m.compact
    ? compactGutterPx([specs, ...others.map((o) => laneSpecs(o.run.scenario))], m, widthPx)
    : Math.max(
        gutterWidthPx(specs, m, widthPx),
        ...others.map((o) => gutterWidthPx(laneSpecs(o.run.scenario), m, widthPx)),
      )
  const left = gutter
  const x0 = left + (m.compact ? 10 : 14)
  const x1 = widthPx - (m.compact ? 16 : 28)
  const right = widthPx - 3
  const endMs = Math.max(run.endMs, 1)
  let axisEndMs = endMs
  for (const o of others) axisEndMs = Math.max(axisEndMs, o.run.endMs)
  const plan = yield* planAxisSteps({
    events: [run.events, ...others.map((o) => o.run.events)],
    ...(view === null ? {} : { fromMs: view.fromMs }),
    endMs: view === null ? axisEndMs : view.toMs,
    x0,
    x1,
    mode: input.options?.time ?? 'auto',
    minGapPx: m.minGapPx,
    foldPx: m.foldPx,
  })
  const time = plan.scale

  // Decided before the lanes are: the pack of the resources' decisions needs it.
  const messagesPerPx = spans.messages.length / Math.max(1, x1 - x0)
  const dense = messagesPerPx > DENSE_MESSAGES_PER_PX
  const coarse = messagesPerPx > COARSE_MESSAGES_PER_PX
  const packed = packDecisions({ spans, findings, m, time, left, right, coarse })
  // Aligned figures give each resource lane as many badge rows as the fullest of them needs.
  for (const o of others) {
    const theirs = packDecisions({
      spans: o.spans,
      findings: o.findings,
      m,
      time,
      left,
      right,
      coarse,
    })
    for (const [node, p] of theirs) {
      const mine = packed.get(node)
      if (mine === undefined) packed.set(node, { rows: p.rows, items: [] })
      else if (p.rows > mine.rows) mine.rows = p.rows
    }
  }

  let y = 0
  let header: DiagramModel['header'] = null
  const headerInput = input.options?.header ?? null
  if (headerInput !== null) {
    header = {
      title: {
        x: left === 0 ? 4 : m.compact ? 4 : 10,
        y: m.titleFontPx + 4,
        anchor: 'start',
        text: headerInput.title,
        className: 'fl-header-title',
        fontPx: m.titleFontPx,
        bold: true,
      },
      subtitle:
        headerInput.subtitle === undefined
          ? null
          : {
              x: m.compact ? 4 : 10,
              y: m.titleFontPx + 4 + m.fontPx + 6,
              anchor: 'start',
              text: headerInput.subtitle,
              className: 'fl-header-subtitle',
              fontPx: m.fontPx,
              bold: false,
            },
    }
    y = header.subtitle === null ? m.titleFontPx + 12 : m.titleFontPx + m.fontPx + 18
  }
  y += 4
  const danger = dangerRows(input.options?.dangerWindows ?? [], view)
  const dangerStrip = { y0: y, rowPx: m.smallFontPx + 10 }
  if (danger.length > 0) y += dangerStrip.rowPx * (Math.max(...danger.map((d) => d.row)) + 1)
  const findingsRow = { y0: y, y1: y + m.findingsRowPx, markerY: y + 11 }
  y += m.findingsRowPx + 2

  // Resources with a highest-token line (in this run or an aligned one) get a band for it.
  const stepBands = new Set<string>()
  for (const scenario of [run.scenario, ...others.map((o) => o.run.scenario)]) {
    for (const r of scenario.resources) if (r.fencing !== 'none') stepBands.add(r.id)
  }
  const lanes = new Map<string, Lane>()
  // A phone shows a service of several nodes (Redlock's five) with tighter lock lanes, so the
  // stage still fits the first screen: their bars carry one short label and their flags are few.
  const tightLocks = m.compact && specs.filter((s) => s.kind === 'lock').length > 1
  specs.forEach((spec, i) => {
    const prev = specs[i - 1]
    if (prev !== undefined && prev.kind !== spec.kind) y += m.groupGapPx
    const lane = stackLane(spec, y, m, packed.get(spec.node)?.rows ?? 1, stepBands, i, tightLocks)
    lanes.set(spec.node, lane)
    y = lane.y1
  })
  const lanesBottom = y

  const ctx = createCtx({
    m,
    run,
    findings,
    spans,
    widthPx,
    endMs,
    x0,
    x1,
    time,
    left,
    right,
    lanes,
    dense,
    coarse,
  })
  // Bars own their zone on client and lock lanes: labels go in the bands above and below.
  for (const lane of lanes.values()) {
    if (lane.kind === 'resource') continue
    ctx.occupancy.add({
      x0: 0,
      y0: lane.yc - lane.barHalf,
      x1: widthPx,
      y1: lane.yc + lane.barHalf,
    })
  }
  const notes: PlacedLabel[] = []
  const laneLabels = labelLanes(ctx, specs)

  const leases = yield* clientLeases(ctx)
  yield
  const beliefs = beliefBars(ctx)
  const blocks = nodeBlocks(ctx)
  yield
  const holds = yield* lockHolds(ctx)
  yield
  const ends = leaseEnds(ctx, holds)
  const delays = yield* lockDelays(ctx)
  yield
  const messages = yield* messageArrows(ctx)
  yield
  clearBarTexts(holds, messages, 'fl-hold-text', (bar) => tokenText(bar.token))
  clearBarTexts(leases, messages, 'fl-lease-text', () => null)
  yield
  const { badges, links } = decisionBadges(ctx, packed)
  yield
  const lines = tokenLines(ctx)
  yield
  const found = findingMarkers(ctx, findingsRow, view)
  const { markers, bands } = view === null ? found : findingsInView(found, view)
  const faults = faultMarkers(ctx, nodesWithDownBlockAt(blocks))
  const partitions = partitionBands(ctx)
  const dangerWindows = dangerBands(ctx, danger, dangerStrip, lanesBottom, view)
  stepCaptions(ctx, notes)
  yield
  yield* placeLabelSteps(ctx.requests, ctx.occupancy)
  yield

  const axisY = lanesBottom + 4
  const { ticks, breaks } =
    view === null
      ? axisLabels(plan, axisEndMs, x0, x1, m.smallFontPx, left, right)
      : axisLabels(plan, view.toMs, x0, x1, m.smallFontPx, left, right, view.fromMs)
  let bottom = axisY + m.axisPx
  const present = {
    leases,
    beliefs,
    blocks,
    messages,
    decisions: badges,
    tokenLines: lines,
    lockDelays: delays,
    partitions,
    findings: markers,
    dangerWindows,
  }
  let legend: DiagramModel['legend'] = []
  if (input.options?.legend !== false) {
    const laid = layoutLegend(
      legendKinds(present),
      m.compact ? 6 : 10,
      widthPx - 6,
      bottom,
      m.legendRowPx,
      m.smallFontPx,
    )
    legend = laid.items
    bottom = laid.bottom
  }

  return {
    widthPx,
    heightPx: Math.ceil(bottom + 6),
    compact: m.compact,
    dense,
    fontPx: m.fontPx,
    smallFontPx: m.smallFontPx,
    endMs,
    time,
    toScale: plan.toScale,
    x0,
    x1,
    plot: { x0: left, y0: dangerStrip.y0, x1: widthPx, y1: lanesBottom },
    header,
    dangerWindows,
    findingsRow: {
      ...findingsRow,
      label:
        m.compact || markers.length === 0
          ? null
          : {
              x: 10,
              y: round(findingsRow.markerY + m.smallFontPx * 0.36),
              anchor: 'start',
              text: 'findings',
              className: 'fl-row-label',
              fontPx: m.smallFontPx,
              bold: false,
            },
    },
    axis: { y: axisY, ticks, breaks },
    lanes: [...lanes.values()],
    laneLabels,
    leases,
    beliefs,
    holds,
    leaseEnds: ends,
    lockDelays: delays,
    blocks,
    messages,
    decisions: badges,
    links,
    tokenLines: lines,
    findings: markers,
    findingBands: bands,
    faults,
    partitions,
    legend,
    notes,
    timedLabels: timedLabels({ messages, decisions: badges, faults, findings: markers }),
    description: [
      describeDiagram(run, findings, spans, specs),
      dangerWords(input.options?.dangerWindows ?? []),
    ]
      .filter((d) => d !== null)
      .join(' '),
  }
}

function stackLane(
  spec: LaneSpec,
  y0: number,
  m: Metrics,
  rows: number,
  stepBands: ReadonlySet<string>,
  i: number,
  tightLocks: boolean,
): Lane {
  const tight = tightLocks && spec.kind === 'lock'
  const top = tight ? m.laneTopPx - 6 : m.laneTopPx
  if (spec.kind === 'client' || spec.kind === 'lock') {
    const half = spec.kind === 'client' ? m.clientHalfPx : tight ? m.lockHalfPx - 1 : m.lockHalfPx
    const bottom =
      spec.kind === 'client' ? m.laneBottomPx : tight ? m.laneBottomPx - 10 : m.laneBottomPx - 2
    return {
      ...laneBase(spec, i),
      y0,
      yc: y0 + top + half,
      y1: y0 + top + 2 * half + bottom,
      barHalf: half,
      stepBand: null,
    }
  }
  const half = m.resourceHalfPx
  const yc = y0 + top + half
  const lastRow = yc + (rows - 1) * m.rowPx
  let y = lastRow + m.badgeHeightPx / 2 + m.smallFontPx + 5
  let stepBand: Lane['stepBand'] = null
  if (stepBands.has(spec.node)) {
    stepBand = { y0: y, y1: y + m.stepBandPx }
    y += m.stepBandPx
  }
  return { ...laneBase(spec, i), y0, yc, y1: y + 4, barHalf: half, stepBand }
}

function laneBase(spec: LaneSpec, i: number) {
  return {
    node: spec.node,
    kind: spec.kind,
    title: spec.title,
    role: spec.role,
    hue: spec.hue,
    shaded: i % 2 === 1,
  }
}

function labelLanes(ctx: Ctx, specs: LaneSpec[]): LaneLabel[] {
  const { m } = ctx
  const out: LaneLabel[] = []
  for (const spec of specs) {
    const lane = ctx.lanes.get(spec.node)
    if (lane === undefined) continue
    if (m.compact) {
      // Phone layout: the name, and the role under it where it fits, in a narrow left column.
      // Never inside the plot: there arrows and marks would cross them and the veil over the
      // future would cut them ("atom|").
      const role = spec.role[0]
      const linePx = m.smallFontPx + 1
      const fits =
        role !== undefined &&
        textWidthPx(role, m.smallFontPx) <= ctx.left - 6 &&
        m.fontPx + linePx + 4 <= lane.y1 - lane.y0
      const y = round(lane.yc + m.fontPx * 0.36 - (fits ? linePx / 2 : 0))
      out.push({
        node: spec.node,
        lines: [
          { text: spec.title, x: 4, y, className: 'fl-lane-title' },
          ...(fits ? [{ text: role, x: 4, y: round(y + linePx), className: 'fl-lane-role' }] : []),
        ],
      })
      continue
    }
    const roles = roleLines(spec.role, m.smallFontPx, ctx.left - 20, spec.kind === 'lock' ? 2 : 2)
    const titlePx = m.fontPx + 1
    const linePx = m.smallFontPx + 2
    const blockPx = titlePx + roles.length * linePx
    const titleY = round(lane.yc - blockPx / 2 + titlePx * 0.82)
    out.push({
      node: spec.node,
      lines: [
        { text: spec.title, x: 10, y: titleY, className: 'fl-lane-title' },
        ...roles.map((text, i) => ({
          text,
          x: 10,
          y: round(titleY + (i + 1) * linePx + 1),
          className: 'fl-lane-role',
        })),
      ],
    })
  }
  return out
}

/** The view to lay out, or null for the whole run (no view, or one that covers it). */
function windowOf(
  view: TimeView | null | undefined,
  run: Run,
  others: readonly AlignRun[] | undefined,
): TimeView | null {
  if (view == null) return null
  const endMs = Math.max(run.endMs, 1, ...(others ?? []).map((o) => o.run.endMs))
  return isFullView(view, endMs) ? null : clampView(view, endMs)
}

function windowed(spans: Spans, view: TimeView | null): Spans {
  return view === null ? spans : spansInView(spans, view)
}

/** Findings in the window keep their index (the diagram activates findings by it). */
function findingsInView(
  found: ReturnType<typeof findingMarkers>,
  view: TimeView,
): ReturnType<typeof findingMarkers> {
  const markers = found.markers.filter(
    (f) => f.finding.atMs >= view.fromMs && f.finding.atMs <= view.toMs,
  )
  const kept = new Set(markers.map((f) => `fband-${f.index}-`))
  const bands = found.bands.filter((b) => [...kept].some((k) => b.key.startsWith(k)))
  return { markers, bands }
}

/** Phone layout: a left column just wide enough for the lane names (at most a fifth of the width). */
function compactGutterPx(specLists: LaneSpec[][], m: Metrics, widthPx: number): number {
  let widest = 0
  for (const specs of specLists) {
    for (const s of specs) widest = Math.max(widest, textWidthPx(s.title, m.fontPx, true))
  }
  return Math.round(Math.min(widthPx * 0.2, widest + 8))
}

/** "highest token" next to each step band, in the left column (on a phone only where it fits). */
function stepCaptions(ctx: Ctx, notes: PlacedLabel[]): void {
  for (const lane of ctx.lanes.values()) {
    if (lane.stepBand === null) continue
    const y = bandBaseline(lane.stepBand.y0, lane.stepBand.y1, ctx.m.smallFontPx)
    if (!ctx.m.compact) {
      notes.push({
        x: 10,
        y,
        anchor: 'start',
        text: 'highest token',
        className: 'fl-note',
        fontPx: ctx.m.smallFontPx,
        bold: false,
      })
      continue
    }
    // Phone layout: in the left column if it fits there, else left to the legend ("highest token
    // seen"): inside the plot it would be crossed by arrows and cut by the veil over the future.
    if (textWidthPx('highest token', ctx.m.smallFontPx) <= ctx.left - 6) {
      notes.push({
        x: 4,
        y,
        anchor: 'start',
        text: 'highest token',
        className: 'fl-note',
        fontPx: ctx.m.smallFontPx,
        bold: false,
      })
    }
  }
}
