/**
 * The live diagram's layout: laid out once per run, width, axis mode and view, and — zoomed in —
 * the windows a follow turns to next (`nextFollowViews`) laid out ahead, in idle time. When a
 * scrub or playback carries the cursor past a dense window's edge, the window turns to one whose
 * layout is ready, so that frame only redraws (the 5k-event run's windows took 10–20 ms to lay
 * out, most of a frame, at the very moment the window jumped).
 *
 * Laid out ahead or on demand, a window's layout is the same pure `layoutDiagram` result. The
 * cache holds the current window and its neighbours only, and is dropped whenever anything but
 * the view changes.
 */
import { useEffect, useMemo } from 'react'
import type { CheckResult, Run } from '../sim'
import type { Spans, TimeView } from '../timeline'
import { nextFollowViews } from '../timeline'
import type { AlignRun, DangerWindowInput, DiagramModel, TimeMode } from './layout'
import { layoutDiagram } from './layout'

export interface DiagramLayoutInput {
  run: Run
  findings: CheckResult
  spans: Spans
  widthPx: number
  time: TimeMode
  alignWith: readonly AlignRun[] | undefined
  dangerWindows: readonly DangerWindowInput[] | undefined
}

const keyOf = (view: TimeView | null) => (view === null ? '' : `${view.fromMs}:${view.toMs}`)

export function useDiagramLayout(input: DiagramLayoutInput, view: TimeView | null): DiagramModel {
  const { run, findings, spans, widthPx, time, alignWith, dangerWindows } = input
  // Layouts of this run, width and axis, by view: a new map whenever any of those changes.
  const layouts = useMemo(() => {
    const byView = new Map<string, DiagramModel>()
    const get = (v: TimeView | null): DiagramModel => {
      let model = byView.get(keyOf(v))
      if (model === undefined) {
        model = layoutDiagram({
          run,
          findings,
          spans,
          widthPx,
          options: {
            time,
            ...(alignWith === undefined ? {} : { alignWith }),
            ...(v === null ? {} : { view: v }),
            ...(dangerWindows === undefined ? {} : { dangerWindows }),
          },
        })
        byView.set(keyOf(v), model)
      }
      return model
    }
    return { byView, get }
  }, [run, findings, spans, widthPx, time, alignWith, dangerWindows])
  const model = useMemo(() => layouts.get(view), [layouts, view])
  const endMs = Math.max(1, run.endMs)
  useEffect(() => {
    const ahead = view === null ? [] : nextFollowViews(view, endMs)
    // Keep only this window and the ones ahead of it.
    const keep = new Set([view, ...ahead].map(keyOf))
    for (const key of layouts.byView.keys()) if (!keep.has(key)) layouts.byView.delete(key)
    // One window per idle slice, so no slice holds the page longer than one layout; and only
    // once the view has stayed put a moment (a glide moves it every frame: nothing to prepare).
    let cancel = () => {}
    const next = (afterMs: number) => {
      const v = ahead.shift()
      if (v !== undefined) {
        cancel = whenIdle(afterMs, () => {
          layouts.get(v)
          next(0)
        })
      }
    }
    next(SETTLE_MS)
    return () => cancel()
  }, [layouts, view, endMs])
  return model
}

/** How long a view stays put before its neighbours are laid out. */
const SETTLE_MS = 120

/**
 * Runs `task` in the first idle time after `afterMs` (after 50 ms more where idle callbacks are
 * not supported); returns the function that cancels it.
 */
function whenIdle(afterMs: number, task: () => void): () => void {
  let idle: number | null = null
  const timer = setTimeout(
    () => {
      if (typeof requestIdleCallback === 'function')
        idle = requestIdleCallback(task, { timeout: 1000 })
      else task()
    },
    afterMs + (typeof requestIdleCallback === 'function' ? 0 : 50),
  )
  return () => {
    clearTimeout(timer)
    if (idle !== null) cancelIdleCallback(idle)
  }
}
