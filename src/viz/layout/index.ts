/** The diagram's pure layout: run → coordinates. No DOM, no React. */
export type { LayoutInput, LayoutOptions } from './layoutDiagram'
export { layoutDiagram } from './layoutDiagram'
export type * from './types'
export { textWidthPx, wrapText } from './text'
export { FINDING_WORDS } from './findings'

import type { DiagramModel } from './types'

/** x of a moment, in px. */
export function xOfMs(model: Pick<DiagramModel, 'x0' | 'pxPerMs'>, ms: number): number {
  return model.x0 + ms * model.pxPerMs
}

/** The moment at x, clamped to the run (integer ms). */
export function msOfX(model: Pick<DiagramModel, 'x0' | 'pxPerMs' | 'endMs'>, x: number): number {
  const ms = (x - model.x0) / model.pxPerMs
  return Math.round(Math.min(model.endMs, Math.max(0, ms)))
}
export type { BarSet, BulkBars, BulkMessages } from './bulk'
export { barAt, BAR_SETS, bulkBars, bulkMessages, nearestMessage } from './bulk'
