/**
 * The simulation core's public surface. Everything here is pure and deterministic: no host APIs,
 * no UI, no wall clock, no unseeded randomness (enforced by lint and tsconfig.core.json).
 */
export type { ChoiceAnswer, ChoicePoint, Chooser, RngCell } from './choice'
export { replayChooser, seededChooser } from './choice'
export type {
  CheckResult,
  Finding,
  FindingKind,
  Verdict,
  ViolationKind,
  WarningKind,
} from './checker'
export { check, VIOLATION_KINDS, WARNING_KINDS } from './checker'
export type {
  EndReason,
  ResourceOutcome,
  Run,
  RunInProgress,
  RunOptions,
  Truncation,
} from './engine'
export { DEFAULT_MAX_EVENTS, run, startRun } from './engine'
export type { RunEstimate } from './estimate'
export { estimateRun, FRAME_EVENT_BUDGET, PAGE_EVENT_BUDGET } from './estimate'
export type { Fencing } from './fencing'
export { withFencing } from './fencing'
export * from './words'
export { describeEvent, messageLabel, messageWords } from './narrate'
export type { ExpectedOutcome, Preset, PresetId, SeedQuestion } from './presets'
export {
  DEFAULT_PRESET_ID,
  findPreset,
  isPresetId,
  ensureAllPresets,
  ensurePreset,
  PRESET_IDS,
  PRESETS,
  SEED_QUESTIONS,
} from './presets'
export type { FindingRow, GrantRow, Report, WriteRow } from './report'
export { findingRow, grantRows, toReport, writeRows } from './report'
export type {
  ChoiceOverride,
  ClientConfig,
  Fault,
  FaultKind,
  LockServiceConfig,
  NarrationLine,
  NodeId,
  ParseResult,
  ResourceConfig,
  ResourceValue,
  Scenario,
  ScenarioInput,
  ScenarioIssue,
  ScriptStep,
  Token,
} from './scenario'
export type { QuorumSettings } from './scenario'
export {
  driftAllowanceMs,
  formatIssue,
  LOCK_NODE,
  lockNodeIds,
  quorumSettings,
  parseScenario,
  parseScenarioJson,
  SCENARIO_FORMAT,
  ScenarioSchema,
  stepResource,
} from './scenario'
export { formatCount } from './count'
export { formatDurationMs, formatMs } from './time'
export type {
  BeliefEndReason,
  DropReason,
  EventOf,
  MessageKind,
  TraceEvent,
  TraceEventType,
} from './trace'
export { TRACE_EVENT_TYPES } from './trace'
