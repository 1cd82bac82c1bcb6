/**
 * The diagram's pointer: tooltips, presses that activate a mark, drags that scrub or pan, and the
 * handlers its marks call (SpaceTimeDiagram draws, this listens).
 *
 * Why it is split into small hooks: V8 keeps the variables a function's closures capture in one
 * context per call, shared by every closure made in that call. A callback memoized on deps that
 * did not change is a closure from an older render, and it kept that render's whole context
 * alive: the diagram's handlers with no deps, made in its first render and kept for its life,
 * kept the first run and model it drew (a heap snapshot found a run of 130k events held so).
 * So each hook below makes closures of one kind: steady ones that capture only refs, or ones
 * whose deps change with every model they capture.
 */
import type { Dispatch, PointerEvent as ReactPointerEvent, RefObject, SetStateAction } from 'react'
import { useCallback, useLayoutEffect, useMemo, useRef, useState } from 'react'
import type { CheckResult, Finding } from '../sim'
import type { Future } from './Cursor'
import type { CursorFeed } from './cursorFeed'
import { useCursorValue } from './cursorFeed'
import type { DiagramHandlers, Tip } from './Interactive'
import { markEventsOf, sameTip } from './Interactive'
import type { BarSet, DiagramModel, TimeView } from './layout'
import { BAR_SETS, barAt, msOfX, nearestMessage, panViewByPx, xOfMs } from './layout'
import { bulkMessagesOf } from './bulkOf'

/** What the pointer needs of the diagram's props, read when it acts (never stale). */
export interface PointerProps {
  future: Future
  view?: TimeView | null
  onScrub?: (ms: number) => void
  onMessageActivate?: (msg: number) => void
  onFindingActivate?: (finding: Finding) => void
  onPan?: (view: TimeView) => void
}

interface Live {
  props: PointerProps
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

type SetTip = Dispatch<SetStateAction<Tip | null>>
type PointerHandler = (e: ReactPointerEvent<SVGSVGElement>) => void
interface PointerTarget {
  target: EventTarget | null
  clientX: number
  clientY: number
}

/** A press that moves less than this is a click, not a drag. */
const DRAG_THRESHOLD_PX = 4
const NO_MESSAGES: readonly number[] = []
/** A pointer on a dense run's bulk arrows picks the nearest arrow within this distance (a 24 px target). */
const BULK_PICK_PX = 12
/** Zoomed in, a press this close to the playhead drags it (a 24 px target); elsewhere a drag pans. */
const PLAYHEAD_GRAB_PX = 12

export interface DiagramPointer {
  tip: Tip | null
  /** The marks' handlers (a model's marks get theirs from markEventsOf). */
  handlers: DiagramHandlers
  onPointerDown: PointerHandler
  onPointerMove: PointerHandler
  onPointerUp: PointerHandler
  onPointerCancel: PointerHandler
  onPointerOver: PointerHandler
  onPointerLeave: () => void
  /** Findings after the cursor in hide mode leave the tab order: the last finding's time before it. */
  hiddenAfterMs: number
}

export function useDiagramPointer(
  model: DiagramModel,
  findings: CheckResult,
  props: PointerProps,
  cursorMs: number,
  feed: CursorFeed | undefined,
): DiagramPointer {
  const allFindings = useAllFindings(findings)
  const cursorNow = useCursorNow(feed, cursorMs)
  // The latest props, for handlers that must stay stable so that memoized marks never re-render.
  const live = useLatest<Live>({ props, cursorMs: cursorNow })
  const [tip, setTip] = useState<Tip | null>(null)
  const press = useRef<Press | null>(null)
  const steady = useSteadyHandlers(live, press, setTip)
  const handlers = useMarkHandlers(allFindings, steady.isHidden, live, setTip)
  const moving = usePointerOnModel(
    model,
    allFindings,
    handlers,
    steady.isHidden,
    live,
    press,
    setTip,
  )
  const hiddenAfterMs = useHiddenAfter(feed, cursorMs, props.future, allFindings)
  return {
    tip,
    handlers,
    ...moving,
    onPointerCancel: steady.onPointerCancel,
    onPointerLeave: steady.onPointerLeave,
    hiddenAfterMs,
  }
}

function useAllFindings(findings: CheckResult): readonly Finding[] {
  return useMemo(() => [...findings.violations, ...findings.warnings], [findings])
}

function useCursorNow(feed: CursorFeed | undefined, cursorMs: number): () => number {
  return useCallback(() => (feed === undefined ? cursorMs : feed.getMs()), [feed, cursorMs])
}

/** A ref that holds the latest `value` (set after each render, for handlers to read). */
function useLatest<T>(value: T): RefObject<T> {
  const ref = useRef(value)
  useLayoutEffect(() => {
    ref.current = value
  })
  return ref
}

/** Handlers made once: they capture refs and the tip's setter, nothing a render drew. */
function useSteadyHandlers(
  live: RefObject<Live>,
  press: RefObject<Press | null>,
  setTip: SetTip,
): {
  isHidden: (ms: number) => boolean
  onPointerCancel: PointerHandler
  onPointerLeave: () => void
} {
  const isHidden = useCallback(
    (ms: number) => live.current.props.future === 'hide' && ms > live.current.cursorMs(),
    [live],
  )
  const onPointerCancel = useCallback(
    (e: ReactPointerEvent<SVGSVGElement>) => {
      if (press.current?.pointerId === e.pointerId) press.current = null
    },
    [press],
  )
  const onPointerLeave = useCallback(() => {
    if (press.current === null) setTip(null)
  }, [press, setTip])
  return { isHidden, onPointerCancel, onPointerLeave }
}

/**
 * The handlers of the marks: one object per list of findings, so memoized marks never re-render
 * for them (markEventsOf gives each model's marks theirs).
 */
function useMarkHandlers(
  allFindings: readonly Finding[],
  isHidden: (ms: number) => boolean,
  live: RefObject<Live>,
  setTip: SetTip,
): DiagramHandlers {
  return useMemo<DiagramHandlers>(
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
    [allFindings, isHidden, live, setTip],
  )
}

/** In hide mode, the time of the last finding at or before the cursor (else Infinity). */
function useHiddenAfter(
  feed: CursorFeed | undefined,
  cursorMs: number,
  future: Future,
  allFindings: readonly Finding[],
): number {
  // A number that changes only when a finding crosses the cursor, so a moving cursor re-renders
  // the diagram only then.
  return useCursorValue(feed, cursorMs, (ms) => {
    if (future !== 'hide') return Infinity
    let after = -1
    for (const f of allFindings) if (f.atMs <= ms && f.atMs > after) after = f.atMs
    return after
  })
}

/** The pointer's handlers that read the model: every one of them changes with the model. */
function usePointerOnModel(
  model: DiagramModel,
  allFindings: readonly Finding[],
  handlers: DiagramHandlers,
  isHidden: (ms: number) => boolean,
  live: RefObject<Live>,
  press: RefObject<Press | null>,
  setTip: SetTip,
): Pick<DiagramPointer, 'onPointerDown' | 'onPointerMove' | 'onPointerUp' | 'onPointerOver'> {
  // A dense run draws its plain arrows in bulk paths (Messages), found here by geometry.
  const bulk = model.dense ? bulkMessagesOf(model) : null
  const plainMessages = bulk?.plain ?? NO_MESSAGES

  /**
   * The mark under a pointer event, unless it is hidden in the future: what a tooltip shows. A
   * dense run's bulk paths are resolved by geometry, in the diagram's own coordinates.
   */
  const tipAt = useCallback(
    (e: PointerTarget): Tip | null => {
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
    (e: PointerTarget): Tip | null => {
      const tip = tipAt(e)
      return tip?.kind === 'bar' ? null : tip
    },
    [tipAt],
  )

  const showTipAt = useCallback(
    (e: PointerTarget) => {
      const next = tipAt(e)
      setTip((prev) => (sameTip(prev, next) ? prev : next))
    },
    [tipAt, setTip],
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
    [model, scaleOf, live],
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
    [markAt, msAtPointer, panFrom, live, press, setTip],
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
    [msAtPointer, model, showTipAt, scaleOf, live, press, setTip],
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
    [handlers, model, msAtPointer, live, press],
  )

  const onPointerOver = useCallback(
    (e: ReactPointerEvent<SVGSVGElement>) => {
      if (press.current?.dragging === true) return
      showTipAt(e)
    },
    [showTipAt, press],
  )

  return { onPointerDown, onPointerMove, onPointerUp, onPointerOver }
}
