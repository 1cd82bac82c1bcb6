/**
 * Which windows of a zoomed-in diagram have their marks mounted, and which one shows. A dense
 * window's marks are about a thousand SVG elements; a page turn that had to create them took two
 * frames (the 5k-event run's zoomed scrub: p95 33 ms). So the windows a turn leads to are
 * mounted ahead, hidden, in idle time, and a turn only shows one and hides another.
 *
 * Each mounted window is a slot with a stable key (React keeps its elements while the key
 * stays). The LIVE slot draws whatever view is not prepared (a zoom, a pan, a glide's frames,
 * the whole run): moving it diffs its marks, as a single diagram always did. Pure: the hook
 * (`useDiagramLayout`) keeps the slots in state and asks these functions what to draw and what
 * to mount next.
 */
import type { TimeView } from '../timeline'
import type { DiagramModel } from './layout'

export interface WindowSlot {
  key: string
  view: TimeView | null
  model: DiagramModel
}

export interface MarkWindow extends WindowSlot {
  /** The window on screen (the others are hidden and inert). */
  active: boolean
}

/** The key of the slot that draws unprepared views. */
export const LIVE = 'live'

export const viewKey = (view: TimeView | null): string =>
  view === null ? 'all' : `${view.fromMs}:${view.toMs}`

const sameView = (a: TimeView | null, b: TimeView | null) => viewKey(a) === viewKey(b)

/**
 * The windows to draw for `view`. `slots` were mounted for the current layouts, unless `stale`
 * (the run, width or axis changed since): then only the view is drawn, under the key it had, so
 * an edit redraws the window on screen by diffing it rather than creating it anew.
 * `layoutOf` lays a view out (or returns the cached layout); it is not called for a prepared one.
 */
export function shownWindows(
  slots: readonly WindowSlot[],
  stale: boolean,
  view: TimeView | null,
  layoutOf: (view: TimeView | null) => DiagramModel,
): MarkWindow[] {
  const same = slots.find((s) => sameView(s.view, view))
  if (stale) return [{ key: same?.key ?? LIVE, view, model: layoutOf(view), active: true }]
  if (same !== undefined) return slots.map((s) => ({ ...s, active: s === same }))
  // Not prepared: the live slot draws it (created if no slot is live).
  const model = layoutOf(view)
  const shown = slots.map((s) =>
    s.key === LIVE ? { key: LIVE, view, model, active: true } : { ...s, active: false },
  )
  return shown.some((s) => s.active) ? shown : [{ key: LIVE, view, model, active: true }, ...shown]
}

/** The first window of `ahead` that has no slot among `slots`. */
export function missingWindow(
  slots: readonly WindowSlot[],
  ahead: readonly TimeView[],
): TimeView | undefined {
  return ahead.find((v) => !slots.some((s) => sameView(s.view, v)))
}

/**
 * The next step of preparing `ahead` (the windows a turn from the shown one leads to), or null
 * when all are mounted: the slots to keep, in the order they were, plus at most one new window
 * (one mount per idle slice). The shown window stays mounted under its key; slots for views that
 * are neither shown nor ahead are let go.
 */
export function nextSlots(
  shown: readonly MarkWindow[],
  ahead: readonly TimeView[],
  layoutOf: (view: TimeView) => DiagramModel,
): WindowSlot[] | null {
  const wanted = (s: MarkWindow) => s.active || ahead.some((v) => sameView(v, s.view))
  const kept: WindowSlot[] = shown
    .filter(wanted)
    .map(({ key, view, model }) => ({ key, view, model }))
  const missing = missingWindow(kept, ahead)
  if (missing === undefined) return kept.length === shown.length ? null : kept
  const key = viewKey(missing)
  // A window's key is its view's, so no two slots share one (the live slot's is not a view's).
  return [...kept, { key, view: missing, model: layoutOf(missing) }]
}
