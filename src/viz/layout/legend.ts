/**
 * The key to the figure: one swatch and a few words per kind of mark, only for the kinds this
 * run actually draws (plus the basics), flowed into as many rows as the width needs.
 */
import { textWidthPx } from './text'
import type { DiagramModel, LegendItem, LegendKind } from './types'

const SWATCH_PX = 18
const GAP_PX = 5
const SPACING_PX = 16

const WORDS: Record<LegendKind, string> = {
  danger: 'danger window (system)',
  lease: 'lease (lock service)',
  belief: 'belief (client)',
  stale: 'believes after its lease ended',
  paused: 'paused',
  down: 'down',
  message: 'message',
  delayed: 'delayed',
  queued: 'queued at a paused node',
  lost: 'lost',
  accepted: 'write accepted',
  rejected: 'write rejected',
  duplicate: 'repeat, absorbed',
  step: 'highest token seen',
  'lock-delay': 'lock-delay',
  partition: 'partition',
  violation: 'violation',
  warning: 'warning',
}

type Present = Pick<
  DiagramModel,
  | 'leases'
  | 'beliefs'
  | 'blocks'
  | 'messages'
  | 'decisions'
  | 'tokenLines'
  | 'lockDelays'
  | 'partitions'
  | 'findings'
  | 'dangerWindows'
>

export function legendKinds(model: Present): LegendKind[] {
  const kinds: LegendKind[] = ['lease', 'belief']
  if (model.dangerWindows.length > 0) kinds.unshift('danger')
  if (model.beliefs.some((b) => b.stale !== null)) kinds.push('stale')
  if (model.blocks.some((b) => b.kind === 'paused')) kinds.push('paused')
  if (model.blocks.some((b) => b.kind === 'down')) kinds.push('down')
  if (model.messages.length > 0) kinds.push('message')
  if (model.messages.some((m) => m.style === 'delayed')) kinds.push('delayed')
  if (model.messages.some((m) => m.queued !== null)) kinds.push('queued')
  if (model.messages.some((m) => m.style === 'lost')) kinds.push('lost')
  if (model.decisions.some((d) => d.outcome === 'accepted' || d.outcome === 'applied'))
    kinds.push('accepted')
  if (model.decisions.some((d) => d.outcome === 'rejected')) kinds.push('rejected')
  if (model.decisions.some((d) => d.outcome === 'duplicate')) kinds.push('duplicate')
  if (model.tokenLines.some((t) => t.d !== '')) kinds.push('step')
  if (model.lockDelays.length > 0) kinds.push('lock-delay')
  if (model.partitions.length > 0) kinds.push('partition')
  if (model.findings.some((f) => f.severity === 'violation')) kinds.push('violation')
  if (model.findings.some((f) => f.severity === 'warning')) kinds.push('warning')
  return kinds
}

/** Lays the items out in rows from (x0, y0); returns the items and the y below the last row. */
export function layoutLegend(
  kinds: LegendKind[],
  x0: number,
  x1: number,
  y0: number,
  rowPx: number,
  fontPx: number,
): { items: LegendItem[]; bottom: number } {
  const items: LegendItem[] = []
  let x = x0
  let y = y0
  for (const kind of kinds) {
    const text = WORDS[kind]
    const w = SWATCH_PX + GAP_PX + textWidthPx(text, fontPx)
    if (x > x0 && x + w > x1) {
      x = x0
      y += rowPx
    }
    items.push({ kind, text, x: Math.round(x), y, textX: Math.round(x + SWATCH_PX + GAP_PX) })
    x += w + SPACING_PX
  }
  return { items, bottom: kinds.length === 0 ? y0 : y + rowPx }
}
