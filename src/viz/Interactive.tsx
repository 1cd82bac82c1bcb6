/**
 * The marks a reader can act on: message arrows (activate → onMessageActivate) and checker
 * findings (activate → "jump to"). In a live diagram each is a focusable button with an
 * accessible name; messages form one tab stop with arrow keys inside (a roving tabindex — a long
 * run has thousands of messages), findings are one tab stop each. In a standalone SVG the same
 * marks are drawn inert, with a <title> for hover.
 *
 * A dense run draws its plain arrows in bulk (see layout/bulk.ts): only the marked arrows
 * and the active one (the tab stop, drawn over its bulk line and shown when focused) are elements.
 */
import type { FocusEvent, KeyboardEvent } from 'react'
import { memo, useCallback, useLayoutEffect, useRef, useState } from 'react'
import { ICON, OCTAGON, TRIANGLE } from './icons'
import type { BarSet, BulkMessages, DiagramModel, FindingMarker, MessageArrow } from './layout'
import { hueClass, Label } from './Marks'

/** Stable callbacks from the live diagram (they read the latest props through refs). */
export interface MarkEvents {
  activateMessage(index: number): void
  activateFinding(index: number): void
  showTip(tip: Tip): void
  hideTip(tip: Tip): void
  /** True when a moment is hidden behind the cursor (future: 'hide'). */
  isHidden(ms: number): boolean
}

/**
 * A diagram's own handlers, which a model's MarkEvents call: `activateMessage` with the message's
 * number in the run (an arrow's index is its model's).
 */
export interface DiagramHandlers extends Omit<MarkEvents, 'activateMessage'> {
  activateMessage(msg: number): void
}

const eventsByModel = new WeakMap<DiagramHandlers, WeakMap<DiagramModel, MarkEvents>>()

/** The handlers of `model`'s marks: the same object for the same handlers and model. */
export function markEventsOf(handlers: DiagramHandlers, model: DiagramModel): MarkEvents {
  let byModel = eventsByModel.get(handlers)
  if (byModel === undefined) {
    byModel = new WeakMap()
    eventsByModel.set(handlers, byModel)
  }
  let events = byModel.get(model)
  if (events === undefined) {
    events = {
      ...handlers,
      activateMessage(index) {
        const arrow = model.messages[index]
        if (arrow !== undefined) handlers.activateMessage(arrow.msg)
      },
    }
    byModel.set(model, events)
  }
  return events
}

/**
 * What a tooltip is about: a message or finding (which can also be activated), or, in a dense
 * run, a lease or belief bar drawn in bulk (its words; a bar on its own element has a <title>).
 */
export type Tip =
  { kind: 'message' | 'finding'; index: number } | { kind: 'bar'; set: BarSet; index: number }

export function sameTip(a: Tip | null, b: Tip | null): boolean {
  if (a === null || b === null) return a === b
  return (
    a.kind === b.kind &&
    a.index === b.index &&
    (a.kind !== 'bar' || (b.kind === 'bar' && a.set === b.set))
  )
}

/** ├──┤ under the findings row: how long an interval finding lasted. */
function intervalBracket(i: NonNullable<FindingMarker['interval']>): string {
  const ym = (i.y0 + i.y1) / 2
  return `M${i.x0},${i.y0}V${i.y1}M${i.x0},${ym}H${i.x1}M${i.x1},${i.y0}V${i.y1}`
}

export function messagePath(m: MessageArrow): string {
  return `M${m.x0},${m.y0}L${m.x1},${m.y1}`
}

const MessageView = memo(function MessageView({
  arrow,
  index,
  tabIndex,
  interactive,
  wideHit,
  standIn = false,
}: {
  arrow: MessageArrow
  index: number
  tabIndex: number
  interactive: boolean
  /** A wide invisible stroke to make thin arrows easy to hit (left out in dense runs). */
  wideHit: boolean
  /** The focusable stand-in for a bulk-drawn arrow: drawn only while it has focus. */
  standIn?: boolean
}) {
  // The visible label comes first in the accessible name (WCAG 2.5.3, label in name).
  const name = arrow.label === null ? arrow.name : `${arrow.label.text}. ${arrow.name}`
  const hit =
    messagePath(arrow) +
    (arrow.queued === null ? '' : `M${arrow.queued.x0},${arrow.queued.y}H${arrow.queued.x1}`)
  return (
    <g
      className={`fl-msg fl-msg-${arrow.style} ${hueClass(arrow.hue)}${standIn ? ' fl-msg-stand-in' : ''}`}
      data-msg-index={index}
      {...(interactive ? { role: 'button', tabIndex, 'aria-label': name } : {})}
    >
      {interactive ? null : <title>{arrow.name}</title>}
      {interactive && wideHit ? <path className="fl-msg-hit" d={hit} /> : null}
      {/* One path for the shaft (stroked) and the head (filled): a line has no area to fill. */}
      <path className="fl-msg-line" d={messagePath(arrow) + (arrow.head ?? '')} />
      {arrow.queued === null ? null : (
        <>
          <path
            className="fl-msg-queued"
            d={`M${arrow.queued.x0},${arrow.queued.y}H${arrow.queued.x1}V${arrow.queued.yEnd}`}
          />
          <circle
            className="fl-msg-queued-end"
            cx={arrow.queued.x1}
            cy={arrow.queued.yEnd}
            r="2.4"
          />
        </>
      )}
      {arrow.lost === null ? null : (
        <path
          className="fl-msg-lost-x"
          transform={`translate(${arrow.lost.x},${arrow.lost.y})`}
          d={ICON.cross}
        />
      )}
      <Label label={arrow.label} />
    </g>
  )
})

/**
 * A group of focusable marks says outright that it is no Tab stop itself. Chromium makes an SVG
 * element that has focus listeners of its own focusable, and Preact (the page's React) puts the
 * group's handlers on the group rather than on the root: without this, Tab stopped on "Checker
 * findings" and on the messages' group before their first mark, two stops that did nothing.
 */
const GROUP_TAB_INDEX = -1

export const Messages = memo(function Messages({
  model,
  bulk,
  clipId,
  events,
  tabbable = true,
}: {
  model: DiagramModel
  /** A dense run's split of plain and marked arrows (`bulkMessages`); null draws each arrow. */
  bulk: BulkMessages | null
  clipId: string
  events: MarkEvents | null
  /** False: no arrow is a Tab stop (a window drawn ahead, off the figure). */
  tabbable?: boolean
}) {
  const [active, setActive] = useState(0)
  const group = useRef<SVGGElement>(null)
  /** Set when the arrow to focus had no element yet (a dense run's stand-in): focus it once drawn. */
  const focusPending = useRef(false)
  const interactive = events !== null
  const count = model.messages.length
  const activeIndex = Math.min(active, count - 1)

  const elementOf = (index: number) =>
    group.current?.querySelector<SVGGElement>(`[data-msg-index="${index}"]`) ?? null

  const focusAt = useCallback((index: number) => {
    setActive(index)
    const el = elementOf(index)
    if (el === null) focusPending.current = true
    else el.focus()
  }, [])

  useLayoutEffect(() => {
    if (!focusPending.current) return
    focusPending.current = false
    elementOf(activeIndex)?.focus()
  })

  const visible = useCallback(
    (index: number) => {
      const m = model.messages[index]
      return m !== undefined && !(events?.isHidden(m.sentAtMs) ?? false)
    },
    [model, events],
  )

  const onKeyDown = useCallback(
    (e: KeyboardEvent<SVGGElement>) => {
      if (events === null) return
      const target = (e.target as Element).closest('[data-msg-index]')
      if (target === null) return
      const index = Number(target.getAttribute('data-msg-index'))
      const step = (from: number, dir: 1 | -1) => {
        for (let i = from + dir; i >= 0 && i < count; i += dir) if (visible(i)) return i
        return from
      }
      let next: number | null = null
      switch (e.key) {
        case 'ArrowRight':
        case 'ArrowDown':
          next = step(index, 1)
          break
        case 'ArrowLeft':
        case 'ArrowUp':
          next = step(index, -1)
          break
        case 'Home':
          next = step(-1, 1)
          break
        case 'End':
          next = step(count, -1)
          break
        case 'Enter':
        case ' ':
          e.preventDefault()
          e.stopPropagation()
          events.activateMessage(index)
          return
        default:
          return
      }
      e.preventDefault()
      e.stopPropagation()
      if (next !== null && next !== index) focusAt(next)
    },
    [events, count, visible, focusAt],
  )

  const onFocus = useCallback(
    (e: FocusEvent<SVGGElement>) => {
      if (events === null) return
      const target = (e.target as Element).closest('[data-msg-index]')
      if (target === null) return
      const index = Number(target.getAttribute('data-msg-index'))
      if (!visible(index)) {
        // Tabbed onto a message hidden in the future: go to the last one that has happened.
        for (let i = count - 1; i >= 0; i--) {
          if (visible(i)) {
            focusAt(i)
            return
          }
        }
        return
      }
      if (index !== active) setActive(index)
      events.showTip({ kind: 'message', index })
    },
    [events, visible, count, focusAt, active],
  )

  const onBlur = useCallback(
    (e: FocusEvent<SVGGElement>) => {
      const target = (e.target as Element).closest('[data-msg-index]')
      if (target === null || events === null) return
      events.hideTip({ kind: 'message', index: Number(target.getAttribute('data-msg-index')) })
    },
    [events],
  )

  const view = (i: number, standIn = false) => {
    const arrow = model.messages[i]
    if (arrow === undefined) return null
    return (
      <MessageView
        key={arrow.msg}
        arrow={arrow}
        index={i}
        tabIndex={tabbable && i === activeIndex ? 0 : -1}
        interactive={interactive}
        wideHit={!model.dense}
        standIn={standIn}
      />
    )
  }

  return (
    <g
      ref={group}
      clipPath={`url(#${clipId})`}
      {...(interactive
        ? {
            role: 'group',
            'aria-label': `${count} messages. Arrow keys move between them; Enter selects one.`,
            // Not a Tab stop itself (GROUP_TAB_INDEX).
            tabIndex: GROUP_TAB_INDEX,
            onKeyDown,
            onFocus,
            onBlur,
          }
        : { 'aria-hidden': true })}
    >
      {bulk === null ? (
        model.messages.map((_, i) => view(i))
      ) : (
        <>
          {bulk.paths.map((p) => (
            <path
              key={p.hue ?? 'none'}
              className={`fl-msg-bulk fl-msg-line ${hueClass(p.hue)}`}
              d={p.d}
            />
          ))}
          {bulk.marked.map((i) => view(i))}
          {count > 0 && !bulk.marked.includes(activeIndex) ? view(activeIndex, true) : null}
        </>
      )}
    </g>
  )
})

const FindingView = memo(function FindingView({
  marker,
  interactive,
  hidden,
  tabbable = true,
}: {
  marker: FindingMarker
  interactive: boolean
  hidden: boolean
  tabbable?: boolean
}) {
  const sev = marker.severity
  return (
    <g
      className={`fl-finding fl-finding-${sev}`}
      data-finding-index={marker.index}
      {...(interactive
        ? { role: 'button', tabIndex: hidden || !tabbable ? -1 : 0, 'aria-label': marker.name }
        : {})}
      {...(interactive && hidden ? { 'aria-hidden': true } : {})}
    >
      {interactive ? null : <title>{marker.name}</title>}
      {marker.interval === null ? null : (
        <path
          className={`fl-finding-interval fl-finding-interval-${sev}`}
          d={intervalBracket(marker.interval)}
        />
      )}
      {marker.guide === null ? null : (
        <path
          className={`fl-finding-guide fl-finding-guide-${sev}`}
          d={`M${marker.guide.x0},${marker.guide.y0}L${marker.guide.x1},${marker.guide.y1}`}
        />
      )}
      {/* 24 × 24: the smallest tap target WCAG 2.5.8 allows. */}
      <rect
        className="fl-finding-hit"
        x={marker.x - 12}
        y={marker.y - 12}
        width="24"
        height="24"
        rx="4"
      />
      {/* A marker that stands for several findings is drawn as a little stack of them. */}
      {marker.count > 1 ? (
        <path
          className="fl-finding-shape fl-finding-stack"
          transform={`translate(${marker.x + 3},${marker.y - 3})`}
          d={sev === 'violation' ? OCTAGON : TRIANGLE}
        />
      ) : null}
      <path
        className="fl-finding-shape"
        transform={`translate(${marker.x},${marker.y})`}
        d={sev === 'violation' ? OCTAGON : TRIANGLE}
      />
      <path
        className="fl-finding-bang"
        transform={`translate(${marker.x},${marker.y + (sev === 'warning' ? 1 : 0)}) scale(${sev === 'warning' ? 0.85 : 1.15})`}
        d={ICON.bang}
      />
      <Label label={marker.label} />
    </g>
  )
})

export const Findings = memo(function Findings({
  model,
  events,
  hiddenAfterMs,
  tabbable = true,
}: {
  model: DiagramModel
  events: MarkEvents | null
  /** Findings after this moment are hidden (not focusable); Infinity when none are. */
  hiddenAfterMs: number
  /** False: no marker is a Tab stop (a window drawn ahead, off the figure). */
  tabbable?: boolean
}) {
  const interactive = events !== null
  const indexOf = (e: { target: EventTarget }) => {
    const el = (e.target as Element).closest('[data-finding-index]')
    return el === null ? null : Number(el.getAttribute('data-finding-index'))
  }
  if (model.findings.length === 0) return null
  return (
    <g
      {...(interactive
        ? {
            role: 'group',
            'aria-label': 'Checker findings',
            tabIndex: GROUP_TAB_INDEX,
            onKeyDown: (e: KeyboardEvent<SVGGElement>) => {
              const index = indexOf(e)
              if (index === null || (e.key !== 'Enter' && e.key !== ' ')) return
              e.preventDefault()
              e.stopPropagation()
              events.activateFinding(index)
            },
            onFocus: (e: FocusEvent<SVGGElement>) => {
              const index = indexOf(e)
              if (index !== null) events.showTip({ kind: 'finding', index })
            },
            onBlur: (e: FocusEvent<SVGGElement>) => {
              const index = indexOf(e)
              if (index !== null) events.hideTip({ kind: 'finding', index })
            },
          }
        : { 'aria-hidden': true })}
    >
      {model.findings.map((marker) => (
        <FindingView
          key={marker.key}
          marker={marker}
          interactive={interactive}
          hidden={marker.finding.atMs > hiddenAfterMs}
          tabbable={tabbable}
        />
      ))}
    </g>
  )
})

/** Messages drawn inert, for a standalone SVG (no hooks: rendered by `renderStatic`). */
export function StaticMessages({ model, clipId }: { model: DiagramModel; clipId: string }) {
  return (
    <g clipPath={`url(#${clipId})`} aria-hidden="true">
      {model.messages.map((arrow, i) => (
        <MessageView
          key={arrow.msg}
          arrow={arrow}
          index={i}
          tabIndex={-1}
          interactive={false}
          wideHit={false}
        />
      ))}
    </g>
  )
}

/** Findings drawn inert, for a standalone SVG. */
export function StaticFindings({ model }: { model: DiagramModel }) {
  if (model.findings.length === 0) return null
  return (
    <g aria-hidden="true">
      {model.findings.map((marker) => (
        <FindingView key={marker.key} marker={marker} interactive={false} hidden={false} />
      ))}
    </g>
  )
}
