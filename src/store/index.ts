/** The lab's state (one zustand store per lab instance) and its playback loop. */
export type { CompareOutcome, Highlight } from './compare'
export { compareOutcomes } from './compare'
export { LabProvider, useLab, useLabStore } from './context'
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
export type { MessageAction } from './interventions'
export { faultTimeMs, messageFault } from './interventions'
export type {
  Base,
  ComparePair,
  CursorRange,
  FutureMode,
  HistoryEntry,
  LabInit,
  LabStore,
  LabStoreState,
  LabTab,
  Theme,
} from './labStore'
export {
  createLabStore,
  cursorBoundsOf,
  endMsOf,
  MAX_SPEED,
  MIN_SPEED,
  SPEEDS,
  stateAtCursor,
} from './labStore'
export {
  eventsAt,
  holderSentence,
  momentAnnouncement,
  momentWords,
} from './moment'
export type { PlaybackEnv } from './playback'
export { browserPlaybackEnv, GLIDE_MS, MAX_FRAME_MS, startPlayback } from './playback'
