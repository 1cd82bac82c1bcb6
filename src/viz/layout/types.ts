/**
 * The diagram model: everything the space-time diagram draws, as plain coordinates in px (origin
 * top left) with the facts each mark stands for. Produced by `layoutDiagram`, consumed by the
 * React SVG components; JSON-safe, so tests can compare and snapshot it.
 */
import type { Finding, FindingKind, MessageKind, NodeId, Token } from '../../sim'
import type { DecisionMark, FaultMarkKind, LeaseSpan } from '../../timeline'

export interface Box {
  x0: number
  y0: number
  x1: number
  y1: number
}

/** A placed label's box and the time of the mark it belongs to. */
export interface TimedLabel extends Box {
  atMs: number
}

export type TextAnchor = 'start' | 'middle' | 'end'

export interface PlacedLabel {
  x: number
  /** Baseline. */
  y: number
  anchor: TextAnchor
  text: string
  className: string
  /** How it was measured (the stylesheet sets the same size and weight for its class). */
  fontPx: number
  bold: boolean
}

export type LaneKind = 'client' | 'lock' | 'resource'

export interface Lane {
  node: NodeId
  kind: LaneKind
  /** "A", "lock", "storage". */
  title: string
  /** What the lane is, one short phrase per line: ["lock service", "lease 10 s"]. */
  role: string[]
  /** Client colour (index into the categorical palette); null for the lock and resources. */
  hue: number | null
  y0: number
  y1: number
  /** The lane's process line: arrows start and end at yc ± barHalf. */
  yc: number
  barHalf: number
  /** Resource lanes with fencing: the band where the highest-token step line is drawn. */
  stepBand: { y0: number; y1: number } | null
  /** Every other lane gets a faint background band. */
  shaded: boolean
}

export interface LaneLabel {
  node: NodeId
  lines: { text: string; x: number; y: number; className: string }[]
}

/**
 * The time axis as knots of a piecewise-linear map: `ms[i]` is drawn at `x[i]`, both increasing.
 * Two knots (0 and the end) make a to-scale axis.
 */
export interface TimeScale {
  ms: number[]
  x: number[]
}

/** A folded idle stretch: drawn narrower than to scale, with its real duration as a label. */
export interface AxisBreak {
  fromMs: number
  toMs: number
  x0: number
  x1: number
  /** "⋯ 9 s idle ⋯" (or a shorter form), centred on the break; null when there is no room. */
  label: string | null
}

export interface TimeTick {
  ms: number
  x: number
  label: string
  /** The label's anchor at x (default 'middle'; the run's end may be right-aligned to fit). */
  anchor?: 'end'
}

export interface LeaseBar {
  key: string
  /** The lock node whose lane it sits on. */
  node: NodeId
  client: NodeId
  grant: number
  token: Token
  hue: number
  fromMs: number
  toMs: number
  end: LeaseSpan['end']
  x0: number
  x1: number
  y0: number
  y1: number
  /** The token (or "A · 41" on the lock lane) drawn inside the bar or next to it. */
  text: PlacedLabel | null
  title: string
}

export interface LeaseEndMark {
  key: string
  x: number
  y0: number
  y1: number
  end: LeaseSpan['end']
  label: PlacedLabel | null
}

export interface BeliefBar {
  key: string
  client: NodeId
  hue: number
  token: Token
  fromMs: number
  toMs: number
  x0: number
  x1: number
  y0: number
  y1: number
  /** Where the belief outlives the lease it stands on (the lease ended, the client still believes). */
  stale: { fromMs: number; x0: number; label: PlacedLabel | null } | null
  title: string
}

export interface NodeBlock {
  key: string
  node: NodeId
  kind: 'paused' | 'down'
  fromMs: number
  toMs: number
  x0: number
  x1: number
  y0: number
  y1: number
  /** The lane's process line, where a crash draws its ✕. */
  yc: number
  label: PlacedLabel | null
  title: string
}

export interface LockDelayBand {
  key: string
  fromMs: number
  untilMs: number
  x0: number
  x1: number
  y0: number
  y1: number
  label: PlacedLabel | null
}

export type MessageStyle = 'normal' | 'delayed' | 'lost'

export interface MessageArrow {
  msg: number
  from: NodeId
  to: NodeId
  kind: MessageKind
  token: Token
  hue: number | null
  style: MessageStyle
  sentAtMs: number
  /** When the drawing of the message ends (handled, lost or arrived). */
  doneAtMs: number
  x0: number
  y0: number
  x1: number
  y1: number
  /** Arrowhead (null for a lost message, which ends in a ✗). */
  head: string | null
  /**
   * The message waited at a paused node: a dotted segment at `y` (just outside the receiver's
   * bars) from arrival to handling, ending in a dot at `yEnd` (the bars' edge).
   */
  queued: { x0: number; x1: number; y: number; yEnd: number; label: PlacedLabel | null } | null
  lost: { x: number; y: number } | null
  label: PlacedLabel | null
  /** Accessible name and tooltip text. */
  name: string
}

export type DecisionOutcome = DecisionMark['outcome']

export interface DecisionBadge {
  key: string
  eventIndex: number
  resource: NodeId
  msg: number
  client: NodeId
  hue: number | null
  token: Token
  outcome: DecisionOutcome
  effect: boolean
  atMs: number
  /** True x of the decision, and the lane line it was made on. */
  x: number
  lineY: number
  /** Badge row (0 = on the lane line). */
  row: number
  cx: number
  cy: number
  w: number
  h: number
  /** Too crowded for a badge: drawn as a small pip on the lane line. */
  pip: boolean
  text: string
  reason: PlacedLabel | null
  value: PlacedLabel | null
  title: string
}

export interface CheckApplyLink {
  key: string
  x0: number
  y0: number
  x1: number
  y1: number
  hue: number | null
}

export interface TokenLine {
  resource: NodeId
  d: string
  labels: PlacedLabel[]
  /** Where the step line's y axis lives (for a faint baseline). */
  band: { x0: number; x1: number; y0: number; y1: number }
}

export interface FindingMarker {
  key: string
  /** Index into `[...violations, ...warnings]` of the check result. */
  index: number
  finding: Finding
  kind: FindingKind
  severity: Finding['severity']
  /**
   * How many findings the marker stands for: 1, or more when the row cannot hold a marker for
   * each (it then stands at the first of them, `finding`, with the severity of the worst).
   */
  count: number
  /** The trace indexes of the events of every finding it stands for. */
  eventIndexes: number[]
  x: number
  y: number
  trueX: number
  interval: { x0: number; x1: number; y0: number; y1: number } | null
  guide: { x0: number; y0: number; x1: number; y1: number } | null
  label: PlacedLabel | null
  name: string
}

export interface FindingBand {
  key: string
  x0: number
  x1: number
  y0: number
  y1: number
}

export interface FaultMarker {
  key: string
  kind: FaultMarkKind
  node: NodeId
  atMs: number
  /** Icon centre. */
  x: number
  y: number
  label: PlacedLabel | null
  title: string
}

export interface PartitionBand {
  key: string
  between: [NodeId, NodeId]
  fromMs: number
  toMs: number
  x0: number
  x1: number
  y0: number
  y1: number
  label: PlacedLabel | null
}

/** A real system's danger window: a hatched band in the strip above the findings. */
export interface DangerBand {
  key: string
  /** The window's id in its system profile (`stale-holder`). */
  id: string
  fromMs: number
  toMs: number
  x0: number
  x1: number
  /** The band in its strip row. */
  y0: number
  y1: number
  /** The faint column through the lanes, below the strip. */
  spanY0: number
  spanY1: number
  label: PlacedLabel | null
  /** The window in words, with its times (the band's tooltip). */
  title: string
}

export type LegendKind =
  | 'danger'
  | 'lease'
  | 'belief'
  | 'stale'
  | 'paused'
  | 'down'
  | 'message'
  | 'delayed'
  | 'queued'
  | 'lost'
  | 'accepted'
  | 'rejected'
  | 'duplicate'
  | 'step'
  | 'lock-delay'
  | 'partition'
  | 'violation'
  | 'warning'

export interface LegendItem {
  kind: LegendKind
  text: string
  /** Swatch box (18 × 10) top left; text starts after it. */
  x: number
  y: number
  textX: number
}

export interface DiagramModel {
  widthPx: number
  heightPx: number
  /** Phone layout: lane names sit above their lanes instead of in a left column. */
  compact: boolean
  /** So many messages per px that arrows are drawn thinner and lighter. */
  dense: boolean
  fontPx: number
  smallFontPx: number
  endMs: number
  /** Where each moment is drawn: use `xOfMs` / `msOfX`. */
  time: TimeScale
  /** False when idle stretches are folded and close events spread (see `scale.ts`). */
  toScale: boolean
  /** The time axis spans x0..x1; the drawing area (for the cursor overlay) spans `plot`. */
  x0: number
  x1: number
  plot: Box
  header: { title: PlacedLabel; subtitle: PlacedLabel | null } | null
  /** A real system's danger windows (none unless the layout was given some). */
  dangerWindows: DangerBand[]
  /** Markers sit at `markerY`; interval bars run along the row's bottom. */
  findingsRow: { y0: number; y1: number; markerY: number; label: PlacedLabel | null }
  axis: { y: number; ticks: TimeTick[]; breaks: AxisBreak[] }
  lanes: Lane[]
  laneLabels: LaneLabel[]
  leases: LeaseBar[]
  beliefs: BeliefBar[]
  holds: LeaseBar[]
  leaseEnds: LeaseEndMark[]
  lockDelays: LockDelayBand[]
  blocks: NodeBlock[]
  messages: MessageArrow[]
  decisions: DecisionBadge[]
  links: CheckApplyLink[]
  tokenLines: TokenLine[]
  findings: FindingMarker[]
  findingBands: FindingBand[]
  faults: FaultMarker[]
  partitions: PartitionBand[]
  legend: LegendItem[]
  /** Labels that belong to no single mark (e.g. "highest token" captions). */
  notes: PlacedLabel[]
  /**
   * The boxes of the labels of marks at a moment (messages, queued waits, decisions, faults,
   * findings), with that moment: the veil over the future bends around them (`veilSteps`).
   */
  timedLabels: TimedLabel[]
  /** A plain-text account of the figure, for screen readers (`<desc>`). */
  description: string
}
