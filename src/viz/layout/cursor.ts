/**
 * Where the future begins on the drawing. A cursor at a moment shows that moment's events whole:
 * a "× 41" badge, its "41 < 42" reason or a finding marker reaches to the right of its instant, so
 * the veil over the future starts after the rightmost of them, not at the cursor line.
 */
import { xOfMs } from './scale'
import type { DiagramModel, PlacedLabel } from './types'
import { textWidthPx } from './text'

function labelRight(label: PlacedLabel | null): number {
  if (label === null) return -Infinity
  const w = textWidthPx(label.text, label.fontPx, label.bold)
  return label.anchor === 'start'
    ? label.x + w
    : label.anchor === 'middle'
      ? label.x + w / 2
      : label.x
}

/** The x at which marks of events after `ms` begin to be veiled (≥ the cursor's own x). */
export function futureStartX(
  model: Pick<DiagramModel, 'decisions' | 'findings' | 'faults' | 'time' | 'endMs'>,
  ms: number,
): number {
  const x = xOfMs(model, ms)
  let right = x
  for (const d of model.decisions) {
    if (d.atMs > ms) continue
    right = Math.max(right, d.pip ? d.cx + 3 : d.cx + d.w / 2 + 1, labelRight(d.reason))
  }
  for (const f of model.findings) {
    if (f.finding.atMs > ms) continue
    right = Math.max(right, f.x + 9, labelRight(f.label))
  }
  for (const f of model.faults) {
    if (f.atMs > ms) continue
    right = Math.max(right, f.x + 7, labelRight(f.label))
  }
  return right
}
