/**
 * A real system's danger windows on the timeline: the stretches of the run in which the system's
 * guarantee does not hold ("a paused leader keeps acting for up to RenewDeadline"), as the system
 * profile derived them from its parameters (src/systems, the same windows its captions state).
 * Each is a hatched band in a row of its own above the findings, labelled with a few words and its
 * length, with a faint column and dashed edges down through the lanes so the reader sees which
 * moments it covers. The layout draws what it is given; it never derives a window itself.
 */
import { formatMs } from '../../sim'
import type { DangerWindowSpan, TimeView } from '../../timeline'
import type { Ctx } from './context'
import { bandBaseline, PRIORITY, requestLabel, xOf } from './context'
import { round } from './labels'
import { shortDurationText, textWidthPx } from './text'
import type { DangerBand } from './types'

/** A danger window with times in this run; the layout adds its length to the label. */
export type DangerWindowInput = DangerWindowSpan

/** Narrowest band drawn, so a window of a few ms is still seen (its label says how long). */
const MIN_BAND_PX = 3

/** Rows of the danger strip: windows that overlap on the time axis get a row each. */
export function dangerRows(
  windows: readonly DangerWindowInput[],
  view: TimeView | null,
): { window: DangerWindowInput; row: number }[] {
  const rowEnds: number[] = []
  const out: { window: DangerWindowInput; row: number }[] = []
  const shown = windows
    .filter((w) => w.toMs > w.fromMs && inView(w, view))
    .sort((a, b) => a.fromMs - b.fromMs || a.toMs - b.toMs)
  for (const w of shown) {
    let row = rowEnds.findIndex((end) => end <= w.fromMs)
    if (row === -1) row = rowEnds.length
    rowEnds[row] = w.toMs
    out.push({ window: w, row })
  }
  return out
}

function inView(w: DangerWindowInput, view: TimeView | null): boolean {
  return view === null || (w.toMs >= view.fromMs && w.fromMs <= view.toMs)
}

/** The band's label: its words and how long it lasts. */
export function dangerLabelText(w: DangerWindowInput): string {
  return `${w.label} · ${shortDurationText(w.toMs - w.fromMs)}`
}

export function dangerBands(
  ctx: Ctx,
  rows: readonly { window: DangerWindowInput; row: number }[],
  strip: { y0: number; rowPx: number },
  plotBottom: number,
  view: TimeView | null,
): DangerBand[] {
  const { m } = ctx
  const stripBottom = strip.y0 + strip.rowPx * (Math.max(-1, ...rows.map((r) => r.row)) + 1)
  return rows.map(({ window: w, row }, i) => {
    const fromMs = view === null ? w.fromMs : Math.max(w.fromMs, view.fromMs)
    const toMs = view === null ? w.toMs : Math.min(w.toMs, view.toMs)
    const x0 = xOf(ctx, fromMs)
    const x1 = Math.max(xOf(ctx, toMs), x0 + MIN_BAND_PX)
    const y0 = round(strip.y0 + row * strip.rowPx + 2)
    const y1 = round(strip.y0 + (row + 1) * strip.rowPx - 2)
    const band: DangerBand = {
      key: `danger-${i}`,
      id: w.id,
      fromMs: w.fromMs,
      toMs: w.toMs,
      x0,
      x1,
      y0,
      y1,
      spanY0: round(stripBottom),
      spanY1: round(plotBottom),
      label: null,
      title: `Danger window, ${formatMs(w.fromMs)}–${formatMs(w.toMs)}: ${w.words}`,
    }
    const text = dangerLabelText(w)
    const y = bandBaseline(y0, y1, m.smallFontPx)
    const fitsInside = textWidthPx(text, m.smallFontPx, true) + 8 <= x1 - x0
    requestLabel(ctx, {
      text,
      priority: PRIORITY.finding + 10,
      candidates: [
        ...(fitsInside ? [{ x: x0 + 4, y, anchor: 'start' as const }] : []),
        { x: x1 + 4, y, anchor: 'start' },
        { x: x0 - 4, y, anchor: 'end' },
        // Failing that, the words alone (the length is in the tooltip and the description).
        { x: x1 + 4, y, anchor: 'start', text: w.label },
        { x: x0 - 4, y, anchor: 'end', text: w.label },
      ],
      bounds: { x0: ctx.left, y0: y0 - 2, x1: ctx.right, y1: y1 + 2 },
      className: 'fl-danger-label',
      assign: (label) => (band.label = label),
    })
    return band
  })
}

/** The windows in words, for the figure's description. */
export function dangerWords(windows: readonly DangerWindowInput[]): string | null {
  const timed = windows.filter((w) => w.toMs > w.fromMs)
  if (timed.length === 0) return null
  return `Danger windows of the system modelled: ${timed
    .map((w) => `${w.label}, ${formatMs(w.fromMs)} to ${formatMs(w.toMs)}`)
    .join('; ')}.`
}
