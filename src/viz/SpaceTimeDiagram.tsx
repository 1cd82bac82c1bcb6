/**
 * The live space-time diagram. The run is laid out once per run, width and view (useDiagramLayout,
 * which also lays out ahead the windows a zoomed view turns to next) and its marks rendered once
 * (MarksLayers, which also draws ahead the window a zoomed view turns to next going on);
 * moving the cursor re-renders only the playhead, the veil over the future and
 * (in hide mode, when a finding crosses the cursor) the findings. Dragging on the diagram scrubs,
 * or, zoomed in, pans (a drag that starts on the playhead still scrubs); message arrows and
 * findings are buttons.
 */
import type { JSX, PointerEvent as ReactPointerEvent } from 'react'
import { useCallback, useLayoutEffect, useMemo, useRef, useState } from 'react'
import type { CheckResult, Finding, Run } from '../sim'
import { formatCount } from '../sim'
import type { Spans } from '../timeline'
import { deriveSpans } from '../timeline'
import type { Future } from './Cursor'
import { LiveFutureVeil, LivePlayhead } from './Cursor'
import { adoptDiagramStyles } from './adoptStyles'
import type { CursorFeed } from './cursorFeed'
import { useCursorValue } from './cursorFeed'
import type { Highlight } from './Highlights'
import type { DiagramHandlers, Tip } from './Interactive'
import { markEventsOf, sameTip } from './Interactive'
import type {
  AlignRun,
  BarSet,
  DangerWindowInput,
  DiagramModel,
  TimeMode,
  TimeView,
} from './layout'
import { BAR_SETS, barAt, msOfX, nearestMessage, panViewByPx, xOfMs } from './layout'
import { bulkMessagesOf } from './bulkOf'
import { Defs, Scaffold } from './Marks'
import { MarksLayers } from './MarksLayers'
import { Tooltip } from './Tooltip'
import { useDiagramLayout } from './useDiagramLayout'

export interface DiagramProps {
  run: Run
  findings: CheckResult
  /** Computed from the run when absent. */
  spans?: Spans
  /** The cursor, when no `cursor` feed is given. */
  cursorMs: number
  /**
   * A cursor that moves on its own (playing, scrubbing): the playhead, the veil and the pill
   * follow it without re-rendering the diagram (cursorFeed.ts). Wins over `cursorMs`.
   */
  cursor?: CursorFeed
  future: Future
  /** Container width; the diagram is laid out for it. */
  widthPx: number
  /** Unique per instance: prefixes SVG ids (patterns, clip paths). */
  idPrefix: string
  /** Accessible name. */
  title?: string
  onScrub?: (ms: number) => void
  onMessageActivate?: (msg: number) => void
  onFindingActivate?: (finding: Finding) => void
  /** Compare mode: messages and decisions to emphasise. */
  highlight?: Highlight
  /**
   * The events the current caption talks about (indexes into `run.events`): their messages,
   * decisions and findings are highlighted. Optional; nothing is highlighted when absent.
   */
  focusEvents?: readonly number[]
  /** The time axis (default 'auto': folded wherever to scale would be unreadable). */
  time?: TimeMode
  /**
   * Runs drawn beside this one (compare view): lanes, left column and time axis are shared so
   * the figures line up. Keep the array stable (memoize it): a new one lays the figure out again.
   */
  alignWith?: readonly AlignRun[]
  /** The stretch of time shown (zoom and pan); absent or null: the whole run. */
  view?: TimeView | null
  /**
   * Zoomed in (`view` set), a drag on the diagram pans: called with the view to show. A drag that
   * starts on the playhead still scrubs, and a press that does not move still seeks.
   */
  onPan?: (view: TimeView) => void
  /**
   * A real system's danger windows in this run, drawn as labelled bands. Keep the array stable
   * (memoize it): a new one lays the figure out again.
   */
  dangerWindows?: readonly DangerWindowInput[]
}

interface Live {
  props: DiagramProps
  /** The cursor now (from the feed, if there is one). */
  cursorMs: () => number
}

interface Press {
  pointerId: number
  x: number
  y: number
  mark: Tip | null
  dragging: boolean
  /** A finger: a vertical swipe scrolls the page, a horizontal drag scrubs, a tap seeks. */
  touch: boolean
  /** The view when the press began, if its drag pans (zoomed in, not on the playhead). */
  pan: TimeView | null
}

/** A press that moves less than this is a click, not a drag. */
const DRAG_THRESHOLD_PX = 4
const NO_MESSAGES: readonly number[] = []
/** A pointer on a dense run's bulk arrows picks the nearest arrow within this distance (a 24 px target). */
const BULK_PICK_PX = 12
/** Zoomed in, a press this close to the playhead drags it (a 24 px target); elsewhere a drag pans. */
const PLAYHEAD_GRAB_PX = 12

export function SpaceTimeDiagram(props: DiagramProps): JSX.Element {
  const { run, findings, widthPx } = props
  const spans = useMemo(() => props.spans ?? deriveSpans(run), [run, props.spans])
  const { model, lastHeightPx, onward } = useDiagramLayout(
    {
      run,
      findings,
      spans,
      widthPx,
      time: props.time ?? 'auto',
      alignWith: props.alignWith,
      dangerWindows: props.dangerWindows,
    },
    props.view ?? null,
  )
  if (model === null) {
    // A heavy run's first layout comes in slices (useDiagramLayout): say so meanwhile.
    return (
      <div
        className="fl-diagram-frame fl-diagram-drawing"
        role="status"
        style={{ width: widthPx, minHeight: lastHeightPx ?? undefined }}
      >
        Drawing {formatCount(run.events.length)} events…
      </div>
    )
  }
  return <LaidOutDiagram {...props} model={model} onward={onward} />
}

function LaidOutDiagram(
  props: DiagramProps & { model: DiagramModel; onward: DiagramModel | null },
): JSX.Element {
  const { run, findings, idPrefix, cursorMs, future, model } = props
  const view = props.view ?? null
  const allFindings = useMemo(() => [...findings.violations, ...findings.warnings], [findings])

  // The latest props, for handlers that must stay stable so that memoized marks never re-render.
  const frame = useRef<HTMLDivElement>(null)
  useLayoutEffect(() => {
    if (frame.current !== null) adoptDiagramStyles(frame.current)
  }, [])
  const feed = props.cursor
  const cursorNow = useCallback(
    () => (feed === undefined ? cursorMs : feed.getMs()),
    [feed, cursorMs],
  )
  const live = useRef<Live>({ props, cursorMs: cursorNow })
  useLayoutEffect(() => {
    live.current = { props, cursorMs: cursorNow }
  })

  const [tip, setTip] = useState<Tip | null>(null)
  const press = useRef<Press | null>(null)

  const isHidden = useCallback((ms: number) => {
    const { props: p, cursorMs: c } = live.current
    return p.future === 'hide' && ms > c()
  }, [])

  // The diagram's handlers; a model's marks get theirs from markEventsOf (one object per model,
  // so memoized marks never re-render for them, and a window drawn ahead keeps its own).
  const handlers = useMemo<DiagramHandlers>(
    () => ({
      activateMessage(msg) {
        live.current.props.onMessageActivate?.(msg)
      },
      activateFinding(index) {
        const finding = allFindings[index]
        if (finding !== undefined) live.current.props.onFindingActivate?.(finding)
      },
      showTip(next) {
        setTip((prev) => (sameTip(prev, next) ? prev : next))
      },
      hideTip(gone) {
        setTip((prev) => (sameTip(prev, gone) ? null : prev))
      },
      isHidden,
    }),
    [allFindings, isHidden],
  )

  // A dense run draws its plain arrows in bulk paths (Messages), found here by geometry.
  const bulk = model.dense ? bulkMessagesOf(model) : null
  const plainMessages = bulk?.plain ?? NO_MESSAGES

  /**
   * The mark under a pointer event, unless it is hidden in the future: what a tooltip shows. A
   * dense run's bulk paths are resolved by geometry, in the diagram's own coordinates.
   */
  const tipAt = useCallback(
    (e: { target: EventTarget | null; clientX: number; clientY: number }): Tip | null => {
      const target = e.target
      // Nothing in a slot not shown (MarksLayers) gets a tip: a pointer cannot reach it up
      // there, but an event can still name one of its marks as its target.
      if (!(target instanceof Element) || target.closest('[data-ahead]') !== null) return null
      const bars = target.getAttribute('data-bars')
      const bulkMessage = target.classList.contains('fl-msg-bulk')
      if (bars !== null || bulkMessage) {
        const svg = target.closest('svg')
        if (svg === null) return null
        const rect = svg.getBoundingClientRect()
        const scale = rect.width > 0 ? model.widthPx / rect.width : 1
        const x = (e.clientX - rect.left) * scale
        const y = (e.clientY - rect.top) * scale
        if (bulkMessage) {
          const index = nearestMessage(
            model.messages,
            plainMessages,
            x,
            y,
            BULK_PICK_PX * scale,
            (arrow) => isHidden(arrow.sentAtMs),
          )
          return index === null ? null : { kind: 'message', index }
        }
        if (!(bars !== null && bars in BAR_SETS)) return null
        const set = bars as BarSet
        const index = barAt(model[set], x, y)
        const bar = index === null ? undefined : model[set][index]
        return index === null || bar === undefined || isHidden(bar.fromMs)
          ? null
          : { kind: 'bar', set, index }
      }
      const msgEl = target.closest('[data-msg-index]')
      if (msgEl !== null) {
        const index = Number(msgEl.getAttribute('data-msg-index'))
        const arrow = model.messages[index]
        return arrow === undefined || isHidden(arrow.sentAtMs) ? null : { kind: 'message', index }
      }
      const findingEl = target.closest('[data-finding-index]')
      if (findingEl !== null) {
        const index = Number(findingEl.getAttribute('data-finding-index'))
        const finding = allFindings[index]
        return finding === undefined || isHidden(finding.atMs) ? null : { kind: 'finding', index }
      }
      return null
    },
    [model, plainMessages, allFindings, isHidden],
  )

  /** The mark a press would activate (a bar only has words: pressing it scrubs). */
  const markAt = useCallback(
    (e: { target: EventTarget | null; clientX: number; clientY: number }): Tip | null => {
      const tip = tipAt(e)
      return tip?.kind === 'bar' ? null : tip
    },
    [tipAt],
  )

  const showTipAt = useCallback(
    (e: { target: EventTarget | null; clientX: number; clientY: number }) => {
      const next = tipAt(e)
      setTip((prev) => (sameTip(prev, next) ? prev : next))
    },
    [tipAt],
  )

  /** Client px to the diagram's own px (the figure may be drawn scaled). */
  const scaleOf = useCallback(
    (svg: Element) => {
      const rect = svg.getBoundingClientRect()
      return { left: rect.left, scale: rect.width > 0 ? model.widthPx / rect.width : 1 }
    },
    [model],
  )

  const msAtPointer = useCallback(
    (e: ReactPointerEvent<SVGSVGElement>) => {
      const { left, scale } = scaleOf(e.currentTarget)
      return msOfX(model, (e.clientX - left) * scale)
    },
    [model, scaleOf],
  )

  /** The view a press's drag pans from, or null when it scrubs (see PLAYHEAD_GRAB_PX). */
  const panFrom = useCallback(
    (e: ReactPointerEvent<SVGSVGElement>): TimeView | null => {
      const { props: p } = live.current
      const c = live.current.cursorMs()
      if (p.view == null || p.onPan === undefined) return null
      // A cursor outside the view is drawn pinned to its edge: nothing there to grab.
      if (c < p.view.fromMs || c > p.view.toMs) return p.view
      const { left, scale } = scaleOf(e.currentTarget)
      const onPlayhead = Math.abs((e.clientX - left) * scale - xOfMs(model, c)) <= PLAYHEAD_GRAB_PX
      return onPlayhead ? null : p.view
    },
    [model, scaleOf],
  )

  // A press on the background seeks there and a drag scrubs (a finger: a tap seeks, a horizontal
  // drag scrubs, a vertical swipe scrolls the page); a press on a message or finding
  // that is released without moving activates it, and one that moves scrubs instead (in a long
  // run arrows cover most of the diagram, so dragging must work from anywhere). Zoomed in, a
  // drag pans instead, unless it starts on the playhead, and a press seeks when it is released
  // without moving (as a tap does), so that grabbing the diagram does not move the cursor.
  const onPointerDown = useCallback(
    (e: ReactPointerEvent<SVGSVGElement>) => {
      if (e.button !== 0) return
      const mark = markAt(e)
      const touch = e.pointerType === 'touch'
      const pan = panFrom(e)
      press.current = {
        pointerId: e.pointerId,
        x: e.clientX,
        y: e.clientY,
        mark,
        dragging: false,
        touch,
        pan,
      }
      // A finger may be starting to scroll the page: wait for its direction (touch-action: pan-y
      // lets the browser take a vertical swipe; a horizontal one comes here as pointermoves).
      if (live.current.props.onScrub === undefined || touch) return
      // Optional call: some DOMs (jsdom) have no pointer capture.
      e.currentTarget.setPointerCapture?.(e.pointerId)
      if (mark === null && pan === null) {
        setTip(null)
        live.current.props.onScrub(msAtPointer(e))
      }
    },
    [markAt, msAtPointer, panFrom],
  )

  const onPointerMove = useCallback(
    (e: ReactPointerEvent<SVGSVGElement>) => {
      const p = press.current
      if (p === null) {
        // Moving along a bulk path crosses marks without leaving the element (no pointerover).
        if (model.dense) showTipAt(e)
        return
      }
      if (p.pointerId !== e.pointerId) return
      const onScrub = live.current.props.onScrub
      if (onScrub === undefined) return
      const dx = Math.abs(e.clientX - p.x)
      if (!p.dragging && p.touch && Math.abs(e.clientY - p.y) > dx) {
        // A vertical swipe: the page scrolls, the cursor stays.
        if (Math.abs(e.clientY - p.y) >= DRAG_THRESHOLD_PX) press.current = null
        return
      }
      if (!p.dragging && dx < DRAG_THRESHOLD_PX) return
      if (!p.dragging) {
        p.dragging = true
        setTip(null)
        if (p.touch) e.currentTarget.setPointerCapture?.(e.pointerId)
      }
      const onPan = live.current.props.onPan
      if (p.pan !== null && onPan !== undefined) {
        // From the view the press began with: the same drag always shows the same stretch.
        const { scale } = scaleOf(e.currentTarget)
        onPan(panViewByPx(p.pan, model.endMs, (e.clientX - p.x) * scale, model.x1 - model.x0))
      } else onScrub(msAtPointer(e))
    },
    [msAtPointer, model, showTipAt, scaleOf],
  )

  const onPointerUp = useCallback(
    (e: ReactPointerEvent<SVGSVGElement>) => {
      const p = press.current
      if (p === null || p.pointerId !== e.pointerId) return
      press.current = null
      if (e.currentTarget.hasPointerCapture?.(e.pointerId) === true) {
        e.currentTarget.releasePointerCapture(e.pointerId)
      }
      if (p.dragging) return
      if (p.mark === null) {
        // A tap seeks (a mouse press already did, on the way down, unless it could have panned).
        if (p.touch || p.pan !== null) live.current.props.onScrub?.(msAtPointer(e))
        return
      }
      const events = markEventsOf(handlers, model)
      if (p.mark.kind === 'message') events.activateMessage(p.mark.index)
      else if (p.mark.kind === 'finding') events.activateFinding(p.mark.index)
    },
    [handlers, model, msAtPointer],
  )

  const onPointerCancel = useCallback((e: ReactPointerEvent<SVGSVGElement>) => {
    if (press.current?.pointerId === e.pointerId) press.current = null
  }, [])

  const onPointerOver = useCallback(
    (e: ReactPointerEvent<SVGSVGElement>) => {
      if (press.current?.dragging === true) return
      showTipAt(e)
    },
    [showTipAt],
  )

  const onPointerLeave = useCallback(() => {
    if (press.current === null) setTip(null)
  }, [])

  // In hide mode, findings after the cursor leave the tab order: a number that changes only when
  // a finding crosses the cursor, so a moving cursor re-renders this only then.
  const hiddenAfterMs = useCursorValue(feed, cursorMs, (ms) => {
    if (future !== 'hide') return Infinity
    let after = -1
    for (const f of allFindings) if (f.atMs <= ms && f.atMs > after) after = f.atMs
    return after
  })

  const titleId = `${idPrefix}-title`
  const descId = `${idPrefix}-desc`
  const title =
    props.title ?? `Space-time diagram: ${run.scenario.title ?? run.scenario.id ?? 'run'}`
  const scrubbable = props.onScrub !== undefined
  const pannable = view !== null && props.onPan !== undefined
  const viewBox = `0 0 ${model.widthPx} ${model.heightPx}`
  const compact = model.compact ? ' fl-compact' : ''
  return (
    <div className="fl-diagram-frame" ref={frame} style={{ width: model.widthPx }}>
      <svg
        className={`fl-diagram fl-marks-layer${compact}${model.dense ? ' fl-dense' : ''}${scrubbable ? ' fl-scrub' : ''}${pannable ? ' fl-pan' : ''}`}
        role="group"
        aria-labelledby={titleId}
        aria-describedby={descId}
        width={model.widthPx}
        height={model.heightPx}
        viewBox={viewBox}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={onPointerCancel}
        onPointerOver={onPointerOver}
        onPointerLeave={onPointerLeave}
      >
        <title id={titleId}>{title}</title>
        <desc id={descId}>{model.description}</desc>
        <Defs model={model} idPrefix={idPrefix} />
        <MarksLayers
          model={model}
          onward={props.onward}
          zoomed={view !== null}
          run={run}
          idPrefix={idPrefix}
          highlight={props.highlight}
          focusEvents={props.focusEvents}
          hiddenAfterMs={hiddenAfterMs}
          handlers={handlers}
        />
      </svg>
      {/*
        Under the marks: the background, lanes, axis and the playhead line, so the marks at the
        cursor are never drawn over. Its own layer, like the overlay: moving the playhead repaints
        only this and the overlay, never the marks.
      */}
      <svg
        className={`fl-diagram fl-underlay${compact}`}
        aria-hidden="true"
        width={model.widthPx}
        height={model.heightPx}
        viewBox={viewBox}
      >
        <Defs model={model} idPrefix={`${idPrefix}-u`} />
        <Scaffold model={model} idPrefix={`${idPrefix}-u`} />
        <LivePlayhead model={model} cursorMs={cursorMs} feed={feed} />
      </svg>
      {/* Over the marks: the veil over the future, the time pill and the tooltip. */}
      <svg
        className={`fl-diagram fl-overlay${compact}`}
        aria-hidden="true"
        width={model.widthPx}
        height={model.heightPx}
        viewBox={viewBox}
      >
        <LiveFutureVeil model={model} cursorMs={cursorMs} feed={feed} future={future} />
        <Tooltip
          model={model}
          tip={tip}
          canActivate={
            tip?.kind === 'finding'
              ? props.onFindingActivate !== undefined
              : props.onMessageActivate !== undefined
          }
        />
      </svg>
    </div>
  )
}
