/**
 * The visible stretch of a run (zoom and pan), pure. A view is a window of true time; the layout
 * maps only the window onto the plot (folding and spreading the events inside it), and draws only
 * the marks that touch it. No view, or one covering the whole run, gives the full layout.
 */
import type { Spans } from './spans'

export interface TimeView {
  fromMs: number
  toMs: number
}

/** The narrowest window a view can zoom to. */
export const MIN_VIEW_MS = 10
/** One zoom step (a key press or a button) halves or doubles the window. */
export const ZOOM_STEP = 2

/** The view kept inside [0, endMs] and at least MIN_VIEW_MS wide (or the whole run if shorter). */
export function clampView(view: TimeView, endMs: number): TimeView {
  const end = Math.max(1, endMs)
  const span = Math.min(end, Math.max(MIN_VIEW_MS, view.toMs - view.fromMs))
  // Whole milliseconds, the width rounded once: rounding both ends apart could widen or narrow
  // a window by 1 ms when they sit on either side of a half (a follow once turned 10 ms into 11).
  const spanMs = Math.round(span)
  const fromMs = Math.max(0, Math.min(Math.round(view.fromMs), Math.floor(end) - spanMs))
  return { fromMs, toMs: fromMs + spanMs }
}

export function isFullView(view: TimeView | null | undefined, endMs: number): boolean {
  return view == null || (view.fromMs <= 0 && view.toMs >= endMs)
}

/**
 * Zoom by `factor` (> 1 zooms in) keeping `atMs` where it is in the window (the cursor, the
 * pointer or the middle).
 */
export function zoomView(
  view: TimeView | null,
  endMs: number,
  factor: number,
  atMs?: number,
): TimeView {
  const v = view ?? { fromMs: 0, toMs: endMs }
  const span = v.toMs - v.fromMs
  const at = Math.min(v.toMs, Math.max(v.fromMs, atMs ?? (v.fromMs + v.toMs) / 2))
  const share = span > 0 ? (at - v.fromMs) / span : 0.5
  const next = span / factor
  return clampView({ fromMs: at - share * next, toMs: at - share * next + next }, endMs)
}

/** Move the window by `deltaMs` (positive: later), keeping its width. */
export function panView(view: TimeView, endMs: number, deltaMs: number): TimeView {
  return clampView({ fromMs: view.fromMs + deltaMs, toMs: view.toMs + deltaMs }, endMs)
}

/**
 * Drag to pan: the content follows the pointer, so a drag of `dxPx` to the right shows earlier
 * time. The window moves by the drag's share of `widthPx` (the plot's width) of its own span; on a
 * folded axis that is the share of the window's true time, not of the pixels a fold takes.
 */
export function panViewByPx(
  view: TimeView,
  endMs: number,
  dxPx: number,
  widthPx: number,
): TimeView {
  if (!(widthPx > 0) || !Number.isFinite(dxPx)) return clampView(view, endMs)
  return panView(view, endMs, (-dxPx / widthPx) * (view.toMs - view.fromMs))
}

/**
 * A window around [fromMs, toMs] with room on each side (the story line's moments), at least
 * 20 ms wide: at gc-pause's climax, A's resume, its write's rejection and A giving up, 5 ms
 * apart, then each get a quarter of the plot.
 */
export function viewAround(fromMs: number, toMs: number, endMs: number): TimeView {
  const span = Math.max(MIN_VIEW_MS * 2, (toMs - fromMs) * 1.5)
  const mid = (fromMs + toMs) / 2
  return clampView({ fromMs: mid - span / 2, toMs: mid + span / 2 }, endMs)
}

function touches(fromMs: number, toMs: number, view: TimeView): boolean {
  return toMs >= view.fromMs && fromMs <= view.toMs
}

/** Only the marks that touch the window (the rest would pile up at its edges). */
export function spansInView(spans: Spans, view: TimeView): Spans {
  return {
    ...spans,
    leases: spans.leases.filter((s) => touches(s.fromMs, s.toMs, view)),
    beliefs: spans.beliefs.filter((s) => touches(s.fromMs, s.toMs, view)),
    nodes: spans.nodes.filter((s) => touches(s.fromMs, s.toMs, view)),
    messages: spans.messages.filter((m) =>
      touches(m.sentAtMs, m.handledAtMs ?? m.arriveAtMs ?? m.lost?.atMs ?? m.sentAtMs, view),
    ),
    decisions: spans.decisions.filter((d) => touches(d.atMs, d.atMs, view)),
    faults: spans.faults.filter((f) => touches(f.atMs, f.atMs, view)),
    partitions: spans.partitions.filter((p) => touches(p.fromMs, p.toMs, view)),
  }
}

/**
 * Where the cursor lands in a window that had to move to keep it in view, as a share of the
 * window: moving on, a quarter of the way in, so most of the window shows what comes next and a
 * little of what led to it; moving back, three quarters of the way in, the mirror image.
 */
export const FOLLOW_LEAD_SHARE = 0.25

/**
 * A cursor that left the window by at most this share of it turns a page: the window moves so
 * that the edge the cursor crossed lands FOLLOW_LEAD_SHARE in, however far the last step went.
 * So where the window goes next depends only on where it is, and the diagram can lay that window
 * out ahead of time (a dense window took longer than a frame to lay out and draw). The cursor
 * lands between a quarter and half way in.
 */
export const FOLLOW_TURN_SHARE = 0.25

/**
 * The window that keeps the cursor in view: `view` itself (the same object) while the cursor is
 * inside it, so a reader's own pan stands; once the cursor has left it, the same width moved: a
 * page turn (FOLLOW_TURN_SHARE) when the cursor is just past the edge, else so that the cursor is
 * FOLLOW_LEAD_SHARE in from the side it left by (kept inside the run, where the cursor may end up
 * nearer that edge). No view (the whole run) stays no view.
 */
export function viewFollowing(
  view: TimeView | null,
  cursorMs: number,
  endMs: number,
): TimeView | null {
  if (view === null || !Number.isFinite(cursorMs)) return view
  if (cursorMs >= view.fromMs && cursorMs <= view.toMs) return view
  const span = view.toMs - view.fromMs
  const onward = cursorMs > view.toMs
  const share = onward ? FOLLOW_LEAD_SHARE : 1 - FOLLOW_LEAD_SHARE
  const edgeMs = onward ? view.toMs : view.fromMs
  const anchorMs = Math.abs(cursorMs - edgeMs) <= FOLLOW_TURN_SHARE * span ? edgeMs : cursorMs
  const fromMs = anchorMs - share * span
  return clampView({ fromMs, toMs: fromMs + span }, endMs)
}

/**
 * The windows a follow turns to next from `view` (onward, then back): the only ones a cursor
 * leaving it by a step of less than FOLLOW_TURN_SHARE can lead to. Those that the run's ends make
 * the same as `view` are left out.
 */
export function nextFollowViews(view: TimeView, endMs: number): TimeView[] {
  const out: TimeView[] = []
  for (const cursorMs of [view.toMs + 1e-6, view.fromMs - 1e-6]) {
    if (cursorMs < 0 || cursorMs > endMs) continue
    const next = viewFollowing(view, cursorMs, endMs)
    if (next !== null && next.fromMs !== view.fromMs) out.push(next)
  }
  return out
}
