/**
 * The cursor, in two layers. The playhead line is drawn *behind* the marks (a write arrow or a
 * "× 41" at the cursor stays whole); the veil over the future and the time pill are drawn over
 * them. The veil starts after the marks of the events at the cursor (`futureStartX`), so those are
 * shown at full strength, never half faded. These are the only parts of the diagram that change
 * while scrubbing or playing, and they change a few transforms and a label: the marks are never
 * re-rendered for a new cursor.
 */
import { memo } from 'react'
import type { CursorFeed } from './cursorFeed'
import { useCursorMs } from './cursorFeed'
import type { DiagramModel } from './layout'
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

export function LivePlayhead({ model, cursorMs, feed }: LiveProps) {
  return <Playhead model={model} cursorMs={useCursorMs(feed, cursorMs)} />
}

export function LiveFutureVeil({ model, cursorMs, feed, future }: LiveProps & { future: Future }) {
  return <FutureVeil model={model} cursorMs={useCursorMs(feed, cursorMs)} future={future} />
}

/** The playhead line and its knob: drawn under the marks. */
export function Playhead({ model, cursorMs }: { model: DiagramModel; cursorMs: number }) {
  const { plot, axis } = model
  const x = round1(xOfMs(model, clampMs(model, cursorMs)))
  return (
    <g className="fl-playhead" transform={`translate(${x},0)`} aria-hidden="true">
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
  const { plot } = model
  const ms = clampMs(model, cursorMs)
  const veilX = round1(futureStartX(model, ms))
  // Where a label straddles the edge, the edge bends around it: no word is half veiled.
  const steps = future === 'show' ? [] : veilSteps(model, ms, veilX)
  const pill = playheadPill(model, ms)
  const covered = labelsUnderPill(model, pill)
  // The veil covers to the drawing's right end. Its edge moves with the cursor; the tiles after
  // it stay put (veilEdgeEndX), so a frame repaints only the strip where the edge moved. The tiles
  // end on whole pixels and the veil's shapes are drawn with crisp edges: two faded tiles side by
  // side show no seam.
  const rightX = model.widthPx
  const laneEndX = laneEndOf(model)
  const edgeEndX = veilEdgeEndX(veilX, steps, rightX)
  const edgeWidth = edgeEndX - veilX
  const edgeArea = (className: string, y0: number, y1: number) =>
    steps.length === 0 ? (
      <rect className={className} x="0" y={y0} width={edgeWidth} height={y1 - y0} />
    ) : (
      <path className={className} d={veilPath(steps, veilX, y0, y1, edgeWidth)} />
    )
  return (
    <>
      {/* At the end of the run nothing lies ahead: the last marks are shown whole. */}
      {future === 'show' || ms >= model.endMs ? null : (
        <g className="fl-future-veil" aria-hidden="true">
          <g transform={`translate(${veilX},0)`}>
            {edgeArea(`fl-future fl-future-${future}`, plot.y0, plot.y1 + 2)}
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
      <g className="fl-playhead" transform={`translate(${pill.x},0)`} aria-hidden="true">
        <rect
          className="fl-playhead-pill"
          x={round1(pill.x0 - pill.x)}
          y={pill.y0}
          width={pill.x1 - pill.x0}
          height={pill.y1 - pill.y0}
          rx="8"
        />
        <text
          className="fl-playhead-text"
          x={round1((pill.x0 + pill.x1) / 2 - pill.x)}
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
