/**
 * The live space-time diagram. The run is laid out once per run, width and view (useDiagramLayout,
 * which also lays out ahead the windows a zoomed view turns to next) and its marks rendered once
 * (MarksLayers, which also draws ahead the window a zoomed view turns to next going on);
 * moving the cursor re-renders only the playhead, the veil over the future and
 * (in hide mode, when a finding crosses the cursor) the findings. Dragging on the diagram scrubs,
 * or, zoomed in, pans (a drag that starts on the playhead still scrubs); message arrows and
 * findings are buttons.
 */
import type { JSX, RefObject } from 'react'
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react'
import type { CheckResult, Finding, Run } from '../sim'
import { formatCount } from '../sim'
import type { Spans } from '../timeline'
import { deriveSpans } from '../timeline'
import { afterNextPaint } from './afterPaint'
import type { Future } from './Cursor'
import { LiveFutureVeil, LivePlayhead } from './Cursor'
import { adoptDiagramStyles } from './adoptStyles'
import type { CursorFeed } from './cursorFeed'
import type { Highlight } from './Highlights'
import type { AlignRun, DangerWindowInput, DiagramModel, TimeMode, TimeView } from './layout'
import { Defs, Scaffold } from './Marks'
import { MarksLayers } from './MarksLayers'
import { Tooltip } from './Tooltip'
import { useDiagramLayout } from './useDiagramLayout'
import { useDiagramPointer } from './useDiagramPointer'

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
  /**
   * Told once this run is drawn, after the frame that shows it: the parts of a page that wait for
   * a heavy run's diagram (ui/holdUntilDrawn.ts) go on from there.
   */
  onDrawn?: (run: Run) => void
  /**
   * The marks come in the task after the first paint, not with the rest of the page's first
   * render: the axis, the lanes and the figure's size come at once. For a page whose first task
   * must stay short (a heavy link's prompt); read when the diagram is first drawn.
   */
  marksAfterPaint?: boolean
}

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
  const { onDrawn } = props
  const drawn = model !== null
  // An effect runs after the paint: whatever waits for the diagram does not delay its frame.
  useEffect(() => {
    if (drawn) onDrawn?.(run)
  }, [drawn, run, onDrawn])
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
  // No closure is made in this body, only in the hooks it calls: a closure kept from an older
  // render would keep that render's run alive (useDiagramPointer.ts says how).
  const { run, findings, idPrefix, cursorMs, future, model } = props
  const view = props.view ?? null
  const feed = props.cursor
  const frame = useAdoptedStyles()
  const marksShown = useShownAfterPaint(props.marksAfterPaint === true)
  const { tip, handlers, hiddenAfterMs, ...pointer } = useDiagramPointer(
    model,
    findings,
    props,
    cursorMs,
    feed,
  )

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
        onPointerDown={pointer.onPointerDown}
        onPointerMove={pointer.onPointerMove}
        onPointerUp={pointer.onPointerUp}
        onPointerCancel={pointer.onPointerCancel}
        onPointerOver={pointer.onPointerOver}
        onPointerLeave={pointer.onPointerLeave}
      >
        <title id={titleId}>{title}</title>
        <desc id={descId}>{model.description}</desc>
        <Defs model={model} idPrefix={idPrefix} />
        {marksShown && (
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
        )}
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

/** The diagram's frame, which adopts the diagram's styles once it is in a document. */
function useAdoptedStyles(): RefObject<HTMLDivElement | null> {
  const frame = useRef<HTMLDivElement>(null)
  useLayoutEffect(() => {
    if (frame.current !== null) void adoptDiagramStyles(frame.current)
  }, [])
  return frame
}

/** False in the first render when `defer`, true once that render has been painted. */
function useShownAfterPaint(defer: boolean): boolean {
  const [shown, setShown] = useState(!defer)
  useEffect(() => (shown ? undefined : afterNextPaint(() => setShown(true))), [shown])
  return shown
}
