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
 *
 * A heavy run (over SLICED_EVENTS) is laid out in slices of a few milliseconds (the layout's
 * steps, run by sliceSteps), so the page keeps answering while a 100k-event run is drawn.
 */
import { useContext, useEffect, useMemo, useRef, useState } from 'react'
import type { CheckResult, Run } from '../sim'
import type { Spans, TimeView } from '../timeline'
import { eventsBetween, nextFollowViews } from '../timeline'
import type { AlignRun, DangerWindowInput, DiagramModel, LayoutInput, TimeMode } from './layout'
import { layoutDiagram } from './layout'
import { layoutAndBulk } from './bulkOf'
import { idleAfter, idleTask, sliceSteps } from './sliceSteps'
import { WarmUpContext } from './warmUpContext'

export interface DiagramLayoutInput {
  run: Run
  findings: CheckResult
  spans: Spans
  widthPx: number
  time: TimeMode
  alignWith: readonly AlignRun[] | undefined
  dangerWindows: readonly DangerWindowInput[] | undefined
}

/**
 * Above this much work, in events, a layout is laid out in slices (sliceSteps) rather than in
 * one go: about 4 µs an event, so 20k events is some 80 ms of work on this machine, already more
 * than a reader should wait for the page to answer. Below it (every preset, the 5k-event run, a
 * zoomed view of a few thousand events), the layout is there at the first render, as always.
 */
export const SLICED_EVENTS = 20_000

/**
 * A zoomed view lays out only its own events, but still passes over the whole run a few times
 * (its times for the axis, its lock-delay windows, the spans in view): counted as one event in
 * this many. A 100k-event run zoomed in to a few thousand events is then laid out at once (a drag
 * pans it frame by frame); a 2M-event run never is.
 */
const WHOLE_RUN_SHARE = 10

/** The work of laying `view` out, in events (see SLICED_EVENTS). */
export function layoutWork(events: readonly { atMs: number }[], view: TimeView | null): number {
  if (view === null) return events.length
  return eventsBetween(events, view.fromMs, view.toMs) + Math.ceil(events.length / WHOLE_RUN_SHARE)
}

const keyOf = (view: TimeView | null) => (view === null ? '' : `${view.fromMs}:${view.toMs}`)
const viewOf = (key: string): TimeView | null => {
  if (key === '') return null
  const [fromMs, toMs] = key.split(':').map(Number)
  return { fromMs: fromMs ?? 0, toMs: toMs ?? 0 }
}

export interface DiagramLayout {
  /**
   * The model for the view; while a heavy run's layout comes in slices, the last model given
   * for this same run (another view or width: the marks stay, the view catches up), or null
   * when there is none yet (a new run: the caller shows that it is drawing).
   */
  model: DiagramModel | null
  /** The height of the last model given (of any run): a stand-in keeps it, so nothing jumps. */
  lastHeightPx: number | null
  /**
   * Zoomed in, the window a follow turns to next going on (`nextFollowViews`' first), once it
   * has been laid out ahead; else null. The diagram draws its marks ahead too (MarksLayers).
   */
  onward: DiagramModel | null
}

export function useDiagramLayout(input: DiagramLayoutInput, view: TimeView | null): DiagramLayout {
  const { run, findings, spans, widthPx, time, alignWith, dangerWindows } = input
  // Layouts of this run, width and axis, by view: a new map whenever any of those changes.
  const layouts = useMemo(() => {
    const byView = new Map<string, DiagramModel>()
    const inputFor = (v: TimeView | null): LayoutInput => ({
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
    const get = (v: TimeView | null): DiagramModel => {
      let model = byView.get(keyOf(v))
      if (model === undefined) {
        model = layoutDiagram(inputFor(v))
        byView.set(keyOf(v), model)
      }
      return model
    }
    const aligned = (alignWith ?? []).reduce((n, o) => n + o.run.events.length, 0)
    const sliced = (v: TimeView | null) => layoutWork(run.events, v) + aligned > SLICED_EVENTS
    return { byView, get, inputFor, sliced }
  }, [run, findings, spans, widthPx, time, alignWith, dangerWindows])
  const [, setReady] = useState(0)
  const model = layouts.sliced(view) ? layouts.byView.get(keyOf(view)) : layouts.get(view)
  const endMs = Math.max(1, run.endMs)
  const onwardView = view === null ? undefined : nextFollowViews(view, endMs)[0]
  const onwardKey = onwardView === undefined ? null : keyOf(onwardView)
  const onward = onwardKey === null ? undefined : layouts.byView.get(onwardKey)
  // By its key: a parent that renders the same view as a new object must not restart a layout
  // in slices.
  const viewKey = keyOf(view)
  const warmUp = useContext(WarmUpContext)
  useEffect(() => {
    const view = viewOf(viewKey)
    const ahead = view === null ? [] : nextFollowViews(view, endMs)
    // Keep only this window and the ones ahead of it.
    const keep = new Set([view, ...ahead].map(keyOf))
    for (const key of layouts.byView.keys()) if (!keep.has(key)) layouts.byView.delete(key)
    let cancel = () => {}
    // Lays `v` out, then goes on with `then`: the shown view at once unless its run is heavy, a
    // window ahead always in short slices of idle time (in one go, the 5k-event run's windows
    // held the page 10–30 ms each while it played, a slow frame apiece).
    const prepare = (v: TimeView | null, then: () => void, aheadOfTime = false) => {
      if (layouts.byView.has(keyOf(v))) return then()
      if (!aheadOfTime && !layouts.sliced(v)) {
        layouts.get(v)
        return then()
      }
      cancel = sliceSteps(
        layoutAndBulk(layouts.inputFor(v)),
        (laid) => {
          layouts.byView.set(keyOf(v), laid)
          then()
        },
        aheadOfTime ? AHEAD_SLICES : {},
      )
    }
    // One window per idle slice, so no slice holds the page longer than one layout; and only
    // once the view has stayed put a moment (a glide moves it every frame: nothing to prepare).
    // The onward window (the first ahead) re-renders the diagram once it is laid out, to be
    // drawn ahead in its turn.
    const next = (afterMs: number) => {
      const v = ahead.shift()
      if (v === undefined) return
      const drawAhead = keyOf(v) === onwardKey
      cancel = idleAfter(afterMs, () =>
        prepare(
          v,
          () => {
            if (drawAhead) setReady((n) => n + 1)
            next(0)
          },
          true,
        ),
      )
    }
    if (layouts.byView.has(keyOf(view))) next(SETTLE_MS)
    else {
      prepare(view, () => {
        setReady((n) => n + 1)
        next(SETTLE_MS)
      })
    }
    // A long run's first edit would find the layout's code cold (warmUp.ts): on a page that warms
    // it up, with the view shown. A heavy run is left alone: its slices warm the code anyway.
    const stopWarmUp = layouts.sliced(view) ? undefined : warmUp?.(layouts.inputFor(view))
    return () => {
      cancel()
      stopWarmUp?.()
    }
  }, [layouts, viewKey, endMs, onwardKey, warmUp])
  // The last model given for this run, shown while another view or width of it is laid out.
  const shown = useRef<{ run: Run; findings: CheckResult; model: DiagramModel } | null>(null)
  useEffect(() => {
    if (model !== undefined) shown.current = { run, findings, model }
  })
  const last = shown.current
  if (model !== undefined) return { model, lastHeightPx: model.heightPx, onward: onward ?? null }
  return {
    model: last !== null && last.run === run && last.findings === findings ? last.model : null,
    lastHeightPx: last?.model.heightPx ?? null,
    onward: null,
  }
}

/** How long a view stays put before its neighbours are laid out. */
const SETTLE_MS = 120

/**
 * Windows ahead are laid out a few milliseconds at a time, each slice in the page's idle time:
 * while the story plays, what is left of a frame after it is drawn.
 */
const AHEAD_SLICES = { sliceMs: 4, schedule: idleTask }
