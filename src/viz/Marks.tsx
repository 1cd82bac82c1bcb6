/**
 * The static marks of the diagram, drawn from the model: lanes and axis, leases and beliefs,
 * pauses and crashes, the lock lane, resource decisions and the token step line, faults. No state
 * and no handlers: rendered once per model (React.memo), never per cursor frame.
 */
import { memo } from 'react'
import { ICON, OCTAGON, TRIANGLE } from './icons'
import type {
  BarSet,
  BeliefBar,
  BulkBars,
  DangerBand,
  DecisionBadge,
  DiagramModel,
  LeaseBar,
  LegendItem,
  NodeBlock,
  PlacedLabel,
} from './layout'
import { bulkBarsOf, bulkPipsOf } from './bulkOf'
import type { BulkPips } from './layout'

export function hueClass(hue: number | null): string {
  return hue === null ? 'fl-hue-none' : `fl-hue-${hue}`
}

export function Label({ label, extraClass }: { label: PlacedLabel | null; extraClass?: string }) {
  if (label === null) return null
  const className = extraClass === undefined ? label.className : `${label.className} ${extraClass}`
  return (
    <text className={className} x={label.x} y={label.y} textAnchor={label.anchor}>
      {label.text}
    </text>
  )
}

export function patternId(idPrefix: string, name: string): string {
  return `${idPrefix}-${name}`
}

/** Hatch patterns and the plot clip; ids are prefixed so several diagrams can share a page. */
export const Defs = memo(function Defs({
  model,
  idPrefix,
}: {
  model: DiagramModel
  idPrefix: string
}) {
  const p = (name: string) => patternId(idPrefix, name)
  const { plot } = model
  return (
    <defs>
      <pattern
        id={p('paused')}
        width="6"
        height="6"
        patternUnits="userSpaceOnUse"
        patternTransform="rotate(45)"
      >
        <line className="fl-hatch-paused" x1="0" y1="0" x2="0" y2="6" />
      </pattern>
      <pattern
        id={p('down')}
        width="6"
        height="6"
        patternUnits="userSpaceOnUse"
        patternTransform="rotate(45)"
      >
        <line className="fl-hatch-down" x1="0" y1="0" x2="0" y2="6" />
        <line className="fl-hatch-down" x1="0" y1="0" x2="6" y2="0" />
      </pattern>
      <pattern
        id={p('stale')}
        width="7"
        height="7"
        patternUnits="userSpaceOnUse"
        patternTransform="rotate(-45)"
      >
        <rect className="fl-hatch-stale-bg" width="7" height="7" />
        <line className="fl-hatch-stale" x1="0" y1="0" x2="0" y2="7" />
      </pattern>
      <pattern id={p('delay')} width="5" height="5" patternUnits="userSpaceOnUse">
        <line className="fl-hatch-delay" x1="0" y1="2.5" x2="5" y2="2.5" />
      </pattern>
      <pattern
        id={p('partition')}
        width="8"
        height="8"
        patternUnits="userSpaceOnUse"
        patternTransform="rotate(45)"
      >
        <line className="fl-hatch-partition" x1="0" y1="0" x2="0" y2="8" />
      </pattern>
      {model.dangerWindows.length === 0 ? null : (
        <pattern
          id={p('danger')}
          width="6"
          height="6"
          patternUnits="userSpaceOnUse"
          patternTransform="rotate(-45)"
        >
          <line className="fl-hatch-danger" x1="0" y1="0" x2="0" y2="6" />
        </pattern>
      )}
      <clipPath id={p('clip')}>
        <rect
          x={plot.x0}
          y={plot.y0 - 2}
          width={plot.x1 - plot.x0}
          height={plot.y1 - plot.y0 + 4}
        />
      </clipPath>
    </defs>
  )
})

/** Background: lane bands, grid, lane lines and names, axis, legend, header. */
export const Scaffold = memo(function Scaffold({
  model,
  idPrefix,
}: {
  model: DiagramModel
  idPrefix: string
}) {
  const { lanes, axis, x0, x1, plot } = model
  return (
    <g aria-hidden="true">
      <rect className="fl-bg" x="0" y="0" width={model.widthPx} height={model.heightPx} />
      {lanes.map((lane) =>
        lane.shaded ? (
          <rect
            key={lane.node}
            className="fl-lane-shade"
            x="0"
            y={lane.y0}
            width={model.widthPx}
            height={lane.y1 - lane.y0}
          />
        ) : null,
      )}
      {axis.ticks.map((t) => (
        <line
          key={t.ms}
          className="fl-grid"
          x1={t.x}
          x2={t.x}
          y1={model.findingsRow.y1}
          y2={plot.y1}
        />
      ))}
      {lanes.map((lane) => (
        <line
          key={lane.node}
          className="fl-lane-line"
          x1={x0 - 8}
          x2={x1 + 8}
          y1={lane.yc}
          y2={lane.yc}
        />
      ))}
      {lanes.map((lane) =>
        lane.stepBand === null ? null : (
          <line
            key={lane.node}
            className="fl-step-band"
            x1={x0}
            x2={x1}
            y1={lane.stepBand.y1 - 3}
            y2={lane.stepBand.y1 - 3}
          />
        ),
      )}
      <LaneNames model={model} />
      <Label label={model.findingsRow.label} />
      {model.notes.map((n, i) => (
        <Label key={i} label={n} />
      ))}
      <line className="fl-axis-line" x1={x0} x2={x1} y1={axis.y} y2={axis.y} />
      {axis.ticks.map((t) => (
        <g key={t.ms}>
          <line className="fl-tick" x1={t.x} x2={t.x} y1={axis.y} y2={axis.y + 4} />
          <text className="fl-tick-label" x={t.x} y={axis.y + 16} textAnchor={t.anchor ?? 'middle'}>
            {t.label}
          </text>
        </g>
      ))}
      {axis.breaks.map((b) => {
        const mid = Math.round(((b.x0 + b.x1) / 2) * 10) / 10
        return (
          <g key={b.fromMs} className="fl-break">
            <path
              className="fl-break-line"
              d={`M${mid - 2},${model.findingsRow.y1}V${plot.y1}M${mid + 2},${model.findingsRow.y1}V${plot.y1}`}
            />
            <path
              className="fl-break-gap"
              d={`M${mid - 3},${axis.y + 4}L${mid + 3},${axis.y - 4}`}
            />
            <path
              className="fl-break-mark"
              d={`M${mid - 5},${axis.y + 4}L${mid + 1},${axis.y - 4}M${mid - 1},${axis.y + 4}L${mid + 5},${axis.y - 4}`}
            />
            {b.label === null ? null : (
              <text className="fl-break-label" x={mid} y={axis.y + 16} textAnchor="middle">
                {b.label}
              </text>
            )}
          </g>
        )
      })}
      {model.legend.map((item) => (
        <LegendSwatch key={item.kind} item={item} idPrefix={idPrefix} />
      ))}
      {model.header === null ? null : (
        <>
          <Label label={model.header.title} />
          <Label label={model.header.subtitle} />
        </>
      )}
    </g>
  )
})

/** Lane names, in the left column outside the plot (never crossed by an arrow). */
export function LaneNames({ model }: { model: DiagramModel }) {
  return (
    <g aria-hidden="true">
      {model.laneLabels.map((l) => (
        <g key={l.node}>
          {l.lines.map((line, i) => (
            <text key={i} className={line.className} x={line.x} y={line.y}>
              {line.text}
            </text>
          ))}
        </g>
      ))}
    </g>
  )
}

function LegendSwatch({ item, idPrefix }: { item: LegendItem; idPrefix: string }) {
  const { x, y } = item
  const p = (name: string) => `url(#${patternId(idPrefix, name)})`
  const cy = y + 6
  const swatch = (() => {
    switch (item.kind) {
      case 'danger':
        return (
          <>
            <rect className="fl-danger-band" x={x} y={cy - 5} width="18" height="10" />
            <rect fill={p('danger')} x={x} y={cy - 5} width="18" height="10" />
          </>
        )
      case 'lease':
        return (
          <rect className="fl-lease fl-hue-0" x={x} y={cy - 4} width="18" height="8" rx="1.5" />
        )
      case 'belief':
        return (
          <rect className="fl-belief fl-hue-0" x={x} y={cy - 5} width="18" height="10" rx="2" />
        )
      case 'stale':
        return (
          <rect
            className="fl-stale fl-hue-0"
            fill={p('stale')}
            x={x}
            y={cy - 5}
            width="18"
            height="10"
            rx="2"
          />
        )
      case 'paused':
        return (
          <rect
            className="fl-block-paused"
            fill={p('paused')}
            x={x}
            y={cy - 5}
            width="18"
            height="10"
          />
        )
      case 'down':
        return (
          <rect
            className="fl-block-down"
            fill={p('down')}
            x={x}
            y={cy - 5}
            width="18"
            height="10"
          />
        )
      case 'message':
        return (
          <path className="fl-legend-line" d={`M${x},${cy}H${x + 14}M${x + 18},${cy}l-5,-3v6z`} />
        )
      case 'delayed':
        return <path className="fl-legend-line" strokeDasharray="5 2" d={`M${x},${cy}H${x + 18}`} />
      case 'queued':
        return (
          <path
            className="fl-legend-line"
            strokeDasharray="1 3"
            strokeLinecap="round"
            strokeWidth="1.6"
            d={`M${x},${cy}H${x + 18}`}
          />
        )
      case 'lost':
        return (
          <>
            <path className="fl-legend-line" d={`M${x},${cy}H${x + 12}`} />
            <path className="fl-msg-lost-x" d={`M${x + 12},${cy - 3}l6,6m0,-6l-6,6`} />
          </>
        )
      case 'accepted':
        return (
          <>
            <rect
              className="fl-badge-accepted fl-hue-1"
              x={x}
              y={cy - 6}
              width="18"
              height="12"
              rx="6"
            />
            <path
              className="fl-badge-icon fl-badge-icon-accepted fl-hue-1"
              transform={`translate(${x + 9},${cy}) scale(0.8)`}
              d={ICON.check}
            />
          </>
        )
      case 'rejected':
        return (
          <>
            <rect className="fl-badge-rejected" x={x} y={cy - 6} width="18" height="12" rx="2" />
            <path
              className="fl-badge-icon fl-badge-icon-rejected"
              transform={`translate(${x + 9},${cy}) scale(0.8)`}
              d={ICON.cross}
            />
          </>
        )
      case 'duplicate':
        return (
          <>
            <rect
              className="fl-badge-duplicate fl-hue-0"
              x={x}
              y={cy - 6}
              width="18"
              height="12"
              rx="6"
            />
            <path
              className="fl-badge-icon fl-badge-icon-duplicate fl-hue-0"
              transform={`translate(${x + 9},${cy}) scale(0.8)`}
              d={ICON.equals}
            />
          </>
        )
      case 'step':
        return <path className="fl-step" d={`M${x},${cy + 4}H${x + 8}V${cy - 4}H${x + 18}`} />
      case 'lock-delay':
        return (
          <rect
            className="fl-lock-delay"
            fill={p('delay')}
            x={x}
            y={cy - 5}
            width="18"
            height="10"
          />
        )
      case 'partition':
        return (
          <rect
            className="fl-partition"
            fill={p('partition')}
            x={x}
            y={cy - 5}
            width="18"
            height="10"
          />
        )
      case 'violation':
        return (
          <path
            className="fl-finding-shape"
            transform={`translate(${x + 9},${cy}) scale(0.8)`}
            d={OCTAGON}
          />
        )
      case 'warning':
        return (
          <path
            className="fl-finding-shape"
            transform={`translate(${x + 9},${cy}) scale(0.8)`}
            d={TRIANGLE}
          />
        )
    }
  })()
  const wrapClass =
    item.kind === 'violation'
      ? 'fl-finding-violation'
      : item.kind === 'warning'
        ? 'fl-finding-warning'
        : undefined
  return (
    <g className={wrapClass}>
      {swatch}
      <text className="fl-legend-text" x={item.textX} y={cy + 4}>
        {item.text}
      </text>
    </g>
  )
}

function BlockMark({ block, idPrefix }: { block: NodeBlock; idPrefix: string }) {
  const w = block.x1 - block.x0
  const h = block.y1 - block.y0
  return (
    <g>
      <title>{block.title}</title>
      <rect className="fl-block-tint" x={block.x0} y={block.y0} width={w} height={h} />
      <rect
        className={block.kind === 'paused' ? 'fl-block-paused' : 'fl-block-down'}
        fill={`url(#${patternId(idPrefix, block.kind)})`}
        x={block.x0}
        y={block.y0}
        width={w}
        height={h}
      />
      {block.kind === 'paused' ? (
        <path
          className="fl-icon"
          transform={`translate(${block.x0 + 6.5},${block.y0 + 8}) scale(0.9)`}
          d={ICON.pause}
        />
      ) : (
        <path
          className="fl-crash"
          transform={`translate(${block.x0},${block.yc}) scale(0.9)`}
          d={ICON.crash}
        />
      )}
    </g>
  )
}

function badgeIcon(outcome: DecisionBadge['outcome']): string {
  switch (outcome) {
    case 'rejected':
    case 'discarded':
      return ICON.cross
    case 'duplicate':
      return ICON.equals
    default:
      return ICON.check
  }
}

export function Badge({ badge }: { badge: DecisionBadge }) {
  const { cx, cy, w, h } = badge
  const hue = hueClass(badge.hue)
  const leader =
    badge.row > 0 || Math.abs(cx - badge.x) > 1 ? (
      <path className="fl-leader" d={`M${badge.x},${badge.lineY}L${cx},${cy}`} />
    ) : null
  if (badge.pip) {
    return (
      <g className={hue}>
        <title>{badge.title}</title>
        <circle className={`fl-pip fl-pip-${badge.outcome}`} cx={cx} cy={cy} r="2.5" />
      </g>
    )
  }
  return (
    <g className={hue}>
      <title>{badge.title}</title>
      {leader}
      {/* Shape as well as colour: a rejection is a square-cornered block, an acceptance a pill. */}
      <rect
        className={`fl-badge-${badge.outcome}`}
        x={cx - w / 2}
        y={cy - h / 2}
        width={w}
        height={h}
        rx={badge.outcome === 'rejected' || badge.outcome === 'discarded' ? 2 : h / 2}
      />
      <path
        className={`fl-badge-icon fl-badge-icon-${badge.outcome}`}
        transform={`translate(${cx - w / 2 + 9.5},${cy})`}
        d={badgeIcon(badge.outcome)}
      />
      <text
        className={`fl-badge-text fl-badge-text-${badge.outcome}`}
        x={cx - w / 2 + 17}
        y={cy + 3.9}
      >
        {badge.text}
      </text>
    </g>
  )
}

function BeliefMark({ belief: b, stalePattern }: { belief: BeliefBar; stalePattern: string }) {
  return (
    <g className={hueClass(b.hue)}>
      <title>{b.title}</title>
      <rect
        className="fl-belief"
        x={b.x0}
        y={b.y0}
        width={b.x1 - b.x0}
        height={b.y1 - b.y0}
        rx="3"
      />
      {b.stale === null ? null : (
        <>
          <rect
            className="fl-stale"
            fill={stalePattern}
            x={b.stale.x0}
            y={b.y0}
            width={Math.max(0, b.x1 - b.stale.x0)}
            height={b.y1 - b.y0}
            rx="3"
          />
          <line
            className="fl-stale-edge"
            x1={b.stale.x0}
            x2={b.stale.x0}
            y1={b.y0 - 3}
            y2={b.y1 + 3}
          />
        </>
      )}
    </g>
  )
}

function LeaseMark({ lease: l }: { lease: LeaseBar }) {
  return (
    <g className={hueClass(l.hue)}>
      <title>{l.title}</title>
      <rect
        className="fl-lease"
        x={l.x0}
        y={l.y0}
        width={l.x1 - l.x0}
        height={l.y1 - l.y0}
        rx="2"
      />
      {l.text !== null && l.text.className === 'fl-lease-text' ? <Label label={l.text} /> : null}
    </g>
  )
}

function HoldMark({ hold: h }: { hold: LeaseBar }) {
  return (
    <g className={hueClass(h.hue)}>
      <title>{h.title}</title>
      <rect className="fl-hold" x={h.x0} y={h.y0} width={h.x1 - h.x0} height={h.y1 - h.y0} rx="2" />
      <Label label={h.text} />
    </g>
  )
}

/** A dense run's plain bars of one set, one path per hue (see layout/bulk). */
function BulkBarPaths({ set, bulk }: { set: BarSet; bulk: Record<BarSet, BulkBars> | null }) {
  if (bulk === null) return null
  const cls = set === 'beliefs' ? 'fl-belief' : set === 'leases' ? 'fl-lease' : 'fl-hold'
  return (
    <>
      {bulk[set].paths.map((path) => (
        <path
          key={path.hue}
          className={`${cls} fl-bulk ${hueClass(path.hue)}`}
          data-bars={set}
          d={path.d}
        />
      ))}
    </>
  )
}

/** A dense run's pips, one path per hue and outcome (see layout/bulk). */
function BulkPipPaths({ pips }: { pips: BulkPips }) {
  return (
    <>
      {pips.paths.map((path) => (
        <path
          key={`${path.hue} ${path.outcome}`}
          className={`fl-pip fl-pip-${path.outcome} fl-bulk ${hueClass(path.hue)}`}
          data-pips=""
          d={path.d}
        />
      ))}
    </>
  )
}

/** Everything drawn on the lanes except messages and findings (which can be interactive). */
export const LaneMarks = memo(function LaneMarks({
  model,
  idPrefix,
  bulkBars: drawInBulk = false,
}: {
  model: DiagramModel
  idPrefix: string
  /**
   * Draw a dense run's plain lease and belief bars in bulk (the live diagram, which shows their
   * words as tooltips by geometry); a standalone SVG keeps an element, with a <title>, per bar.
   */
  bulkBars?: boolean
}) {
  const p = (name: string) => `url(#${patternId(idPrefix, name)})`
  // No hooks here (renderStatic draws this too); a memoized component re-renders only per model.
  const bulk = drawInBulk && model.dense ? bulkBarsOf(model) : null
  const pips = drawInBulk && model.dense ? bulkPipsOf(model) : null
  // The full badges (drawn over the pips): in bulk, only those, not a slot per pip.
  const badges =
    pips === null
      ? model.decisions.filter((d) => !d.pip)
      : pips.badges.flatMap((i) => model.decisions[i] ?? [])
  const pick = <T,>(set: BarSet, all: readonly T[]): readonly T[] =>
    bulk === null ? all : bulk[set].marked.flatMap((i) => all[i] ?? [])
  const beliefs = pick('beliefs', model.beliefs)
  const leases = pick('leases', model.leases)
  const holds = pick('holds', model.holds)
  return (
    <g className="fl-marks" aria-hidden="true" clipPath={`url(#${patternId(idPrefix, 'clip')})`}>
      {model.dangerWindows.map((band) => (
        <DangerMark key={band.key} band={band} pattern={p('danger')} />
      ))}
      {model.partitions.map((band) => (
        <g key={band.key}>
          <rect
            fill={p('partition')}
            x={band.x0}
            y={band.y0}
            width={band.x1 - band.x0}
            height={band.y1 - band.y0}
          />
          <path
            className="fl-partition"
            d={`M${band.x0},${band.y0}V${band.y1}M${band.x1},${band.y0}V${band.y1}`}
          />
        </g>
      ))}
      {model.findingBands.map((band) => (
        <rect
          key={band.key}
          className="fl-finding-band"
          x={band.x0}
          y={band.y0}
          width={band.x1 - band.x0}
          height={band.y1 - band.y0}
        />
      ))}
      {model.blocks.map((block) => (
        <BlockMark key={block.key} block={block} idPrefix={idPrefix} />
      ))}
      {model.lockDelays.map((band) => (
        <rect
          key={band.key}
          className="fl-lock-delay"
          fill={p('delay')}
          x={band.x0}
          y={band.y0}
          width={band.x1 - band.x0}
          height={band.y1 - band.y0}
        />
      ))}
      <BulkBarPaths set="beliefs" bulk={bulk} />
      {beliefs.map((b) => (
        <BeliefMark key={b.key} belief={b} stalePattern={p('stale')} />
      ))}
      <BulkBarPaths set="leases" bulk={bulk} />
      {leases.map((l) => (
        <LeaseMark key={l.key} lease={l} />
      ))}
      <BulkBarPaths set="holds" bulk={bulk} />
      {holds.map((h) => (
        <HoldMark key={h.key} hold={h} />
      ))}
      {model.leaseEnds.map((e) => (
        <line key={e.key} className="fl-lease-end" x1={e.x} x2={e.x} y1={e.y0} y2={e.y1} />
      ))}
      {model.tokenLines.map((t) =>
        t.d === '' ? null : <path key={t.resource} className="fl-step" d={t.d} />,
      )}
      {model.links.map((l) => (
        <line
          key={l.key}
          className={`fl-link ${hueClass(l.hue)}`}
          x1={l.x0}
          y1={l.y0}
          x2={l.x1}
          y2={l.y1}
        />
      ))}
      {/* Pips (badges that found no row) first, so full badges sit on top of them. */}
      {pips === null ? (
        model.decisions.map((d) => (d.pip ? <Badge key={d.key} badge={d} /> : null))
      ) : (
        <BulkPipPaths pips={pips} />
      )}
      {badges.map((d) => (
        <Badge key={d.key} badge={d} />
      ))}
      {model.faults.map((f) => (
        <g key={f.key}>
          <title>{f.title}</title>
          <path className="fl-icon" transform={`translate(${f.x},${f.y})`} d={ICON[f.kind]} />
        </g>
      ))}
      <LaneLabels model={model} />
    </g>
  )
})

/** A danger window: its band in the strip (hatched, outlined) and a faint column through the lanes. */
function DangerMark({ band, pattern }: { band: DangerBand; pattern: string }) {
  const w = band.x1 - band.x0
  return (
    <g className="fl-danger" data-window={band.id}>
      <title>{band.title}</title>
      <rect
        className="fl-danger-span"
        x={band.x0}
        y={band.spanY0}
        width={w}
        height={band.spanY1 - band.spanY0}
      />
      <path
        className="fl-danger-edge"
        d={`M${band.x0},${band.y1}V${band.spanY1}M${band.x1},${band.y1}V${band.spanY1}`}
      />
      <rect
        className="fl-danger-band"
        x={band.x0}
        y={band.y0}
        width={w}
        height={band.y1 - band.y0}
      />
      <rect fill={pattern} x={band.x0} y={band.y0} width={w} height={band.y1 - band.y0} />
    </g>
  )
}

/** Every placed label that belongs to a lane mark, drawn last so text sits on top. */
function LaneLabels({ model }: { model: DiagramModel }) {
  const labels: { key: string; label: PlacedLabel; hue: number | null }[] = []
  const add = (key: string, label: PlacedLabel | null, hue: number | null = null) => {
    if (label !== null) labels.push({ key, label, hue })
  }
  for (const l of model.leases)
    if (l.text?.className === 'fl-lease-label') add(l.key, l.text, l.hue)
  for (const b of model.beliefs) add(b.key, b.stale?.label ?? null, b.hue)
  for (const b of model.blocks) add(b.key, b.label)
  for (const e of model.leaseEnds) add(e.key, e.label)
  for (const d of model.lockDelays) add(d.key, d.label)
  for (const d of model.decisions) {
    add(`${d.key}-r`, d.reason, d.hue)
    add(`${d.key}-v`, d.value, d.hue)
  }
  for (const t of model.tokenLines) t.labels.forEach((l, i) => add(`${t.resource}-${i}`, l))
  for (const f of model.faults) add(f.key, f.label)
  for (const d of model.dangerWindows) add(d.key, d.label)
  for (const m of model.messages) {
    if (m.queued !== null) add(`q-${m.msg}`, m.queued.label, m.hue)
  }
  return (
    <>
      {labels.map(({ key, label, hue }) => (
        <Label key={key} label={label} extraClass={hueClass(hue)} />
      ))}
    </>
  )
}
