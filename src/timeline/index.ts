/**
 * The timeline: a finished run indexed for a cursor (state at any time, stepping, problems to
 * jump to), its intervals for drawing, and its captions. Pure, like the simulation core.
 */
export type { Caption } from './captions'
export {
  captionAt,
  captionIndexAt,
  nextCaptionIndex,
  previousCaptionIndex,
  resolveCaptions,
  sortCaptions,
} from './captions'
export type { StoryBaseline } from './story'
export type { DangerWindowSpan } from './dangerWindow'
export { readDangerWindowSpans } from './dangerWindow'
export { firstChangedEvent, storyCaptions } from './story'
export type {
  ClientActivity,
  ClientView,
  InFlightMessage,
  LabState,
  LockNodeView,
  LockView,
  ResourceView,
  LeaseRecord,
  Sequencer,
  WriteDecision,
} from './labState'
export { applyEvent, cloneLabState, initialLabState } from './labState'
export type {
  BeliefSpan,
  DecisionMark,
  FaultMark,
  FaultMarkKind,
  LeaseSpan,
  MessageSpan,
  NodeSpan,
  PartitionSpan,
  Spans,
  TokenStep,
} from './spans'
export { deriveSpans } from './spans'
export type { SnapshotsMade, Timeline } from './timeline'
export {
  buildTimeline,
  eventIndexAt,
  eventsBetween,
  nextProblemMs,
  nextStopMs,
  previousProblemMs,
  previousStopMs,
  SNAPSHOT_EVERY,
  stateAfterEvent,
  stateAt,
} from './timeline'
export type { TimeView } from './view'
export {
  clampView,
  isFullView,
  MIN_VIEW_MS,
  panView,
  panViewByPx,
  spansInView,
  viewAround,
  viewFollowing,
  nextFollowViews,
  FOLLOW_LEAD_SHARE,
  FOLLOW_TURN_SHARE,
  ZOOM_STEP,
  zoomView,
} from './view'
export { MAX_HOLD_MS, MIN_HOLD_MS, readingMs } from './reading'
