/** The diagram's pure layout: run → coordinates. No DOM, no React. */
export type { AlignRun, LayoutInput, LayoutOptions } from './layoutDiagram'
export { layoutDiagram, layoutDiagramSteps } from './layoutDiagram'
export type { Steps } from './steps'
export { finish } from './steps'
export type * from './types'
export { textWidthPx, wrapText } from './text'
export { FINDING_WORDS } from './findings'
export type { DangerWindowInput } from './dangerWindows'

export type { TimeMode } from './scale'
export { msOfX, planAxis, xOfMs } from './scale'
export type { VeilStep } from './cursor'
export {
  futureStartX,
  timedLabels,
  VEIL_TILE_PX,
  veilEdgeEndX,
  veilPath,
  veilSteps,
  veilTileXs,
} from './cursor'
export type { PlayheadPill } from './playhead'
export { clampCursorMs, labelsUnderPill, playheadPill } from './playhead'
export type { BarSet, BulkBars, BulkMessages, BulkPips } from './bulk'
export {
  barAt,
  BAR_SETS,
  bulkBars,
  bulkMessageSteps,
  bulkMessages,
  bulkPips,
  nearestMessage,
} from './bulk'
export type { TimeView } from '../../timeline'
export {
  clampView,
  isFullView,
  MIN_VIEW_MS,
  panView,
  panViewByPx,
  viewAround,
  ZOOM_STEP,
  zoomView,
} from '../../timeline'
