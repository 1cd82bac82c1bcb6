/**
 * The event log (docs/contracts.md): every event of the run in words, as a list. The entry at
 * the cursor is marked (aria-current) and kept in view; entries after it are the future (faded
 * or hidden like the diagram's). Activating an entry moves the cursor there. The list is one tab
 * stop: only the current entry is in the tab order.
 *
 * Runs can hold thousands of events. Rows live in memoized chunks that know only whether they
 * are wholly past, wholly future, or hold the current entry, so moving the cursor re-renders the
 * one or two chunks it crosses; and only the chunks near the visible part of the list are in the
 * DOM (the rest is padding of their measured height), since thousands of rows cost Chromium tens
 * of milliseconds of style and layout per frame. Rows carry aria-posinset/aria-setsize, so a
 * screen reader still hears "event 812 of 4,967".
 */
import type { Dispatch, MouseEvent, RefObject, SetStateAction } from 'react'
import { Fragment, memo, useLayoutEffect, useMemo, useRef, useState } from 'react'
import type { Finding, TraceEvent } from '../sim'
import { describeEvent, formatMs } from '../sim'
import type { LabRun } from '../store'
import { useLab, useLabAction } from '../store'
import { TONE_GLYPHS, toneOf } from './eventTone'
import { FOLLOW_EVERY_STEP_UP_TO, usePanelMoment } from './panelMoment'
import type { LogWindow } from './logWindow'
import { logWindow, renderedChunks } from './logWindow'

/**
 * A number per run, for the log's state to say which run it was measured or scrolled for. The
 * state holds this, not the run: state outlives the run (a hidden log is not measured again),
 * and a run of millions of events is hundreds of MB.
 */
const runIds = new WeakMap<LabRun, number>()
let lastRunId = 0
function runIdOf(lab: LabRun): number {
  let id = runIds.get(lab)
  if (id === undefined) {
    id = ++lastRunId
    runIds.set(lab, id)
  }
  return id
}

const CHUNK = 32
/** Until a chunk has been measured, a row is taken to be this tall. */
const ROW_ESTIMATE_PX = 32
/** Rows kept rendered beyond the visible part of the list, above and below. */
const OVERSCAN_PX = 240
/** `Viewport.followed` of a log that has not yet brought its current entry into view. */
const NOT_FOLLOWED = -2
/** Runs up to this long (every preset) are rendered whole: windowing is for long runs. */
const RENDER_ALL_UP_TO = FOLLOW_EVERY_STEP_UP_TO

export function EventLog({ headingId }: { headingId: string }) {
  // A long run's log waits while the reader drags, and moves along a few times a second while
  // it plays on the screen (panelMoment.ts): re-rendering and measuring the log at every frame
  // cost the zoomed 5k-event run a third of its frames.
  const scrollRef = useRef<HTMLDivElement>(null)
  const [lab, current] = usePanelMoment(scrollRef)
  const futureMode = useLab((s) => s.futureMode)
  const setCursor = useLabAction('setCursor')
  const pause = useLabAction('pause')
  const listRef = useRef<HTMLOListElement>(null)
  const events = lab.run.events

  const findingsByEvent = useMemo(() => {
    const map = new Map<number, Finding[]>()
    for (const f of [...lab.findings.violations, ...lab.findings.warnings]) {
      map.set(f.eventIndex, [...(map.get(f.eventIndex) ?? []), f])
    }
    return map
  }, [lab])

  // One handler on the list, not one per row: a row's own handler would hold this render's run
  // for as long as the row's element lives, and Chromium keeps a removed button listed for a
  // while (a 100k-event run per edit stayed in memory that way). Enter and Space on an entry
  // click it, so the keyboard comes here too.
  const onListClick = (e: MouseEvent<HTMLOListElement>) => {
    const entry = (e.target as Element).closest('.fl-log-entry')
    const row = entry?.parentElement?.getAttribute('aria-posinset')
    const event = row == null ? undefined : events[Number(row) - 1]
    if (event === undefined) return
    pause()
    setCursor(event.atMs, { announce: true })
  }

  // Windowing: only the chunks near the visible part of the list are in the DOM; the rest is
  // padding of their measured (or estimated) height. Heights measured for an earlier run stay
  // as estimates: most of an edited run's log reads as before.
  const [measured, setMeasured] = useState<Measured>({
    width: 0,
    heights: new Map(),
    kinds: new Map(),
    run: 0,
  })
  const heights = measured.heights
  // `followed`: the entry that was current (in that run) when the view was last set, by the
  // reader scrolling or by the log following the cursor. A log that opens at a later moment (a
  // link with `t=`) has its entry to bring into view at once; at the start the top is in view.
  const [viewport, setViewport] = useState<Viewport>(() => ({
    top: 0,
    height: 600,
    followed: current > 0 ? NOT_FOLLOWED : current,
    followedRun: runIdOf(lab),
  }))
  const chunkCount = Math.ceil(events.length / CHUNK)
  const hideFuture = futureMode === 'hide'
  const heightOf = (k: number): number => {
    if (hideFuture && chunkPhase(k, current) === 'future') return 0
    const rows = Math.min(CHUNK, events.length - k * CHUNK)
    return heights.get(k) ?? rows * ROW_ESTIMATE_PX
  }
  const offsets: number[] = [0]
  for (let k = 0; k < chunkCount; k++) offsets.push((offsets[k] ?? 0) + heightOf(k))
  const currentChunk = Math.floor(Math.max(0, current) / CHUNK)
  const following = viewport.followed !== current || viewport.followedRun !== runIdOf(lab)
  const { lo, hi, paddingTopPx, paddingBottomPx, gapAfter, gapPx } =
    events.length <= RENDER_ALL_UP_TO
      ? wholeLog(chunkCount, currentChunk, hideFuture)
      : logWindow({
          offsets,
          currentChunk,
          viewportTopPx: viewport.top,
          viewportHeightPx: viewport.height,
          overscanPx: OVERSCAN_PX,
          following,
          hideFuture,
        })
  const rendered = useMemo(() => renderedChunks(lo, hi, currentChunk), [lo, hi, currentChunk])

  // Measure the rendered chunks (heights depend on the width: wrapping, and a little on whether
  // a chunk is past or future: the future's text is lighter); re-render if an estimate was off.
  // A chunk is measured once per run, width and kind, not on every move of the cursor: reading a
  // height forces a layout of the whole page, which while playing a zoomed 5k-event run cost
  // ~4 ms a frame (bench/lab.ts). Converges at once: a second pass finds nothing due.
  useLayoutEffect(() => {
    const list = listRef.current
    const scroller = scrollRef.current
    // A log rendered whole has no padding to size: nothing to measure. (Measuring it forced a
    // layout of the whole page inside the page's first task, and a second render after it.)
    if (list === null || scroller === null || events.length <= RENDER_ALL_UP_TO) return
    const kindOf = (k: number): ChunkKind => chunkKind(chunkPhase(k, current))
    const shown = rendered.filter((k) => !(hideFuture && kindOf(k) === 'future'))
    const fresh = measured.run === runIdOf(lab) && measured.width >= 0
    if (fresh && shown.every((k) => measured.kinds.get(k) === kindOf(k))) return
    // A hidden list (display: none) has nothing to measure.
    if (scroller.clientHeight === 0) return
    const width = list.clientWidth
    const kept = fresh && measured.width === width
    const next = new Map(measured.width === width ? heights : [])
    const kinds = new Map(kept ? measured.kinds : [])
    // Only a change re-renders: a chunk that cannot be measured (not in the DOM) stays due.
    let changed = !kept
    for (const k of shown) {
      if (kinds.get(k) === kindOf(k)) continue
      const first = rowElement(list, k * CHUNK)
      const last = rowElement(list, Math.min((k + 1) * CHUNK, events.length) - 1)
      if (first === null || last === null) continue
      const height = last.offsetTop + last.offsetHeight - first.offsetTop
      if (height > 0) {
        next.set(k, height)
        kinds.set(k, kindOf(k))
        changed = true
      }
    }
    if (changed) setMeasured({ width, heights: next, kinds, run: runIdOf(lab) })
  }, [lab, rendered, events.length, hideFuture, current, heights, measured])

  const onScroll = () => {
    const scroller = scrollRef.current
    if (scroller === null) return
    const next = viewOf(scroller, current, lab)
    setViewport((v) =>
      Math.abs(v.top - next.top) < 1 &&
      v.height === next.height &&
      v.followed === next.followed &&
      v.followedRun === next.followedRun
        ? v
        : next,
    )
  }

  useRemeasureOnResize(listRef, setMeasured)

  // Keep the current entry in view (scrolling the list only, never the page), and let keyboard
  // focus follow it when it was inside the list.
  useLayoutEffect(() => {
    const list = listRef.current
    const scroller = scrollRef.current
    if (list === null || scroller === null || !following) return
    const row = rowElement(list, Math.max(0, current))
    if (row === null) return
    // Rows are positioned in the scroller's coordinates (it is their offsetParent).
    const top = row.offsetTop
    const bottom = top + row.offsetHeight
    if (top < scroller.scrollTop || bottom > scroller.scrollTop + scroller.clientHeight) {
      scroller.scrollTop = Math.max(0, top - scroller.clientHeight / 3)
      setViewport(viewOf(scroller, current, lab))
    }
    // The root node's active element: inside a shadow root (the custom element) the document's
    // is the host.
    const root = list.getRootNode() as Document | ShadowRoot
    if (current >= 0 && list.contains(root.activeElement)) {
      row.querySelector('button')?.focus({ preventScroll: true })
    }
    // Only when the current entry (or its chunk's place) changes: a reader scrolling the list
    // is left alone.
  }, [current, lab, lo, following])

  // The list's one tab stop: the current entry (always rendered), or the first one.
  const focusIndex = Math.max(0, current)

  return (
    <div ref={scrollRef} className="fl-log-scroll" onScroll={onScroll}>
      <ol
        ref={listRef}
        onClick={onListClick}
        className="fl-log"
        data-future={futureMode}
        aria-labelledby={headingId}
        style={{ paddingTop: paddingTopPx, paddingBottom: paddingBottomPx }}
      >
        {rendered.map((k) => {
          const start = k * CHUNK
          const inside = focusIndex >= start && focusIndex < start + CHUNK
          return (
            <Fragment key={start}>
              <LogChunk
                events={events}
                start={start}
                phase={chunkPhase(k, current)}
                focusIndex={inside ? focusIndex : -1}
                findings={findingsByEvent}
              />
              {k === gapAfter ? (
                <li className="fl-log-gap" aria-hidden="true" style={{ height: gapPx }} />
              ) : null}
            </Fragment>
          )
        })}
      </ol>
    </div>
  )
}

/** A short run's log is rendered whole (up to the current entry, when the future is hidden). */
function wholeLog(chunkCount: number, currentChunk: number, hideFuture: boolean): LogWindow {
  const hi = hideFuture ? Math.min(chunkCount - 1, currentChunk) : chunkCount - 1
  return { lo: 0, hi, paddingTopPx: 0, paddingBottomPx: 0, gapAfter: null, gapPx: 0 }
}

/** The view a scroller shows now, set while entry `current` of `lab` is current. */
function viewOf(scroller: HTMLElement, current: number, lab: LabRun): Viewport {
  return {
    top: scroller.scrollTop,
    height: scroller.clientHeight,
    followed: current,
    followedRun: runIdOf(lab),
  }
}

/** The row of event `index`, if it is rendered. */
function rowElement(list: HTMLOListElement, index: number): HTMLElement | null {
  return list.querySelector<HTMLElement>(`:scope > [aria-posinset="${index + 1}"]`)
}

/** A chunk is wholly past, wholly future, or holds the current entry (its index). */
type ChunkPhase = 'past' | 'future' | number
type RowPhase = 'past' | 'current' | 'future'

function chunkPhase(k: number, current: number): ChunkPhase {
  const start = k * CHUNK
  return start + CHUNK <= current ? 'past' : start > current ? 'future' : current
}

/** What a chunk was measured as: its height differs a little between past and future. */
type ChunkKind = 'past' | 'future' | 'current'

function chunkKind(phase: ChunkPhase): ChunkKind {
  return typeof phase === 'number' ? 'current' : phase
}

interface Measured {
  /** The list's width the heights are for (-1: changed since, measure again). */
  width: number
  heights: ReadonlyMap<number, number>
  /** The kind each chunk had when measured, for the run `run` (runIdOf; 0: none yet). */
  kinds: ReadonlyMap<number, ChunkKind>
  run: number
}

interface Viewport {
  top: number
  height: number
  /** The current entry when the view was last set, and its run. */
  followed: number
  followedRun: number
}

const LogChunk = memo(function LogChunk({
  events,
  start,
  phase,
  focusIndex,
  findings,
}: {
  events: readonly TraceEvent[]
  start: number
  phase: ChunkPhase
  focusIndex: number
  findings: ReadonlyMap<number, Finding[]>
}) {
  const rows = []
  const end = Math.min(events.length, start + CHUNK)
  for (let i = start; i < end; i++) {
    const event = events[i]
    if (event === undefined) continue
    rows.push(
      <LogRow
        key={i}
        event={event}
        index={i}
        phase={
          typeof phase === 'string'
            ? phase
            : i < phase
              ? 'past'
              : i === phase
                ? 'current'
                : 'future'
        }
        tabbable={i === focusIndex}
        setSize={events.length}
        findings={findings.get(i)}
      />,
    )
  }
  return <>{rows}</>
})

const LogRow = memo(function LogRow({
  event,
  index,
  phase,
  tabbable,
  setSize,
  findings,
}: {
  event: TraceEvent
  index: number
  phase: RowPhase
  setSize: number
  tabbable: boolean
  findings: Finding[] | undefined
}) {
  const tone = toneOf(event)
  const isCurrent = phase === 'current'
  return (
    <li
      className={`fl-log-row fl-tone-${tone} is-${phase}`}
      aria-posinset={index + 1}
      aria-setsize={setSize}
    >
      <button
        type="button"
        className="fl-log-entry"
        tabIndex={tabbable ? 0 : -1}
        aria-current={isCurrent ? 'step' : undefined}
      >
        <span className="fl-log-time">{formatMs(event.atMs)}</span>
        <span className="fl-log-mark" aria-hidden="true">
          {TONE_GLYPHS[tone]}
        </span>
        <span className="fl-log-text">{describeEvent(event)}</span>
      </button>
      {findings?.map((f) => (
        <p key={`${f.kind}-${f.atMs}`} className={`fl-log-finding fl-log-finding--${f.severity}`}>
          <span aria-hidden="true">{f.severity === 'violation' ? '⛔ ' : '⚠ '}</span>
          <strong>{f.severity === 'violation' ? 'Violation' : 'Warning'}:</strong> {f.message}
        </p>
      ))}
    </li>
  )
})

/**
 * A new width means new heights: measure again. A hook of its own, not an effect in EventLog:
 * its observer lives as long as the log, and a closure made in EventLog's body keeps that
 * render's scope (V8 shares one context between a function's closures), so the observer held the
 * log's first run for good; with the log first drawn for a heavy link's run, that was the whole
 * 130k-event run after every edit had replaced it (e2e/bigruns.spec.ts).
 */
function useRemeasureOnResize(
  listRef: RefObject<HTMLOListElement | null>,
  setMeasured: Dispatch<SetStateAction<Measured>>,
): void {
  useLayoutEffect(() => {
    const list = listRef.current
    if (list === null || typeof ResizeObserver === 'undefined') return
    // Nothing measured yet (a log rendered whole never is): nothing to forget, and no render.
    const observer = new ResizeObserver(() =>
      setMeasured((m) => (m.run === 0 || m.width === list.clientWidth ? m : { ...m, width: -1 })),
    )
    observer.observe(list)
    return () => observer.disconnect()
  }, [listRef, setMeasured])
}
