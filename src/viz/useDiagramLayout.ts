/**
 * The live diagram's layout: laid out once per run, width, axis mode and view, and — zoomed in —
 * the windows a follow turns to next (`nextFollowViews`) laid out ahead and their marks mounted
 * ahead (hidden), in idle time. When a scrub or playback carries the cursor past a dense window's
 * edge, the window turns to one that is laid out and drawn already, so that frame only shows it
 * (the 5k-event run's windows took 10–20 ms to lay out and two frames to draw, at the very moment
 * the window jumped). `markWindows.ts` decides which windows are mounted.
 *
 * Laid out ahead or on demand, a window's layout is the same pure `layoutDiagram` result. The
 * cache holds the current window and its neighbours only, and is dropped whenever anything but
 * the view changes.
 */
import { useLayoutEffect, useMemo, useRef, useState } from 'react'
import type { CheckResult, Run } from '../sim'
import type { Spans, TimeView } from '../timeline'
import { nextFollowViews } from '../timeline'
import type { AlignRun, DangerWindowInput, DiagramModel, TimeMode } from './layout'
import { layoutDiagram } from './layout'
import type { MarkWindow, WindowSlot } from './markWindows'
import { LIVE, missingWindow, nextSlots, shownWindows, viewKey } from './markWindows'

export interface DiagramLayoutInput {
  run: Run
  findings: CheckResult
  spans: Spans
  widthPx: number
  time: TimeMode
  alignWith: readonly AlignRun[] | undefined
  dangerWindows: readonly DangerWindowInput[] | undefined
}

export interface DiagramLayout {
  /** The layout on screen. */
  model: DiagramModel
  /** The windows whose marks are mounted: `model`'s (active) and, zoomed in, those ahead. */
  windows: readonly MarkWindow[]
}

interface Layouts {
  byView: Map<string, DiagramModel>
  get: (view: TimeView | null) => DiagramModel
}

export function useDiagramLayout(input: DiagramLayoutInput, view: TimeView | null): DiagramLayout {
  const { run, findings, spans, widthPx, time, alignWith, dangerWindows } = input
  // Layouts of this run, width and axis, by view: a new map whenever any of those changes.
  const layouts = useMemo<Layouts>(() => {
    const byView = new Map<string, DiagramModel>()
    const get = (v: TimeView | null): DiagramModel => {
      let model = byView.get(viewKey(v))
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
        byView.set(viewKey(v), model)
      }
      return model
    }
    return { byView, get }
  }, [run, findings, spans, widthPx, time, alignWith, dangerWindows])
  // The mounted windows, for the layouts they were laid out with.
  const [mounted, setMounted] = useState<{ layouts: Layouts; slots: readonly WindowSlot[] }>(
    () => ({ layouts, slots: [] }),
  )
  const stale = mounted.layouts !== layouts
  const windows = useMemo(
    () => shownWindows(mounted.slots, stale, view, layouts.get),
    [mounted.slots, stale, view, layouts],
  )
  const model = (windows.find((w) => w.active) ?? windows[0])?.model ?? layouts.get(view)
  // What is drawn now, for the idle steps below (which run after this render's commit).
  const shown = useRef(windows)
  useLayoutEffect(() => {
    shown.current = windows
  }, [windows])

  const endMs = Math.max(1, run.endMs)
  // A layout effect, so that a new view cancels the old view's steps as it is drawn (a passive
  // effect's cleanup can come a task later, after a step that prepared for the old view).
  useLayoutEffect(() => {
    const ahead = view === null ? [] : nextFollowViews(view, endMs)
    // Keep only this window and the ones ahead of it.
    const keep = new Set([view, ...ahead].map(viewKey))
    for (const key of layouts.byView.keys()) if (!keep.has(key)) layouts.byView.delete(key)
    // One step per idle slice (lay a window out, or mount one window's marks, or let windows
    // go), so no slice holds the page longer than one of them; and only once the view has
    // stayed put a moment (a glide moves it every frame: nothing to prepare), unless it is a
    // window prepared ahead: a turn, after which the view stays put until the next one.
    let cancel = () => {}
    let current = shown.current
    const step = (afterMs: number) => {
      cancel = whenIdle(afterMs, () => {
        const missing = missingWindow(current, ahead)
        if (missing !== undefined && !layouts.byView.has(viewKey(missing))) {
          layouts.get(missing)
          step(0)
          return
        }
        const slots = nextSlots(current, ahead, layouts.get)
        if (slots === null) {
          // All mounted. After an edit with nothing ahead (the whole run), still let the old
          // layouts' slots go.
          setMounted((prev) =>
            prev.layouts === layouts ? prev : { layouts, slots: current.map(slotOf) },
          )
          return
        }
        setMounted({ layouts, slots })
        current = shownWindows(slots, false, view, layouts.get)
        step(0)
      })
    }
    const turned = current.some((w) => w.active && w.key !== LIVE)
    step(turned ? 0 : SETTLE_MS)
    return () => cancel()
  }, [layouts, view, endMs])
  return { model, windows }
}

const slotOf = ({ key, view, model }: MarkWindow): WindowSlot => ({ key, view, model })

/** How long a view stays put before its neighbours are laid out. */
const SETTLE_MS = 120

/**
 * A step waits at most this long for idle time: a scrub that keeps every frame busy must still
 * get its next window ready before the cursor reaches the edge (a page turn comes every few
 * hundred ms), or every turn would lay out and draw a window in its own frame.
 */
const IDLE_TIMEOUT_MS = 200

/**
 * Runs `task` in the first idle time after `afterMs` (after 50 ms more where idle callbacks are
 * not supported); returns the function that cancels it.
 */
function whenIdle(afterMs: number, task: () => void): () => void {
  let idle: number | null = null
  const timer = setTimeout(
    () => {
      if (typeof requestIdleCallback === 'function')
        idle = requestIdleCallback(task, { timeout: IDLE_TIMEOUT_MS })
      else task()
    },
    afterMs + (typeof requestIdleCallback === 'function' ? 0 : 50),
  )
  return () => {
    clearTimeout(timer)
    if (idle !== null) cancelIdleCallback(idle)
  }
}
