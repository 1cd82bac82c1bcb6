/**
 * The cursor, in two layers. The playhead line is drawn *behind* the marks (a write arrow or a
 * "× 41" at the cursor stays whole); the veil over the future and the time pill are drawn over
 * them. The veil starts after the marks of the events at the cursor (`futureStartX`), so those are
 * shown at full strength, never half faded. These are the only parts of the diagram that change
 * while scrubbing or playing, and they change a few transforms and a label: the marks are never
 * re-rendered for a new cursor, and the live parts are rendered only when their shape changes
 * (the feed writes their places between renders; see LivePlayhead and LiveFutureVeil).
 */
import { memo, useLayoutEffect, useMemo, useRef } from 'react'
import type { Ref, RefObject } from 'react'
import type { CursorFeed } from './cursorFeed'
import { useCursorValue } from './cursorFeed'
import type { DiagramModel, PlayheadPill, VeilStep } from './layout'
import {
  clampCursorMs as clampMs,
  futureStartX,
  labelsUnderPill,
  playheadPill,
  VEIL_TILE_PX,
  veilPath,
  veilEdgeEndX,
  veilSteps,
  veilTileXs,
  xOfMs,
} from './layout'

export type Future = 'show' | 'fade' | 'hide'

function round1(v: number): number {
  return Math.round(v * 10) / 10
}

/**
 * The live diagram's cursor parts: they read the cursor from `feed` when given (cursorFeed.ts),
 * else from `cursorMs`. Playhead and FutureVeil themselves have no hooks: the static figures
 * (staticMarkup.ts) render them too.
 */
interface LiveProps {
  model: DiagramModel
  cursorMs: number
  feed?: CursorFeed | undefined
}

/**
 * The playhead moves every frame while playing, and only its place changes: so the feed moves it
 * by its transform, and React renders it only when the diagram does (zustand's "transient
 * updates"). A render of it, however small, cost about 0.1 ms a frame in Preact's machinery, a
 * tenth of playback's script time (issue 18). React and the feed write the same transform for the
 * same cursor (`playheadTransform`), and the feed writes it again after any render with a new
 * model, so whichever wrote last, it is the cursor's.
 */
export function LivePlayhead({ model, cursorMs, feed }: LiveProps) {
  const ref = useRef<SVGGElement>(null)
  useLayoutEffect(() => {
    if (feed === undefined) return
    const place = () =>
      ref.current?.setAttribute('transform', playheadTransform(model, feed.getMs()))
    place()
    return feed.subscribe(place)
  }, [model, feed])
  return (
    <Playhead
      model={model}
      cursorMs={feed === undefined ? cursorMs : feed.getMs()}
      groupRef={ref}
    />
  )
}

/**
 * The veil and the pill move with the cursor the way the playhead does: React draws them when
 * their shape changes (`veilShapeKey`: the tile where the edge's own area ends, an edge that
 * starts or stops bending around a label, the axis labels under the pill), and the feed moves
 * them in between, writing the few attributes a move changes (`placeVeil`). Both take their
 * numbers from one `veilFrame`. Playing gc-pause by time, about one move in twenty-five needs a
 * render; the veil's render every frame was a fifth of playback's script time (issue 18).
 */
export function LiveFutureVeil({ model, cursorMs, feed, future }: LiveProps & { future: Future }) {
  const edge = useRef<SVGGElement>(null)
  const edgeRect = useRef<SVGRectElement>(null)
  const edgePath = useRef<SVGPathElement>(null)
  const pill = useRef<SVGGElement>(null)
  const pillRect = useRef<SVGRectElement>(null)
  const pillText = useRef<SVGTextElement>(null)
  const parts = useMemo<VeilParts>(
    () => ({ edge, edgeRect, edgePath, pill, pillRect, pillText }),
    [],
  )
  // A React render only when the shape changes; the frame is computed once per cursor.
  const frameAt = useMemo(() => lastFrame(model, future), [model, future])
  useCursorValue(feed, cursorMs, (ms) => veilShapeKey(frameAt(ms)))
  useLayoutEffect(() => {
    if (feed === undefined) return
    const place = () => placeVeil(parts, frameAt(feed.getMs()), model)
    place()
    return feed.subscribe(place)
  }, [feed, frameAt, model, parts])
  const frame = frameAt(feed === undefined ? cursorMs : feed.getMs())
  return <VeilDrawing model={model} frame={frame} parts={parts} />
}

/** Where the playhead is drawn for a cursor: its group's transform. */
export function playheadTransform(model: DiagramModel, cursorMs: number): string {
  return `translate(${round1(xOfMs(model, clampMs(model, cursorMs)))},0)`
}

/** The playhead line and its knob: drawn under the marks. */
export function Playhead({
  model,
  cursorMs,
  groupRef,
}: {
  model: DiagramModel
  cursorMs: number
  groupRef?: Ref<SVGGElement>
}) {
  const { plot, axis } = model
  return (
    <g
      ref={groupRef}
      className="fl-playhead"
      transform={playheadTransform(model, cursorMs)}
      aria-hidden="true"
    >
      <line className="fl-playhead-line" x1="0" x2="0" y1={plot.y0 + 4} y2={axis.y + 2} />
      <path className="fl-playhead-knob" d={`M-5,${plot.y0}H5L0,${plot.y0 + 6}Z`} />
    </g>
  )
}

/** The veil over the future (faded or hidden) and the time pill on the axis: drawn over the marks. */
export function FutureVeil({
  model,
  cursorMs,
  future,
}: {
  model: DiagramModel
  cursorMs: number
  future: Future
}) {
  return <VeilDrawing model={model} frame={veilFrame(model, cursorMs, future)} />
}

/** Everything the veil and the pill are drawn from, at one cursor. */
export interface VeilFrame {
  future: Future
  /** Nothing lies ahead (the run's end) or the future is shown: no veil, only the pill. */
  hidden: boolean
  veilX: number
  /** Where a label straddles the edge, the edge bends around it (no word is half veiled). */
  steps: VeilStep[]
  /** Where the edge's own area ends and the fixed tiles begin (veilEdgeEndX). */
  edgeEndX: number
  pill: PlayheadPill
  /** The axis labels under the pill, masked: half a label on each side reads as noise. */
  covered: { x0: number; x1: number }[]
}

export function veilFrame(model: DiagramModel, cursorMs: number, future: Future): VeilFrame {
  const ms = clampMs(model, cursorMs)
  const veilX = round1(futureStartX(model, ms))
  const steps = future === 'show' ? [] : veilSteps(model, ms, veilX)
  const pill = playheadPill(model, ms)
  return {
    future,
    hidden: future === 'show' || ms >= model.endMs,
    veilX,
    steps,
    edgeEndX: veilEdgeEndX(veilX, steps, model.widthPx),
    pill,
    covered: labelsUnderPill(model, pill),
  }
}

/**
 * What in a frame needs React to draw the veil again: the tiles (where the edge's own area ends),
 * whether the edge is plain or bends around a label, the axis labels the pill covers. The rest
 * (the edge's place, width or bent outline; the pill's place, width and text) `placeVeil` writes.
 * The hidden future's lanes end at the edge, each line its own: that mode draws every move.
 */
export function veilShapeKey(frame: VeilFrame): string {
  const lanes = frame.future === 'hide' ? `${frame.veilX}:${JSON.stringify(frame.steps)}` : ''
  const covered = frame.covered.map((c) => `${c.x0},${c.x1}`).join(' ')
  return `${frame.hidden}|${frame.edgeEndX}|${frame.steps.length > 0}|${lanes}|${covered}`
}

/** The nodes a move rewrites, as drawn by VeilDrawing (null where not drawn). */
interface VeilParts {
  edge: RefObject<SVGGElement | null>
  /** The edge's own area over the plot: a rect, or a path where it bends around labels. */
  edgeRect: RefObject<SVGRectElement | null>
  edgePath: RefObject<SVGPathElement | null>
  pill: RefObject<SVGGElement | null>
  pillRect: RefObject<SVGRectElement | null>
  pillText: RefObject<SVGTextElement | null>
}

/**
 * Writes what a move changes without a change of shape, with the values VeilDrawing draws for
 * the same frame (the same functions give them).
 */
function placeVeil(parts: VeilParts, frame: VeilFrame, model: DiagramModel): void {
  const { plot } = model
  const { pill } = frame
  parts.edge.current?.setAttribute('transform', translateX(frame.veilX))
  parts.edgeRect.current?.setAttribute('width', String(edgeWidthOf(frame)))
  parts.edgePath.current?.setAttribute('d', edgeOutline(frame, plot.y0, plot.y1 + 2))
  parts.pill.current?.setAttribute('transform', translateX(pill.x))
  parts.pillRect.current?.setAttribute('x', String(pillRectX(pill)))
  parts.pillRect.current?.setAttribute('width', String(pillWidth(pill)))
  const text = parts.pillText.current
  text?.setAttribute('x', String(pillTextX(pill)))
  // The text node React drew, rewritten in place: React's next render finds its own node.
  const words = text?.firstChild
  if (words?.nodeType === Node.TEXT_NODE && words.nodeValue !== pill.text) {
    words.nodeValue = pill.text
  }
}

const translateX = (x: number) => `translate(${x},0)`

/** How far the edge's own area reaches right of the edge: to where the tiles begin. */
const edgeWidthOf = (frame: VeilFrame) => frame.edgeEndX - frame.veilX

/** The outline of an edge area that bends around the labels it meets. */
const edgeOutline = (frame: VeilFrame, y0: number, y1: number) =>
  veilPath(frame.steps, frame.veilX, y0, y1, edgeWidthOf(frame))

const pillWidth = (pill: PlayheadPill) => pill.x1 - pill.x0

/** `veilFrame` for one model and future mode, kept for the last cursor asked. */
function lastFrame(model: DiagramModel, future: Future): (ms: number) => VeilFrame {
  let last: { ms: number; frame: VeilFrame } | null = null
  return (ms) => {
    if (last === null || last.ms !== ms) last = { ms, frame: veilFrame(model, ms, future) }
    return last.frame
  }
}

/** The pill's left end, from its centre (its group is placed at the centre). */
function pillRectX(pill: PlayheadPill): number {
  return round1(pill.x0 - pill.x)
}

/** The middle of the pill's text, from the pill's centre. */
function pillTextX(pill: PlayheadPill): number {
  return round1((pill.x0 + pill.x1) / 2 - pill.x)
}

/** The veil and the pill for one frame; `parts` receives the nodes a move rewrites. */
function VeilDrawing({
  model,
  frame,
  parts,
}: {
  model: DiagramModel
  frame: VeilFrame
  parts?: VeilParts
}) {
  const { plot } = model
  const { future, veilX, steps, edgeEndX, pill, covered } = frame
  // The veil covers to the drawing's right end. Its edge moves with the cursor; the tiles after
  // it stay put (veilEdgeEndX), so a frame repaints only the strip where the edge moved. The tiles
  // end on whole pixels and the veil's shapes are drawn with crisp edges: two faded tiles side by
  // side show no seam.
  const rightX = model.widthPx
  const laneEndX = laneEndOf(model)
  // The plot's own edge area is the one a move rewrites (the lanes' shades: hidden mode draws).
  const edgeArea = (className: string, y0: number, y1: number, main = false) =>
    steps.length === 0 ? (
      <rect
        ref={main ? parts?.edgeRect : undefined}
        className={className}
        x="0"
        y={y0}
        width={edgeWidthOf(frame)}
        height={y1 - y0}
      />
    ) : (
      <path
        ref={main ? parts?.edgePath : undefined}
        className={className}
        d={edgeOutline(frame, y0, y1)}
      />
    )
  return (
    <>
      {/* At the end of the run nothing lies ahead: the last marks are shown whole. */}
      {frame.hidden ? null : (
        <g className="fl-future-veil" aria-hidden="true">
          <g ref={parts?.edge} transform={translateX(veilX)}>
            {edgeArea(`fl-future fl-future-${future}`, plot.y0, plot.y1 + 2, true)}
            {future === 'hide'
              ? model.lanes.map((lane) => (
                  <g key={lane.node}>
                    {lane.shaded ? edgeArea('fl-lane-shade', lane.y0, lane.y1) : null}
                    <line
                      className="fl-lane-line"
                      x1="0"
                      x2={Math.max(0, Math.min(edgeEndX, laneEndX) - veilX)}
                      y1={lane.yc}
                      y2={lane.yc}
                    />
                  </g>
                ))
              : null}
          </g>
          <VeilTiles model={model} fromX={edgeEndX} rightX={rightX} future={future} />
        </g>
      )}
      {/* The axis labels under the pill are masked: half a label on each side reads as noise. */}
      {covered.length === 0 ? null : (
        <g aria-hidden="true">
          {covered.map((c) => (
            <rect
              key={c.x0}
              className="fl-playhead-mask"
              x={c.x0}
              y={pill.y0}
              width={round1(c.x1 - c.x0)}
              height={pill.y1 - pill.y0 + 2}
            />
          ))}
        </g>
      )}
      <g
        ref={parts?.pill}
        className="fl-playhead"
        transform={translateX(pill.x)}
        aria-hidden="true"
      >
        <rect
          ref={parts?.pillRect}
          className="fl-playhead-pill"
          x={pillRectX(pill)}
          y={pill.y0}
          width={pillWidth(pill)}
          height={pill.y1 - pill.y0}
          rx="8"
        />
        <text
          ref={parts?.pillText}
          className="fl-playhead-text"
          x={pillTextX(pill)}
          y={model.axis.y + 16}
          textAnchor="middle"
        >
          {pill.text}
        </text>
      </g>
    </>
  )
}

/**
 * The fixed tiles of the veil, from `fromX` to `rightX` (veilTileXs): the same while the cursor
 * moves within a tile, so a frame of playback does not even build their elements.
 */
const VeilTiles = memo(function VeilTiles({
  model,
  fromX,
  rightX,
  future,
}: {
  model: DiagramModel
  fromX: number
  rightX: number
  future: Future
}) {
  return (
    <>
      {veilTileXs(fromX, rightX).map((x) => (
        <VeilTile
          key={x}
          model={model}
          x={x}
          widthPx={Math.min(VEIL_TILE_PX, rightX - x)}
          future={future}
        />
      ))}
    </>
  )
})

/** Where the lanes' lines end: a little past the time axis. */
const laneEndOf = (model: DiagramModel) => model.x1 + 8

/**
 * One fixed tile of the veil: the same while the cursor moves (memo: a frame does not even diff
 * it), until the edge reaches it.
 */
const VeilTile = memo(function VeilTile({
  model,
  x,
  widthPx,
  future,
}: {
  model: DiagramModel
  x: number
  widthPx: number
  future: Future
}) {
  const { plot } = model
  const laneEndX = laneEndOf(model)
  return (
    <g>
      <rect
        className={`fl-future fl-future-${future}`}
        x={x}
        y={plot.y0}
        width={widthPx}
        height={plot.y1 + 2 - plot.y0}
      />
      {future === 'hide'
        ? model.lanes.map((lane) => (
            <g key={lane.node}>
              {lane.shaded ? (
                <rect
                  className="fl-lane-shade"
                  x={x}
                  y={lane.y0}
                  width={widthPx}
                  height={lane.y1 - lane.y0}
                />
              ) : null}
              {x < laneEndX ? (
                <line
                  className="fl-lane-line"
                  x1={x}
                  x2={Math.min(x + widthPx, laneEndX)}
                  y1={lane.yc}
                  y2={lane.yc}
                />
              ) : null}
            </g>
          ))
        : null}
    </g>
  )
})
