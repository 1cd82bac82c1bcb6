/** The lab's state (one zustand store per lab instance) and its playback loop. */
export type { CompareOutcome, Highlight } from './compare'
export { compareOutcomes } from './compare'
export type { LabAction } from './context'
export { LabProvider, useLab, useLabAction, useLabStore, useStateAt } from './context'
export type { LabRun } from './derive'
export { deriveLabRun } from './derive'
export type { Edits, Fencing } from './edits'
export {
  applyEdits,
  describeFault,
  FENCING_MODES,
  isEdited,
  nodeName,
  scenarioEdits,
} from './edits'
export type { HistoryRecord } from './historyRecord'
export type { HistoryStatus, OpenedHistory } from './openedHistory'
export { HISTORY_IS_FIXED, historyTitle } from './openedHistory'
export { historyRecord, readHistoryRecord } from './historyRecord'
export type { MessageAction } from './interventions'
export { faultTimeMs, messageFault } from './interventions'
export type {
  Base,
  ComparePair,
  CursorRange,
  FutureMode,
  HistoryEntry,
  LabHistory,
  LabInit,
  LabStore,
  LabStoreState,
  LabTab,
  PlayMode,
  Theme,
} from './labStore'
export {
  createLabStore,
  MAX_SPEED,
  MIN_SPEED,
  SPEEDS,
  storyEventAtCursor,
  storyLineAtCursor,
  UNDO_LIMIT,
} from './labStore'
export type { Moment } from './selectors'
export {
  actionMsOf,
  cursorBoundsOf,
  endMsOf,
  momentAtAction,
  momentAtCursor,
  shownDangerWindows,
  stateAtAction,
  stateAtCursor,
  stateAtMoment,
} from './selectors'
export { eventsAt, holderSentence, momentAnnouncement, momentWords } from './moment'
export { FOLLOW_MS, startFollowing } from './follow'
export type { PlaybackEnv } from './playback'
export { browserPlaybackEnv, GLIDE_MS, MAX_FRAME_MS, startPlayback } from './playback'
export type { LargeRunSlice, PendingRun } from './largeRun'
export { count as estimateWords, createLargeRuns, fittingHorizonMs } from './largeRun'
