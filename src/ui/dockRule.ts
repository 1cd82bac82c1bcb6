/**
 * When the lab page shows its story bar (StageDock.tsx): a compact bar at the top of the window
 * with the caption line and the story's transport, for a reader who has scrolled on to the panels
 * and the event log. It replaces nothing and moves nothing: the stage stays where it is, whole,
 * so every control in it stays in the page's tab order. It shows only once the stage has gone
 * under the bar's band at the top of the window (so it never covers the stage), and only where
 * the window is tall enough for a bar to leave the panels most of the screen. Pure: the hook
 * measures, this decides.
 */

/** A window lower than this (a phone held sideways) keeps its whole height for the panels. */
export const MIN_VIEWPORT_PX = 480
/** The most of the window's height the bar may take. */
export const MAX_DOCK_SHARE = 0.25

/** Whether this window has room for the bar at all (the page keeps room for it when it does). */
export function dockFits(viewportHeightPx: number, dockHeightPx: number): boolean {
  return (
    viewportHeightPx >= MIN_VIEWPORT_PX &&
    dockHeightPx > 0 &&
    dockHeightPx <= MAX_DOCK_SHARE * viewportHeightPx
  )
}

export interface DockMeasure {
  /** The bottom of the stage (its transport) relative to the top of the window. */
  stageBottomPx: number
  dockHeightPx: number
  viewportHeightPx: number
}

/** Whether the bar shows: it fits, and the stage has scrolled up under (or past) its band. */
export function dockShown(m: DockMeasure): boolean {
  return dockFits(m.viewportHeightPx, m.dockHeightPx) && m.stageBottomPx < m.dockHeightPx
}
