/**
 * The explorer's public surface: a bounded, deterministic search over fault schedules for a
 * counterexample (pure; runs in a Web Worker in the page, see workerClient.ts).
 */
export type {
  Budget,
  BudgetFaultKind,
  ChoiceDeviation,
  Counterexample,
  ExploreInput,
  ExploreProgress,
  ExploreResult,
  ExploreStats,
  Target,
} from './types'
export { BUDGET_FAULT_KINDS, DEFAULT_BUDGET } from './types'
export type { Explorer } from './explorer'
export { createExplorer, explore, ExploreInputError } from './explorer'
export { deriveCandidates, faultKey } from './candidates'
export { replayChooser } from './chooser'
export { describeChoice } from './describe'
export type {
  Chaos,
  ChaosCounts,
  ChaosExample,
  ChaosInput,
  ChaosPlan,
  ChaosProgress,
  ChaosSchedule,
  ChaosSide,
} from './chaos'
export {
  CHAOS_SIDES,
  chaosExampleScenario,
  ChaosInputError,
  chaosPlan,
  chaosSchedule,
  createChaos,
  EXAMPLES_PER_KIND,
  MAX_CHAOS_RUNS,
  runChaos,
  SIDE_FENCING,
} from './chaos'
