/**
 * Real histories: read them (native NDJSON and the formats people already have), turn them into
 * the lab's run, judge them with the same checker and explain each finding. Pure: no host APIs.
 */
export type {
  Fencing,
  HistoryEvent,
  HistoryHeader,
  HistoryKind,
  LineError,
  ParsedHistory,
} from './format'
export { decodeText } from './decode'
export { HISTORY_FORMAT, HISTORY_KINDS } from './format'
export type { Why } from './explain'
export { explain, explainer } from './explain'
export type { HistoryInput, JudgedFinding, Judgement, JudgeOutcome } from './judge'
export { judgeHistory, where } from './judge'
export type { LineMapping, MappedLine, MappingResult } from './mapping'
export { MAPPABLE_FIELDS, mapHistory, mappingProblem, parseKinds } from './mapping'
export { readHistory } from './read'
export { isoFromMs, looksLikeEpochMs, parseIsoMs } from './time'
export type { HistoryRun, Note, NoteKind } from './toRun'
export { HistoryError, historyToRun } from './toRun'
