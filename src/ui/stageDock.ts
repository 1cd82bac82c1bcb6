/**
 * How the lab's stage stays with a reader who scrolls down to the panels and the event log. The
 * caption, the diagram and the transport are one stage: while its top is above the screen it is
 * docked. On a wide screen the whole stage (less its option rows) pins to the top, as long as it
 * leaves the panels enough room to be read; otherwise (a phone, the two compare figures, a short
 * window) only the transport and the scrubber pin to the bottom, so stepping still works while
 * reading the state and nothing important is covered. Pure: the hook measures, this decides.
 */

export type StageDock = 'none' | 'stage' | 'bar'

/** The most of the window a pinned stage may take: the rest is for the panels it explains. */
export const MAX_DOCKED_SHARE = 0.66

export interface StageMeasure {
  /** Where the stage's own place in the page begins, relative to the top of the window. */
  stageTopPx: number
  /** The height the stage would have pinned (without its option rows). */
  dockedHeightPx: number
  viewportHeightPx: number
  /** A phone-sized window: the stage never pins whole there. */
  narrow: boolean
}

export function stageDock(m: StageMeasure): StageDock {
  // Still in its place (or not yet measured): the stage is drawn where it is.
  if (!(m.stageTopPx < 0)) return 'none'
  if (m.narrow) return 'bar'
  return m.dockedHeightPx <= MAX_DOCKED_SHARE * m.viewportHeightPx ? 'stage' : 'bar'
}
